"""The ratings' queries: rate a finished table once, the leaderboard, a player's profile.

Each is a static method of :class:`RatingStore` taking an open session inside a transaction (run
them with ``Database.run``); plain frozen values come out (:mod:`.values`), never rows.

Rating a table reads the rows it changes under ``SELECT … FOR UPDATE`` (the table's row, then its
players' ratings), so with PostgreSQL two processes rating tables that share a player take turns
instead of losing an update; SQLite has one writer at a time anyway. A table is rated once: its
history events are the mark (a second call finds them and changes nothing).

A table is rated in the pool of the season its game ended in as well (:mod:`.seasons`), in the
same transaction: the season is the stored game's ``finished_at``'s, so a game that ends after a
season's last moment counts in the next one and an ended season's rows stay as they were.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from furuba import games
from furuba.bots.kit import BotKit, Rung
from furuba.core.errors import OptionsError
from furuba.server.models import (
    AccountRow,
    GameRow,
    RatingEventRow,
    RatingRow,
    SeatRow,
    TableRow,
    insert_of,
)
from furuba.server.ratings.model import NEWCOMER, Entrant, rate_game
from furuba.server.ratings.profiles import SEASON_LIKE, rank_order, read_profile
from furuba.server.ratings.seasons import Season, parse_season, season_of
from furuba.server.ratings.values import (
    POOL_ALL,
    Leaderboard,
    Profile,
    Ranked,
    RatingChange,
    Standing,
    pool_of,
    skill_of,
    win_share,
)
from furuba.server.storage import OPEN_STATUSES

log = logging.getLogger("furuba.server")

_ORDER = rank_order(RatingRow)
"""What a leaderboard sorts by: the displayed rating before it is scaled."""


class RatingStore:
    """The queries (static methods taking a session)."""

    @staticmethod
    def rate_table(s: Session, table_id: str) -> list[RatingChange]:
        """Rate the rated table ``table_id`` whose game ended (played to its end, or lost on time:
        its stored result says who won): update its signed-in players' ratings in pools ``all``,
        ``<n>p`` and the season of the game's end, and keep one history event each; what
        changed, pool ``all`` first, the season's last. Nothing for a table that is not rated,
        still open, without a stored game, or rated already."""
        table = s.scalars(select(TableRow).where(TableRow.id == table_id).with_for_update()).first()
        if table is None or not table.rated or table.status in OPEN_STATUSES:
            return []
        game = s.get(GameRow, table_id)
        if game is None or _already_rated(s, table_id):
            return []
        seats = list(s.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                               .order_by(SeatRow.seat)))
        if len(game.result.get("returns", [])) != len(seats):
            log.warning("table %s: its result does not have one return per seat; not rated",
                        table_id)
            return []
        result = Result(table_id, [float(r) for r in game.result["returns"]],
                        [float(x) for x in game.result.get("scores") or []],
                        bool(game.result.get("cooperative", False)), game.finished_at)
        changes: list[RatingChange] = []
        for pool in (POOL_ALL, pool_of(len(seats)), season_of(game.finished_at).name):
            changes.extend(_rate_pool(s, table.game, pool, seats, result))
        return changes

    @staticmethod
    def leaderboard(s: Session, game: str, pool: str, limit: int, offset: int) -> Leaderboard:
        """A page of ``game``'s ``pool``: best displayed rating first, then most games, then by
        name."""
        where = (RatingRow.game == game, RatingRow.pool == pool)
        total = int(s.scalar(select(func.count()).select_from(RatingRow).where(*where)) or 0)
        found = s.execute(select(RatingRow, AccountRow.name)
                          .join(AccountRow, AccountRow.id == RatingRow.account_id).where(*where)
                          .order_by(_ORDER.desc(), RatingRow.games.desc(), AccountRow.name_key)
                          .offset(offset).limit(limit)).all()
        entries = [Ranked(offset + i + 1, name, Standing.of(row))
                   for i, (row, name) in enumerate(found)]
        return Leaderboard(game, pool, total, offset, limit, entries)

    @staticmethod
    def seasons(s: Session, game: str, limit: int) -> list[tuple[Season, int]]:
        """The latest ``limit`` seasons with rows in ``game``, the latest first, each with how
        many players it ranks."""
        found = s.execute(select(RatingRow.pool, func.count())
                          .where(RatingRow.game == game, RatingRow.pool.like(SEASON_LIKE))
                          .group_by(RatingRow.pool)).all()
        named = [(parse_season(pool), int(count)) for pool, count in found]
        return sorted(((season, count) for season, count in named if season is not None),
                      reverse=True)[:limit]

    @staticmethod
    def profile(s: Session, name_key: str, now: float | None = None) -> Profile | None:
        """The profile of the account whose name compares as ``name_key`` (see
        :func:`furuba.server.accounts.names.name_key`); ``None``: no such account. ``now``
        (default: the clock) tells the seasons that are over from the one under way."""
        return read_profile(s, name_key, time.time() if now is None else now)


def _already_rated(s: Session, table_id: str) -> bool:
    return s.scalar(select(RatingEventRow.id).where(RatingEventRow.table_id == table_id)
                    .limit(1)) is not None


def _rated_seats(seats: Sequence[SeatRow]) -> dict[int, int]:
    """Position → account, for the seats whose player is rated: signed-in humans, each holding
    one seat of the table (an account is not ranked against itself)."""
    held = [seat.account_id for seat in seats if seat.kind == "human"]
    return {i: seat.account_id for i, seat in enumerate(seats)
            if seat.kind == "human" and seat.account_id is not None
            and held.count(seat.account_id) == 1}


def _unrated(seat: SeatRow, ladder: Sequence[Rung]) -> Entrant:
    """A seat that is not rated: a bot at its level's skill in the game, else a guest."""
    return Entrant.bot(seat.bot or "", ladder) if seat.kind == "bot" else Entrant.guest()


def _ladder(game_name: str) -> tuple[Rung, ...]:
    """How strong the game's bot levels measured (its spec's ``ladder``); none for a game no
    longer installed."""
    try:
        kit = games.spec(game_name).kit_or_none(BotKit)
        return kit.ladder if kit is not None else ()
    except OptionsError:
        return ()


@dataclass(frozen=True)
class Result:
    """What a table's ratings are computed from."""

    table_id: str
    returns: list[float]
    scores: list[float]
    cooperative: bool
    at: float


def _rate_pool(s: Session, game_name: str, pool: str, seats: Sequence[SeatRow],
               game: Result) -> list[RatingChange]:
    """Rate one pool: each rated seat's row updated, and an event kept."""
    rated = _rated_seats(seats)
    rows = _pool_rows(s, game_name, pool, rated.values())
    ladder = _ladder(game_name)
    entrants = [Entrant.player(skill_of(rows[rated[i]])) if i in rated else _unrated(seat, ladder)
                for i, seat in enumerate(seats)]
    returns = game.returns
    outcome = rate_game(entrants, returns, game.scores, game.cooperative)
    now = time.time()
    changes: list[RatingChange] = []
    for i, account_id in rated.items():
        row, after = rows[account_id], outcome.skills[i]
        change = RatingChange(account_id, seats[i].seat, pool, outcome.ranks[i],
                              win_share(returns[i]), skill_of(row), after)
        s.add(RatingEventRow(account_id=account_id, game=game_name, pool=pool,
                             table_id=game.table_id, seat=change.seat, rank=change.rank,
                             share=change.share, mu_before=row.mu, sigma_before=row.sigma,
                             mu=after.mu, sigma=after.sigma, at=game.at))
        row.mu, row.sigma, row.updated_at = after.mu, after.sigma, now
        row.games += 1
        row.wins += change.share
        changes.append(change)
    return changes


def _pool_rows(s: Session, game: str, pool: str, accounts: Iterable[int]) -> dict[int, RatingRow]:
    """The rating rows of ``accounts`` in a pool, locked; newcomers' rows made first.

    A newcomer's row is inserted unless it exists (``ON CONFLICT DO NOTHING``), then every row
    is read under ``FOR UPDATE``: when another process gives the same account its first game in
    the pool at the same moment, PostgreSQL makes this insert wait for that transaction and skip
    the row it made, and the read then finds it, so both tables are rated, one after the other.
    """
    wanted = sorted(set(accounts))
    if wanted:
        s.execute(insert_of(s)(RatingRow).values([
            {"account_id": account_id, "game": game, "pool": pool, "mu": NEWCOMER.mu,
             "sigma": NEWCOMER.sigma, "games": 0, "wins": 0.0, "updated_at": time.time()}
            for account_id in wanted]).on_conflict_do_nothing(
            index_elements=["account_id", "game", "pool"]))
    return {row.account_id: row for row in s.scalars(
        select(RatingRow).where(RatingRow.game == game, RatingRow.pool == pool,
                                RatingRow.account_id.in_(wanted)).with_for_update())}
