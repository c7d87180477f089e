"""Browser tests: Debian's Chromium driven by pytest-playwright against a live uvicorn server.

The server is the real app (``create_app``) on a temporary SQLite file and a free loopback port.
Set ``FURUBA_SCREENSHOTS`` to a folder (``docs/screenshots``) to keep the screenshots the tests take.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from furuba.server import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]

if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
    pytest.skip("Chromium is not installed (scripts/install-browser.sh installs it)",
                allow_module_level=True)


class LiveServer:
    """The app under uvicorn in a thread; ``drop_sockets`` closes every WebSocket from the server side."""

    def __init__(self, database_url: str) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None

        def ready(app: Any) -> None:
            self.loop = asyncio.get_running_loop()

        # One server serves the whole session: its browsers make more tables and accounts from
        # one address than a real one would (the limits themselves are tested in tests/server).
        self.app = create_app(database_url, bot_delay=0.05, on_ready=ready, signups_burst=100,
                              signins_burst=100, tables_burst=500, tables_per_minute=6000.0,
                              joins_burst=500, joins_per_minute=6000.0, open_tables_per_address=None)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=0, log_level="warning", lifespan="on",
                                ws_max_size=65536, ws_per_message_deflate=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.url, timeout=30)
        return self

    def __exit__(self, *exc: object) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(timeout=30)

    def create(self, **body: Any) -> dict[str, Any]:
        r = self.http.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        out: dict[str, Any] = r.json()
        return out

    def table(self, table_id: str) -> dict[str, Any]:
        out: dict[str, Any] = self.http.get(f"/api/tables/{table_id}").json()
        return out

    def wait_finished(self, table_id: str, timeout: float = 90) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            table = self.table(table_id)
            if table["status"] == "finished":
                return table
            time.sleep(0.2)
        raise AssertionError(f"table {table_id} did not finish in {timeout} s")

    def drop_sockets(self, table_id: str) -> int:
        """Close every connection of a table from the server side, as a restart or a network fault would."""
        assert self.loop is not None

        async def drop() -> int:
            room = self.app.state.hub.rooms.get(table_id)
            conns = list(room.conns) if room is not None else []
            for conn in conns:
                conn.close(1012, "dropped by the test")
            return len(conns)

        return asyncio.run_coroutine_threadsafe(drop(), self.loop).result(timeout=10)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("browser-db") / "furuba.sqlite3"
    with LiveServer(f"sqlite:///{db}") as server:
        yield server


@pytest.fixture(scope="session")
def base_url(live_server: LiveServer) -> str:
    """pytest-playwright's pages resolve relative addresses against the live server."""
    return live_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    path = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    return {**browser_type_launch_args, "executable_path": path, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: ``FURUBA_SCREENSHOTS`` if set, else a temporary folder."""
    folder = os.environ.get("FURUBA_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path
