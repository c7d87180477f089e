"""Running the protocol's coroutines from plain code, wherever it is called from."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coro)``; on a thread of its own when this thread already runs an event loop
    (a notebook, Playwright's sync API), where ``asyncio.run`` refuses to start.

    >>> async def two() -> int:
    ...     return 2
    >>> run_sync(two())
    2
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
