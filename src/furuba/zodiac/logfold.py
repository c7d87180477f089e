"""A fold over the persistent log that resumes where it last stopped.

A state's log is a linked list ``(previous, entry)`` that a clone shares and an action extends,
so what was worked out from a log holds for the older part of every longer log. A
:class:`LogFold` remembers its result per log node (holding the node, so its id cannot be reused
while it is remembered) and, given a log, walks back only to the newest node it has seen, then
folds the new entries oldest first: a few entries, not the whole game.

>>> count_draws = LogFold(0, lambda n, entry, key: n + (entry[1] == "draw"))
>>> log = (((None, (0, "turn", 1, 0)), (0, "draw", 5, 0)), (1, "draw", 7, 0))
>>> count_draws(log, None), count_draws((log, (1, "play", 7, 0)), None)
(2, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from furuba.zodiac.codes import Log, LogEntry

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


class LogFold(Generic[T, K]):
    """``fold(log, key)``: ``step(result, entry, key)`` over ``log``'s entries, oldest first,
    from ``start``; results are shared, never change one."""

    def __init__(self, start: T, step: Callable[[T, LogEntry, K], T], size: int = 512) -> None:
        self.start = start
        self.step = step
        self.size = size
        self._memo: dict[tuple[int, K], tuple[Log, T]] = {}

    def __call__(self, log: Log, key: K) -> T:
        path: list[LogEntry] = []
        # The nodes are held as plain objects: compiled code keeps a value typed as a tuple of
        # known length unboxed, and boxing it again would make a new tuple whose id the memo
        # has never seen.
        node: Any = log
        out = self.start
        while node is not None:
            hit = self._memo.get((id(node), key))
            if hit is not None and hit[0] is node:
                out = hit[1]
                break
            path.append(node[1])
            node = node[0]
        if not path:
            return out
        step = self.step
        for entry in reversed(path):
            out = step(out, entry, key)
        self.remember(log, key, out)
        return out

    def remember(self, log: Log, key: K, result: T) -> None:
        """Keep ``result`` as the fold of ``log``; a full memo starts again empty (dropping its
        oldest entries one by one made each drop scan the holes the earlier ones left)."""
        memo = self._memo
        if len(memo) >= self.size:
            memo.clear()
        memo[(id(log), key)] = (log, result)
