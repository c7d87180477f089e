"""``/api/lobby``, ``/api/lobby/play``, ``/api/me/games`` and the event streams
``/api/lobby/events`` and ``/api/me/events`` (Server-Sent Events)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from furuba import games
from furuba.core.errors import FurubaError
from furuba.server.accounts.ends import Signed, signed_in
from furuba.server.accounts.signed import NOT_SIGNED_IN, account_of, required_account
from furuba.server.answers import stream_refusals
from furuba.server.bodies import CreateTable
from furuba.server.connection_caps import HeldStream, take_stream
from furuba.server.errors import RoomError
from furuba.server.lobby import queries
from furuba.server.lobby.feeds import Listener
from furuba.server.messages import JSONDict, TableOut
from furuba.server.moderation.blocks import tables_kept_apart
from furuba.server.protocol.streams import sse_data
from furuba.server.routing import client_address, hub_of, limits_of, make_table, refuse, throttle
from furuba.spec import GameSpec
from furuba.tables.names import clean_name
from furuba.text import N_, _

HEARTBEAT_SECONDS = 15.0
"""A comment line this often keeps an idle event stream open through proxies."""


class PlayNow(BaseModel):
    """``POST /api/lobby/play``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: Annotated[StrictStr, Field(min_length=1, max_length=40,
                                     description=N_("a game's name (GET /api/games lists them)"))]
    options: Annotated[JSONDict, Field(description=N_("options the table must have (and a new "
                                                      "one gets)"))] = {}
    name: Annotated[StrictStr, Field(max_length=200, description=N_("a guest's name"))] = ""
    bots_after: Annotated[StrictInt, Field(ge=0, le=600, description=N_(
        "seconds from 0 to 600 before bots take the seats nobody took"))] = 30
    rated: Annotated[StrictBool, Field(description=N_("true or false"))] = False


class Seated(BaseModel):
    """Where **Play now** seated the player."""

    id: str
    url: str
    seat: int
    token: str
    opened: bool
    """A new table was opened (no open table of the game had a free seat)."""
    table: TableOut


class Lobby(BaseModel):
    """``GET /api/lobby``: the open tables that fit the filters."""

    tables: list[queries.LobbyTable]


class MyGames(BaseModel):
    """``GET /api/me/games``: the signed-in player's tables."""

    tables: list[queries.MyTable]


def option_defaults(spec: GameSpec) -> dict[str, Any]:
    """Each option's default (``players`` included): what a table that leaves one out has."""
    return {"players": spec.players.default, **{o.name: o.default for o in spec.options}}


def filtered(tables: list[queries.LobbyTable], game: str | None,
             wanted: dict[str, str]) -> list[queries.LobbyTable]:
    """The tables of ``game`` whose options have the ``wanted`` values (as text); ``400`` or
    ``404`` with a sentence for a game or an option that does not exist."""
    if game is None:
        if wanted:
            raise HTTPException(400, _("choose a game (game=…) to filter by its options"))
        return tables
    try:
        spec = games.spec(game)
    except FurubaError:
        raise HTTPException(404, _("there is no game called {game!r}").format(
            game=game[:40])) from None
    defaults = option_defaults(spec)
    for name in wanted:
        if name not in defaults:
            raise HTTPException(400, _("{name!r} is not an option of {title}").format(
                name=name[:40], title=spec.said_title))

    def fits(table: queries.LobbyTable) -> bool:
        return all(str(table.options.get(k, defaults[k])).lower() == v.lower()
                   for k, v in wanted.items())

    return [t for t in tables if t.game == spec.name and fits(t)]


def add_lobby(router: APIRouter) -> None:
    """The lobby's routes."""

    @router.get("/api/lobby", response_model=Lobby)
    async def get_lobby(request: Request, game: str | None = None) -> dict[str, Any]:
        wanted = {k: v for k, v in request.query_params.items() if k != "game"}
        tables = await hub_of(request).db.run(queries.lobby)
        return {"tables": [t.model_dump(mode="json") for t in filtered(tables, game, wanted)]}

    @router.get("/api/lobby/events", response_class=HeldStream,
                responses=stream_refusals())
    async def lobby_events(request: Request) -> StreamingResponse:
        return event_stream(request, None, await signed_in(request))

    @router.post("/api/lobby/play")
    async def play_now(body: PlayNow, request: Request) -> Seated:
        return await seat_somewhere(request, body)

    @router.get("/api/me/games", response_model=MyGames)
    async def my_games(request: Request) -> dict[str, Any]:
        account = await required_account(request)
        tables = await hub_of(request).db.run(queries.my_tables, account.id)
        return {"tables": [t.model_dump(mode="json") for t in tables]}

    @router.get("/api/me/events", response_class=HeldStream,
                responses=stream_refusals(401))
    async def my_events(request: Request) -> StreamingResponse:
        signed = await signed_in(request)
        if signed is None:
            raise HTTPException(401, _(NOT_SIGNED_IN))
        return event_stream(request, signed.account_id, signed)


def event_stream(request: Request, account_id: int | None, signed: Signed | None) -> StreamingResponse:
    """Server-Sent Events: the lobby (``account_id`` ``None``) or an account's turns; a stream
    opened as ``signed`` ends when its session does; ``429`` beyond the address's cap on open
    streams (:mod:`furuba.server.connection_caps`)."""
    hub = hub_of(request)
    address = client_address(request)
    slots = take_stream(request, address)

    async def events() -> AsyncIterator[str]:
        async with hub.feeds.listen(account_id) as listener:
            with hub.ends.holding(signed, "stream", lambda _code, _why: listener.end()):
                yield "retry: 2000\n\n"
                async for chunk in _chunks(listener):
                    yield chunk

    return HeldStream(events(), slots, address, media_type="text/event-stream",
                      headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


async def _chunks(listener: Listener) -> AsyncIterator[str]:
    while True:
        try:
            event = await asyncio.wait_for(listener.queue.get(), HEARTBEAT_SECONDS)
        except TimeoutError:
            yield ": still here\n\n"
            continue
        if event is None:
            return
        yield sse_data(event)


async def seat_somewhere(request: Request, body: PlayNow) -> Seated:
    """**Play now**: a free seat at the oldest open table of the game that fits, else a new
    public table whose other seats wait ``bots_after`` seconds for players, then bots."""
    hub = hub_of(request)
    account = await account_of(request)
    if body.rated and account is None:
        raise HTTPException(401, _("sign in to play rated games"))
    if account is None:
        try:
            clean_name(body.name)
        except ValueError as exc:
            raise HTTPException(400, _("a guest plays under a name (field 'name'): {exc}").format(
                exc=exc)) from None
    try:
        spec = games.spec(body.game)
    except FurubaError:
        raise HTTPException(404, _("there is no game called {game!r}").format(
            game=body.game[:40])) from None
    await throttle(request, limits_of(request).joins, client_address(request), N_("seat claims"))
    defaults = option_defaults(spec)
    tables = await hub.db.run(queries.open_tables, spec.name)
    apart = set() if account is None else await hub.db.run(
        tables_kept_apart, account.id, [t.id for t in tables])   # blocks keep players apart
    for table in tables:
        if table.id in apart:
            continue
        if table.rated != body.rated or any(table.options.get(k, defaults.get(k)) != v
                                            for k, v in body.options.items()):
            continue
        if account is not None and any(s.account and s.name == account.name for s in table.seats):
            continue   # already sitting there
        for seat in (s.seat for s in table.seats if s.kind == "human" and not s.claimed):
            try:
                out, token = await hub.join(table.id, seat, body.name, account)
            except RoomError as exc:
                if exc.code == "taken":
                    continue       # someone was faster: the next seat
                if exc.code in ("closed", "no_table", "moved", "busy"):
                    break          # the table went: the next table
                raise refuse(exc) from None
            hub.feeds.nudge()
            return Seated(id=table.id, url=table.url, seat=seat, token=token, opened=False,
                          table=out)
    create = CreateTable(game=spec.name, seats=["human"] * spec.players.default,
                         options=dict(body.options), public=True, rated=body.rated,
                         bots_after=body.bots_after)
    room = await make_table(request, create, account_id=account.id if account else None)
    try:
        out, token = await hub.join(room.id, 0, body.name, account)
    except RoomError as exc:
        raise refuse(exc) from None
    hub.feeds.nudge()
    return Seated(id=room.id, url=f"/t/{room.id}", seat=0, token=token, opened=True, table=out)
