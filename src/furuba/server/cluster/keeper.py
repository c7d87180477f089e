"""The keeper: a thread that renews this process's leases and beats its heart, whatever the event
loop is doing.

A lease lasts ``lease_seconds`` (1.5 s) unless renewed. Renewing from the event loop ties every
table to the loop's worst moment: a burst of a thousand sockets saying ``hello`` at once keeps the
loop busy for longer than a lease, and a process that was merely busy lost every table it drove,
then took others back — tables handed back and forth, sockets closed and reopened. The keeper
renews from a thread of its own, on a Redis connection of its own, so a busy loop keeps its
tables. Python's interpreter lock switches threads every few milliseconds, and the Redis calls
release it, so the keeper runs on time even while the loop computes.

A process whose loop is stuck for good must still lose its tables, or they would never move: the
loop proves it is alive by calling :meth:`Keeper.loop_alive` (a task does, every renewal period),
and the keeper stops renewing once the loop has been silent for ``stuck_seconds``. The leases then
run out and other processes take the tables, as they would from a killed process.

What the keeper learns — tables whose lease was lost, the processes that are alive — goes to the
loop through ``loop.call_soon_threadsafe``; the loop alone changes tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable

import redis

from furuba.server.cluster.leases import RENEW, Leases

log = logging.getLogger("furuba.server")

STUCK_SECONDS = 10.0
"""A loop silent this long is stuck: its process stops renewing and its tables move."""


class Keeper:
    """Renews ``leases`` and writes the heartbeat of ``node`` every ``every`` seconds, from a
    thread; tells the loop what it finds with ``on_beat(alive, lost)``."""

    def __init__(self, url: str, leases: Leases, node: str, processes_key: str, every: float,
                 on_beat: Callable[[set[str], list[str]], None],
                 stuck_seconds: float = STUCK_SECONDS) -> None:
        self.redis = redis.Redis.from_url(url, decode_responses=True, socket_timeout=every * 3,
                                          socket_connect_timeout=every * 3)
        self.leases = leases
        self._renew = self.redis.register_script(RENEW)
        self.node = node
        self.processes_key = processes_key
        self.every = every
        self.on_beat = on_beat
        self.stuck_seconds = stuck_seconds
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop_seen = time.monotonic()

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._loop_seen = time.monotonic()
        self._thread = threading.Thread(target=self._run, name=f"keeper-{self.node}", daemon=True)
        self._thread.start()

    def loop_alive(self) -> None:
        """The event loop is running (called from it)."""
        self._loop_seen = time.monotonic()

    def stop(self) -> None:
        """Stop renewing (the leases lapse unless released); returns once the thread has ended."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=self.every * 10)
        self.redis.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            started = time.monotonic()
            if started - self._loop_seen > self.stuck_seconds:
                log.error("the event loop has been stuck for %.0f s: no longer renewing this "
                          "process's leases, so that other processes take its tables",
                          started - self._loop_seen)
            else:
                try:
                    alive, lost = self.beat()
                except Exception:
                    log.exception("could not renew the leases; trying again")
                else:
                    self._tell(alive, lost)
            self._stop.wait(max(0.0, self.every - (time.monotonic() - started)))

    def _tell(self, alive: set[str], lost: list[str]) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):   # the loop closed meanwhile: stopping
                loop.call_soon_threadsafe(self.on_beat, alive, lost)

    def beat(self) -> tuple[set[str], list[str]]:
        """One heartbeat and one renewal of every lease held (in the keeper's thread): the
        processes alive (this one included) and the tables whose lease was lost."""
        now_ms = int(time.time() * 1000)
        ttl_ms = self.leases.ttl_ms
        pipe = self.redis.pipeline(transaction=False)
        pipe.hset(self.processes_key, self.node, now_ms + ttl_ms)
        pipe.hgetall(self.processes_key)
        _beat, seen = pipe.execute()
        alive = {node for node, until in seen.items() if int(until) > now_ms}
        gone = [node for node, until in seen.items() if int(until) <= now_ms - 60_000]
        if gone:
            self.redis.hdel(self.processes_key, *gone)
        return alive | {self.node}, self.leases.renew_with(self._renew)
