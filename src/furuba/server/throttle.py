"""Token buckets: how a connection, a client address or a table that floods the server is slowed.

>>> bucket = TokenBucket(rate=1.0, burst=2, now=0.0)
>>> [bucket.take(0.0), bucket.take(0.0), bucket.take(0.0), bucket.take(1.0)]
[True, True, False, True]
>>> bucket.wait(1.25)
0.75
>>> buckets = AddressBuckets(rate=0.5, burst=1)
>>> buckets.take("203.0.113.7", 0.0), buckets.take("203.0.113.7", 0.5), buckets.take("198.51.100.2", 0.5)
(0.0, 1.5, 0.0)
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from furuba.server.config import ServerConfig


class TokenBucket:
    """``burst`` tokens at most, refilled at ``rate`` per second; each message takes one."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = now

    def refill(self, now: float) -> None:
        """Add the tokens earned since the last call (up to :attr:`burst`)."""
        if now > self.stamp:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now

    def take(self, now: float) -> bool:
        """Spend one token if there is one (after refilling for the time since the last call)."""
        self.refill(now)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self, now: float) -> float:
        """Seconds until a token is there (0 when there is one now; ``inf`` if none ever comes)."""
        self.refill(now)
        if self.tokens >= 1.0:
            return 0.0
        if self.rate <= 0:
            return float("inf")
        return (1.0 - self.tokens) / self.rate

    def full(self, now: float) -> bool:
        """Whether the bucket is full: it remembers nothing, and may be forgotten."""
        self.refill(now)
        return self.tokens >= self.burst


class AddressBuckets:
    """One :class:`TokenBucket` per key (a client's address), made on first use.

    Buckets that have filled up again are forgotten once there are more than ``max_keys``, so
    the memory they take stays bounded whatever the number of addresses.
    """

    __slots__ = ("buckets", "burst", "max_keys", "rate")

    def __init__(self, rate: float, burst: int, max_keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, key: str, now: float) -> float:
        """Spend one of ``key``'s tokens: ``0.0`` when there was one, else the seconds to wait
        before one is there (nothing is spent)."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                self.prune(now)
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst, now)
        if bucket.take(now):
            return 0.0
        return max(bucket.wait(now), 1e-3)

    def prune(self, now: float) -> None:
        """Forget the full buckets; if that is not enough, the ones used longest ago."""
        for key in [k for k, b in self.buckets.items() if b.full(now)]:
            del self.buckets[key]
        if len(self.buckets) >= self.max_keys:
            oldest = sorted(self.buckets, key=lambda k: self.buckets[k].stamp)
            for key in oldest[:len(self.buckets) - self.max_keys // 2]:
                del self.buckets[key]


class RequestLimits:
    """The HTTP routes' limits per client address: new tables, seat claims, sign-ups and
    sign-ins (token buckets, ``ServerConfig.tables_*``, ``joins_*``, ``signups_*``,
    ``signins_*``), offline games put on a profile per account (``offline_uploads_*``), sign-ins
    per account name and per known device (a browser's device cookie,
    :mod:`furuba.server.accounts.devices`), and one table created at a time per address, so
    that its cap on unfinished tables is counted exactly."""

    def __init__(self, config: ServerConfig) -> None:
        self.tables = AddressBuckets(config.tables_per_minute / 60, config.tables_burst)
        self.joins = AddressBuckets(config.joins_per_minute / 60, config.joins_burst)
        self.signins = AddressBuckets(config.signins_per_minute / 60, config.signins_burst)
        self.account_signins = AddressBuckets(config.account_signins_per_minute / 60,
                                              config.account_signins_burst)
        self.device_signins = AddressBuckets(config.device_signins_per_minute / 60,
                                             config.device_signins_burst)
        self.account_device_signins = AddressBuckets(
            config.account_device_signins_per_minute / 60, config.account_device_signins_burst)
        self.signups = AddressBuckets(config.signups_per_hour / 3600, config.signups_burst)
        self.offline_uploads = AddressBuckets(config.offline_uploads_per_hour / 3600,
                                              config.offline_uploads_burst)
        self._creating: dict[str, tuple[asyncio.Lock, list[int]]] = {}

    @contextlib.asynccontextmanager
    async def creating(self, key: str) -> AsyncIterator[None]:
        """Hold ``key``'s creation lock (kept only while someone holds or waits for it)."""
        entry = self._creating.get(key)
        if entry is None:
            entry = self._creating[key] = (asyncio.Lock(), [0])
        lock, users = entry
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                self._creating.pop(key, None)
