"""A player's profile: ratings per game and pool, rating history, latest games, win rates.

Win rates count every finished game the account held a seat in here, rated or not (a co-op win is
a win for every seat) — not the offline games a player chose to put on the profile, which the
games list shows, marked; the games list says which were rated and what they did to the rating.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from furuba.server.models import AccountRow, GameRow, RatingEventRow, RatingRow, SeatRow, TableRow
from furuba.server.ratings.model import Skill, seat_ranks
from furuba.server.ratings.values import (
    POOL_ALL,
    HistoryPoint,
    PlayedGame,
    Profile,
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


def read_profile(s: Session, name_key: str) -> Profile | None:
    """The profile of the account whose name compares as ``name_key`` (``None``: none)."""
    account = s.scalars(select(AccountRow).where(AccountRow.name_key == name_key)).first()
    if account is None:
        return None
    by_game, by_seat = win_rates(s, account.id)
    return Profile(name=account.name, created_at=account.created_at,
                   ratings=standings(s, account.id), history=history(s, account.id),
                   games=recent_games(s, account.id), by_game=by_game, by_seat=by_seat)


def standings(s: Session, account_id: int) -> list[Standing]:
    """The account's ratings, by game, pool ``all`` first."""
    rows = s.scalars(select(RatingRow).where(RatingRow.account_id == account_id))
    return sorted((Standing.of(row) for row in rows), key=lambda x: (x.game, pool_order(x.pool)))


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
