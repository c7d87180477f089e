"""HTTP routes: pages, table creation and seats, table descriptions and replays."""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, HTTPException, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse

from furuba.core.errors import FurubaError
from furuba.server import messages as m
from furuba.server.bots import available_bots
from furuba.server.rooms import RoomError
from furuba.server.tables import games_catalog
from furuba.server.ws import table_socket

if TYPE_CHECKING:
    from furuba.server.hub import Hub

STATUS = {"no_table": 404, "not_over": 409, "taken": 409, "bad_seat": 400, "bad_name": 400}


def static_dir() -> str:
    return str(resources.files("furuba.server") / "web")


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def refuse(exc: RoomError) -> HTTPException:
    return HTTPException(STATUS.get(exc.code, 400), exc.message)


def build_router() -> APIRouter:
    router = APIRouter()
    page = {name: f"{static_dir()}/{name}.html" for name in ("index", "table", "replay")}

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

    @router.get("/api/games")
    async def list_games(request: Request) -> dict[str, Any]:
        config = hub_of(request).config
        return games_catalog(available_bots(), {
            "turn_seconds": config.default_turn_seconds, "grace_seconds": config.default_grace_seconds,
            "chat": True, "hints": True})

    @router.post("/api/tables", status_code=201)
    async def create_table(body: m.CreateTable, request: Request) -> m.Created:
        try:
            room = await hub_of(request).create(body)
        except FurubaError as exc:
            raise HTTPException(400, str(exc)) from None
        url = f"/t/{room.id}"
        return m.Created(id=room.id, url=url, invite_url=str(request.base_url).rstrip("/") + url,
                         table=room.table_out())

    @router.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> m.TableOut:
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
    async def join(table_id: str, body: m.JoinSeat, request: Request) -> m.Joined:
        try:
            room, token = await hub_of(request).join(table_id, body.seat, body.name)
        except RoomError as exc:
            raise refuse(exc) from None
        return m.Joined(seat=body.seat, token=token, table=room.table_out())

    @router.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, request: Request) -> m.ReplaySummary:
        try:
            room, states = await hub_of(request).replay_states(table_id)
        except RoomError as exc:
            raise refuse(exc) from None
        steps = [m.ReplayStepName(n=i + 1, player=states[i].current_player,
                                  action=states[i].action_to_string(a))
                 for i, a in enumerate(room.record.actions)]
        record = {**room.record.to_json()}
        return m.ReplaySummary(table=room.table_out(), record=record, steps=steps,
                               answers=[m.ReplayAnswer(after=a, seat=s, text=t)
                                        for a, s, t, _ in room.answers])

    @router.get("/api/tables/{table_id}/replay/{step}")
    async def replay_step(table_id: str, step: int, request: Request) -> m.ReplayStep:
        try:
            room, states = await hub_of(request).replay_states(table_id)
        except RoomError as exc:
            raise refuse(exc) from None
        total = len(states) - 1
        if not 0 <= step <= total:
            raise HTTPException(404, f"steps go from 0 to {total}")
        state = states[step]
        action = None
        if step > 0:
            prev = states[step - 1]
            a = room.record.actions[step - 1]
            action = m.ReplayStepName(n=step, player=prev.current_player, action=prev.action_to_string(a))
        # Once the game is over its whole record is public: every seat's view at every step.
        return m.ReplayStep(step=step, total=total,
                            current_player=None if state.is_terminal() else state.current_player,
                            action=action, public=state.view(None),
                            views=[m.SeatView(seat=p, view=state.view(p)) for p in range(state.num_players)])

    @router.websocket("/ws/tables/{table_id}")
    async def socket(ws: WebSocket, table_id: str) -> None:
        await table_socket(ws, table_id, hub_of(ws))

    return router


async def options_error(_request: Request, exc: Exception) -> JSONResponse:
    return JSONResponse({"detail": str(exc)}, status_code=400)
