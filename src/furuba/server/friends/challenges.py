"""Challenges: a table opened for a friend, one seat kept for them until they answer.

The seat is kept by a row of ``furuba_seat_reservations``: the claim of a seat
(``Storage.claim_seat``, in the database, whichever process drives the table) refuses every
account but the friend's. The friend sees the challenge on their pages (``/api/me/events``,
``lobby/feeds.py``) and accepts it (the challenge goes; they take the seat as anyone takes one) or
declines it (the challenge goes and the seat is free for anyone with the link); the challenger
may withdraw it the same way.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from furuba import games
from furuba.server.friends.models import FriendChallengeRow, ReservationRow
from furuba.server.friends.store import apart, are_friends
from furuba.server.models import AccountRow, TableRow
from furuba.server.moderation.store import ModerationError, find_account
from furuba.server.protocol.streams import Challenge
from furuba.server.storage import OPEN_STATUSES
from furuba.text import _

MAX_OPEN = 20
"""Challenges one account may have sent and not yet seen answered."""
SHOWN = 50
"""Challenges one account's list shows at most (the latest)."""


@dataclass(frozen=True)
class Challenged:
    """Who may be challenged: their account and name as it shows."""

    account_id: int
    name: str


def challengeable(s: Session, account_id: int, name: str) -> Challenged:
    """The friend called ``name``, whom ``account_id`` may challenge now; a refusal (``404``,
    ``403`` not friends or blocked, ``409`` too many open challenges) otherwise."""
    other = find_account(s, name)
    if other.id == account_id:
        raise ModerationError(400, _("you cannot challenge yourself"))
    if apart(s, account_id, other.id) or not are_friends(s, account_id, other.id):
        raise ModerationError(403, _("you may challenge only your friends: players you follow "
                                     "who follow you back"))
    sent = s.scalar(select(func.count()).select_from(FriendChallengeRow)
                    .join(TableRow, TableRow.id == FriendChallengeRow.table_id)
                    .where(FriendChallengeRow.from_id == account_id,
                           TableRow.status.in_(OPEN_STATUSES))) or 0
    if sent >= MAX_OPEN:
        raise ModerationError(409, _("you have {n} challenges waiting for an answer: withdraw "
                                     "one first").format(n=MAX_OPEN))
    return Challenged(other.id, other.name)


def record(s: Session, from_id: int, to_id: int, table_id: str, seat: int, game: str) -> int:
    """Keep ``seat`` of the new table ``table_id`` for ``to_id``, and tell them; the
    challenge's id (``403`` when a block came between them meanwhile)."""
    if apart(s, from_id, to_id):
        raise ModerationError(403, _("you may challenge only your friends: players you follow "
                                     "who follow you back"))
    # The challenges of theirs whose tables are over were never answered: they go now.
    over = select(TableRow.id).where(TableRow.status.not_in(OPEN_STATUSES))
    s.execute(delete(FriendChallengeRow).where(FriendChallengeRow.from_id == from_id,
                                               FriendChallengeRow.table_id.in_(over)))
    s.add(ReservationRow(table_id=table_id, seat=seat, account_id=to_id))
    row = FriendChallengeRow(from_id=from_id, to_id=to_id, table_id=table_id, seat=seat,
                             game=game, created_at=time.time())
    s.add(row)
    s.flush()
    return row.id


def _shown(rows: list[tuple[FriendChallengeRow, str]]) -> list[Challenge]:
    return [Challenge(id=c.id, name=name, game=c.game, title=games.spec(c.game).title
                      if c.game in games.names() else c.game, table=c.table_id,
                      url=f"/t/{c.table_id}", seat=c.seat, at=c.created_at) for c, name in rows]


def _open(s: Session, query: Any, limit: int | None = SHOWN) -> list[tuple[FriendChallengeRow, str]]:
    """The challenges of ``query`` whose table is not over, the latest first."""
    query = (query.join(TableRow, TableRow.id == FriendChallengeRow.table_id)
             .where(TableRow.status.in_(OPEN_STATUSES))
             .order_by(FriendChallengeRow.created_at.desc()))
    if limit is not None:
        query = query.limit(limit)
    return [(c, str(n)) for c, n in s.execute(query)]


def listed(s: Session, account_id: int) -> dict[str, list[dict[str, Any]]]:
    """The challenges ``account_id`` received and sent, still waiting, the latest first."""
    received = _open(s, select(FriendChallengeRow, AccountRow.name)
                     .join(AccountRow, AccountRow.id == FriendChallengeRow.from_id)
                     .where(FriendChallengeRow.to_id == account_id))
    sent = _open(s, select(FriendChallengeRow, AccountRow.name)
                 .join(AccountRow, AccountRow.id == FriendChallengeRow.to_id)
                 .where(FriendChallengeRow.from_id == account_id))
    return {"received": [c.model_dump() for c in _shown(received)],
            "sent": [c.model_dump() for c in _shown(sent)]}


def received_by(s: Session, account_ids: list[int]) -> dict[int, list[Challenge]]:
    """Per account: the challenges it received and has not answered (what its pages show)."""
    out: dict[int, list[Challenge]] = {a: [] for a in account_ids}
    if not account_ids:
        return out
    rows = _open(s, select(FriendChallengeRow, AccountRow.name)
                 .join(AccountRow, AccountRow.id == FriendChallengeRow.from_id)
                 .where(FriendChallengeRow.to_id.in_(account_ids)), None)
    for c, name in rows:
        if len(out[c.to_id]) < SHOWN:
            out[c.to_id].extend(_shown([(c, name)]))
    return out


def answer(s: Session, account_id: int, challenge_id: int, accept: bool) -> dict[str, Any]:
    """``account_id`` accepts or declines a challenge it received, or withdraws one it sent
    (``404`` when it is not theirs, or gone). Declined or withdrawn, the challenge goes and its seat
    is free for anyone; accepted, nothing changes yet: the friend takes the seat kept for them, then
    the challenge goes (:func:`forget`), so that a join that fails leaves it to try again."""
    row = s.get(FriendChallengeRow, challenge_id)
    if row is None or account_id not in (row.from_id, row.to_id):
        raise ModerationError(404, _("there is no such challenge (it was answered or "
                                     "withdrawn)"))
    if accept and account_id != row.to_id:
        raise ModerationError(403, _("only the player challenged may accept"))
    if accept and apart(s, row.from_id, row.to_id):
        raise ModerationError(403, _("a block stands between you and this player"))
    out = {"id": row.id, "table": row.table_id, "url": f"/t/{row.table_id}", "seat": row.seat}
    if not accept:
        s.execute(delete(ReservationRow).where(ReservationRow.table_id == row.table_id,
                                               ReservationRow.seat == row.seat))
        s.delete(row)
    return out


def forget(s: Session, challenge_id: int) -> None:
    """An accepted challenge goes (its friend took the seat)."""
    s.execute(delete(FriendChallengeRow).where(FriendChallengeRow.id == challenge_id))


def reserved_for(s: Session, table_id: str, seat: int) -> int | None:
    """The account seat ``seat`` of ``table_id`` is kept for (``None``: anyone may take it)."""
    return s.scalar(select(ReservationRow.account_id).where(ReservationRow.table_id == table_id,
                                                            ReservationRow.seat == seat))

