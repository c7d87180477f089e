"""Caps on the long-lived connections one client address holds: table WebSockets and event
streams (``ServerConfig.sockets_per_address``, ``streams_per_address``).

Each connection takes a slot of its address for its whole life and gives it back when it ends;
one beyond the cap is refused at once, before it costs anything:

* an event stream: ``429`` with a sentence and ``Retry-After``. A browser's ``EventSource``
  never retries an error status, so a refused page asks no more (a reload tries again);
* a table WebSocket: accepted, told why in an ``error`` frame (code ``too_many_sockets``) and
  closed with ``1013`` (try again later) and a reason. The page's socket code then reconnects
  with its growing backoff (up to 10 s), never in a tight loop, and gets in once a slot is free.

Counted per process (the counts live in the process's memory): behind nginx, its ``limit_conn``
caps the total over all processes (``deploy/nginx/furuba.conf``).

>>> slots = AddressSlots(2)
>>> slots.take("203.0.113.7"), slots.take("203.0.113.7"), slots.take("203.0.113.7")
(True, True, False)
>>> slots.take("198.51.100.1")
True
>>> slots.give_back("203.0.113.7"); slots.take("203.0.113.7")
True
>>> slots.held("203.0.113.7"), AddressSlots(None).take("x")
(2, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from fastapi import HTTPException, Request
from starlette.responses import StreamingResponse
from starlette.types import Receive, Scope, Send

from furuba.server import messages as m
from furuba.server.logs import security_event
from furuba.server.ws import CLOSE_TRY_AGAIN
from furuba.text import _

if TYPE_CHECKING:
    from fastapi import WebSocket

    from furuba.server.config import ServerConfig

RETRY_SECONDS = 30
"""What a refused event stream is told to wait (``Retry-After``): a slot frees when a page of
that address closes."""


class AddressSlots:
    """At most ``limit`` connections per address at once (``None``: no cap)."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self._held: Counter[str] = Counter()

    def take(self, address: str) -> bool:
        """Take one of ``address``'s slots; ``False`` (nothing taken) when it holds them all."""
        if self.limit is not None and self._held[address] >= self.limit:
            return False
        self._held[address] += 1
        return True

    def give_back(self, address: str) -> None:
        """The connection that took a slot of ``address`` ended."""
        self._held[address] -= 1
        if self._held[address] <= 0:
            del self._held[address]

    def held(self, address: str) -> int:
        return self._held[address]


class ConnectionCaps:
    """The slots of one process: table sockets and event streams, per address."""

    def __init__(self, config: ServerConfig) -> None:
        self.sockets = AddressSlots(config.sockets_per_address)
        self.streams = AddressSlots(config.streams_per_address)


def caps_of(connection: Request | WebSocket) -> ConnectionCaps:
    """The app's :class:`ConnectionCaps` (made on first use from ``app.state.config``)."""
    state = connection.app.state
    found: ConnectionCaps | None = getattr(state, "connection_caps", None)
    if found is None:
        found = state.connection_caps = ConnectionCaps(state.config)
    return found


def socket_refusal(limit: int | None) -> str:
    """Why a table socket beyond the cap is closed."""
    return _("too many open connections from your address (at most {limit}): close a table "
             "page or two; this one retries by itself").format(limit=limit)


def take_stream(request: Request, address: str) -> AddressSlots:
    """Take a stream slot of ``address``, else ``429`` with a sentence and ``Retry-After``."""
    slots = caps_of(request).streams
    if not slots.take(address):
        security_event("streams_refused", address=address, limit=slots.limit)
        raise HTTPException(429, _("too many event streams from your address (at most {limit}): "
                                   "close a page or two, then try again").format(
            limit=slots.limit), headers={"Retry-After": str(RETRY_SECONDS)})
    return slots


class HeldStream(StreamingResponse):
    """An event stream that gives its address's slot back when it ends, however it ends."""

    media_type = "text/event-stream"

    def __init__(self, content: Any, slots: AddressSlots, address: str, status_code: int = 200,
                 **kwargs: Any) -> None:
        super().__init__(content, status_code, **kwargs)
        self.slots = slots
        self.address = address

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.slots.give_back(self.address)


async def capped_socket(ws: WebSocket, serve: Callable[[], Awaitable[None]]) -> None:
    """Serve a table socket with ``serve()`` while it holds a slot of its address; beyond the
    cap, an ``error`` frame (``too_many_sockets``) and a close with ``1013`` instead."""
    slots = caps_of(ws).sockets
    address = ws.client.host if ws.client is not None else ""
    if not slots.take(address):
        security_event("sockets_refused", address=address, limit=slots.limit)
        sentence = socket_refusal(slots.limit)
        await ws.accept()
        await ws.send_text(m.dump(m.ErrorMsg(code="too_many_sockets", message=sentence)))
        await ws.close(CLOSE_TRY_AGAIN, "too many connections from your address")
        return
    try:
        await serve()
    finally:
        slots.give_back(address)
