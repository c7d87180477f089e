"""Prometheus's metrics on a port of their own (``furuba serve --metrics-port N``).

The app never serves ``/metrics`` to the public: metrics tell how busy a process is and what it
runs, and Prometheus scrapes each process directly anyway, never through the proxy. A process
given a metrics port listens on it — on loopback unless told otherwise — with a second tiny
HTTP server in the same event loop, serving the app's own registry: ``GET /metrics`` and nothing
else. Because it runs on the app's event loop, a scrape sees every metric at one instant between
two steps of the loop (an action counted is also timed).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Iterator

import uvicorn
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route, Router

from furuba.server.metrics import CONTENT_TYPE_LATEST, Metrics

START_SECONDS = 10.0
"""Longest wait for the metrics server to listen."""


def metrics_app(metrics: Metrics) -> Router:
    """The metrics server's app: ``GET /metrics``; anything else ``404``."""

    async def exposition(_request: Request) -> Response:
        return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    return Router([Route("/metrics", exposition, methods=["GET"])],
                  default=PlainTextResponse("only /metrics is served here", status_code=404))


class QuietServer(uvicorn.Server):
    """A uvicorn server that leaves the process's signals to the app's own server."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class MetricsPort:
    """The metrics server of one app: :meth:`start` it once the metrics exist, :meth:`stop` it
    when the app stops."""

    def __init__(self, metrics: Metrics, host: str, port: int) -> None:
        self.metrics = metrics
        self.host = host
        self.port = port
        self.server: QuietServer | None = None
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Listen; ``self.port`` is then the port listened on (``0`` asks for a free one).

        A port that cannot be had (taken, not allowed) raises :class:`OSError` naming it.
        """
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        try:
            sock = socket.create_server((self.host, self.port), family=family)
        except OSError as exc:
            raise OSError(exc.errno, f"the metrics port {self.host}:{self.port} cannot be "
                                     f"listened on: {exc.strerror}") from None
        self.port = sock.getsockname()[1]
        # The process's logging stays as the app's server set it (uvicorn's logging options
        # are global: access_log=False would silence the app's access log too).
        config = uvicorn.Config(metrics_app(self.metrics), lifespan="off", log_config=None,
                                log_level=None, server_header=False)
        self.server = QuietServer(config)
        self.task = asyncio.create_task(self.server.serve(sockets=[sock]))
        async with asyncio.timeout(START_SECONDS):
            while not self.server.started:
                if self.task.done():
                    self.task.result()
                    raise RuntimeError("the metrics server stopped at start-up")
                await asyncio.sleep(0.01)

    async def stop(self) -> None:
        """Stop listening and answering."""
        if self.server is None or self.task is None:
            return
        self.server.should_exit = True
        await self.task
