"""What moderators do — warn, mute, unmute, ban, unban, close a report — and what admins do
besides (give roles), each written to the audit log in the same transaction.

These are the database's half (run them with ``Database.run``, or in a session of their own from
``furuba admin``); the live half of a ban — seats handed to bots, sockets closed — is
:func:`furuba.server.moderation.checks.enforce_ban`.

Moderators act on players; admins on anyone but themselves. Nobody acts on their own account.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import delete
from sqlalchemy.orm import Session

from furuba.server.models import AccountRow, SessionRow
from furuba.server.moderation import reports
from furuba.server.moderation.store import (
    ROLES,
    STAFF,
    ModerationError,
    add_notice,
    find_account,
    record,
    restriction_for_update,
)
from furuba.text import _

ACTIONS = ("warn", "mute", "unmute", "ban", "unban")
"""The actions on a player."""
MUTE_MINUTES_MAX = 60 * 24 * 365
"""The longest mute (a year)."""
REASON_MAX = 500


@dataclass(frozen=True)
class Actor:
    """Who acts: a moderator's or admin's account, or the command line (an admin, no account)."""

    name: str
    role: str
    account_id: int | None = None


@dataclass(frozen=True)
class Decision:
    """An action on the player called ``player``, why, and — for a mute — for how long."""

    action: str
    player: str
    reason: str
    minutes: int | None = None
    report: int | None = None
    """A report the action answers: it is closed with it."""


@dataclass(frozen=True)
class Done:
    """What an action did (what the live half needs)."""

    action: str
    account_id: int
    name: str
    until: float | None = None


def check_staff(actor: Actor) -> None:
    if actor.role not in STAFF:
        raise ModerationError(403, _("only moderators may do this"))


def _check_may_act(actor: Actor, target: AccountRow) -> None:
    check_staff(actor)
    if actor.account_id == target.id:
        raise ModerationError(400, _("you cannot act on your own account"))
    if actor.role != "admin" and target.role in STAFF:
        raise ModerationError(403, _("only an admin may act on a moderator or an admin"))


def _reason(text: str, needed: bool) -> str:
    reason = " ".join(text.split())
    if needed and not reason:
        raise ModerationError(400, _("say why (field 'reason'): the player and the audit log see it"))
    if len(reason) > REASON_MAX:
        raise ModerationError(400, _("a reason has at most {n} characters").format(n=REASON_MAX))
    return reason


def act(s: Session, actor: Actor, decision: Decision) -> Done:
    """Do ``decision`` and write it to the audit log (and close the report it answers)."""
    if decision.action not in ACTIONS:
        raise ModerationError(400, _("an action is one of: {actions}").format(actions=", ".join(ACTIONS)))
    target = find_account(s, decision.player)
    _check_may_act(actor, target)
    reason = _reason(decision.reason, decision.action in ("warn", "mute", "ban"))
    until: float | None = None
    detail: dict[str, object] = {}
    if decision.action == "warn":
        add_notice(s, target.id, reason)
    elif decision.action == "mute":
        minutes = decision.minutes
        if minutes is None or not 1 <= minutes <= MUTE_MINUTES_MAX:
            raise ModerationError(400, _("a mute lasts 1 to {n} minutes (field 'minutes')").format(
                n=MUTE_MINUTES_MAX))
        until = time.time() + minutes * 60
        restriction_for_update(s, target.id).muted_until = until
        detail = {"minutes": minutes, "until": until}
    elif decision.action == "unmute":
        restriction_for_update(s, target.id).muted_until = None
    elif decision.action == "ban":
        row = restriction_for_update(s, target.id)
        row.banned_at, row.ban_reason = time.time(), reason
        ended = s.execute(delete(SessionRow).where(SessionRow.account_id == target.id))
        detail = {"sessions_ended": int(getattr(ended, "rowcount", 0) or 0)}
    else:  # unban
        restriction_for_update(s, target.id).banned_at = None
    if decision.report is not None:
        detail["report"] = decision.report
    record(s, actor.name, decision.action, target.name, reason, detail)
    if decision.report is not None:
        close_report(s, actor, decision.report, reason)
    return Done(decision.action, target.id, target.name, until)


def close_report(s: Session, actor: Actor, report_id: int, reason: str = "") -> None:
    """Close a report (it leaves the queue) and write it to the audit log."""
    check_staff(actor)
    row = reports.get_report(s, report_id)
    if row.status == "closed":
        raise ModerationError(409, _("report {id} is already closed").format(id=report_id))
    row.status, row.closed_at, row.closed_by = "closed", time.time(), actor.name
    record(s, actor.name, "close", row.target_name, _reason(reason, False),
           {"report": report_id})


def set_role(s: Session, actor: Actor, player: str, role: str) -> str:
    """Give ``player`` ``role`` (admins only); their name as it shows."""
    if actor.role != "admin":
        raise ModerationError(403, _("only an admin may give roles"))
    if role not in ROLES:
        raise ModerationError(400, _("a role is one of: {roles}").format(roles=", ".join(ROLES)))
    target = find_account(s, player)
    if actor.account_id == target.id:
        raise ModerationError(400, _("you cannot act on your own account"))
    before = target.role
    target.role = role
    record(s, actor.name, "role", target.name, "", {"from": before, "to": role})
    return target.name
