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

from sqlalchemy import case, func, or_, select, update
from sqlalchemy.orm import Session

from furuba.server.friends.models import PresenceRow
from furuba.server.friends.online import STALE_SECONDS
from furuba.server.models import AccountRow, GameRow, RatingRow, TableRow, insert_of
from furuba.server.protocol.streams import PairedTable
from furuba.server.ratings.model import Skill
from furuba.server.tournaments import arena, kinds, swiss
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
    minutes: int | None = None
    """An arena's length."""
    ends_at: float | None = None
    """When an arena stops seating players (once begun)."""
    secret: str | None = None
    """A duplicate's secret (its rounds' seeds come from it): never shown."""
    slot: str | None = None
    """The site's slot it was held in (``None``: a player's)."""


@dataclass(frozen=True, slots=True)
class SiteTournament:
    """A tournament of the site's schedule, to be added unless it is there."""

    id: str
    slot: str
    name: str
    game: str
    kind: str
    table_size: int
    rounds: int
    minutes: int
    rated: bool
    starts_at: float


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
    made_at: float | None = None
    counted_at: float | None = None


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
                      created_at=row.created_at, finished_at=row.finished_at,
                      minutes=row.minutes, ends_at=row.ends_at, secret=row.secret,
                      slot=row.slot)


class TournamentStore:
    """The queries (static methods taking a session)."""

    @staticmethod
    def create(s: Session, name: str, game: str, options: dict[str, Any], table_size: int,
               rounds: int, rated: bool, creator: int, starts_at: float, now: float,
               most_open: int, move_hours: int | None = None, kind: str = kinds.SWISS,
               minutes: int | None = None) -> str:
        """A new tournament of ``kind`` taking entries until ``starts_at``, live or
        (``move_hours`` given) played by correspondence, an arena lasting ``minutes``; its id.
        An account may have at most ``most_open`` tournaments not yet over."""
        mine = s.scalar(select(func.count()).select_from(TournamentRow).where(
            TournamentRow.creator_account == creator, TournamentRow.status.in_(ACTIVE)))
        if int(mine or 0) >= most_open:
            raise TournamentError(429, N_("you already run three tournaments that are not "
                                          "over: wait for one to end"))
        tournament_id = secrets.token_urlsafe(ID_BYTES)
        s.add(TournamentRow(id=tournament_id, name=name, game=game, options=options,
                            table_size=table_size, kind=kind,
                            rounds=0 if kind == kinds.ARENA else rounds, rated=rated,
                            pace="live" if move_hours is None else "correspondence",
                            move_hours=move_hours, status=OPEN, round=0,
                            creator_account=creator, starts_at=starts_at, created_at=now,
                            finished_at=None, advancer=None, advance_until=0.0,
                            minutes=minutes if kind == kinds.ARENA else None, ends_at=None,
                            secret=secrets.token_hex(16) if kind == kinds.DUPLICATE else None))
        return tournament_id

    @staticmethod
    def add_site(s: Session, due: list[SiteTournament], now: float) -> int:
        """Add the site's tournaments ``due`` that are not there yet (another process may have
        added them: their ids are the same); how many were added."""
        added = 0
        for d in due:
            done = s.execute(insert_of(s)(TournamentRow).values(
                id=d.id, name=d.name, game=d.game, options={"players": d.table_size},
                table_size=d.table_size, kind=d.kind,
                rounds=0 if d.kind == kinds.ARENA else d.rounds, rated=d.rated, pace="live",
                move_hours=None, status=OPEN, round=0, creator_account=None,
                starts_at=d.starts_at, created_at=now, finished_at=None, advancer=None,
                advance_until=0.0, minutes=d.minutes if d.kind == kinds.ARENA else None,
                ends_at=None, slot=d.slot,
                secret=secrets.token_hex(16) if d.kind == kinds.DUPLICATE else None)
                .on_conflict_do_nothing(index_elements=["id"]).returning(TournamentRow.id))
            added += done.first() is not None
        return added

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
        """Enter ``account_id`` (again, after withdrawing) while the tournament takes entries:
        until it starts, and an arena until its end (a player may come and go)."""
        row = s.scalars(select(TournamentRow).where(TournamentRow.id == tournament_id)
                        .with_for_update()).first()
        if row is None:
            raise TournamentError(404, N_("there is no such tournament"))
        late = row.status == RUNNING and row.kind == kinds.ARENA and (
            row.ends_at is None or now < row.ends_at)
        if row.status != OPEN and not late:
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
    def begin(s: Session, tournament_id: str, now: float) -> bool:
        """An open tournament starts (its round 1 is paired next; an arena's end is set)."""
        row = s.get(TournamentRow, tournament_id)
        ends = None if row is None or row.minutes is None else now + 60 * row.minutes
        done = s.execute(update(TournamentRow).where(TournamentRow.id == tournament_id,
                                                     TournamentRow.status == OPEN)
                         .values(status=RUNNING, round=0, ends_at=ends))
        return getattr(done, "rowcount", 0) == 1

    @staticmethod
    def end(s: Session, tournament_id: str, status: str, now: float) -> None:
        """The tournament is over (``FINISHED`` or ``CANCELLED``); a finished one keeps each
        entrant's final place."""
        done = s.execute(update(TournamentRow).where(TournamentRow.id == tournament_id,
                                                     TournamentRow.status.in_(ACTIVE))
                         .values(status=status, finished_at=now, advancer=None))
        row = s.get(TournamentRow, tournament_id)
        if getattr(done, "rowcount", 0) == 1 and status == FINISHED and row is not None:
            settle(s, _tournament(row))

    @staticmethod
    def outcomes(s: Session, tournament_id: str, since_round: int = 0) -> list[Outcome]:
        """The results of the rounds after ``since_round`` (every round's by default)."""
        rows = s.scalars(select(ResultRow).where(ResultRow.tournament_id == tournament_id,
                                                 ResultRow.round > since_round)
                         .order_by(ResultRow.round, ResultRow.account_id))
        return [Outcome(r.account_id, r.round, r.points, r.won, tuple(r.opponents), r.bye,
                        r.seat, r.returns, r.score) for r in rows]

    @staticmethod
    def tables(s: Session, tournament_id: str, round_: int | None = None) -> list[RoundTable]:
        """The tables of one round (or of every round), by round and number."""
        found = select(RoundTableRow).where(RoundTableRow.tournament_id == tournament_id)
        if round_ is not None:
            found = found.where(RoundTableRow.round == round_)
        rows = s.scalars(found.order_by(RoundTableRow.round, RoundTableRow.number))
        return [RoundTable(r.round, r.number, list(r.accounts), r.table_id, r.counted,
                           r.made_at, r.counted_at) for r in rows]

    @staticmethod
    def unfinished(s: Session, tournament_id: str) -> list[RoundTable]:
        """The tables not yet counted, of every round."""
        rows = s.scalars(select(RoundTableRow).where(RoundTableRow.tournament_id == tournament_id,
                                                     RoundTableRow.counted.is_(False))
                         .order_by(RoundTableRow.round, RoundTableRow.number))
        return [RoundTable(r.round, r.number, list(r.accounts), r.table_id, r.counted,
                           r.made_at, r.counted_at) for r in rows]

    @staticmethod
    def free(s: Session, tournament_id: str, since: float, now: float,
             horizon: float) -> dict[int, float]:
        """An arena's entrants free to be seated — not withdrawn, online (a page or a table of
        theirs seen within the presence's freshness), at no table still played — each with the
        seconds they have been free (from the arena's start ``since``, their entry or their last
        table's count; at most ``horizon``: a longer wait changes nothing)."""
        entries = {a: joined for a, joined in s.execute(
            select(EntryRow.account_id, EntryRow.joined_at).where(
                EntryRow.tournament_id == tournament_id, EntryRow.withdrawn_at.is_(None)))}
        if not entries:
            return {}
        online = set(s.scalars(select(PresenceRow.account_id).where(
            PresenceRow.account_id.in_(list(entries)),
            PresenceRow.seen_at >= now - STALE_SECONDS).distinct()))
        freed = {a: max(since, joined) for a, joined in entries.items() if a in online}
        for accounts, counted, counted_at in s.execute(
                select(RoundTableRow.accounts, RoundTableRow.counted, RoundTableRow.counted_at)
                .where(RoundTableRow.tournament_id == tournament_id,
                       or_(RoundTableRow.counted.is_(False),
                           RoundTableRow.counted_at >= now - horizon))):
            for a in accounts:
                if a not in freed:
                    continue
                if not counted:
                    del freed[a]
                elif counted_at is not None:
                    freed[a] = max(freed[a], counted_at)
        return {a: min(horizon, max(0.0, now - at)) for a, at in freed.items()}

    @staticmethod
    def add_round(s: Session, tournament_id: str, round_: int, tables: list[list[int]],
                  byes: list[int], bye_points: float, now: float | None = None) -> bool:
        """Keep round ``round_``'s pairing (its tables, and the byes' results) — an arena's
        next wave of tables; ``False`` when that round was paired already (nothing changes)."""
        moved = s.execute(update(TournamentRow).where(TournamentRow.id == tournament_id,
                                                      TournamentRow.status == RUNNING,
                                                      TournamentRow.round == round_ - 1)
                          .values(round=round_))
        if getattr(moved, "rowcount", 0) != 1:
            return False
        for number, accounts in enumerate(tables, start=1):
            s.add(RoundTableRow(tournament_id=tournament_id, round=round_, number=number,
                                accounts=accounts, table_id=None, counted=False,
                                made_at=now))
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
    def table_states(s: Session, table_ids: list[str]) -> dict[str, TableState]:
        """What each of ``table_ids`` has come to (a table not found is left out)."""
        found = dict(s.execute(select(TableRow.id, TableRow.status)
                               .where(TableRow.id.in_(table_ids))).all())
        over = [t for t, status in found.items() if status not in ("waiting", "playing")]
        results: dict[str, Any] = dict(s.execute(
            select(GameRow.table_id, GameRow.result).where(GameRow.table_id.in_(over))
        ).all()) if over else {}
        return {t: TableState(status, None if results.get(t) is None else dict(results[t]))
                for t, status in found.items()}

    @staticmethod
    def count_table(s: Session, tournament_id: str, round_: int, number: int,
                    outcomes: list[Outcome], now: float | None = None) -> None:
        """Keep a finished table's results (each entrant's once) and mark it counted."""
        for o in outcomes:
            s.execute(insert_of(s)(ResultRow).values(
                tournament_id=tournament_id, round=round_, account_id=o.account_id,
                points=o.points, won=o.won, bye=False, number=number,
                opponents=list(o.opponents), seat=o.seat, returns=o.returns,
                score=o.score).on_conflict_do_nothing(
                index_elements=["tournament_id", "round", "account_id"]))
        s.execute(update(RoundTableRow).where(
            RoundTableRow.tournament_id == tournament_id, RoundTableRow.round == round_,
            RoundTableRow.number == number).values(counted=True, counted_at=now))

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


def standing(s: Session, t: Tournament, since_round: int = 0,
             entered: list[Entrant] | None = None) -> tuple[list[Outcome], list[swiss.Line]]:
    """``t``'s standings, first place first, and its results of the rounds after
    ``since_round`` with the points the standings count. An arena's standings come from each
    player's totals, summed by the database (its results of hours are many; the last waves' are
    read to know whom each player met lately); the others' from every result (12 rounds of 256
    players at most). ``entered``: its entrants, when read already."""
    if entered is None:
        entered = TournamentStore.entrants(s, t.id)
    entrants = [(e.account_id, e.rating, e.withdrawn) for e in entered]
    if t.kind != kinds.ARENA:
        outcomes, lines = kinds.standings(t.kind, entrants, TournamentStore.outcomes(s, t.id))
        return [o for o in outcomes if o.round > since_round], lines
    totals = [arena.Total(a, float(points or 0.0), int(wins or 0), int(games))
              for a, points, wins, games in s.execute(
                  select(ResultRow.account_id, func.sum(ResultRow.points),
                         func.sum(case((ResultRow.won, 1), else_=0)), func.count())
                  .where(ResultRow.tournament_id == t.id).group_by(ResultRow.account_id))]
    since = min(since_round, t.round - arena.RECENT_WAVES)
    recent = TournamentStore.outcomes(s, t.id, since)
    lines = arena.standings(entrants, totals, [o for o in recent
                                               if o.round > t.round - arena.RECENT_WAVES])
    return [o for o in recent if o.round > since_round], lines


def settle(s: Session, t: Tournament) -> None:
    """Keep each entrant's final place and points in ``t``'s final standings."""
    _, lines = standing(s, t, t.round)
    for place, line in enumerate(lines, start=1):
        s.execute(update(EntryRow).where(EntryRow.tournament_id == t.id,
                                         EntryRow.account_id == line.account_id)
                  .values(place=place, points=line.points))


def finishes(s: Session, account_id: int, limit: int) -> list[Finish]:
    """The account's latest ``limit`` tournaments that are over, with its final place (the
    standings as the tournament's page shows them), the latest first: what was kept when each
    finished (a tournament finished before places were kept has them kept now, once)."""
    found = select(TournamentRow, EntryRow.place, EntryRow.points).join(
        EntryRow, EntryRow.tournament_id == TournamentRow.id).where(
        EntryRow.account_id == account_id, TournamentRow.status == FINISHED).order_by(
        TournamentRow.finished_at.desc(), TournamentRow.id).limit(limit)
    rows = s.execute(found).all()
    if any(place is None for _, place, _ in rows):
        for row, place, _ in rows:
            if place is None:
                settle(s, _tournament(row))
        rows = s.execute(found).all()
    counts = dict(s.execute(select(EntryRow.tournament_id, func.count())
                            .where(EntryRow.tournament_id.in_([r.id for r, _, _ in rows]))
                            .group_by(EntryRow.tournament_id)).all())
    return [Finish(_tournament(row), place, int(counts.get(row.id, 0)), float(points or 0.0))
            for row, place, points in rows if place is not None]


@dataclass(frozen=True, slots=True)
class Board:
    """All a tournament's page shows, read in one transaction on the database's thread: its
    entrants, results and tables, and the standings computed from them there."""

    entrants: list[Entrant]
    outcomes: list[Outcome]
    tables: list[RoundTable]
    lines: list[swiss.Line]


def board(s: Session, t: Tournament, rounds_shown: int) -> Board:
    """The tournament's :class:`Board`, with the tables of its last ``rounds_shown`` rounds and
    those still played (at most 256 entrants, and 12 rounds or an arena's 6 hours: bounded
    work). Its results carry the points the standings count (a duplicate's matchpoints)."""
    entrants = TournamentStore.entrants(s, t.id)
    outcomes, lines = standing(s, t, t.round - rounds_shown, entrants)
    shown = select(RoundTableRow).where(RoundTableRow.tournament_id == t.id, or_(
        RoundTableRow.round > t.round - rounds_shown, RoundTableRow.counted.is_(False)))
    tables = [RoundTable(r.round, r.number, list(r.accounts), r.table_id, r.counted, r.made_at,
                         r.counted_at)
              for r in s.scalars(shown.order_by(RoundTableRow.round, RoundTableRow.number))]
    return Board(entrants, outcomes, tables, lines)


@dataclass(frozen=True, slots=True)
class Played:
    """A table a tournament seated: its tournament, its round, and whether the round is over."""

    tournament: Tournament
    round: int
    accounts: list[int]
    round_over: bool


def played_at(s: Session, table_id: str) -> Played | None:
    """The tournament round ``table_id`` plays, if any."""
    row = s.scalars(select(RoundTableRow).where(RoundTableRow.table_id == table_id)).first()
    if row is None:
        return None
    t = s.get(TournamentRow, row.tournament_id)
    if t is None:
        return None
    left = s.scalar(select(func.count()).select_from(RoundTableRow).where(
        RoundTableRow.tournament_id == row.tournament_id, RoundTableRow.round == row.round,
        RoundTableRow.counted.is_(False)))
    return Played(_tournament(t), row.round, list(row.accounts), int(left or 0) == 0)


def finished_round(s: Session, tournament_id: str, round_: int, account_id: int) -> bool:
    """Whether ``account_id``'s table of the round is over (its result counted)."""
    return s.get(ResultRow, (tournament_id, round_, account_id)) is not None


def tables_ready(s: Session, account_ids: list[int], since: float) -> dict[int, list[PairedTable]]:
    """For each of ``account_ids``, the tables that live tournaments under way paired for them
    since ``since`` and that are not over: what each player's pages tell them to go to (a
    correspondence tournament's tables are among the player's games, with their turns)."""
    if not account_ids:
        return {}
    wanted = set(account_ids)
    rows = s.execute(select(RoundTableRow.table_id, RoundTableRow.accounts, TournamentRow.id,
                            TournamentRow.name)
                     .join(TournamentRow, TournamentRow.id == RoundTableRow.tournament_id)
                     .where(RoundTableRow.made_at >= since, RoundTableRow.counted.is_(False),
                            RoundTableRow.table_id.is_not(None),
                            TournamentRow.status == RUNNING, TournamentRow.pace == "live")
                     .order_by(RoundTableRow.made_at)).all()
    out: dict[int, list[PairedTable]] = {}
    for table_id, accounts, tournament_id, name in rows:
        for a in wanted.intersection(accounts):
            out.setdefault(a, []).append(PairedTable(table_id=table_id, url=f"/t/{table_id}",
                                                     tournament=name, tournament_id=tournament_id))
    return out
