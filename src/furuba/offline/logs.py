"""Log deltas: each seat's view is sent without its log, and its log as what was appended since
the frame before (``{"from": n, "entries": […]}``: keep the first ``n`` entries, append these).

An offline table has one client, which gets every frame in order, so one mark per viewer is
enough — where the log it holds ends (:class:`LogMark`, as the server's ``logdelta`` keeps them).
A snapshot, an undo and the end of the game send the whole log (``from`` 0).

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

Viewer = int | None
"""A seat, or ``None`` for a spectator (a table with no human seat)."""


@dataclass(frozen=True, slots=True)
class LogMark:
    """Where a viewer's log ended: what the next delta continues."""

    length: int = 0
    """How many entries the log held."""
    public: int = 0
    """The number ``n`` of its last public entry (0: none yet)."""
    tail: tuple[Any, ...] = ()
    """The (private) entries after that public entry."""

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
    """The marks of one table's viewers: where the log each holds ends."""

    def __init__(self) -> None:
        self.marks: dict[Viewer, LogMark] = {}

    def render(self, seat: Viewer, state: State, delta: bool) -> tuple[JSON, dict[str, Any]]:
        """``seat``'s view of ``state`` without its log, and its log: what follows the viewer's
        mark when ``delta`` (and the game goes on), else the whole log."""
        prev = self.marks.get(seat) if delta and not state.is_terminal() else None
        if prev is not None:
            view = state.view(seat, log_from=prev.public)
            fresh = pop_log(view)
            skip = len(prev.tail)
            if tuple(fresh[:skip]) == prev.tail:
                self.marks[seat] = prev.extend(fresh)
                return view, {"from": prev.length, "entries": fresh[skip:]}
        view = state.view(seat)
        entries = pop_log(view)
        self.marks[seat] = LogMark().extend(entries)
        return view, {"from": 0, "entries": entries}
