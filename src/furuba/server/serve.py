"""``furuba serve``: the web app under uvicorn, announcing where to point a browser."""

from __future__ import annotations

import asyncio
import sys
from typing import Any, TextIO

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
               redis_url: str | None = None, process_name: str | None = None) -> None:
    """Serve until interrupted; once listening, print the address (and the ready table's page)."""
    import uvicorn

    from furuba.server import logs
    from furuba.server.app import create_app

    name = logs.process_name(process_name)
    app = create_app(database_url, ready_table=ready_table, bot_delay=bot_delay,
                     redis_url=redis_url, process_name=name)
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level, ws_max_size=WS_MAX_SIZE,
                            ws_per_message_deflate=False, log_config=logs.log_config(name, log_level))
    server = uvicorn.Server(config)

    async def announce() -> None:
        while not server.started:
            if server.should_exit:
                return
            await asyncio.sleep(0.05)
        base = f"http://{display_host(host)}:{port}"
        print(f"furuba is serving at {base}/", file=out, flush=True)
        ready: Any = getattr(app.state, "ready_table", None)
        if ready:
            print(f"a table against bots is ready: {base}/t/{ready}", file=out, flush=True)

    async def main() -> None:
        task = asyncio.create_task(announce())
        try:
            await server.serve()
        finally:
            task.cancel()

    asyncio.run(main())
    if not server.started:
        raise SystemExit(1)
