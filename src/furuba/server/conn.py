"""The server's half of one WebSocket: the seats it holds and its queue of outgoing frames.

A slow client never holds up a table: frames wait in the connection's own queue, which its sender
task (``ws.py``) empties; a client that falls too far behind is disconnected and resyncs.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import TYPE_CHECKING

from pydantic import BaseModel

from furuba.server import messages as m
from furuba.server.throttle import TokenBucket

if TYPE_CHECKING:
    from furuba.server.accounts.ends import Signed
    from furuba.server.config import ServerConfig

_conn_ids = itertools.count(1)


class Conn:
    """One WebSocket's seats, throttle and outbox (``None`` in the outbox: close)."""

    relayed = False
    """Whether the socket is on another process (it is relayed here, see ``cluster/``)."""
    account_id: int | None = None
    """The account signed in on the socket (``None``: a guest)."""
    blocks: frozenset[int] = frozenset()
    """The accounts that account blocks: their chat is not sent here (``moderation/``)."""

    def __init__(self, seats: tuple[int, ...], config: ServerConfig, now: float,
                 address: str = "", signed: Signed | None = None) -> None:
        self.id = next(_conn_ids)
        self.seats = seats
        self.address = address
        """The client's network address (behind a proxy, the one the proxy forwarded)."""
        self.signed = signed
        """The account and session the socket was opened under (``None``: a guest's); its
        session's end closes it (``accounts/ends.py``)."""
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.bucket = TokenBucket(config.rate_per_second, config.burst, now)
        self.max_outbox = config.max_outbox
        self.dropped = 0
        self.last_throttle_notice = -1e9
        self.closing = False
        self.hinting = False
        self.close_code = 1000
        self.close_reason = ""

    def send(self, text: str) -> None:
        """Queue a frame; a client that cannot keep up is disconnected (it will resync)."""
        if self.closing:
            return
        if self.outbox.qsize() >= self.max_outbox:
            self.close(1013, "too many unsent messages; reconnect")
            return
        self.outbox.put_nowait(text)

    def send_model(self, message: BaseModel) -> None:
        self.send(m.dump(message))

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            self.close_code = code
            self.close_reason = reason
            self.outbox.put_nowait(None)

    def drain(self) -> list[str]:
        """Take every frame queued so far (a probe connection's, see ``presence.attach``)."""
        out: list[str] = []
        while not self.outbox.empty():
            text = self.outbox.get_nowait()
            if text is not None:
                out.append(text)
        return out
