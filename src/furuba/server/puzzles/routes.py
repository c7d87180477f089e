"""``/api/puzzles/…``: an account's puzzles, a puzzle to solve, its answer, the daily puzzle.

* ``GET /api/puzzles/mine`` (signed in): the account's puzzles, newest first, each ``new``,
  ``solved`` (its first answer was right) or ``missed``;
* ``GET /api/puzzles/daily?game=NAME``: the puzzle of the day (UTC) of a game, the same for
  everyone, from the puzzles of finished public games;
* ``GET /api/puzzles/{id}``: the position as the seat saw it, its legal actions and the game's
  catalog — never the answer, nor the table (whose replay shows every hand);
* ``POST /api/puzzles/{id}/answer`` ``{"action": id}``: right (the answer, or a move as good as
  it in the review's worlds) or wrong, then the answer, the moves as good, the move played, the
  margin, why, and the replay of that step; a signed-in account's first answer counts.

Refusals are sentences: ``404`` for a puzzle or a game that does not exist, ``400`` for an
answer that is not one of the position's legal actions or a body that does not fit, ``401`` for
``mine`` without signing in.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from furuba import games, i18n
from furuba.core.errors import FurubaError, OptionsError
from furuba.core.protocol import State
from furuba.server import messages as m
from furuba.server.accounts.signed import account_of, required_account
from furuba.server.puzzles.making import said
from furuba.server.puzzles.position import Positions, StoredGame, before, seat_entry, stored_game
from furuba.server.puzzles.store import Puzzle, PuzzleStore
from furuba.server.routing import hub_of
from furuba.spec import GameSpec
from furuba.tables.kit import WebKit
from furuba.text import N_, _, listing

PAGE = 50
"""An account's list: puzzles per page by default."""
MAX_PAGE = 100
MAX_OFFSET = 1_000_000
NO_PUZZLE = N_("there is no such puzzle")
MAX_ACTION = 2**31
"""Action ids are below this (no game has that many)."""


class AnswerBody(BaseModel):
    """``POST /api/puzzles/{id}/answer``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    action: Annotated[StrictInt, Field(ge=0, lt=MAX_ACTION, description=N_(
        "the id of one of the puzzle's legal actions (a whole number from 0)"))]


def add_puzzles(router: APIRouter) -> None:
    """The puzzles' routes (``mine`` and ``daily`` before ``{puzzle_id}``)."""

    @router.get("/api/puzzles/mine")
    async def mine(request: Request,
                   limit: int = Query(PAGE, ge=1, le=MAX_PAGE, description=N_(
                       "a whole number from 1 to 100")),
                   offset: int = Query(0, ge=0, le=MAX_OFFSET, description=N_(
                       "a whole number from 0 to 1000000"))) -> JSONResponse:
        """The signed-in account's puzzles, newest first, with how it did at each."""
        account = await required_account(request)
        total, listed = await hub_of(request).db.run(PuzzleStore.mine, account.id, limit,
                                                     offset)
        return JSONResponse({"total": total, "offset": offset, "limit": limit,
                             "puzzles": [p.to_json() for p in listed]},
                            headers={"Cache-Control": "no-store"})

    @router.get("/api/puzzles/daily")
    async def daily(request: Request, game: str | None = Query(None, max_length=64,
                    description=N_("a game's name (GET /api/games lists them)"))
                    ) -> dict[str, Any]:
        """The puzzle of the day (UTC) of ``game``."""
        if game is None:
            raise HTTPException(400, _("say which game: ?game=NAME (GET /api/games lists "
                                       "them)"))
        spec = game_spec(game)
        now = time.time()
        day = datetime.fromtimestamp(now, UTC).date().isoformat()
        found = await hub_of(request).db.run(PuzzleStore.daily, day, spec.name, now)
        puzzle = None if found is None else await hub_of(request).db.run(PuzzleStore.get, found)
        if puzzle is None:
            raise HTTPException(404, _("there is no puzzle of {game} today: puzzles come from "
                                       "the reviews of finished public games").format(
                game=spec.said_title))
        return {**await puzzle_json(request, puzzle), "daily": day}

    @router.get("/api/puzzles/{puzzle_id}")
    async def puzzle(puzzle_id: str, request: Request) -> dict[str, Any]:
        """The puzzle to solve: the seat's view, its legal actions; not the answer."""
        return await puzzle_json(request, await found_puzzle(request, puzzle_id))

    @router.post("/api/puzzles/{puzzle_id}/answer")
    async def answer(puzzle_id: str, body: AnswerBody, request: Request) -> dict[str, Any]:
        """Whether ``body.action`` is the answer, then the answer explained."""
        found = await found_puzzle(request, puzzle_id)
        state, _game = await position(request, found)
        moves = await asyncio.to_thread(legal_moves, state)
        if body.action not in moves:
            raise HTTPException(400, _("{action} is not one of this puzzle's moves: answer with "
                                       "the id of one of its legal actions").format(
                action=body.action))
        right = body.action in found.accepted
        account = await account_of(request)
        attempt = None
        if account is not None:
            attempt = await hub_of(request).db.run(PuzzleStore.attempt, found.id, account.id,
                                                   body.action, right, time.time())
        return {"right": right, "action": moves[body.action],
                "answer": moves.get(found.answer) or named(state, found.answer),
                "as_good": [moves[a] for a in found.accepted if a != found.answer and a in moves],
                "played": moves.get(found.played) or named(state, found.played),
                "judgement": found.judgement, "margin": round(found.margin, 4),
                "margin_error": None if found.margin_error is None
                else round(found.margin_error, 4),
                "why": said(found.why, i18n.current()), "step": found.step, "seat": found.seat,
                "replay": f"/replay/{found.table_id}#step={found.step}",
                "attempt": None if attempt is None else {"solved": attempt.solved,
                                                         "tries": attempt.tries}}


def game_spec(name: str) -> GameSpec:
    """The spec of the game ``name``, else ``404`` naming the games there are."""
    try:
        return games.spec(name)
    except OptionsError:
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise HTTPException(404, _("there is no game called “{shown}”; the games are: "
                                   "{games}").format(shown=shown,
                                                     games=listing(games.names()))) from None


async def found_puzzle(request: Request, puzzle_id: str) -> Puzzle:
    """The puzzle ``puzzle_id``, else ``404``."""
    found = await hub_of(request).db.run(PuzzleStore.get, puzzle_id)
    if found is None:
        raise HTTPException(404, _(NO_PUZZLE))
    return found


def positions_of(request: Request) -> Positions:
    """The app's :class:`Positions` (made on first use)."""
    state = request.app.state
    found: Positions | None = getattr(state, "puzzle_positions", None)
    if found is None:
        found = state.puzzle_positions = Positions()
    return found


async def position(request: Request, puzzle: Puzzle) -> tuple[State, StoredGame]:
    """The puzzle's position (replayed on a thread unless kept) and its game."""
    game = await hub_of(request).db.run(stored_game, puzzle.table_id)
    if game is None:
        raise HTTPException(404, _(NO_PUZZLE))
    kept = positions_of(request)
    state = kept.get(puzzle.table_id, puzzle.step)
    if state is None:
        try:
            state = await asyncio.to_thread(before, game.record, puzzle.step)
        except (ValueError, FurubaError):
            raise HTTPException(409, _("this puzzle's game can no longer be replayed")) from None
        kept.keep(puzzle.table_id, puzzle.step, state)
    return state, game


async def puzzle_json(request: Request, puzzle: Puzzle) -> dict[str, Any]:
    """What a solver sees of ``puzzle``."""
    state, game = await position(request, puzzle)
    entry = await asyncio.to_thread(seat_entry, state, puzzle.seat)
    account = await account_of(request)
    attempt = None if account is None else await hub_of(request).db.run(
        PuzzleStore.attempt_of, puzzle.id, account.id)
    try:
        spec: GameSpec | None = games.spec(puzzle.game)
    except OptionsError:
        spec = None
    return {"id": puzzle.id, "game": puzzle.game,
            "title": spec.said_title if spec else puzzle.game,
            "frontend": (spec.kit_or(WebKit()) if spec else WebKit()).frontend,
            "options": dict(game.record.get("options") or {}),
            "players": len(game.seats), "seats": game.seats, "seat": puzzle.seat,
            "judgement": puzzle.judgement, "created_at": puzzle.created_at,
            "mine": account is not None and account.id == puzzle.account_id,
            "attempt": None if attempt is None else {"solved": attempt.solved,
                                                     "tries": attempt.tries},
            **entry}


def legal_moves(state: State) -> dict[int, dict[str, Any]]:
    """The position's legal actions as data, by id."""
    return {info["id"]: m.LegalAction.of(info).model_dump()
            for info in state.legal_action_infos()}


def named(state: State, action: int) -> dict[str, Any]:
    """An action as data, legal or not (a record's move is always legal in its position)."""
    return m.LegalAction.of(state.action_info(action)).model_dump()
