"""HTTP routes: pages, the games, table creation and seats, table descriptions and replays."""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, HTTPException, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse

from furuba.core.errors import FurubaError
from furuba.server import bodies as b
from furuba.server import replays
from furuba.server.bots import available_bots
from furuba.server.errors import RoomError
from furuba.server.messages import TableOut
from furuba.server.tables import games_catalog
from furuba.server.ws import table_socket

if TYPE_CHECKING:
    from furuba.server.hub import Hub

STATUS = {"no_table": 404, "not_over": 409, "taken": 409, "bad_seat": 400, "bad_name": 400}
PAGES = ("index", "table", "replay")


def static_dir() -> str:
    return str(resources.files("furuba.server") / "web")


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def refuse(exc: RoomError) -> HTTPException:
    return HTTPException(STATUS.get(exc.code, 400), exc.message)


def build_router() -> APIRouter:
    """Every route of the app."""
    router = APIRouter()
    add_pages(router)
    add_tables(router)
    add_replays(router)

    @router.websocket("/ws/tables/{table_id}")
    async def socket(ws: WebSocket, table_id: str) -> None:
        await table_socket(ws, table_id, hub_of(ws))

    return router


def add_pages(router: APIRouter) -> None:
    """The three pages (the front end draws the rest) and the health check."""
    page = {name: f"{static_dir()}/{name}.html" for name in PAGES}

    @router.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(page["index"])

    @router.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(page["table"])

    @router.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(page["replay"])

    @router.get("/api/health")
    async def health(request: Request) -> dict[str, Any]:
        return {"ok": True, "tables": len(hub_of(request).rooms)}


def add_tables(router: APIRouter) -> None:
    """The games, and tables: create, describe, claim a seat, the game's catalog."""

    @router.get("/api/games")
    async def list_games(request: Request) -> dict[str, Any]:
        config = hub_of(request).config
        return games_catalog(available_bots(), {
            "turn_seconds": config.default_turn_seconds,
            "grace_seconds": config.default_grace_seconds, "chat": True, "hints": True})

    @router.post("/api/tables", status_code=201)
    async def create_table(body: b.CreateTable, request: Request) -> b.Created:
        try:
            room = await hub_of(request).create(body)
        except FurubaError as exc:
            raise HTTPException(400, str(exc)) from None
        url = f"/t/{room.id}"
        return b.Created(id=room.id, url=url, invite_url=str(request.base_url).rstrip("/") + url,
                         table=room.table_out())

    @router.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> TableOut:
        hub = hub_of(request)
        room = await hub.get(table_id)
        if room is None:
            raise HTTPException(404, "there is no such table")
        out = room.table_out()
        hub.forget_if_idle(room)
        return out

    @router.get("/api/tables/{table_id}/catalog")
    async def catalog(table_id: str, request: Request) -> dict[str, Any]:
        """The game's static components (card names, texts, symbols): public, fetched once."""
        hub = hub_of(request)
        room = await hub.get(table_id)
        if room is None:
            raise HTTPException(404, "there is no such table")
        hub.forget_if_idle(room)
        out: dict[str, Any] = room.state.catalog()
        return out

    @router.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: b.JoinSeat, request: Request) -> b.Joined:
        try:
            room, token = await hub_of(request).join(table_id, body.seat, body.name)
        except RoomError as exc:
            raise refuse(exc) from None
        return b.Joined(seat=body.seat, token=token, table=room.table_out())


def add_replays(router: APIRouter) -> None:
    """A finished game's record and its steps, and the position after any step."""

    @router.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, request: Request) -> b.ReplaySummary:
        try:
            room, states = await hub_of(request).replay_states(table_id)
        except RoomError as exc:
            raise refuse(exc) from None
        return replays.summary(room, states)

    @router.get("/api/tables/{table_id}/replay/{step}")
    async def replay_step(table_id: str, step: int, request: Request) -> b.ReplayStep:
        try:
            room, states = await hub_of(request).replay_states(table_id)
        except RoomError as exc:
            raise refuse(exc) from None
        total = len(states) - 1
        if not 0 <= step <= total:
            raise HTTPException(404, f"steps go from 0 to {total}")
        # Once the game is over its whole record is public: every seat's view at every step.
        return replays.step(room, states, step)


async def options_error(_request: Request, exc: Exception) -> JSONResponse:
    return JSONResponse({"detail": str(exc)}, status_code=400)
