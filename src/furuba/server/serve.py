"""``furuba serve``: the web app under uvicorn, announcing where to point a browser."""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from collections.abc import Callable
from typing import Any, TextIO

from furuba import i18n
from furuba.text import _

GC_THRESHOLDS = (50_000, 50, 100)
"""Python's collector, tuned for a server: a table keeps many long-lived objects (positions, logs,
recent events), and with the default thresholds (700, 10, 10) full collections walk all of them
every few seconds — pauses of 100–250 ms at 1,000 seats. Rarer, larger young collections and
rarer full ones bring the 99th percentile of action latency from about 280 ms to about 22 ms
(docs/PERFORMANCE.md); memory is still reclaimed (game states hold no reference cycles, so almost
everything is freed by reference counting)."""
HANDOVER_SECONDS = 10.0
"""Longest wait for the tables to be handed over before the process stops anyway."""
DRAIN_SECONDS = 5
"""Longest wait, once the process stops listening, for the requests under way to end: event
streams never end by themselves (their pages reconnect to another process, or later)."""
WS_MAX_SIZE = 65536
"""Frames above this close the socket (1009); the app refuses anything above 4096 bytes itself."""


def display_host(host: str) -> str:
    """The host to print in a URL (a wildcard address is reached through localhost).

    >>> display_host("0.0.0.0"), display_host("127.0.0.1")
    ('localhost', '127.0.0.1')
    """
    return "localhost" if host in ("0.0.0.0", "::", "") else host


def run_server(host: str, port: int, database_url: str, *, ready_table: bool = False,
               bot_delay: float = 0.6, log_level: str = "info", out: TextIO = sys.stdout,
               redis_url: str | None = None, process_name: str | None = None,
               address_key: str = "", route: str | None = None, api_docs: bool = False,
               metrics_port: int | None = None, metrics_host: str = "127.0.0.1",
               guest_chat: bool = True) -> None:
    """Serve until interrupted; once listening, print the address (and the ready table's page,
    and where the metrics are). The answers carry no ``server`` header: nothing tells a stranger
    what the site runs on."""
    import uvicorn

    from furuba.server import logs
    from furuba.server.app import create_app

    name = logs.process_name(process_name)
    app = create_app(database_url, ready_table=ready_table, bot_delay=bot_delay,
                     redis_url=redis_url, process_name=name, address_key=address_key,
                     route=route, api_docs=api_docs, metrics_port=metrics_port,
                     metrics_host=metrics_host, guest_chat=guest_chat)
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level, ws_max_size=WS_MAX_SIZE,
                            ws_per_message_deflate=False, log_config=logs.log_config(name, log_level),
                            server_header=False, timeout_graceful_shutdown=DRAIN_SECONDS)
    server = handing_over_server(config, app)
    gc.set_threshold(*GC_THRESHOLDS)

    async def announce() -> None:
        while not server.started:
            if server.should_exit:
                return
            await asyncio.sleep(0.05)
        gc.freeze()   # what start-up made lives as long as the process: never walk it again
        base = f"http://{display_host(host)}:{port}"
        with i18n.speaking(language):
            print(_("furuba is serving at {url}").format(url=f"{base}/"), file=out, flush=True)
            ready: Any = getattr(app.state, "ready_table", None)
            if ready:
                print(_("a table against bots is ready: {url}").format(url=f"{base}/t/{ready}"),
                      file=out, flush=True)
            scraped: Any = getattr(app.state, "metrics_port", None)
            if scraped is not None:
                where = f"http://{display_host(scraped.host)}:{scraped.port}/metrics"
                print(_("Prometheus's metrics: {url}").format(url=where), file=out, flush=True)

    language = i18n.current()   # the command line's, for its own lines

    async def main() -> None:
        i18n.choose(i18n.DEFAULT)   # each request and socket speaks its own; the rest, English
        task = asyncio.create_task(announce())
        try:
            await server.serve()
        finally:
            task.cancel()

    with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
        runner.run(main())
    if not server.started:
        raise SystemExit(1)


def event_loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (``uvicorn[standard]`` brings it: its sockets,
    timers and wake-ups are C, a third of what the standard loop costs an action), else
    ``None``: the standard library's."""
    try:
        import uvloop
    except ImportError:   # pragma: no cover - uvicorn[standard] installs it
        return None
    return uvloop.new_event_loop


def handing_over_server(config: Any, app: Any) -> Any:
    """A uvicorn server that, when several processes share the tables (``--redis-url``), hands
    its tables over on SIGTERM or Ctrl-C *before* it closes its sockets: the others take the
    tables at once, and every client is told (1012) to reconnect — to any process — so a rolling
    restart loses no game and no event. Alone, it stops as uvicorn does."""
    import uvicorn

    class Server(uvicorn.Server):
        handing_over = False

        def handle_exit(self, sig: int, frame: Any) -> None:
            hub = getattr(app.state, "hub", None)
            cluster = getattr(hub, "cluster", None)
            if self.handing_over or cluster is None or not self.started:
                super().handle_exit(sig, frame)
                return
            self.handing_over = True
            loop = asyncio.get_event_loop()
            loop.call_soon_threadsafe(lambda: loop.create_task(self.hand_over(cluster, sig, frame)))

        async def hand_over(self, cluster: Any, sig: int, frame: Any) -> None:
            try:
                await asyncio.wait_for(cluster.handover(), HANDOVER_SECONDS)
            except Exception:  # stop anyway: the leases lapse by themselves
                logging.getLogger("furuba.server").exception("handing the tables over failed")
            finally:
                super().handle_exit(sig, frame)

    return Server(config)
