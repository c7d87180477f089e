"""One process's link to Redis: its own channel, ordered batched sends, and calls with replies.

Every process listens on its own channel (``furuba:p:<node>``) and on one channel for all
(``furuba:all``). What a process sends to another is queued with :meth:`Link.post` — which never
waits — and a single sender task writes the queue in order as one pipeline per round trip, every
message for one channel packed into one ``PUBLISH``: one message per line, a JSON object, or — for
the frames a table sends a relayed socket, which are JSON text already and never hold a raw line
break — ``o<connection> <frame>``, passed on without being parsed or escaped again. Redis delivers
the messages of
one connection to a channel in the order they were published, so two messages posted one after
the other reach the other process in that order: frames of one connection never overtake each
other. Values to keep (``HSET``) are written after the messages of the same batch, so a table's
number recorded in Redis is never ahead of the events sent to other processes.

Pub/sub delivers at most once: a process that was not listening misses messages. Nothing relies
on more — clients number events and ask again (``sync``) or reconnect, and the lease decides who
drives a table (see :mod:`furuba.server.cluster.node`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis

from furuba import i18n
from furuba.server.errors import RoomError

log = logging.getLogger("furuba.server")

PREFIX = "furuba:"
ALL = PREFIX + "all"
"""The channel every process listens on."""

Message = dict[str, Any]
REDIS_CONNECTIONS = 32
"""Connections to Redis per process (requests beyond wait for a free one)."""
REDIS_WAIT = 5.0
"""Seconds a request waits for a free connection before it fails."""


def channel(node: str) -> str:
    """The channel of process ``node``."""
    return f"{PREFIX}p:{node}"


class Link:
    """Redis for one process: ``post`` to others, ``call`` and wait for the reply, listen."""

    def __init__(self, url: str, node: str, on_message: Callable[[Message], None],
                 on_frame: Callable[[int, str], None],
                 on_round_trip: Callable[[float], None] | None = None) -> None:
        pool = aioredis.BlockingConnectionPool.from_url(
            url, decode_responses=True, max_connections=REDIS_CONNECTIONS, timeout=REDIS_WAIT)
        self.redis: aioredis.Redis = aioredis.Redis(connection_pool=pool)
        self.node = node
        self.on_message = on_message
        self.on_frame = on_frame
        self.on_round_trip = on_round_trip
        self._queue: list[tuple[str, str, Any]] = []
        self._pending = asyncio.Event()
        self._calls: dict[int, asyncio.Future[Any]] = {}
        self._ids = itertools.count(1)
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None

    # -- start and stop ---------------------------------------------------------------------
    async def start(self) -> None:
        """Listen on this process's channel and start sending (Redis must answer)."""
        await self.redis.ping()
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(channel(self.node), ALL)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen(), name="redis-listen"),
                       loop.create_task(self._send(), name="redis-send")]

    async def flush(self, timeout: float = 2.0) -> None:
        """Wait until everything posted so far has been written (or ``timeout``)."""
        deadline = time.monotonic() + timeout
        while (self._queue or self._pending.is_set()) and time.monotonic() < deadline:
            await asyncio.sleep(0.005)
        await asyncio.sleep(0)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for future in self._calls.values():
            if not future.done():
                future.cancel()
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # -- sending ----------------------------------------------------------------------------
    def post(self, node: str, message: Message) -> None:
        """Queue ``message`` for process ``node`` (sent in order with everything else posted)."""
        self._queue.append(("pub", channel(node), message))
        self._pending.set()

    def post_frame(self, node: str, conn_id: int, text: str) -> None:
        """Queue a frame for connection ``conn_id`` of process ``node`` (as :meth:`post`)."""
        if "\n" in text:  # pragma: no cover - JSON text from the server never holds one
            self.post(node, {"k": "out", "c": conn_id, "t": text})
            return
        self._queue.append(("pub", channel(node), f"o{conn_id} {text}"))
        self._pending.set()

    def broadcast(self, message: Message) -> None:
        """Queue ``message`` for every process, this one included."""
        self._queue.append(("pub", ALL, message))
        self._pending.set()

    def keep(self, key: str, values: dict[str, str | int | float]) -> None:
        """Queue ``HSET key values`` (written after the messages of its batch)."""
        self._queue.append(("hset", key, values))
        self._pending.set()

    async def _send(self) -> None:
        while True:
            await self._pending.wait()
            self._pending.clear()
            batch, self._queue = self._queue, []
            if not batch:
                continue
            packed: dict[str, list[str]] = {}
            kept: dict[str, dict[Any, Any]] = {}
            for kind, target, value in batch:
                if kind == "pub":
                    packed.setdefault(target, []).append(
                        value if isinstance(value, str) else json.dumps(value, separators=(",", ":")))
                else:
                    kept.setdefault(target, {}).update(value)
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for target, messages in packed.items():
                        pipe.publish(target, "\n".join(messages))
                    for key, values in kept.items():
                        pipe.hset(key, mapping=values)
                    started = time.perf_counter()
                    await pipe.execute()
                    if self.on_round_trip is not None:
                        self.on_round_trip(time.perf_counter() - started)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("could not send %d messages through Redis", len(batch))
                await asyncio.sleep(0.1)

    # -- calls ------------------------------------------------------------------------------
    async def call(self, node: str, message: Message, timeout: float) -> Any:
        """Send ``message`` to ``node`` and wait for its reply's value.

        The reply's refusal comes back as the same :class:`RoomError`, in the caller's language
        (the call carries it); no reply in ``timeout`` seconds raises :class:`TimeoutError`.
        """
        call_id = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._calls[call_id] = future
        self.post(node, {**message, "k": "call", "id": call_id, "host": self.node,
                         "lang": i18n.current()})
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            self._calls.pop(call_id, None)

    def reply(self, message: Message, value: Any = None, error: RoomError | None = None) -> None:
        """Answer the call ``message``."""
        answer: Message = {"k": "reply", "id": message["id"]}
        if error is None:
            answer["v"] = value
        else:
            answer["err"] = [error.code, error.message]
        self.post(message["host"], answer)

    def _answered(self, message: Message) -> None:
        future = self._calls.get(message["id"])
        if future is None or future.done():
            return
        if "err" in message:
            code, text = message["err"]
            future.set_exception(RoomError(code, text))
        else:
            future.set_result(message.get("v"))

    # -- listening --------------------------------------------------------------------------
    async def _listen(self) -> None:
        while True:
            try:
                async for item in self._pubsub.listen():
                    if item.get("type") != "message":
                        continue
                    for line in item["data"].split("\n"):
                        try:
                            if line[0] == "o":
                                conn_id, text = line[1:].split(" ", 1)
                                self.on_frame(int(conn_id), text)
                                continue
                            message = json.loads(line)
                            if message.get("k") == "reply":
                                self._answered(message)
                            else:
                                self.on_message(message)
                        except Exception:
                            log.exception("a message from Redis could not be handled: %.200s",
                                          line)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("lost the Redis subscription; subscribing again")
                await asyncio.sleep(0.2)
                with contextlib.suppress(Exception):
                    await self._pubsub.subscribe(channel(self.node), ALL)

    async def ping(self) -> float:
        """Redis's round trip, in seconds."""
        started = time.perf_counter()
        await self.redis.ping()
        return time.perf_counter() - started
