"""Leases: which process drives a table, for a time it must keep renewing.

A lease is a Redis key ``furuba:lease:<table>`` holding the owner's node name, set with
``SET NX PX`` (only if nobody holds it) and renewed or released only by its holder (a script
compares the value first, so a process can never extend or drop someone else's lease). A process
that stops renewing — killed, frozen, cut off — loses its tables when the time runs out, and
another takes them over.

The holder must also stop *acting* once its lease may have run out, whatever Redis says later:
:class:`Leases` keeps, per table, the local deadline ``sent + ttl - margin`` of the last renewal
sent before Redis confirmed it, and the table's database writes are refused after it
(:class:`Fenced`). A table's actions are also unique per
position in the database, so two writers can never both store the same move.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from furuba.server.cluster.link import PREFIX
from furuba.server.errors import RoomError
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.metrics import Metrics
    from furuba.server.rooms import Store

T = TypeVar("T")

RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out
"""

RELEASE = """
local n = 0
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('DEL', key)
    n = n + 1
  end
end
return n
"""

MARGIN = 0.25
"""Fraction of the lease kept as a safety margin for the holder's own deadline."""


def lease_key(table_id: str) -> str:
    return f"{PREFIX}lease:{table_id}"


class Leases:
    """The leases of one process (``node``) on one Redis.

    Claims, releases and lookups run on the event loop (``redis``, an asyncio client); renewals
    run in the keeper's thread (:mod:`~furuba.server.cluster.keeper`, :meth:`renew_with`), so the
    deadlines are changed under a lock.
    """

    def __init__(self, redis: Any, node: str, ttl: float) -> None:
        self.redis = redis
        """For claims, releases and lookups."""
        self.node = node
        self.ttl = ttl
        self.ttl_ms = max(1, int(ttl * 1000))
        self.deadlines: dict[str, float] = {}
        """Table → monotonic time until which this process may act for it."""
        self._lock = threading.Lock()
        self._release = redis.register_script(RELEASE)

    def _deadline(self, sent: float) -> float:
        return sent + self.ttl * (1 - MARGIN)

    def valid(self, table_id: str) -> bool:
        """May this process still act for ``table_id``?"""
        return time.monotonic() < self.deadlines.get(table_id, 0.0)

    async def claim(self, table_id: str) -> bool:
        """Take the lease of ``table_id`` if nobody holds it."""
        sent = time.monotonic()
        if await self.redis.set(lease_key(table_id), self.node, nx=True, px=self.ttl_ms):
            with self._lock:
                self.deadlines[table_id] = self._deadline(sent)
            return True
        return False

    def renew_with(self, renew: Any) -> list[str]:
        """Renew every lease held with ``renew``, the script :data:`RENEW` registered on a
        blocking Redis client (the keeper's thread); the tables whose lease was lost."""
        with self._lock:
            tables = list(self.deadlines)
        if not tables:
            return []
        sent = time.monotonic()
        kept = renew(keys=[lease_key(t) for t in tables], args=[self.node, self.ttl_ms])
        lost = []
        with self._lock:
            for table_id, ok in zip(tables, kept, strict=True):
                if ok:
                    if table_id in self.deadlines:   # not released meanwhile
                        self.deadlines[table_id] = self._deadline(sent)
                else:
                    lost.append(table_id)
                    self.deadlines.pop(table_id, None)
        return lost

    async def release(self, tables: Iterable[str]) -> None:
        """Give up the leases of ``tables`` (those this process holds)."""
        tables = list(tables)
        keys = [lease_key(t) for t in tables]
        with self._lock:
            for t in tables:
                self.deadlines.pop(t, None)
        if keys:
            await self._release(keys=keys, args=[self.node])

    def forget(self, table_id: str) -> None:
        """Stop renewing ``table_id`` (it lapses by itself)."""
        with self._lock:
            self.deadlines.pop(table_id, None)

    async def owners(self, tables: list[str]) -> list[str | None]:
        """Who holds each of ``tables`` now (``None``: nobody)."""
        if not tables:
            return []
        found: list[str | None] = await self.redis.mget([lease_key(t) for t in tables])
        return found


class Fenced:
    """A table's database while ``valid()`` says this process may still act for it: a write
    after the lease may have run out is refused (and the change is not made)."""

    def __init__(self, db: Store, valid: Callable[[], bool]) -> None:
        self.db = db
        self.valid = valid

    @property
    def metrics(self) -> Metrics:
        return self.db.metrics

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        if not self.valid():
            # Renewed late (a busy process) or lost: the renewals tell which; a lost table is
            # dropped and its sockets closed with 1012.
            raise RoomError("busy", _("the server could not confirm it still drives this "
                                      "table; nothing was changed: try again in a moment"))
        return await self.db.run(fn, *args)
