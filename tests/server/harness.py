"""A live server for tests (uvicorn in a thread, on a free loopback port) and a small client."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from furuba.server import create_app

from .frames import checked_frame

FAST = {"bot_delay": 0.0, "hello_timeout": 2.0, "hint_sims": 30, "rate_per_second": 1e6,
        "burst": 1_000_000, "tables_per_minute": 30000.0, "tables_burst": 500,
        "joins_per_minute": 30000.0, "joins_burst": 500}
"""Test servers: bots without delay, and throttles loose enough for scripted players, who act
as soon as the server answers (at 500 messages a second, a scripted player of a long game was
once throttled)."""
PRODUCTION_THROTTLE = {"rate_per_second": 10.0, "burst": 20}
T = TypeVar("T")


def run_coroutine(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coro)`` on a thread of its own.

    Playwright's sync API keeps an event loop running on the main thread of a test worker once a
    browser test has run there, and ``asyncio.run`` refuses to start beside it.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


class LiveServer:
    """``create_app(database_url, **settings)`` served by uvicorn on 127.0.0.1."""

    def __init__(self, database_url: str, **settings: Any) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        """The server's event loop, once it runs (to change a table from a test)."""
        self.app = create_app(database_url, on_ready=self._ready, **{**FAST, **settings})
        config = uvicorn.Config(self.app, host="127.0.0.1", port=0, log_level="warning",
                                ws_max_size=65536, lifespan="on", ws_per_message_deflate=False,
                                timeout_graceful_shutdown=2)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.base = f"http://127.0.0.1:{port}"
        self.ws_base = f"ws://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.base, timeout=20)
        return self

    def _ready(self, _app: Any) -> None:
        self.loop = asyncio.get_running_loop()

    def call_soon(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the server's loop (where its tables live)."""
        assert self.loop is not None, "the server is not running"
        self.loop.call_soon_threadsafe(fn)

    def __exit__(self, *exc: object) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(timeout=20)

    @property
    def hub(self) -> Any:
        return self.app.state.hub

    # HTTP helpers --------------------------------------------------------------------------
    def create(self, **body: Any) -> dict[str, Any]:
        r = self.http.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        out: dict[str, Any] = r.json()
        return out

    def join(self, table_id: str, seat: int, name: str = "Ann") -> str:
        r = self.http.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name})
        assert r.status_code == 200, r.text
        token: str = r.json()["token"]
        return token

    def table(self, table_id: str) -> dict[str, Any]:
        r = self.http.get(f"/api/tables/{table_id}")
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    @contextmanager
    def client(self, table_id: str, tokens: list[str] | None = None, **hello: Any) -> Iterator[Client]:
        with connect(f"{self.ws_base}/ws/tables/{table_id}", open_timeout=10, compression=None,
                     max_size=None) as ws:
            client = Client(ws)
            if hello.pop("no_hello", False) is False:
                client.send({"type": "hello", "tokens": tokens or [], **hello})
            yield client


class Client:
    """A test client: sends JSON, receives with a timeout, keeps every frame it got."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[str] = []
        self.seq = 0
        self.views: dict[Any, dict[str, Any]] = {}
        self.logs: dict[Any, list[Any]] = {}
        self.legal: dict[Any, list[dict[str, Any]]] = {}
        self.table: dict[str, Any] | None = None
        self.status = ""
        self.current: int | None = None
        self.epoch = ""

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        self.frames.append(text)
        msg = checked_frame(text)
        self.apply(msg)
        return msg

    def apply(self, msg: dict[str, Any]) -> None:
        """Keep the client's picture of the table up to date, as a front end would."""
        kind = msg.get("type")
        if kind == "welcome":
            self.epoch = msg["epoch"]
            if msg["resync"] == "none":
                self.seq = msg["seq"]
        if kind == "snapshot":
            self.seq = msg["seq"]
            self.table = msg["table"]
            self.status = msg["table"]["status"]
            self.current = msg["table"]["current_player"]
            self.logs = {}
            self._views(msg["views"])
        elif kind == "event":
            assert msg["seq"] == self.seq + 1, f"gap or duplicate: {self.seq} then {msg['seq']}"
            self.seq = msg["seq"]
            if msg.get("table") is not None:
                self.table = msg["table"]
                self.status = msg["table"]["status"]
                self.current = msg["table"]["current_player"]
            if msg.get("views") is not None:
                self.status = msg["status"]
                self.current = msg.get("current_player")
                self._views(msg["views"])

    def _views(self, entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            key = entry["seat"]
            log = self.logs.get(key, [])
            start = entry["log"]["from"]
            assert start <= len(log), "a log delta starts past what the client has"
            self.logs[key] = log[:start] + entry["log"]["entries"]
            self.views[key] = {**entry["view"], "log": self.logs[key]}
            self.legal[key] = entry["legal"]

    def until(self, pred: Any, timeout: float = 20.0) -> dict[str, Any]:
        """Receive until ``pred(message)`` holds; that message."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the expected message did not come")
            msg = self.recv(timeout=left)
            if pred(msg):
                return msg

    def until_type(self, kind: str, timeout: float = 20.0) -> dict[str, Any]:
        return self.until(lambda msg: msg.get("type") == kind, timeout)

    def drain(self, quiet: float = 0.3) -> list[dict[str, Any]]:
        """Every message until none comes for ``quiet`` seconds."""
        out = []
        while True:
            try:
                out.append(self.recv(timeout=quiet))
            except TimeoutError:
                return out


def is_event(kind: str) -> Any:
    """A predicate for ``Client.until``: an event of ``kind``."""
    return lambda msg: msg.get("type") == "event" and msg["event"]["kind"] == kind


def my_turn(client: Client) -> int | None:
    """The seat of ``client`` that must decide now, if any."""
    for seat, legal in client.legal.items():
        if seat is not None and legal and client.current == seat and client.status == "playing":
            return int(seat)
    return None


def wait_my_turn(client: Client) -> int:
    """Wait until one of the client's seats must decide; that seat."""
    if my_turn(client) is None:
        client.until(lambda msg: my_turn(client) is not None)
    seat = my_turn(client)
    assert seat is not None
    return seat


def play_to_end(client: Client, pick: Any = None, timeout: float = 120.0) -> None:
    """Act for the client's seats (first legal action, or ``pick(legal)``) until the game ends."""
    deadline = time.monotonic() + timeout
    while client.status != "finished":
        if time.monotonic() > deadline:
            raise TimeoutError("the game did not end")
        seat = my_turn(client)
        if seat is not None:
            legal = client.legal[seat]
            choice = pick(legal) if pick else legal[0]
            client.send({"type": "act", "seq_seen": client.seq, "action": choice["name"], "seat": seat})
            client.legal[seat] = []
        msg = client.recv(timeout=15)
        if msg.get("type") == "error":
            raise AssertionError(f"refused: {msg}")


def wait_for(check: Callable[[], bool], timeout: float = 20.0) -> None:
    """Wait until ``check()`` is true; fail the test after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("the condition did not come true in time")
        time.sleep(0.02)
