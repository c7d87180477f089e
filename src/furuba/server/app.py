"""The FastAPI app: :func:`create_app` wires storage, the tables and the routes together.

>>> app = create_app(database_url="sqlite://", bot_delay=0)
>>> app.title
'furuba'
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from furuba.core.errors import FurubaError
from furuba.server.accounts.sessions import CsrfGuard
from furuba.server.admission import BusyError
from furuba.server.answers import LastResort, unreadable_body, without_422
from furuba.server.body_limits import BodyLimits
from furuba.server.bots import load_bot_plugins
from furuba.server.cluster.node import Cluster
from furuba.server.config import DEFAULT_DATABASE_URL, ServerConfig
from furuba.server.database import Database
from furuba.server.file_checks import checked_options
from furuba.server.headers import SecurityHeaders
from furuba.server.hub import Hub
from furuba.server.language import SpeakTheirLanguage
from furuba.server.logs import process_name
from furuba.server.metrics import CountSockets, Metrics
from furuba.server.metrics_port import MetricsPort
from furuba.server.review_workers import ReviewWorkers
from furuba.server.routes import build_router, options_error, static_dir, validation_error
from furuba.server.throttle import RequestLimits
from furuba.server.tournaments.director import Director
from furuba.server.workloads import Workloads, attach, busy_answer

log = logging.getLogger("furuba.server")


def create_app(database_url: str = DEFAULT_DATABASE_URL, *, config: ServerConfig | None = None,
               on_ready: Callable[[FastAPI], None] | None = None, **settings: Any) -> FastAPI:
    """The web app on ``database_url`` (SQLite file by default; ``postgresql+psycopg://…``).

    ``settings`` override fields of :class:`ServerConfig` (``bot_delay=0`` in tests,
    ``ready_table=True`` for ``make run``). At start-up every unfinished table in the database
    resumes; ``on_ready(app)`` runs once it has (``app.state.ready_table`` holds the ready table's id
    when one was asked for).
    """
    base = config or ServerConfig()
    cfg = replace(base, database_url=database_url, **settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        load_bot_plugins()
        metrics = Metrics(process_name(cfg.process_name))
        db = Database(cfg.database_url, metrics)
        hub = Hub(db, cfg)
        metrics.count_tables(lambda: len(hub.rooms))
        app.state.metrics = metrics
        app.state.work = Workloads(cfg, metrics.work_observer())
        app.state.review_workers = ReviewWorkers(cfg.review_workers) if cfg.review_workers else None
        attach(hub, app.state.work)
        app.state.hub = hub
        app.state.ready_table = None
        if cfg.redis_url:
            hub.cluster = Cluster(hub, cfg.redis_url, metrics.process,
                                  on_round_trip=metrics.observe_redis,
                                  on_takeover=metrics.lease_taken_over)
            await hub.cluster.start()
        else:
            resumed = hub.recover()
            if resumed:
                log.info("resumed %d unfinished tables", resumed)
        if cfg.ready_table:
            app.state.ready_table = await hub.ensure_ready_table()
        app.state.metrics_port = None
        if cfg.metrics_port is not None:
            app.state.metrics_port = MetricsPort(metrics, cfg.metrics_host, cfg.metrics_port)
            await app.state.metrics_port.start()
        sweeper = asyncio.create_task(hub.sweep_sessions_every(cfg.session_sweep_seconds))
        app.state.director = Director(hub)
        directing = asyncio.create_task(app.state.director.run())
        if on_ready is not None:
            on_ready(app)
        try:
            yield
        finally:
            sweeper.cancel()
            directing.cancel()
            if app.state.metrics_port is not None:
                await app.state.metrics_port.stop()
            if app.state.review_workers is not None:
                await app.state.review_workers.close()
            if hub.cluster is not None:
                await hub.cluster.handover()
                await hub.cluster.close()
            else:
                await hub.close()
            db.close()

    # The API docs and schema only when asked for; app.openapi() works either way.
    app = FastAPI(title="furuba", lifespan=lifespan, redoc_url=None, swagger_ui_oauth2_redirect_url=None,
                  docs_url="/api/docs" if cfg.api_docs else None,
                  openapi_url="/openapi.json" if cfg.api_docs else None)
    app.state.config = cfg
    app.state.limits = RequestLimits(cfg)
    app.include_router(build_router())
    app.add_exception_handler(FurubaError, options_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, unreadable_body)
    app.add_exception_handler(BusyError, busy_answer)
    app.openapi = without_422(app)                    # type: ignore[method-assign]
    app.add_middleware(LastResort)                    # innermost: what a route raised
    app.add_middleware(BodyLimits, file_words=checked_options())
    app.add_middleware(CsrfGuard)
    app.add_middleware(CountSockets)
    app.add_middleware(SpeakTheirLanguage)
    app.add_middleware(SecurityHeaders, docs_path=app.docs_url)   # outermost: every answer
    app.add_middleware(LastResort)   # around everything: what a middleware raised
    app.mount("/static", StaticFiles(directory=static_dir()), name="static")
    return app
