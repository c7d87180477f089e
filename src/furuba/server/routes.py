"""HTTP routes: pages, the games, table creation and seats, table descriptions and replays;
health checks (Prometheus's metrics have a port of their own: :mod:`furuba.server.metrics_port`)."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, HTTPException, Request, WebSocket
from fastapi import Path as PathParameter
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from furuba.server import bodies as b
from furuba.server import replays
from furuba.server.accounts.routes import add_accounts
from furuba.server.accounts.signed import account_of
from furuba.server.answers import refusals
from furuba.server.connection_caps import capped_socket
from furuba.server.deals.routes import add_deals
from furuba.server.editors.routes import add_editors
from furuba.server.errors import RoomError
from furuba.server.file_checks import add_file_checks
from furuba.server.friends.routes import add_friends
from furuba.server.lobby.routes import add_lobby
from furuba.server.messages import TableOut
from furuba.server.metrics import Metrics
from furuba.server.moderation.checks import seat_refusal
from furuba.server.moderation.routes import add_moderation
from furuba.server.offline_routes import add_offline
from furuba.server.offline_uploads import add_offline_uploads
from furuba.server.puzzles.routes import add_puzzles
from furuba.server.ratings.routes import add_ratings
from furuba.server.review_routes import add_review
from furuba.server.routing import client_address, hub_of, limits_of, make_table, refuse, throttle
from furuba.server.sealed_records import guard_record
from furuba.server.tournaments.routes import add_tournaments
from furuba.server.tutorials import add_tutorials
from furuba.server.ws import table_socket
from furuba.tables.catalog import games_catalog
from furuba.text import N_, _

if TYPE_CHECKING:
    from furuba.server.hub import Hub

log = logging.getLogger("furuba.server")
MAX_STEP = 1_000_000
"""The highest replay step asked for (no game is that long)."""
PAGES = ("index", "table", "replay", "leaderboard", "player", "account", "puzzles", "deals", "tournaments")


def static_dir() -> str:
    return str(resources.files("furuba.server") / "web")


@functools.cache
def service_worker_text() -> str:
    """``web/sw.js`` with the front end's version (a hash of every file the pages use) and the
    list of its scripts, so that an upgrade replaces what browsers keep."""
    web = Path(static_dir())
    # Pyodide (vendor/) is the offline app's, kept by its own cache (see offline_app.py).
    files = sorted(f for f in web.rglob("*") if f.is_file() and f.name != "sw.js"
                   and f.relative_to(web).parts[0] != "vendor")
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.relative_to(web).as_posix().encode())
        digest.update(f.read_bytes())
    scripts = ", ".join(f"'/static/{f.relative_to(web).as_posix()}'" for f in files
                        if f.suffix in (".js", ".json"))
    text = (web / "sw.js").read_text(encoding="utf-8")
    return text.replace("__VERSION__", digest.hexdigest()[:16]).replace("__ASSETS__", scripts)


def build_router() -> APIRouter:
    """Every route of the app, each group declaring the refusals its routes may answer (besides
    those every route may: :func:`furuba.server.answers.refusals`)."""
    router = APIRouter()
    add_pages(router)

    def group(add: Callable[[APIRouter], None], *statuses: int,
              more: Mapping[int | str, dict[str, Any]] | None = None) -> None:
        routes = APIRouter(responses={**refusals(*statuses), **(more or {})})
        add(routes)
        router.include_router(routes)

    group(add_tables, 401, 404, 409)
    group(add_replays, 404, 409)
    group(add_operations)
    group(add_accounts, 401, 404, 409)
    group(add_offline_uploads, 401, 409)
    group(add_lobby, 401, 404, 409)
    group(add_ratings, 404)
    group(add_review, 404, 409, more={202: {"description": "The review is under way (its share "
                                                          "done in `progress`): ask again"}})
    group(add_tutorials, 404)
    group(add_puzzles, 401, 404, 409)
    group(add_friends, 401, 403, 404, 409)
    group(add_deals, 401, 403, 404, 409)
    group(add_tournaments, 401, 403, 404, 409, 429)
    group(add_file_checks, 404)
    add_offline(router)
    group(lambda r: add_moderation(r, f"{static_dir()}/moderation.html"), 401, 404, 409)
    group(lambda r: add_editors(r, f"{static_dir()}/editor.html"), 401, 404, 409)

    @router.websocket("/ws/tables/{table_id}")
    async def socket(ws: WebSocket, table_id: str) -> None:
        await capped_socket(ws, lambda: table_socket(ws, table_id, hub_of(ws)))

    return router


def add_pages(router: APIRouter) -> None:
    """The pages (the front end draws the rest)."""
    page = {name: f"{static_dir()}/{name}.html" for name in PAGES}

    @router.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(page["index"])

    @router.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(page["table"])

    @router.get("/manifest.webmanifest", include_in_schema=False)
    async def manifest() -> FileResponse:
        return FileResponse(f"{static_dir()}/manifest.webmanifest",
                            media_type="application/manifest+json")

    @router.get("/sw.js", include_in_schema=False)
    async def service_worker() -> Response:
        return Response(service_worker_text(), media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})

    @router.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(page["replay"])

    @router.get("/account", include_in_schema=False)
    async def account_page() -> FileResponse:
        return FileResponse(page["account"])

    @router.get("/leaderboard", include_in_schema=False)
    @router.get("/leaderboard/{game}", include_in_schema=False)
    async def leaderboard_page(game: str = "") -> FileResponse:
        return FileResponse(page["leaderboard"])

    @router.get("/players/{name}", include_in_schema=False)
    async def player_page(name: str) -> FileResponse:
        return FileResponse(page["player"])

    @router.get("/puzzles", include_in_schema=False)
    async def puzzles_page() -> FileResponse:
        return FileResponse(page["puzzles"])

    @router.get("/deals", include_in_schema=False)
    async def deals_page() -> FileResponse:
        return FileResponse(page["deals"])

    @router.get("/tournaments", include_in_schema=False)
    async def tournaments_page() -> FileResponse:
        return FileResponse(page["tournaments"])


def add_tables(router: APIRouter) -> None:
    """The games, and tables: create, describe, claim a seat, the game's catalog."""

    @router.get("/api/games")
    async def list_games(request: Request) -> dict[str, Any]:
        config = hub_of(request).config
        return games_catalog({
            "turn_seconds": config.default_turn_seconds,
            "grace_seconds": config.default_grace_seconds, "chat": True, "hints": True,
            "spectator_chat": False})

    @router.post("/api/tables", status_code=201)
    async def create_table(body: b.CreateTable, request: Request) -> b.Created:
        account = await account_of(request)
        room = await make_table(request, body, account_id=account.id if account else None)
        url = f"/t/{room.id}"
        return b.Created(id=room.id, url=url, invite_url=str(request.base_url).rstrip("/") + url,
                         table=room.table_out())

    @router.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> TableOut:
        try:
            out = await hub_of(request).describe(table_id)
        except RoomError as exc:
            raise refuse(exc) from None
        if out is None:
            raise HTTPException(404, _("there is no such table"))
        return out

    @router.get("/api/tables/{table_id}/catalog")
    async def catalog(table_id: str, request: Request) -> dict[str, Any]:
        """The game's static components (card names, texts, symbols): public, fetched once."""
        try:
            out = await hub_of(request).catalog(table_id)
        except RoomError as exc:
            raise refuse(exc) from None
        if out is None:
            raise HTTPException(404, _("there is no such table"))
        return out

    @router.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: b.JoinSeat, request: Request) -> b.Joined:
        await throttle(request, limits_of(request).joins, client_address(request), N_("seat claims"))
        account = await account_of(request)
        try:
            await seat_refusal(hub_of(request).db, table_id,
                               account.id if account is not None else None)
        except RoomError as exc:
            raise HTTPException(403, exc.message) from None
        try:
            table, token = await hub_of(request).join(table_id, body.seat, body.name, account)
        except RoomError as exc:
            raise refuse(exc) from None
        hub_of(request).feeds.nudge()
        return b.Joined(seat=body.seat, token=token, table=table)


def add_replays(router: APIRouter) -> None:
    """A finished game's record and its steps, and the position after any step."""

    @router.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, request: Request) -> b.ReplaySummary:
        await guard_record(request, table_id)
        try:
            room, states = await hub_of(request).replay_states(table_id)
        except RoomError as exc:
            raise refuse(exc) from None
        return replays.summary(room, states)

    @router.get("/api/tables/{table_id}/replay/{step}")
    async def replay_step(table_id: str, request: Request, step: int = PathParameter(
            ge=0, le=MAX_STEP, description=N_("a whole number from 0 to 1000000"))
    ) -> b.ReplayStep:
        await guard_record(request, table_id)
        try:
            room, states = await hub_of(request).replay_states(table_id)
        except RoomError as exc:
            raise refuse(exc) from None
        total = len(states) - 1
        if not 0 <= step <= total:
            raise HTTPException(404, _("steps go from 0 to {total}").format(total=total))
        # Once the game is over its whole record is public: every seat's view at every step.
        return replays.step(room, states, step)


def add_operations(router: APIRouter) -> None:
    """The health checks: live (the event loop answers) and ready (the database answers, and
    Redis when one is configured); ``/api/health`` is ready's old name. The metrics are not
    here: a process serves them on its metrics port only (``furuba serve --metrics-port``)."""

    @router.get("/api/health/live", response_model_exclude_none=True)
    async def live(request: Request) -> Health:
        return Health(ok=True, process=metrics_of(request).process)

    @router.get("/api/health/ready", response_model=Health)
    async def ready(request: Request) -> JSONResponse:
        return await readiness(request, {})

    @router.get("/api/health", response_model=Health)
    async def health(request: Request) -> JSONResponse:
        return await readiness(request, {"tables": len(hub_of(request).rooms)})


class Health(BaseModel):
    """A health check's answer (``503`` adds ``detail``: what this process cannot reach)."""

    ok: bool
    process: str
    tables: int | None = None
    """``/api/health`` only: the tables this process holds in memory."""


DATABASE_TIMEOUT = 2.0
"""Seconds the database has to answer the readiness check."""
REDIS_TIMEOUT = 1.0
"""Seconds Redis has to answer the readiness check."""


def metrics_of(request: Request) -> Metrics:
    return hub_of(request).metrics


def select_one(s: Session) -> None:
    """The readiness check's query."""
    s.execute(text("SELECT 1"))


async def readiness(request: Request, extra: dict[str, Any]) -> JSONResponse:
    """200 when this process can serve, else 503 with a sentence saying what it cannot reach."""
    hub = hub_of(request)
    problem = await unreachable(hub)
    out = {"ok": problem is None, "process": hub.db.metrics.process, **extra}
    if problem is None:
        return JSONResponse(out)
    return JSONResponse({**out, "detail": problem}, status_code=503)


async def unreachable(hub: Hub) -> str | None:
    """What this process cannot reach, as a sentence (``None``: everything answers)."""
    try:
        await asyncio.wait_for(hub.db.run(select_one), DATABASE_TIMEOUT)
    except TimeoutError:
        return f"the database did not answer within {DATABASE_TIMEOUT:g} seconds"
    except Exception as exc:
        log.warning("readiness: the database is unreachable: %s", exc)
        return f"the database is unreachable ({type(exc).__name__})"
    cluster = hub.cluster
    if cluster is None:
        if hub.config.redis_url:
            return "Redis is configured but this process is not connected to it"
        return None
    try:
        await asyncio.wait_for(cluster.ping(), REDIS_TIMEOUT)
    except TimeoutError:
        return f"Redis did not answer within {REDIS_TIMEOUT:g} seconds"
    except Exception as exc:
        log.warning("readiness: Redis is unreachable: %s", exc)
        return f"Redis is unreachable ({type(exc).__name__})"
    return None


async def options_error(_request: Request, exc: Exception) -> JSONResponse:
    return JSONResponse({"detail": str(exc)}, status_code=400)


async def validation_error(request: Request, exc: Exception) -> JSONResponse:
    """A request that does not fit its schema: ``400`` with one sentence naming the field and
    what it must be (see :func:`furuba.server.bodies.explain`)."""
    errors = exc.errors() if isinstance(exc, RequestValidationError) else []
    route = request.scope.get("route")
    field = getattr(route, "body_field", None)
    model = getattr(getattr(field, "field_info", None), "annotation", None)
    known = model if isinstance(model, type) and issubclass(model, BaseModel) else None
    dependant = getattr(route, "dependant", None)
    params = {p.alias: p.field_info.description for p in
              [*getattr(dependant, "query_params", []), *getattr(dependant, "path_params", [])]
              if p.field_info.description}
    return JSONResponse({"detail": b.explain(errors, known, params)}, status_code=400)
