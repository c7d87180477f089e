"""The tournaments' queries. Each is a static method of :class:`TournamentStore` taking an open
session inside a transaction (run them with ``Database.run``); plain values come out, never rows.

Every change the director makes is guarded so that doing it twice changes nothing: a round is
paired only by the step from the round before (``round = r − 1``), a round's table keeps the
first table made for it, and a result is one row per entrant and round (``ON CONFLICT DO
NOTHING``) — so a process killed half-way, and the process that takes over, never lose a result
nor count one twice.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.orm import Session

from furuba.server.models import AccountRow, GameRow, RatingRow, TableRow, insert_of
from furuba.server.ratings.model import Skill
from furuba.server.tournaments import swiss
from furuba.server.tournaments.models import EntryRow, ResultRow, RoundTableRow, TournamentRow
from furuba.server.tournaments.swiss import Outcome
from furuba.text import N_

ID_BYTES = 9
OPEN, RUNNING, FINISHED, CANCELLED = "open", "running", "finished", "cancelled"
ACTIVE = (OPEN, RUNNING)


class TournamentError(Exception):
    """A request the tournament refuses: ``status`` (HTTP) and a sentence."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True, slots=True)
class Tournament:
    id: str
    name: str
    game: str
    options: dict[str, Any]
    table_size: int
    kind: str
    rounds: int
    rated: bool
    pace: str
    move_hours: int | None
    status: str
    round: int
    creator_account: int | None
    starts_at: float
    created_at: float
    finished_at: float | None


@dataclass(frozen=True, slots=True)
class Entrant:
    account_id: int
    name: str
    rating: float
    joined_at: float
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class RoundTable:
    round: int
    number: int
    accounts: list[int]
    table_id: str | None
    counted: bool


@dataclass(frozen=True, slots=True)
class TableState:
    """What a round's table has come to: its status and, once over, its stored result."""

    status: str
    result: dict[str, Any] | None


def _tournament(row: TournamentRow) -> Tournament:
    return Tournament(id=row.id, name=row.name, game=row.game, options=dict(row.options),
                      table_size=row.table_size, kind=row.kind, rounds=row.rounds,
                      rated=row.rated, pace=row.pace, move_hours=row.move_hours,
                      status=row.status, round=row.round,
                      creator_account=row.creator_account, starts_at=row.starts_at,
                      created_at=row.created_at, finished_at=row.finished_at)


class TournamentStore:
    """The queries (static methods taking a session)."""

    @staticmethod
    def create(s: Session, name: str, game: str, options: dict[str, Any], table_size: int,
               rounds: int, rated: bool, creator: int, starts_at: float, now: float,
               most_open: int, move_hours: int | None = None) -> str:
        """A new Swiss tournament taking entries until ``starts_at``, live or (``move_hours``
        given) played by correspondence; its id. An account may have at most ``most_open``
        tournaments not yet over."""
        mine = s.scalar(select(func.count()).select_from(TournamentRow).where(
            TournamentRow.creator_account == creator, TournamentRow.status.in_(ACTIVE)))
        if int(mine or 0) >= most_open:
            raise TournamentError(429, N_("you already run three tournaments that are not "
                                          "over: wait for one to end"))
        tournament_id = secrets.token_urlsafe(ID_BYTES)
        s.add(TournamentRow(id=tournament_id, name=name, game=game, options=options,
                            table_size=table_size, kind="swiss", rounds=rounds, rated=rated,
                            pace="live" if move_hours is None else "correspondence",
                            move_hours=move_hours, status=OPEN, round=0,
                            creator_account=creator, starts_at=starts_at, created_at=now,
                            finished_at=None, advancer=None, advance_until=0.0))
        return tournament_id

    @staticmethod
    def get(s: Session, tournament_id: str) -> Tournament | None:
        row = s.get(TournamentRow, tournament_id)
        return None if row is None else _tournament(row)

    @staticmethod
    def listed(s: Session, statuses: tuple[str, ...], limit: int) -> list[Tournament]:
        """Tournaments of ``statuses``: the soonest to start first for those not begun, the
        latest first for the others."""
        order = (TournamentRow.starts_at if statuses == (OPEN,)
                 else TournamentRow.starts_at.desc())
        rows = s.scalars(select(TournamentRow).where(TournamentRow.status.in_(statuses))
                         .order_by(order, TournamentRow.id).limit(limit))
        return [_tournament(r) for r in rows]

    @staticmethod
    def entrants(s: Session, tournament_id: str) -> list[Entrant]:
        """Who entered, in the order they entered."""
        rows = s.execute(select(EntryRow, AccountRow.name)
                         .join(AccountRow, AccountRow.id == EntryRow.account_id)
                         .where(EntryRow.tournament_id == tournament_id)
                         .order_by(EntryRow.joined_at, EntryRow.account_id)).all()
        return [Entrant(e.account_id, name, e.rating, e.joined_at, e.withdrawn_at is not None)
                for e, name in rows]

    @staticmethod
    def enter(s: Session, tournament_id: str, account_id: int, now: float,
              most: int) -> None:
        """Enter ``account_id`` (again, after withdrawing) while the tournament takes entries."""
        row = s.scalars(select(TournamentRow).where(TournamentRow.id == tournament_id)
                        .with_for_update()).first()
        if row is None:
            raise TournamentError(404, N_("there is no such tournament"))
        if row.status != OPEN:
            raise TournamentError(409, N_("this tournament no longer takes entries"))
        entry = s.get(EntryRow, (tournament_id, account_id))
        if entry is not None:
            entry.withdrawn_at = None
            return
        count = s.scalar(select(func.count()).select_from(EntryRow).where(
            EntryRow.tournament_id == tournament_id, EntryRow.withdrawn_at.is_(None)))
        if int(count or 0) >= most:
            raise TournamentError(409, N_("this tournament is full"))
        rating = s.get(RatingRow, (account_id, row.game, "all"))
        shown = 1500 if rating is None else Skill(rating.mu, rating.sigma).displayed
        s.add(EntryRow(tournament_id=tournament_id, account_id=account_id, rating=float(shown),
                       joined_at=now, withdrawn_at=None))

    @staticmethod
    def withdraw(s: Session, tournament_id: str, account_id: int, now: float) -> None:
        """Withdraw ``account_id``: it is paired no more (a game it is playing goes on)."""
        entry = s.get(EntryRow, (tournament_id, account_id))
        row = s.get(TournamentRow, tournament_id)
        if row is None or entry is None or entry.withdrawn_at is not None:
            raise TournamentError(409, N_("you are not playing in this tournament"))
        if row.status not in ACTIVE:
            raise TournamentError(409, N_("this tournament is over"))
        entry.withdrawn_at = now

    @staticmethod
    def start_now(s: Session, tournament_id: str, account_id: int, now: float) -> None:
        """Its creator starts an open tournament now instead of at its time."""
        row = s.get(TournamentRow, tournament_id)
        if row is None:
            raise TournamentError(404, N_("there is no such tournament"))
        if row.creator_account != account_id:
            raise TournamentError(403, N_("only the tournament's creator may start it early"))
        if row.status != OPEN:
            raise TournamentError(409, N_("this tournament has begun already"))
        row.starts_at = min(row.starts_at, now)

    # -- the director ------------------------------------------------------------------------
    @staticmethod
    def due(s: Session, now: float) -> list[str]:
        """The tournaments that may need a step: open ones whose time has come, running ones."""
        return list(s.scalars(select(TournamentRow.id).where(or_(
            (TournamentRow.status == OPEN) & (TournamentRow.starts_at <= now),
            TournamentRow.status == RUNNING)).order_by(TournamentRow.starts_at)))

    @staticmethod
    def take_lease(s: Session, tournament_id: str, owner: str, now: float,
                   seconds: float) -> bool:
        """Whether ``owner`` may advance the tournament for ``seconds``: it held it, or nobody
        did, or its holder let the lease run out (it died)."""
        done = s.execute(update(TournamentRow).where(
            TournamentRow.id == tournament_id,
            or_(TournamentRow.advancer.is_(None), TournamentRow.advancer == owner,
                TournamentRow.advance_until < now))
            .values(advancer=owner, advance_until=now + seconds))
        return getattr(done, "rowcount", 0) == 1

    @staticmethod
    def begin(s: Session, tournament_id: str) -> bool:
        """An open tournament starts (its round 1 is paired next)."""
        done = s.execute(update(TournamentRow).where(TournamentRow.id == tournament_id,
                                                     TournamentRow.status == OPEN)
                         .values(status=RUNNING, round=0))
        return getattr(done, "rowcount", 0) == 1

    @staticmethod
    def end(s: Session, tournament_id: str, status: str, now: float) -> None:
        s.execute(update(TournamentRow).where(TournamentRow.id == tournament_id,
                                              TournamentRow.status.in_(ACTIVE))
                  .values(status=status, finished_at=now, advancer=None))

    @staticmethod
    def outcomes(s: Session, tournament_id: str) -> list[Outcome]:
        rows = s.scalars(select(ResultRow).where(ResultRow.tournament_id == tournament_id)
                         .order_by(ResultRow.round, ResultRow.account_id))
        return [Outcome(r.account_id, r.round, r.points, r.won, tuple(r.opponents), r.bye)
                for r in rows]

    @staticmethod
    def tables(s: Session, tournament_id: str, round_: int | None = None) -> list[RoundTable]:
        """The tables of one round (or of every round), by round and number."""
        found = select(RoundTableRow).where(RoundTableRow.tournament_id == tournament_id)
        if round_ is not None:
            found = found.where(RoundTableRow.round == round_)
        rows = s.scalars(found.order_by(RoundTableRow.round, RoundTableRow.number))
        return [RoundTable(r.round, r.number, list(r.accounts), r.table_id, r.counted)
                for r in rows]

    @staticmethod
    def add_round(s: Session, tournament_id: str, round_: int, tables: list[list[int]],
                  byes: list[int], bye_points: float) -> bool:
        """Keep round ``round_``'s pairing (its tables, and the byes' results); ``False`` when
        that round was paired already (nothing changes)."""
        moved = s.execute(update(TournamentRow).where(TournamentRow.id == tournament_id,
                                                      TournamentRow.status == RUNNING,
                                                      TournamentRow.round == round_ - 1)
                          .values(round=round_))
        if getattr(moved, "rowcount", 0) != 1:
            return False
        for number, accounts in enumerate(tables, start=1):
            s.add(RoundTableRow(tournament_id=tournament_id, round=round_, number=number,
                                accounts=accounts, table_id=None, counted=False))
        for account_id in byes:
            s.add(ResultRow(tournament_id=tournament_id, round=round_, account_id=account_id,
                            points=bye_points, won=False, bye=True, number=None, opponents=[]))
        return True

    @staticmethod
    def set_table(s: Session, tournament_id: str, round_: int, number: int,
                  table_id: str) -> str:
        """Keep ``table_id`` as the round's table ``number`` unless one is kept already: the
        table kept, either way."""
        s.execute(update(RoundTableRow).where(
            RoundTableRow.tournament_id == tournament_id, RoundTableRow.round == round_,
            RoundTableRow.number == number, RoundTableRow.table_id.is_(None))
            .values(table_id=table_id))
        kept = s.scalar(select(RoundTableRow.table_id).where(
            RoundTableRow.tournament_id == tournament_id, RoundTableRow.round == round_,
            RoundTableRow.number == number))
        assert kept is not None
        return kept

    @staticmethod
    def table_state(s: Session, table_id: str) -> TableState | None:
        status = s.scalar(select(TableRow.status).where(TableRow.id == table_id))
        if status is None:
            return None
        result = s.scalar(select(GameRow.result).where(GameRow.table_id == table_id))
        return TableState(status, None if result is None else dict(result))

    @staticmethod
    def count_table(s: Session, tournament_id: str, round_: int, number: int,
                    outcomes: list[Outcome]) -> None:
        """Keep a finished table's results (each entrant's once) and mark it counted."""
        for o in outcomes:
            s.execute(insert_of(s)(ResultRow).values(
                tournament_id=tournament_id, round=round_, account_id=o.account_id,
                points=o.points, won=o.won, bye=False, number=number,
                opponents=list(o.opponents)).on_conflict_do_nothing(
                index_elements=["tournament_id", "round", "account_id"]))
        s.execute(update(RoundTableRow).where(
            RoundTableRow.tournament_id == tournament_id, RoundTableRow.round == round_,
            RoundTableRow.number == number).values(counted=True))

    @staticmethod
    def accounts(s: Session, ids: list[int]) -> dict[int, tuple[str, str, float]]:
        """Account id → (name, user handle, created at), for seating them."""
        rows = s.execute(select(AccountRow.id, AccountRow.name, AccountRow.user_handle,
                                AccountRow.created_at).where(AccountRow.id.in_(ids))).all()
        return {r.id: (r.name, r.user_handle, r.created_at) for r in rows}


@dataclass(frozen=True, slots=True)
class Finish:
    """Where an account finished one tournament that is over."""

    tournament: Tournament
    place: int
    of: int
    points: float


def finishes(s: Session, account_id: int, limit: int) -> list[Finish]:
    """The account's latest ``limit`` tournaments that are over, with its final place (the
    standings as the tournament's page shows them), the latest first."""
    rows = s.scalars(select(TournamentRow).join(EntryRow, EntryRow.tournament_id ==
                                                TournamentRow.id)
                     .where(EntryRow.account_id == account_id, TournamentRow.status == FINISHED)
                     .order_by(TournamentRow.finished_at.desc(), TournamentRow.id).limit(limit))
    out: list[Finish] = []
    for row in rows:
        t = _tournament(row)
        entrants = TournamentStore.entrants(s, t.id)
        lines = swiss.standings([(e.account_id, e.rating, e.withdrawn) for e in entrants],
                                TournamentStore.outcomes(s, t.id))
        place = next((i for i, x in enumerate(lines, start=1) if x.account_id == account_id),
                     None)
        if place is not None:
            out.append(Finish(t, place, len(lines), lines[place - 1].points))
    return out


@dataclass(frozen=True, slots=True)
class Board:
    """All a tournament's page shows, read in one transaction on the database's thread: its
    entrants, results and tables, and the standings computed from them there."""

    entrants: list[Entrant]
    outcomes: list[Outcome]
    tables: list[RoundTable]
    lines: list[swiss.Line]


def board(s: Session, tournament_id: str) -> Board:
    """The tournament's :class:`Board` (at most 256 entrants and 12 rounds: bounded work)."""
    entrants = TournamentStore.entrants(s, tournament_id)
    outcomes = TournamentStore.outcomes(s, tournament_id)
    lines = swiss.standings([(e.account_id, e.rating, e.withdrawn) for e in entrants], outcomes)
    return Board(entrants, outcomes, TournamentStore.tables(s, tournament_id), lines)
