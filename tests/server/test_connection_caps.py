"""Caps on the table sockets and event streams one client address holds open, on a real server
with the default caps (32 sockets, 16 streams per address and process)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from furuba.server.config import ServerConfig

from .harness import LiveServer, wait_for

SOCKETS = ServerConfig().sockets_per_address
STREAMS = ServerConfig().streams_per_address


@contextmanager
def open_socket(live: LiveServer, table_id: str,
                address: str = "127.0.0.1") -> Iterator[ClientConnection]:
    """A table socket from ``address`` that said hello and got its welcome."""
    with connect(f"{live.ws_base}/ws/tables/{table_id}", open_timeout=10, compression=None,
                 source_address=(address, 0)) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": []}))
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "welcome", first
        yield ws


def test_one_address_cannot_hold_every_socket(live: LiveServer) -> None:
    """Issue 41, finding 8: one address held 50 of 50 WebSockets. Beyond the cap a socket is told
    why (``too_many_sockets``) and closed with 1013 (try again later), before it says hello; other
    addresses are served, and a slot freed is taken again."""
    assert SOCKETS is not None and SOCKETS <= 50
    table_id = live.create(game="zodiac", seats=["human", "greedy"])["id"]
    with ExitStack() as held:
        sockets = [held.enter_context(open_socket(live, table_id)) for _ in range(SOCKETS)]
        with connect(f"{live.ws_base}/ws/tables/{table_id}", open_timeout=10) as extra:
            refusal = json.loads(extra.recv(timeout=10))
            assert refusal["type"] == "error" and refusal["code"] == "too_many_sockets"
            assert f"at most {SOCKETS}" in refusal["message"]
            with pytest.raises(ConnectionClosed) as closed:
                extra.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        with open_socket(live, table_id, "127.0.0.2"):
            pass
        sockets[0].close()
        wait_for(lambda: live.app.state.connection_caps.sockets.held("127.0.0.1") < SOCKETS)
        with open_socket(live, table_id):
            pass


def test_one_address_cannot_hold_every_event_stream(live: LiveServer) -> None:
    """Issue 41, finding 8: one address held 50 of 50 lobby event streams. Beyond the cap:
    ``429`` with a sentence and ``Retry-After``; other addresses are served, and a stream
    closed frees its slot."""
    assert STREAMS is not None and STREAMS <= 50
    with ExitStack() as held:
        streams = []
        for _ in range(STREAMS):
            stream = held.enter_context(live.http.stream("GET", "/api/lobby/events"))
            assert stream.status_code == 200
            streams.append(stream)
        refused = live.http.get("/api/lobby/events")
        assert refused.status_code == 429
        assert f"at most {STREAMS}" in refused.json()["detail"]
        assert int(refused.headers["retry-after"]) > 0
        other = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(base_url=live.base, transport=other, timeout=10) as elsewhere, \
                elsewhere.stream("GET", "/api/lobby/events") as stream:
            assert stream.status_code == 200
        streams[0].close()
        wait_for(lambda: live.app.state.connection_caps.streams.held("127.0.0.1") < STREAMS)
        with live.http.stream("GET", "/api/lobby/events") as stream:
            assert stream.status_code == 200
