"""Rate limits shared by every process: one bucket per key in Redis, however many processes.

A process alone counts in memory (:class:`furuba.server.throttle.AddressBuckets`); with several,
a client spreading its requests over them must meet the same limit, so the count lives in Redis.
The bucket is kept as GCRA (the generic cell rate algorithm): one number per key, the time at
which the bucket will be full again, read and moved forward by a script on Redis's own clock, so
the processes' clocks do not matter. It allows the same as a token bucket of ``burst`` tokens
refilled at ``rate`` per second.
"""

from __future__ import annotations

from typing import Any

from furuba.server.cluster.link import PREFIX

GCRA = """
local now = redis.call('TIME')
local t = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or t)
if tat < t then tat = t end
local allow_at = tat + interval - burst * interval
if allow_at > t then
  return allow_at - t
end
redis.call('SET', KEYS[1], tat + interval, 'PX', math.ceil(tat + interval - t) + 1000)
return 0
"""


class SharedBuckets:
    """Token buckets kept in Redis, keyed by ``kind`` and a client's key."""

    def __init__(self, redis: Any) -> None:
        self._take = redis.register_script(GCRA)

    async def take(self, kind: str, key: str, rate: float, burst: int) -> float:
        """Spend one of ``key``'s tokens of ``kind``: ``0.0`` when there was one, else the
        seconds to wait before one is there (nothing is spent)."""
        interval_ms = max(1, round(1000 / rate))
        wait_ms = await self._take(keys=[f"{PREFIX}rate:{kind}:{key}"], args=[interval_ms, burst])
        return max(int(wait_ms) / 1000, 1e-3) if int(wait_ms) > 0 else 0.0
