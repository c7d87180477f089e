"""Log deltas: each viewer gets only the log entries appended since the view it last got.

A game's view carries its whole log (40–90 KB late in a game); sending or even rendering it whole
for every seat after every action would cost more than everything else together. So the room
remembers, per viewer and state version, where the log it sent ended (:class:`LogMark`: its length
and its last public entry ``n``) and asks the game only for what follows
(``state.view(seat, log_from=n)``, see :meth:`furuba.core.protocol.State.view`).

>>> mark = LogMark().extend([{"n": 1}, {"private": True}])
>>> mark
LogMark(length=2, public=1, tail=({'private': True},))
>>> mark.extend([{"private": True}, {"n": 2}])
LogMark(length=3, public=2, tail=())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from furuba.core.protocol import JSON, State
from furuba.server import messages as m

Viewer = int | None
"""A seat, or ``None`` for a spectator."""


@dataclass(frozen=True, slots=True)
class LogMark:
    """Where a viewer's log ended at one state version: what the next log delta continues."""

    length: int = 0
    """How many entries the log held."""
    public: int = 0
    """The number ``n`` of its last public entry (0: none yet)."""
    tail: tuple[Any, ...] = ()
    """The (private) entries after that public entry: a client holding the log holds them."""

    def extend(self, fresh: list[Any]) -> LogMark:
        """The mark after ``fresh``: the log after public entry :attr:`public`, whose first
        entries are :attr:`tail` (see :meth:`furuba.core.protocol.State.view`)."""
        for i in range(len(fresh) - 1, -1, -1):
            entry = fresh[i]
            if isinstance(entry, dict) and "n" in entry:
                return LogMark(self.length + len(fresh) - len(self.tail), int(entry["n"]),
                               tuple(fresh[i + 1:]))
        return LogMark(self.length + len(fresh) - len(self.tail), self.public, tuple(fresh))


def pop_log(view: JSON) -> list[Any]:
    """Take the log out of a view (the view is sent without it)."""
    entries = view.pop("log", [])
    return entries if isinstance(entries, list) else []


class LogDeltas:
    """The log marks of one table's viewers, and the views they make.

    A viewer keeps as many marks as a resend can reach back (``keep``).
    """

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self.marks: dict[Viewer, dict[int, LogMark]] = {}

    def render(self, seat: Viewer, state: State, version: int,
               base: tuple[State, int] | None) -> tuple[JSON, m.LogDelta]:
        """``seat``'s view of ``state`` (without its log) and its log as a delta from ``base``
        (``None``: the whole log).

        The game renders only the log after the last public entry ``base``'s log held; the
        private entries at the head of that tail that the client already holds are skipped, so
        the delta is exactly what was appended since ``base``. At the end of the game the whole
        log is sent again (everything becomes public).
        """
        prev = None
        if base is not None and not state.is_terminal():
            prev = self.mark_of(seat, *base)
        view: JSON | None = None
        start, entries, mark = 0, [], LogMark()
        if prev is not None:
            view = state.view(seat, log_from=prev.public)
            fresh = pop_log(view)
            skip = len(prev.tail)
            if tuple(fresh[:skip]) == prev.tail:
                start, entries, mark = prev.length, fresh[skip:], prev.extend(fresh)
            else:  # pragma: no cover - a viewer's log only grows until the game is over
                view = None
        if view is None:
            view = state.view(seat)
            entries = pop_log(view)
            mark = LogMark().extend(entries)
        self.remember(seat, version, mark)
        return view, m.LogDelta(start=start, entries=entries)

    def mark_of(self, seat: Viewer, state: State, version: int) -> LogMark:
        """Where ``seat``'s log ended at ``version`` (rendered whole when no longer known)."""
        mark = self.marks.get(seat, {}).get(version)
        if mark is None:
            mark = LogMark().extend(pop_log(state.view(seat)))
            self.remember(seat, version, mark)
        return mark

    def remember(self, seat: Viewer, version: int, mark: LogMark) -> None:
        """Keep a log mark, forgetting the oldest beyond :attr:`keep`."""
        marks = self.marks.setdefault(seat, {})
        marks[version] = mark
        while len(marks) > self.keep:
            del marks[next(iter(marks))]
