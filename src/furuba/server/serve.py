"""``furuba serve``: the web app under uvicorn, announcing where to point a browser."""

from __future__ import annotations

import sys
from typing import TextIO

from fastapi import FastAPI

WS_MAX_SIZE = 65536
"""Frames above this close the socket (1009); the app refuses anything above 4096 bytes itself."""


def display_host(host: str) -> str:
    """The host to print in a URL (a wildcard address is reached through localhost)."""
    return "localhost" if host in ("0.0.0.0", "::", "") else host


def run_server(host: str, port: int, database_url: str, *, ready_table: bool = False,
               bot_delay: float = 0.6, log_level: str = "info", out: TextIO = sys.stdout) -> None:
    """Serve until interrupted; print the address (and the ready table's page) once started."""
    import uvicorn

    from furuba.server.app import create_app

    base = f"http://{display_host(host)}:{port}"

    def announce(app: FastAPI) -> None:
        print(f"furuba is serving at {base}/", file=out, flush=True)
        ready = getattr(app.state, "ready_table", None)
        if ready:
            print(f"a table against bots is ready: {base}/t/{ready}", file=out, flush=True)

    app = create_app(database_url, ready_table=ready_table, bot_delay=bot_delay, on_ready=announce)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=WS_MAX_SIZE,
                ws_per_message_deflate=False)
