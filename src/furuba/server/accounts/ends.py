"""Ending a session ends its connections: the sockets and event streams opened under it.

Every table WebSocket and every lobby or turn event stream opened by a signed-in browser is
*held* here, under its account and its session (the SHA-256 of the session's secret, as the
database keeps it) — :meth:`Holders.hold`. When sessions end (sign out, sign out everywhere, a
new password, a deleted or banned account), :meth:`furuba.server.hub.Hub.end_connections` closes
at once every connection they hold, in this process and, through Redis, in every other one; a
session that expires is found by each process's sweep (:meth:`furuba.server.hub.Hub.sweep_sessions`,
every ``ServerConfig.session_sweep_seconds``):

- a WebSocket closes with :data:`CLOSE_SIGNED_OUT` (4401) and a reason in English (the close
  frame's reason has at most 123 bytes); the browser does not reconnect by itself. Its seats
  become those of a disconnected player: the grace period, then a bot until the player is back.
- an event stream ends; the browser's ``EventSource`` reconnects as a guest (the lobby) or gets
  ``401`` and stops (the player's turns).

A socket whose session was checked a moment before the session ended, but that is held only a
moment after (the check and the holding are not one step), is closed as soon as it is held:
every process remembers the ends it saw for :data:`REMEMBERED_SECONDS`.

>>> holders = Holders()
>>> closed = []
>>> with holders.holding(Signed(7, "h1", since=0.0), "socket", lambda c, r: closed.append(c)):
...     holders.end(End(7, sessions=frozenset({"h2"})))     # another session of the account
...     holders.end(End(7, keep="h1", why=Why.PASSWORD))    # all but this one
...     holders.end(End(7, why=Why.EVERYWHERE))             # every one
0
0
1
>>> closed
[4401]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from starlette.requests import HTTPConnection

from furuba.server.accounts.sessions import secret_hash, session_secret
from furuba.server.accounts.signed import account_of
from furuba.server.logs import security_event

CLOSE_SIGNED_OUT = 4401
"""The close code of a WebSocket whose session ended."""
REMEMBERED_SECONDS = 60.0
"""How long a process remembers an end, for the connections held just after it."""

Kind = Literal["socket", "stream"]
"""A table's WebSocket, or a lobby or turn event stream."""
Close = Callable[[int, str], None]
"""Closes a connection with a close code and a reason."""


class Why(StrEnum):
    """Why sessions ended: the security event's name, and what the close frame says."""

    SIGN_OUT = "sign_out"
    EVERYWHERE = "sign_out_everywhere"
    PASSWORD = "password_changed"
    DELETED = "account_deleted"
    BANNED = "account_banned"
    EXPIRED = "session_expired"

    @property
    def reason(self) -> str:
        """The close frame's reason (English, at most 123 bytes)."""
        return REASONS[self]


REASONS = {
    Why.SIGN_OUT: "signed out: this session ended",
    Why.EVERYWHERE: "signed out: the account signed out everywhere",
    Why.PASSWORD: "signed out: the account's password was changed",
    Why.DELETED: "signed out: the account was deleted",
    Why.BANNED: "signed out: the account is banned",
    Why.EXPIRED: "signed out: the session expired",
}


@dataclass(frozen=True)
class Signed:
    """Who opened a connection: the account, the session (its secret's SHA-256), and when the
    session was checked (``time.monotonic()``, taken just before the check)."""

    account_id: int
    session: str
    since: float


@dataclass(frozen=True)
class End:
    """Sessions that ended: those of ``account_id`` in ``sessions`` (``None``: every one of
    them) except ``keep``."""

    account_id: int
    sessions: frozenset[str] | None = None
    keep: str | None = None
    why: Why = Why.SIGN_OUT

    def covers(self, signed: Signed) -> bool:
        """Whether the connection opened as ``signed`` belongs to an ended session."""
        return (signed.account_id == self.account_id and signed.session != self.keep
                and (self.sessions is None or signed.session in self.sessions))

    def message(self) -> dict[str, Any]:
        """The end as a message to the other processes (JSON)."""
        sessions = sorted(self.sessions) if self.sessions is not None else None
        return {"acct": self.account_id, "sess": sessions, "keep": self.keep, "why": str(self.why)}

    @classmethod
    def from_message(cls, message: dict[str, Any]) -> End:
        """The end another process sent (:meth:`message`)."""
        sessions = message.get("sess")
        return cls(int(message["acct"]), frozenset(map(str, sessions)) if sessions is not None
                   else None, message.get("keep"), Why(message.get("why", Why.SIGN_OUT)))


@dataclass(eq=False)
class Held:
    """One connection opened under a session."""

    signed: Signed
    kind: Kind
    close: Close


@dataclass
class Holders:
    """The connections of this process opened under a session, by account."""

    clock: Callable[[], float] = time.monotonic
    by_account: dict[int, set[Held]] = field(default_factory=dict)
    recent: list[tuple[float, End]] = field(default_factory=list)
    """The ends seen in the last :data:`REMEMBERED_SECONDS`, with when they were seen."""

    def hold(self, signed: Signed | None, kind: Kind, close: Close) -> Held | None:
        """Hold a connection opened as ``signed`` (``None``, nothing held: a guest's) until
        :meth:`release`; it is closed at once when its session ended after it was checked."""
        if signed is None:
            return None
        held = Held(signed, kind, close)
        self.by_account.setdefault(signed.account_id, set()).add(held)
        late = next((end for seen, end in self.recent
                     if seen >= signed.since and end.covers(signed)), None)
        if late is not None:
            self._close(held, late.why)
        return held

    def release(self, held: Held | None) -> None:
        """The connection closed."""
        if held is None:
            return
        group = self.by_account.get(held.signed.account_id)
        if group is not None:
            group.discard(held)
            if not group:
                del self.by_account[held.signed.account_id]

    @contextmanager
    def holding(self, signed: Signed | None, kind: Kind, close: Close) -> Iterator[None]:
        """:meth:`hold` the connection while the block runs."""
        held = self.hold(signed, kind, close)
        try:
            yield
        finally:
            self.release(held)

    def end(self, end: End) -> int:
        """Close the connections of the sessions ``end`` names; how many were closed."""
        now = self.clock()
        self.recent = [(t, e) for t, e in self.recent if now - t < REMEMBERED_SECONDS]
        self.recent.append((now, end))
        found = [h for h in self.by_account.get(end.account_id, ()) if end.covers(h.signed)]
        for held in found:
            self._close(held, end.why)
        if found:
            sockets = sum(h.kind == "socket" for h in found)
            security_event("connections_closed", why=end.why, account=end.account_id,
                           sockets=sockets, streams=len(found) - sockets)
        return len(found)

    def sessions(self) -> dict[str, int]:
        """The sessions that hold connections here, each with its account."""
        return {h.signed.session: account for account, group in self.by_account.items()
                for h in group}

    def count(self, account_id: int) -> int:
        """How many connections ``account_id``'s sessions hold here."""
        return len(self.by_account.get(account_id, ()))

    @staticmethod
    def _close(held: Held, why: Why) -> None:
        held.close(CLOSE_SIGNED_OUT, why.reason)


async def signed_in(conn: HTTPConnection) -> Signed | None:
    """Who opens this connection (a WebSocket's or an event stream's request): ``None`` for a
    guest or a session that ended (see :func:`~furuba.server.accounts.signed.account_of`)."""
    since = time.monotonic()
    account = await account_of(conn)
    secret = session_secret(conn)
    if account is None or secret is None:
        return None
    return Signed(account.id, secret_hash(secret), since)
