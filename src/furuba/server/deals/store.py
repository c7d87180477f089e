"""The deals' queries: the deal of a day (made once, whichever process asks first), an account's
try at it, and the field of finished tries.

Each is a static method of :class:`DealStore` taking an open session inside a transaction (run
them with ``Database.run``); plain frozen values come out, never rows. A try's result is its
table's stored game (``furuba_games``), read when asked: a try counts once its game is over, and
once only, whatever process drove it and however often it is read.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from furuba.server.deals.models import DealPlayRow, DealRow
from furuba.server.deals.standing import Field, Result, summarize
from furuba.server.models import AccountRow, GameRow, TableRow, insert_of
from furuba.server.ratings.model import seat_ranks

ID_BYTES = 9
"""A deal's id: 12 characters, random."""
MAX_FIELD = 50_000
"""The most finished tries a deal's standing reads (far beyond a day's players here)."""


@dataclass(frozen=True, slots=True)
class NewDeal:
    """What a day's deal of a game is made of, before it is stored."""

    options: dict[str, Any]
    players: int
    seat: int
    bot: str
    seed: int


@dataclass(frozen=True, slots=True)
class Deal:
    """The deal of one day and game."""

    id: str
    day: str
    game: str
    options: dict[str, Any]
    players: int
    seat: int
    bot: str
    seed: int
    """Secret until the deal closes: never sent before (:meth:`is_open`)."""
    opens_at: float
    closes_at: float

    def is_open(self, now: float) -> bool:
        """Whether people may still play it (and its seed and tables stay secret)."""
        return now < self.closes_at


@dataclass(frozen=True, slots=True)
class Play:
    """An account's try at a deal."""

    table_id: str
    started_at: float
    status: str
    """Its table's status: ``playing`` (or ``waiting``), ``finished`` or ``abandoned``."""
    result: Result | None
    """Once its game is over."""


def _deal(row: DealRow) -> Deal:
    return Deal(id=row.id, day=row.day, game=row.game, options=dict(row.options),
                players=row.players, seat=row.seat, bot=row.bot, seed=row.seed,
                opens_at=row.opens_at, closes_at=row.closes_at)


def _result(account_id: int, name: str, table_id: str, seat: int, result: dict[str, Any],
            finished_at: float) -> Result | None:
    """The deal's seat's result at one table (``None``: a stored result without that seat)."""
    returns = [float(r) for r in result.get("returns", [])]
    scores = [float(x) for x in result.get("scores") or []]
    if not 0 <= seat < len(returns):
        return None
    places = seat_ranks(returns, scores, bool(result.get("cooperative", False)))
    return Result(account_id=account_id, name=name, table_id=table_id, returns=returns[seat],
                  score=scores[seat] if seat < len(scores) else 0.0, place=places[seat],
                  finished_at=finished_at)


class DealStore:
    """The queries (static methods taking a session)."""

    @staticmethod
    def of_day(s: Session, day: str, game: str, opens_at: float, closes_at: float,
               new: NewDeal) -> Deal:
        """The deal of ``day`` and ``game``: ``new`` is stored when there is none yet (two
        processes asking at once store one, and both get it)."""
        found = s.scalar(select(DealRow).where(DealRow.day == day, DealRow.game == game))
        if found is None:
            s.execute(insert_of(s)(DealRow).values(
                id=secrets.token_urlsafe(ID_BYTES), day=day, game=game, options=new.options,
                players=new.players, seat=new.seat, bot=new.bot, seed=new.seed,
                opens_at=opens_at, closes_at=closes_at).on_conflict_do_nothing(
                index_elements=["day", "game"]))
            found = s.scalar(select(DealRow).where(DealRow.day == day, DealRow.game == game))
        assert found is not None   # inserted, or another process's was there
        return _deal(found)

    @staticmethod
    def of_days(s: Session, days: list[str]) -> list[Deal]:
        """The deals of ``days`` that exist, latest day first, then by game."""
        rows = s.scalars(select(DealRow).where(DealRow.day.in_(days))
                         .order_by(DealRow.day.desc(), DealRow.game))
        return [_deal(r) for r in rows]

    @staticmethod
    def get(s: Session, deal_id: str) -> Deal | None:
        row = s.get(DealRow, deal_id)
        return None if row is None else _deal(row)

    @staticmethod
    def of_table(s: Session, table_id: str) -> Deal | None:
        """The deal a table plays (``None``: it plays none)."""
        row = s.scalar(select(DealRow).join(DealPlayRow, DealPlayRow.deal_id == DealRow.id)
                       .where(DealPlayRow.table_id == table_id))
        return None if row is None else _deal(row)

    @staticmethod
    def play_of(s: Session, deal: Deal, account_id: int) -> Play | None:
        """``account_id``'s try at ``deal`` (``None``: it has not started one)."""
        found = s.execute(
            select(DealPlayRow.table_id, DealPlayRow.started_at, TableRow.status,
                   GameRow.result, GameRow.finished_at, AccountRow.name)
            .join(TableRow, TableRow.id == DealPlayRow.table_id)
            .join(AccountRow, AccountRow.id == DealPlayRow.account_id)
            .outerjoin(GameRow, GameRow.table_id == DealPlayRow.table_id)
            .where(DealPlayRow.deal_id == deal.id, DealPlayRow.account_id == account_id)).first()
        if found is None:
            return None
        result = None if found.result is None else _result(
            account_id, found.name, found.table_id, deal.seat, found.result, found.finished_at)
        return Play(found.table_id, found.started_at, found.status, result)

    @staticmethod
    def add_play(s: Session, deal_id: str, account_id: int, table_id: str, at: float) -> str:
        """Keep ``table_id`` as ``account_id``'s try at the deal, unless it has one already:
        the table of its try, either way (an account has one try, even asking twice at once)."""
        s.execute(insert_of(s)(DealPlayRow).values(
            deal_id=deal_id, account_id=account_id, table_id=table_id, started_at=at)
            .on_conflict_do_nothing(index_elements=["deal_id", "account_id"]))
        kept = s.scalar(select(DealPlayRow.table_id).where(DealPlayRow.deal_id == deal_id,
                                                           DealPlayRow.account_id == account_id))
        assert kept is not None
        return kept

    @staticmethod
    def field(s: Session, deal: Deal) -> list[Result]:
        """Every finished try at ``deal`` (at most :data:`MAX_FIELD`, the earliest first)."""
        rows = s.execute(
            select(DealPlayRow.account_id, AccountRow.name, DealPlayRow.table_id,
                   GameRow.result, GameRow.finished_at)
            .join(GameRow, GameRow.table_id == DealPlayRow.table_id)
            .join(AccountRow, AccountRow.id == DealPlayRow.account_id)
            .where(DealPlayRow.deal_id == deal.id)
            .order_by(GameRow.finished_at, DealPlayRow.account_id).limit(MAX_FIELD))
        found = (_result(r.account_id, r.name, r.table_id, deal.seat, r.result, r.finished_at)
                 for r in rows)
        return [r for r in found if r is not None]

    @staticmethod
    def summed_field(s: Session, deal: Deal, best: int) -> Field:
        """:meth:`field` summed up (:func:`~furuba.server.deals.standing.summarize`), here on
        the database's thread: what the routes keep and answer from."""
        return summarize(DealStore.field(s, deal), best)
