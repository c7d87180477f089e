"""The keeper renews a process's leases from a thread: a busy event loop keeps its tables, a loop
stuck for good loses them (on a real redis-server)."""

from __future__ import annotations

import asyncio
import time

import pytest
import redis
import redis.asyncio as aioredis

from furuba.server.cluster.keeper import Keeper
from furuba.server.cluster.leases import Leases, lease_key

from .harness import run_coroutine
from .services import Redis

pytestmark = pytest.mark.cluster
PROCESSES = "furuba:procs"


async def hold_and_block(url: str, block: float, stuck_seconds: float,
                         beats: list[tuple[set[str], list[str]]]) -> tuple[bool, str | None]:
    """Claim a table with a 0.6 s lease renewed every 0.1 s, block the loop for ``block`` seconds
    (CPU-bound, as a burst of work would), then say whether this process may still act for the
    table and who holds its lease in Redis."""
    client = aioredis.Redis.from_url(url, decode_responses=True)
    leases = Leases(client, "p1.abc", ttl=0.6)
    keeper = Keeper(url, leases, "p1.abc", PROCESSES, every=0.1,
                    on_beat=lambda alive, lost: (keeper.loop_alive(), beats.append((alive, lost))),
                    stuck_seconds=stuck_seconds)
    table = f"t{time.monotonic_ns()}"
    try:
        assert await leases.claim(table)
        keeper.start(asyncio.get_running_loop())
        await asyncio.sleep(0.3)
        until = time.monotonic() + block
        while time.monotonic() < until:   # the loop runs nothing else meanwhile
            sum(range(10_000))
        valid = leases.valid(table)
        holder: str | None = await client.get(lease_key(table))
        return valid, holder
    finally:
        await asyncio.to_thread(keeper.stop)
        await client.aclose()


def test_a_busy_loop_keeps_its_leases(redis_server: Redis) -> None:
    """Blocked for three lease lengths, the process still holds its table: the keeper renewed it."""
    beats: list[tuple[set[str], list[str]]] = []
    valid, holder = run_coroutine(hold_and_block(redis_server.url, block=1.8, stuck_seconds=10.0,
                                                 beats=beats))
    assert valid and holder == "p1.abc"
    assert beats and all(lost == [] for _alive, lost in beats)
    assert "p1.abc" in beats[-1][0]
    with redis.Redis.from_url(redis_server.url, decode_responses=True) as r:
        assert int(r.hget(PROCESSES, "p1.abc") or 0) > time.time() * 1000, "the heart still beats"


def test_a_stuck_loop_loses_its_leases(redis_server: Redis) -> None:
    """A loop that runs no callback for longer than ``stuck_seconds`` is taken for stuck: the
    keeper stops renewing, the lease runs out in Redis, and the process may no longer act."""
    valid, holder = run_coroutine(hold_and_block(redis_server.url, block=2.0, stuck_seconds=0.5,
                                                 beats=[]))
    assert not valid
    assert holder is None, "the lease should have run out for another process to take"
