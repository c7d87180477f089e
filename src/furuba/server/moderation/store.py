"""The moderation tables' shared queries: accounts by name, roles, mutes and bans, warnings,
and the audit log. Each takes an open session inside a transaction (run them with
``Database.run``)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from furuba.server.accounts.names import name_key
from furuba.server.models import AccountRow
from furuba.server.moderation.models import AuditRow, NoticeRow, RestrictionRow
from furuba.text import _

ROLES = ("player", "moderator", "admin")
"""An account's roles, from the least to the most trusted."""
STAFF = frozenset({"moderator", "admin"})
CLI_ACTOR = "furuba admin"
"""Who the audit log names for what the command line did."""


class ModerationError(Exception):
    """A moderation request that cannot be done: an HTTP status and one sentence (nothing
    changed)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def key_of(name: str) -> str:
    """How a name typed by a person is looked up (spaces tidied, compared as account names).

    >>> key_of("  Tohru   HONDA "), key_of("ＫＹＯ")
    ('tohru honda', 'kyo')
    """
    return name_key(" ".join(name.split()))[:64]


def find_account(s: Session, name: str) -> AccountRow:
    """The account called ``name``; :class:`ModerationError` (404) when there is none."""
    row = s.scalar(select(AccountRow).where(AccountRow.name_key == key_of(name)))
    if row is None:
        raise ModerationError(404, _("there is no player called “{name}”").format(name=name[:40]))
    return row


def role_of(s: Session, account_id: int) -> str:
    """The account's role (``player`` when it is gone)."""
    role = s.scalar(select(AccountRow.role).where(AccountRow.id == account_id))
    return role if role in ROLES else "player"


@dataclass(frozen=True)
class Standing:
    """What the moderators decided about an account, as its pages show it."""

    role: str
    muted_until: float | None
    banned: bool
    notices: list[dict[str, Any]]


def restriction(s: Session, account_id: int) -> RestrictionRow | None:
    return s.get(RestrictionRow, account_id)


def restriction_for_update(s: Session, account_id: int) -> RestrictionRow:
    """The account's restriction row, made when it has none."""
    row = s.get(RestrictionRow, account_id)
    if row is None:
        row = RestrictionRow(account_id=account_id, muted_until=None, banned_at=None,
                             ban_reason="")
        s.add(row)
    return row


def muted_until(s: Session, account_id: int, now: float | None = None) -> float | None:
    """Until when the account may not chat (``None``: it may)."""
    row = s.get(RestrictionRow, account_id)
    now = time.time() if now is None else now
    if row is None or row.muted_until is None or row.muted_until <= now:
        return None
    return row.muted_until


def is_banned(s: Session, account_id: int) -> bool:
    row = s.get(RestrictionRow, account_id)
    return row is not None and row.banned_at is not None


def banned_among(s: Session, account_ids: list[int]) -> frozenset[int]:
    """Which of ``account_ids`` are banned."""
    if not account_ids:
        return frozenset()
    return frozenset(s.scalars(select(RestrictionRow.account_id)
                               .where(RestrictionRow.account_id.in_(account_ids),
                                      RestrictionRow.banned_at.is_not(None))))


def standing(s: Session, account_id: int) -> Standing:
    """The account's role, mute, ban and warnings (latest first)."""
    row = s.get(RestrictionRow, account_id)
    notices = [{"text": n.text, "at": n.created_at} for n in s.scalars(
        select(NoticeRow).where(NoticeRow.account_id == account_id)
        .order_by(NoticeRow.created_at.desc()).limit(20))]
    return Standing(role=role_of(s, account_id), muted_until=muted_until(s, account_id),
                    banned=row is not None and row.banned_at is not None, notices=notices)


def add_notice(s: Session, account_id: int, text: str) -> None:
    s.add(NoticeRow(account_id=account_id, text=text, created_at=time.time()))


def record(s: Session, actor: str, action: str, target: str, reason: str,
           detail: dict[str, Any] | None = None) -> None:
    """Write one action to the audit log."""
    s.add(AuditRow(actor=actor, action=action, target=target, reason=reason,
                   detail=detail or {}, at=time.time()))


def audit(s: Session, limit: int = 100) -> list[dict[str, Any]]:
    """The audit log, latest first."""
    rows = s.scalars(select(AuditRow).order_by(AuditRow.id.desc()).limit(limit))
    return [{"id": r.id, "actor": r.actor, "action": r.action, "target": r.target,
             "reason": r.reason, "detail": r.detail, "at": r.at} for r in rows]
