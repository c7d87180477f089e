"""``/api/leaderboard/{game}``, ``/api/leaderboard/{game}/seasons`` and ``/api/players/{name}``:
public reads of the ratings.

A game is named as the registry knows it (an alias works too); a bad request gets one sentence:
``404`` for a game or a player that does not exist or a season that has not begun, ``400`` for a
player count the game is not played by, a page out of range, or a season not written as one.
"""

from __future__ import annotations

import time
from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request

from furuba import games
from furuba.core.errors import OptionsError
from furuba.server.accounts.names import name_key
from furuba.server.ratings.seasons import Season, current_season, parse_season
from furuba.server.ratings.store import RatingStore
from furuba.server.ratings.values import (
    PROVISIONAL_GAMES,
    Leaderboard,
    Profile,
    SeasonStanding,
    Standing,
    pool_of,
    pool_players,
)
from furuba.server.routing import hub_of
from furuba.spec import GameSpec
from furuba.text import N_, _, listing

PAGE_SIZE = 50
"""A leaderboard page's default length."""
MAX_PAGE = 100
"""The longest leaderboard page."""
MAX_OFFSET = 1_000_000
"""The farthest a leaderboard page may start."""
MAX_NAME = 64
"""Longer names are no account's (names have at most 24 characters)."""
MAX_SEASONS = 100
"""The most seasons ``/api/leaderboard/{game}/seasons`` lists (25 years)."""
CURRENT = "current"
"""What ``season`` may say for the season under way."""


def add_ratings(router: APIRouter) -> None:
    """The leaderboard and profile routes."""

    @router.get("/api/leaderboard/{game}")
    async def leaderboard(
            game: str, request: Request,
            players: int | None = Query(None, ge=1, le=64, description=N_(
                "a whole number from 1 to 64")),
            limit: int = Query(PAGE_SIZE, ge=1, le=MAX_PAGE, description=N_(
                "a whole number from 1 to 100")),
            offset: int = Query(0, ge=0, le=MAX_OFFSET, description=N_(
                "a whole number from 0 to 1000000")),
            season: str | None = Query(None, max_length=16, description=N_(
                "a season such as 2026-q4, or current"))) -> dict[str, Any]:
        """One game's players by displayed rating, in pool ``all`` or ``<players>p``, or in a
        season's (``season``: ``2026-q4``, or ``current``)."""
        spec = game_spec(game)
        check_page(limit, offset)
        now = time.time()
        chosen = None if season is None else check_season(season, now)
        if chosen is not None and players is not None:
            raise HTTPException(400, _("a season's leaderboard counts games of every player "
                                       "count: leave out players"))
        pool = chosen.name if chosen is not None else pool_of(check_players(spec, players))
        board = await hub_of(request).db.run(RatingStore.leaderboard, spec.name, pool, limit,
                                             offset)
        return leaderboard_json(board, spec, chosen, now)

    @router.get("/api/leaderboard/{game}/seasons")
    async def seasons(game: str, request: Request) -> dict[str, Any]:
        """The season under way and the earlier seasons with rated players in a game, the
        latest first."""
        spec = game_spec(game)
        now = time.time()
        found = dict(await hub_of(request).db.run(RatingStore.seasons, spec.name, MAX_SEASONS))
        current = current_season(now)
        listed = sorted({current, *(s for s in found if s < current)}, reverse=True)
        return {"game": spec.name, "title": spec.said_title,
                "current": season_json(current, now),
                "seasons": [{**season_json(s, now), "ranked": found.get(s, 0)}
                            for s in listed[:MAX_SEASONS]]}

    @router.get("/api/players/{name}")
    async def player(name: str, request: Request) -> dict[str, Any]:
        """A player's ratings, rating history, latest games and win rates."""
        key = name_key(" ".join(name.split()))
        found = None if len(key) > MAX_NAME else await hub_of(request).db.run(
            RatingStore.profile, key, time.time())
        if found is None:
            shown = name if len(name) <= 40 else name[:40] + "…"
            raise HTTPException(404, _("there is no player called “{shown}”").format(shown=shown))
        return profile_json(found)


def game_spec(name: str) -> GameSpec:
    """The spec of the game ``name``, else ``404`` naming the games there are."""
    try:
        return games.spec(name)
    except OptionsError:
        shown = name if len(name) <= 40 else name[:40] + "…"
        known = listing(games.names())
        raise HTTPException(404, _("there is no game called “{shown}”; the games are: "
                                   "{games}").format(shown=shown, games=known)) from None


def check_players(spec: GameSpec, players: int | None) -> int | None:
    """``players`` if ``spec``'s game is played online by that many, else ``400``."""
    low, high = spec.players.low, spec.players.online_high
    if players is not None and not low <= players <= high:
        raise HTTPException(400, _("{title} is played by {low} to {high} players, not "
                                   "{players}").format(
            title=spec.said_title, low=low, high=high, players=players))
    return players


def check_season(text: str, now: float) -> Season:
    """The season ``text`` names (``current``: the one under way at ``now``); ``400`` for text
    that names no season, ``404`` for a season that has not begun."""
    current = current_season(now)
    if text == CURRENT:
        return current
    season = parse_season(text)
    if season is None:
        shown = text if len(text) <= 16 else text[:16] + "…"
        raise HTTPException(400, _("season must be a season such as {example}, or current, "
                                   "not “{shown}”").format(example=current.name, shown=shown))
    if season > current:
        raise HTTPException(404, _("the season {season} has not begun: the current season is "
                                   "{current}").format(season=season.name, current=current.name))
    return season


def season_json(season: Season, now: float) -> dict[str, Any]:
    """A season as the routes describe it: its name, year and quarter, bounds (Unix seconds),
    its name for people, and whether it is under way or over."""
    return {"season": season.name, "year": season.year, "quarter": season.quarter,
            "start": season.start, "end": season.end, "label": season.label,
            "current": season.holds(now), "over": season.over(now)}


def check_page(limit: int, offset: int) -> None:
    """``400`` for a page length or start out of range."""
    if not 1 <= limit <= MAX_PAGE:
        raise HTTPException(400, _("limit must be from 1 to {max_page}, not {limit}").format(
            max_page=MAX_PAGE, limit=limit))
    if offset < 0:
        raise HTTPException(400, _("offset must be 0 or more, not {offset}").format(
            offset=offset))


def titles() -> dict[str, str]:
    """Each registered game's title, by name (in the request's language)."""
    return {spec.name: spec.said_title for spec in games.specs()}


def standing_json(standing: Standing) -> dict[str, Any]:
    return {**asdict(standing), "players": pool_players(standing.pool)}


def leaderboard_json(board: Leaderboard, spec: GameSpec, season: Season | None = None,
                     now: float = 0.0) -> dict[str, Any]:
    return {"game": spec.name, "title": spec.said_title, "pool": board.pool,
            "players": pool_players(board.pool),
            "season": None if season is None else season_json(season, now),
            "total": board.total, "offset": board.offset,
            "limit": board.limit, "provisional_games": PROVISIONAL_GAMES,
            "entries": [{"place": r.place, "name": r.name, **standing_json(r.standing)}
                        for r in board.entries]}


def profile_json(profile: Profile) -> dict[str, Any]:
    return {"name": profile.name, "created_at": profile.created_at, "titles": titles(),
            "provisional_games": PROVISIONAL_GAMES,
            "ratings": [standing_json(s) for s in profile.ratings],
            "history": {game: [asdict(p) for p in points]
                        for game, points in profile.history.items()},
            "games": [asdict(g) for g in profile.games],
            "win_rates": {"by_game": [{k: v for k, v in asdict(r).items() if k != "seat"}
                                      for r in profile.by_game],
                          "by_seat": [asdict(r) for r in profile.by_seat]},
            "seasons": [season_standing_json(x) for x in profile.seasons]}


def season_standing_json(standing: SeasonStanding) -> dict[str, Any]:
    season = parse_season(standing.season)
    assert season is not None
    return {**asdict(standing), "year": season.year, "quarter": season.quarter,
            "label": season.label}
