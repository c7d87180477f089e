"""Blocks between accounts: who hides whose chat, and who never sits with whom.

A block is one account's decision, but it keeps both apart: neither takes a seat at a table the
other holds one at, **Play now** never seats them together, and their follows and challenges end
(``friends/``). Only the chat is one-way: the account that blocked no longer gets the other's
lines.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from sqlalchemy import ColumnElement, and_, or_, select
from sqlalchemy.orm import Session

from furuba.server.friends.ties import sever
from furuba.server.models import AccountRow, SeatRow, TableRow
from furuba.server.moderation.models import BlockRow
from furuba.server.moderation.store import ModerationError, find_account
from furuba.text import _

MAX_BLOCKS = 500
"""Accounts one account may block."""


def block(s: Session, account_id: int, name: str) -> str:
    """``account_id`` blocks the player called ``name``; their name as it shows."""
    other = find_account(s, name)
    if other.id == account_id:
        raise ModerationError(400, _("you cannot block yourself"))
    if s.get(BlockRow, (account_id, other.id)) is None:
        count = len(s.scalars(select(BlockRow.blocked_id)
                              .where(BlockRow.account_id == account_id)).all())
        if count >= MAX_BLOCKS:
            raise ModerationError(400, _("you may block at most {n} players").format(n=MAX_BLOCKS))
        s.add(BlockRow(account_id=account_id, blocked_id=other.id, created_at=time.time()))
    sever(s, account_id, other.id)   # no follows nor challenges while a block stands (friends/)
    return other.name


def unblock(s: Session, account_id: int, name: str) -> str:
    """``account_id`` no longer blocks ``name``; their name as it shows."""
    other = find_account(s, name)
    row = s.get(BlockRow, (account_id, other.id))
    if row is not None:
        s.delete(row)
    return other.name


def blocks(s: Session, account_id: int) -> list[dict[str, object]]:
    """The players ``account_id`` blocks (name, since when), by name."""
    rows = s.execute(select(AccountRow.name, BlockRow.created_at)
                     .join(AccountRow, AccountRow.id == BlockRow.blocked_id)
                     .where(BlockRow.account_id == account_id).order_by(AccountRow.name_key))
    return [{"name": name, "at": at} for name, at in rows]


def blocked_by(s: Session, account_id: int) -> frozenset[int]:
    """The accounts ``account_id`` blocks."""
    return frozenset(s.scalars(select(BlockRow.blocked_id)
                               .where(BlockRow.account_id == account_id)))


def blockers_among(s: Session, speaker: int, recipients: Iterable[int]) -> frozenset[int]:
    """Which of ``recipients`` block ``speaker`` (they do not get the speaker's chat)."""
    wanted = sorted(set(recipients))
    if not wanted:
        return frozenset()
    return frozenset(s.scalars(select(BlockRow.account_id)
                               .where(BlockRow.blocked_id == speaker,
                                      BlockRow.account_id.in_(wanted))))


def _between(account_id: int, others: list[int]) -> ColumnElement[bool]:
    return or_(and_(BlockRow.account_id == account_id, BlockRow.blocked_id.in_(others)),
               and_(BlockRow.blocked_id == account_id, BlockRow.account_id.in_(others)))


def kept_apart(s: Session, account_id: int, table_id: str) -> bool:
    """Whether a block (either way) keeps ``account_id`` from the accounts seated at
    ``table_id`` or from the account that created it."""
    seated = [a for a in s.scalars(select(SeatRow.account_id)
                                   .where(SeatRow.table_id == table_id)) if a is not None]
    creator = s.scalar(select(TableRow.creator_account).where(TableRow.id == table_id))
    others = [a for a in [*seated, creator] if a is not None and a != account_id]
    if not others:
        return False
    return s.scalar(select(BlockRow.account_id).where(_between(account_id, others))
                    .limit(1)) is not None


def tables_kept_apart(s: Session, account_id: int, table_ids: list[str]) -> set[str]:
    """Which of ``table_ids`` seat, or were created by, an account that ``account_id`` blocks or
    is blocked by."""
    if not table_ids:
        return set()
    seats = s.execute(select(SeatRow.table_id, SeatRow.account_id)
                      .where(SeatRow.table_id.in_(table_ids), SeatRow.account_id.is_not(None)))
    creators = s.execute(select(TableRow.id, TableRow.creator_account)
                         .where(TableRow.id.in_(table_ids), TableRow.creator_account.is_not(None)))
    by_account: dict[int, set[str]] = {}
    for table_id, other in [*seats, *creators]:
        if other is not None and other != account_id:
            by_account.setdefault(other, set()).add(table_id)
    if not by_account:
        return set()
    found: set[str] = set()
    for a, b in s.execute(select(BlockRow.account_id, BlockRow.blocked_id)
                          .where(_between(account_id, sorted(by_account)))):
        found |= by_account.get(b if a == account_id else a, set())
    return found


def pairs_apart(s: Session, accounts: Iterable[int]) -> set[frozenset[int]]:
    """The pairs of ``accounts`` that a block (either way) keeps apart: what a tournament's
    pairing must not seat together."""
    wanted = sorted(set(accounts))
    if not wanted:
        return set()
    rows = s.execute(select(BlockRow.account_id, BlockRow.blocked_id).where(
        BlockRow.account_id.in_(wanted), BlockRow.blocked_id.in_(wanted))).all()
    return {frozenset((a, b)) for a, b in rows}
