"""A signed-in browser's connections, for the tests of ending sessions and of tournaments: a
table's WebSocket opened with the browser's session cookie, an event stream read on a thread of
its own, and a seat played to the end across servers that go away."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

from .account_client import Browser
from .frames import checked_event
from .harness import Client, my_turn

CLOSE_SIGNED_OUT = 4401
PASSWORD = "correct horse battery"


def cookie(browser: Browser | None) -> dict[str, str]:
    """The ``Cookie`` header of ``browser``'s session (none for a guest)."""
    if browser is None or browser.session is None:
        return {}
    return {"Cookie": f"furuba_session={browser.session}"}


@contextmanager
def table_socket(ws_base: str, table_id: str, browser: Browser | None = None,
                 tokens: tuple[str, ...] = ()) -> Iterator[Client]:
    """A socket of ``table_id`` opened by ``browser`` (its session cookie) that said hello and
    got its snapshot."""
    with connect(f"{ws_base}/ws/tables/{table_id}", open_timeout=10, compression=None,
                 max_size=None, additional_headers=cookie(browser)) as ws:
        client = Client(ws)
        client.send({"type": "hello", "tokens": list(tokens)})
        client.until_type("snapshot", timeout=10)
        yield client


def closed_within(client: Client, seconds: float = 1.0) -> tuple[int, str]:
    """The close frame's code and reason, which must come within ``seconds``."""
    deadline = time.monotonic() + seconds
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"the socket was not closed within {seconds} s")
            client.ws.recv(timeout=left)
    except TimeoutError:
        raise AssertionError(f"the socket was not closed within {seconds} s") from None
    except ConnectionClosed as exc:
        assert exc.rcvd is not None, "closed without a close frame"
        return exc.rcvd.code, exc.rcvd.reason


def still_open(client: Client) -> None:
    """The socket still answers: a ``ping`` gets its ``pong``."""
    client.send({"type": "ping"})
    client.until_type("pong", timeout=5)


class Stream:
    """An event stream (``path`` on ``base``) opened by ``browser``, read on a thread."""

    def __init__(self, base: str, path: str, browser: Browser | None = None) -> None:
        self.http = httpx.Client(base_url=base, timeout=httpx.Timeout(30, read=60),
                                 headers=cookie(browser))
        self.path = path
        self.lines: list[str] = []
        self.faults: list[str] = []
        """Events outside the protocol (``frames.py``), told when the stream is closed."""
        self.status = 0
        self.opened = threading.Event()
        self.ended = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)

    def __enter__(self) -> Stream:
        self.thread.start()
        assert self.opened.wait(10), f"{self.path} did not open"
        assert self.status == 200, (self.path, self.status)
        return self

    def _read(self) -> None:
        try:
            with self.http.stream("GET", self.path) as response:
                self.status = response.status_code
                for line in response.iter_lines():
                    if line.startswith("data: "):
                        self._check(line[6:])
                    self.lines.append(line)
                    self.opened.set()     # the first line: the stream is listening
        except Exception:  # closed by __exit__ while reading: the test is over
            pass
        finally:
            self.opened.set()
            self.ended.set()

    def _check(self, data: str) -> None:
        try:
            checked_event(data)
        except AssertionError as exc:
            self.faults.append(str(exc))

    def ends_within(self, seconds: float = 1.0) -> None:
        assert self.ended.wait(seconds), f"{self.path} did not end within {seconds} s"

    def __exit__(self, *exc: Any) -> None:
        self.http.close()
        assert not self.faults, self.faults[0]


def play_seat(bases: list[str], table_id: str, cookie: str, seed: int, stop: float) -> None:
    """Play the account's seat to the end, moving to the next server when one goes away."""
    rng = random.Random(seed)
    which = 0
    while time.monotonic() < stop:
        try:
            with connect(f"{bases[which]}/ws/tables/{table_id}", open_timeout=5,
                         compression=None, additional_headers={"Cookie": cookie}) as ws:
                client = Client(ws)
                client.send({"type": "hello", "tokens": []})
                client.until_type("snapshot", timeout=10)
                while client.status != "finished":
                    seat = my_turn(client)
                    if seat is not None:
                        time.sleep(0.05)   # a person takes a moment
                        choice = rng.choice(client.legal[seat])
                        client.send({"type": "act", "seq_seen": client.seq,
                                     "action": choice["name"], "seat": seat})
                        client.legal[seat] = []
                    client.recv(timeout=15)
                return
        except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError, EOFError):
            which = (which + 1) % len(bases)
            time.sleep(0.3)
    raise AssertionError(f"{table_id}: the game did not end")


def signed_up(base: str, name: str) -> httpx.Client:
    """A new account signed up at ``base``: a client holding its cookies, sending its CSRF token."""
    http = httpx.Client(base_url=base, timeout=10)
    made = http.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    http.headers["X-CSRF-Token"] = http.cookies["furuba_csrf"]
    return http


@contextmanager
def cookie_socket(base: str, table_id: str, http: httpx.Client) -> Iterator[Client]:
    """A socket of ``table_id`` opened with ``http``'s session cookie, that said hello and got
    its snapshot."""
    cookie = f"furuba_session={http.cookies['furuba_session']}"
    with connect(f"{base.replace('http', 'ws')}/ws/tables/{table_id}", open_timeout=10,
                 additional_headers={"Cookie": cookie}) as ws:
        client = Client(ws)
        client.send({"type": "hello", "tokens": []})
        client.until_type("snapshot")
        yield client
