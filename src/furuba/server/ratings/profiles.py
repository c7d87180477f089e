"""A player's profile: ratings per game and pool, rating history, latest games, win rates, and
where the player stood in each season.

Win rates count every finished game the account held a seat in here, rated or not (a co-op win is
a win for every seat) — not the offline games a player chose to put on the profile, which the
games list shows, marked; the games list says which were rated and what they did to the rating.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session, aliased

from furuba.server.models import AccountRow, GameRow, RatingEventRow, RatingRow, SeatRow, TableRow
from furuba.server.ratings.model import DISPLAY_Z, Skill, seat_ranks
from furuba.server.ratings.seasons import is_season_pool, parse_season
from furuba.server.ratings.values import (
    POOL_ALL,
    HistoryPoint,
    PlayedGame,
    Profile,
    SeasonStanding,
    Standing,
    WinRate,
    pool_order,
    win_share,
)

RECENT_GAMES = 20
"""How many of a player's latest games a profile lists."""
STATS_GAMES = 2000
"""A profile's win rates count at most this many of the player's latest games."""
HISTORY_POINTS = 500
"""A profile's rating history keeps at most this many latest points per game."""
PROFILE_SEASONS = 100
"""A profile lists at most this many of the player's latest season standings."""
SEASON_LIKE = "____-q_"
"""``LIKE`` pattern the seasons' pools match (each is checked by its parser after)."""


def rank_order(row: Any) -> Any:
    """What a leaderboard sorts by, best last: the displayed rating before it is scaled (then
    more games, then the name, as :meth:`.store.RatingStore.leaderboard` breaks ties)."""
    return row.mu - DISPLAY_Z * row.sigma


def read_profile(s: Session, name_key: str, now: float) -> Profile | None:
    """The profile of the account whose name compares as ``name_key`` (``None``: none), its
    seasons told apart at ``now``."""
    account = s.scalars(select(AccountRow).where(AccountRow.name_key == name_key)).first()
    if account is None:
        return None
    by_game, by_seat = win_rates(s, account.id)
    return Profile(name=account.name, created_at=account.created_at,
                   ratings=standings(s, account.id), history=history(s, account.id),
                   games=recent_games(s, account.id), by_game=by_game, by_seat=by_seat,
                   seasons=season_standings(s, account.id, now))


def standings(s: Session, account_id: int) -> list[Standing]:
    """The account's ratings, by game, pool ``all`` first (not the seasons': see
    :func:`season_standings`)."""
    rows = s.scalars(select(RatingRow).where(RatingRow.account_id == account_id))
    return sorted((Standing.of(row) for row in rows if not is_season_pool(row.pool)),
                  key=lambda x: (x.game, pool_order(x.pool)))


def season_standings(s: Session, account_id: int, now: float) -> list[SeasonStanding]:
    """Where the account stands in each season it played (its latest :data:`PROFILE_SEASONS`),
    the latest season first, then by game: its place on the season's leaderboard, counted
    as the leaderboard ranks (players ahead of it, plus one), of how many; final once the
    season is over at ``now``."""
    rows = [row for row in s.scalars(
        select(RatingRow).where(RatingRow.account_id == account_id,
                                RatingRow.pool.like(SEASON_LIKE))
        .order_by(RatingRow.pool.desc(), RatingRow.game).limit(PROFILE_SEASONS))
        if is_season_pool(row.pool)]
    if not rows:
        return []
    pools, names = {row.pool for row in rows}, {row.game for row in rows}
    mine, other = aliased(RatingRow), aliased(RatingRow)
    me, them = aliased(AccountRow), aliased(AccountRow)
    ahead = or_(rank_order(other) > rank_order(mine),
                and_(rank_order(other) == rank_order(mine),
                     or_(other.games > mine.games,
                         and_(other.games == mine.games, them.name_key < me.name_key))))
    better = dict(((game, pool), int(n)) for game, pool, n in s.execute(
        select(mine.game, mine.pool, func.count())
        .join(me, me.id == mine.account_id)
        .join(other, and_(other.game == mine.game, other.pool == mine.pool))
        .join(them, them.id == other.account_id)
        .where(mine.account_id == account_id, mine.pool.in_(pools), ahead)
        .group_by(mine.game, mine.pool)))
    totals = dict(((game, pool), int(n)) for game, pool, n in s.execute(
        select(RatingRow.game, RatingRow.pool, func.count())
        .where(RatingRow.pool.in_(pools), RatingRow.game.in_(names))
        .group_by(RatingRow.game, RatingRow.pool)))
    out: list[SeasonStanding] = []
    for row in rows:
        season = parse_season(row.pool)
        assert season is not None
        standing = Standing.of(row)
        out.append(SeasonStanding(
            game=row.game, season=row.pool, rank=better.get((row.game, row.pool), 0) + 1,
            ranked=totals.get((row.game, row.pool), 1), rating=standing.rating,
            games=standing.games, wins=standing.wins, win_rate=standing.win_rate,
            provisional=standing.provisional, final=season.over(now)))
    return out


def history(s: Session, account_id: int) -> dict[str, list[HistoryPoint]]:
    """The displayed rating after each rated game, by game (pool ``all``), oldest first."""
    events = s.scalars(select(RatingEventRow).where(RatingEventRow.account_id == account_id,
                                                    RatingEventRow.pool == POOL_ALL)
                       .order_by(RatingEventRow.at, RatingEventRow.id))
    out: dict[str, list[HistoryPoint]] = defaultdict(list)
    for e in events:
        out[e.game].append(HistoryPoint(e.table_id, e.at, Skill(e.mu, e.sigma).displayed))
    return {game: points[-HISTORY_POINTS:] for game, points in sorted(out.items())}


def _finished(account_id: int, limit: int, offline: bool = True) -> Any:
    """The account's seats at finished tables, the latest first: seat, table, game, rated,
    whether played offline, when and result (not the record, which can be long); ``offline``:
    with the offline games put on the profile."""
    found = (select(SeatRow.seat, SeatRow.table_id, TableRow.game, TableRow.rated,
                    TableRow.offline_id, GameRow.finished_at, GameRow.result)
             .join(GameRow, GameRow.table_id == SeatRow.table_id)
             .join(TableRow, TableRow.id == SeatRow.table_id)
             .where(SeatRow.account_id == account_id))
    if not offline:
        found = found.where(TableRow.offline_id.is_(None))
    return (found.order_by(GameRow.finished_at.desc(), SeatRow.table_id, SeatRow.seat).limit(limit))


def recent_games(s: Session, account_id: int) -> list[PlayedGame]:
    """The account's latest finished games, the latest first."""
    found = s.execute(_finished(account_id, RECENT_GAMES)).all()
    changes = rating_changes(s, account_id, {f.table_id for f in found})
    out: list[PlayedGame] = []
    for f in found:
        returns = [float(r) for r in f.result.get("returns", [])]
        if not 0 <= f.seat < len(returns):
            continue
        cooperative = bool(f.result.get("cooperative", False))
        ranks = seat_ranks(returns, [float(x) for x in f.result.get("scores") or []], cooperative)
        out.append(PlayedGame(table_id=f.table_id, game=f.game, at=f.finished_at, seat=f.seat,
                              players=len(returns), rank=ranks[f.seat],
                              share=win_share(returns[f.seat]), cooperative=cooperative,
                              rated=f.rated, rating_change=changes.get((f.table_id, f.seat)),
                              offline=f.offline_id is not None,
                              timeout=f.result.get("timeout") is not None))
    return out


def rating_changes(s: Session, account_id: int, table_ids: set[str]) -> dict[tuple[str, int], int]:
    """(table, seat) → what the game did to the displayed rating in pool ``all``."""
    events = s.scalars(select(RatingEventRow).where(
        RatingEventRow.account_id == account_id, RatingEventRow.pool == POOL_ALL,
        RatingEventRow.table_id.in_(table_ids)))
    return {(e.table_id, e.seat): Skill(e.mu, e.sigma).displayed
            - Skill(e.mu_before, e.sigma_before).displayed for e in events}


def win_rates(s: Session, account_id: int) -> tuple[list[WinRate], list[WinRate]]:
    """Win shares by game, and by seat of each game, over the account's latest games played
    here (an offline game put on the profile was chosen to be shown: it does not count)."""
    shares: dict[tuple[str, int | None], list[float]] = defaultdict(list)
    for f in s.execute(_finished(account_id, STATS_GAMES, offline=False)):
        returns = f.result.get("returns", [])
        if 0 <= f.seat < len(returns):
            shares[(f.game, None)].append(win_share(returns[f.seat]))
            shares[(f.game, f.seat)].append(win_share(returns[f.seat]))
    rates = [WinRate(game, seat, len(won), sum(won), sum(won) / len(won))
             for (game, seat), won in sorted(shares.items(), key=lambda kv: (
                 kv[0][0], -1 if kv[0][1] is None else kv[0][1]))]
    return [r for r in rates if r.seat is None], [r for r in rates if r.seat is not None]
