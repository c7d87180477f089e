"""``/api/tournaments…``: make a tournament (a Swiss, an arena or a duplicate), list them, follow
one, enter, withdraw, start.

* ``GET /api/tournaments``: those taking entries (the soonest first), those under way and the
  latest over;
* ``POST /api/tournaments`` (signed in): a new one — its kind, a game and its options, the players
  a table, the rounds (an arena: its minutes), rated or not, the minutes until it starts;
* ``GET /api/tournaments/{id}``: the tournament, its standings and each round's tables (an
  arena's latest waves), the asker's table under way, a duplicate's seeds of the rounds over;
* ``POST /api/tournaments/{id}/join``, ``…/withdraw`` (signed in), ``…/start`` (its creator).

Refusals are sentences: ``400`` a request the game refuses, ``401`` not signed in, ``403`` not the
creator, ``404`` no such tournament, ``409`` not now (full, begun, over), ``429`` too many of
one's own tournaments not over.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from sqlalchemy import select
from sqlalchemy.orm import Session

from furuba import games
from furuba.core.errors import OptionsError
from furuba.server.accounts.names import name_key
from furuba.server.accounts.signed import account_of, required_account
from furuba.server.messages import JSONDict
from furuba.server.models import AccountRow
from furuba.server.routing import hub_of
from furuba.server.tournaments import kinds
from furuba.server.tournaments.duplicate import seed_of
from furuba.server.tournaments.store import (
    FINISHED,
    OPEN,
    RUNNING,
    Board,
    Entrant,
    Tournament,
    TournamentError,
    TournamentStore,
    board,
    finished_round,
    finishes,
    played_at,
)
from furuba.tables.names import printable
from furuba.text import N_, _

MOST_OPEN = 3
"""Tournaments one account may have that are not over."""
MOST_PLAYERS = 256
"""Entrants a tournament may have."""
LISTED = 50
"""Tournaments listed of each kind."""
NO_TOURNAMENT = N_("there is no such tournament")
BOARD_SECONDS = 2.0
"""How long a process reuses a tournament's board (its standings and tables)."""
KEPT_BOARDS = 64
"""Tournaments whose board a process keeps."""
PROFILE_TOURNAMENTS = 20
"""The tournaments a player's page lists."""
ARENA_ROUNDS_SHOWN = 10
"""The latest waves of an arena's tables its page shows (a Swiss or a duplicate: every round)."""
KEPT_TABLES = 4096
"""Tables whose tournament round (or lack of one) a process remembers for :func:`guard_record`."""


class CreateTournament(BaseModel):
    """``POST /api/tournaments``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Annotated[StrictStr, Field(min_length=1, max_length=64, description=N_(
        "the tournament's name: 1 to 64 characters"))]
    game: Annotated[StrictStr, Field(min_length=1, max_length=40, description=N_(
        "a game's name (GET /api/games lists them)"))]
    players: Annotated[StrictInt | None, Field(ge=2, le=16, description=N_(
        "players at each table (the game's usual number when not said)"))] = None
    kind: Annotated[Literal["swiss", "arena", "duplicate"], Field(description=N_(
        '"swiss", "arena" or "duplicate"'))] = "swiss"
    rounds: Annotated[StrictInt, Field(ge=1, le=12, description=N_(
        "rounds: a whole number from 1 to 12"))] = 3
    minutes: Annotated[StrictInt, Field(ge=1, le=360, description=N_(
        "an arena's length in minutes: a whole number from 1 to 360"))] = 30
    options: Annotated[JSONDict, Field(description=N_("the game's options for every table"))] = {}
    rated: Annotated[StrictBool, Field(description=N_("true or false"))] = False
    starts_in: Annotated[StrictInt, Field(ge=0, le=10_080, description=N_(
        "minutes until it starts: a whole number from 0 to 10080 (a week)"))] = 10
    move_hours: Annotated[StrictInt | None, Field(ge=1, le=720, description=N_(
        "played by correspondence: hours for each move, 1 to 720 (a late move loses the "
        "game); none: live"))] = None


def find_account_id(s: Session, key: str) -> int | None:
    """The id of the account whose name compares as ``key``."""
    found: int | None = s.scalar(select(AccountRow.id).where(AccountRow.name_key == key))
    return found


def refused(exc: TournamentError) -> HTTPException:
    return HTTPException(exc.status, _(exc.message))


def tournament_json(t: Tournament, now: float) -> dict[str, Any]:
    spec = games.spec(t.game)
    return {"id": t.id, "name": t.name, "game": t.game, "title": spec.said_title,
            "options": t.options, "players": t.table_size, "kind": t.kind, "rounds": t.rounds,
            "round": t.round, "rated": t.rated, "pace": t.pace, "move_hours": t.move_hours,
            "minutes": t.minutes, "ends_at": t.ends_at, "slot": t.slot,
            "ends_in": None if t.ends_at is None else max(0.0, round(t.ends_at - now, 1)),
            "status": t.status, "starts_at": t.starts_at,
            "starts_in": max(0.0, round(t.starts_at - now, 1)), "finished_at": t.finished_at,
            "url": f"/tournaments#{t.id}"}


async def found(request: Request, tournament_id: str) -> Tournament:
    if len(tournament_id) > 32:
        raise HTTPException(404, _(NO_TOURNAMENT))
    t = await hub_of(request).db.run(TournamentStore.get, tournament_id)
    if t is None or t.game not in games.names():
        raise HTTPException(404, _(NO_TOURNAMENT))
    return t


async def board_of(request: Request, t: Tournament, fresh: bool = False) -> Board:
    """The tournament's board, read again after :data:`BOARD_SECONDS`, as soon as its round or
    state moves on, or now (``fresh``): every viewer's page asks every 3 seconds, and the board of
    a tournament at its limits costs about 55 ms of the database's thread."""
    state = request.app.state
    kept: dict[str, tuple[float, tuple[str, int], Board]] | None = getattr(
        state, "tournament_boards", None)
    if kept is None:
        kept = state.tournament_boards = {}
    now = time.monotonic()
    found = kept.get(t.id)
    if (found is not None and not fresh and now - found[0] < BOARD_SECONDS
            and found[1] == (t.status, t.round)):
        return found[2]
    shown = ARENA_ROUNDS_SHOWN if t.kind == kinds.ARENA else t.round
    read = await hub_of(request).db.run(board, t, shown)
    if len(kept) >= KEPT_BOARDS:
        kept.clear()
    kept[t.id] = (now, (t.status, t.round), read)
    return read


async def details(request: Request, t: Tournament, account_id: int | None,
                  fresh: bool = False) -> dict[str, Any]:
    """A tournament with its standings, its rounds' tables and the asker's place in it."""
    found = await board_of(request, t, fresh)
    entrants, outcomes, tables, lines = found.entrants, found.outcomes, found.tables, found.lines
    names = {e.account_id: e.name for e in entrants}
    points = {(o.round, o.account_id): o for o in outcomes}
    rounds: list[dict[str, Any]] = []
    for r in sorted({x.round for x in tables}):
        listed = [x for x in tables if x.round == r]
        over = all(x.counted for x in listed)
        rounds.append({
            "round": r,
            "over": over,
            "seed": seed_of(t.secret, r) if t.secret is not None and over else None,
            "tables": [{"number": x.number, "table_id": x.table_id,
                        "url": None if x.table_id is None else f"/t/{x.table_id}",
                        "over": x.counted,
                        "players": [{"name": names.get(a, "") if a > 0 else None,
                                     "bot": a <= 0, "seat": seat,
                                     "points": points[(r, a)].points if (r, a) in points
                                     else None}
                                    for seat, a in enumerate(x.accounts)]} for x in listed],
            "byes": [names.get(o.account_id, "") for o in outcomes if o.round == r and o.bye]})
    mine: Entrant | None = next((e for e in entrants if e.account_id == account_id), None)
    playing = next((x for x in reversed(tables) if not x.counted and x.table_id is not None
                    and account_id is not None and account_id in x.accounts), None)
    now = time.time()
    return {**tournament_json(t, now),
            "creator": names.get(t.creator_account or -1),
            "mine": t.creator_account is not None and t.creator_account == account_id,
            "entered": mine is not None and not mine.withdrawn,
            "entrants": sum(not e.withdrawn for e in entrants),
            "my_table": None if playing is None else {
                "table_id": playing.table_id, "url": f"/t/{playing.table_id}",
                "round": playing.round,
                "seat": playing.accounts.index(account_id) if account_id is not None else None},
            "earlier_rounds": max(0, t.round - len(rounds)),
            "standings": [{"place": i + 1, "name": names.get(x.account_id, ""),
                           "points": x.points, "buchholz": x.buchholz, "wins": x.wins,
                           "byes": x.byes, "rounds": x.rounds, "rating": x.rating,
                           "withdrawn": x.withdrawn, "you": x.account_id == account_id}
                          for i, x in enumerate(lines)],
            "tables_by_round": rounds}


def add_tournaments(router: APIRouter) -> None:
    """The tournaments' routes."""

    @router.get("/api/tournaments")
    async def listed(request: Request) -> JSONResponse:
        """Tournaments taking entries, under way, and the latest over."""
        db = hub_of(request).db
        now = time.time()
        names = games.names()
        out = {}
        for key, statuses in (("open", (OPEN,)), ("running", (RUNNING,)),
                              ("finished", (FINISHED,))):
            found_ = await db.run(TournamentStore.listed, statuses, LISTED)
            out[key] = [tournament_json(t, now) for t in found_ if t.game in names]
        return JSONResponse(out, headers={"Cache-Control": "no-store"})

    @router.post("/api/tournaments", status_code=201)
    async def create(body: CreateTournament, request: Request) -> dict[str, Any]:
        """A new tournament, taking entries until it starts."""
        account = await required_account(request)
        name = " ".join(printable(body.name).split())
        if not name:
            raise HTTPException(400, _("a tournament needs a name"))
        try:
            spec = games.spec(body.game)
        except OptionsError:
            raise HTTPException(404, _("there is no game called {game!r}").format(
                game=body.game[:40])) from None
        size = body.players if body.players is not None else spec.players.default
        low, high = spec.players.low, spec.players.online_high
        if not low <= size <= high:
            raise HTTPException(400, _("{title} is for {low} to {high} players, not {count}")
                                .format(title=spec.said_title, low=low, high=high, count=size))
        if "players" in body.options or "seed" in body.options:
            raise HTTPException(400, _("give the players at a table as 'players', not as an "
                                       "option; each table's deal is its own"))
        if body.kind == kinds.ARENA and body.move_hours is not None:
            raise HTTPException(400, _("an arena is played live: leave out move_hours"))
        try:
            options = spec.check_options(dict(body.options), online=True)
        except OptionsError as exc:
            raise HTTPException(400, str(exc)) from None
        now = time.time()
        try:
            made = await hub_of(request).db.run(
                TournamentStore.create, name, spec.name, {"players": size, **options}, size,
                body.rounds, body.rated, account.id, now + 60 * body.starts_in, now, MOST_OPEN,
                body.move_hours, body.kind, body.minutes)
        except TournamentError as exc:
            raise refused(exc) from None
        await hub_of(request).db.run(TournamentStore.enter, made, account.id, now, MOST_PLAYERS)
        return {"id": made, "url": f"/tournaments#{made}"}

    @router.get("/api/players/{name}/tournaments")
    async def of_player(name: str, request: Request) -> JSONResponse:
        """The latest tournaments a player finished, with their place."""
        key = name_key(" ".join(name.split()))
        db = hub_of(request).db
        account = None if len(key) > 64 else await db.run(find_account_id, key)
        if account is None:
            shown = name if len(name) <= 40 else name[:40] + "…"
            raise HTTPException(404, _("there is no player called “{shown}”").format(shown=shown))
        now = time.time()
        names = games.names()
        return JSONResponse({"tournaments": [
            {**tournament_json(f.tournament, now), "place": f.place, "of": f.of,
             "points": f.points}
            for f in await db.run(finishes, account, PROFILE_TOURNAMENTS)
            if f.tournament.game in names]}, headers={"Cache-Control": "no-store"})

    @router.get("/api/tournaments/{tournament_id}")
    async def one(tournament_id: str, request: Request) -> JSONResponse:
        """The tournament, its standings and its rounds."""
        t = await found(request, tournament_id)
        account = await account_of(request)
        return JSONResponse(await details(request, t, account.id if account else None),
                            headers={"Cache-Control": "no-store"})

    async def change(request: Request, tournament_id: str, what: str) -> dict[str, Any]:
        account = await required_account(request)
        t = await found(request, tournament_id)
        db = hub_of(request).db
        now = time.time()
        try:
            if what == "join":
                await db.run(TournamentStore.enter, t.id, account.id, now, MOST_PLAYERS)
            elif what == "withdraw":
                await db.run(TournamentStore.withdraw, t.id, account.id, now)
            else:
                await db.run(TournamentStore.start_now, t.id, account.id, now)
        except TournamentError as exc:
            raise refused(exc) from None
        request.app.state.director.wake.set()
        t = await found(request, tournament_id)
        return await details(request, t, account.id, fresh=True)

    @router.post("/api/tournaments/{tournament_id}/join")
    async def join(tournament_id: str, request: Request) -> dict[str, Any]:
        """Enter (again, after withdrawing) while it takes entries."""
        return await change(request, tournament_id, "join")

    @router.post("/api/tournaments/{tournament_id}/withdraw")
    async def withdraw(tournament_id: str, request: Request) -> dict[str, Any]:
        """Be paired no more (a game under way goes on, played by the stand-in bot if you
        leave it)."""
        return await change(request, tournament_id, "withdraw")

    @router.post("/api/tournaments/{tournament_id}/start")
    async def start(tournament_id: str, request: Request) -> dict[str, Any]:
        """Its creator starts it now."""
        return await change(request, tournament_id, "start")


async def guard_record(request: Request, table_id: str) -> None:
    """``403`` when ``table_id`` plays a duplicate tournament's round that is not over and the
    asker has not finished that round's deal at their own table (the record would show the
    deal's cards to someone still playing them); nothing otherwise."""
    if len(table_id) > 32:
        return   # no table has such an id (the replay answers 404)
    state = request.app.state
    kept: OrderedDict[str, str | None] | None = getattr(state, "duplicate_tables", None)
    if kept is None:
        kept = state.duplicate_tables = OrderedDict()
    db = hub_of(request).db
    if table_id in kept and kept[table_id] is None:
        kept.move_to_end(table_id)
        return   # no duplicate's table (a table's tournament never changes)
    found = await db.run(played_at, table_id)
    if found is None or found.tournament.kind != kinds.DUPLICATE:
        kept[table_id] = None
        while len(kept) > KEPT_TABLES:
            kept.popitem(last=False)
        return
    if found.round_over:
        return
    account = await account_of(request)
    if account is not None and await db.run(finished_round, found.tournament.id, found.round,
                                            account.id):
        return
    raise HTTPException(403, _("this game plays a round of the duplicate tournament "
                               "“{name}”: its record opens when every table of the round is "
                               "over").format(name=found.tournament.name))
