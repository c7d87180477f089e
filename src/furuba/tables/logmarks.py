"""Log marks: each viewer gets its view without its log, and its log as what was appended since
the view it last got.

A game's view carries its whole log (40–90 KB late in a game); sending or even rendering it whole
for every seat after every action would cost more than everything else together. So a table
remembers where the log each viewer holds ended (:class:`LogMark`: its length and its last public
entry ``n``) and asks the game only for what follows (``state.view(seat, log_from=n)``, see
:meth:`furuba.core.protocol.State.view`). The server keeps a mark per viewer and state version
(``furuba.server.logdelta``), an offline table one per viewer (``furuba.offline.logs``); both
render with :func:`render`.

>>> mark = LogMark().extend([{"n": 1}, {"private": True}])
>>> mark
LogMark(length=2, public=1, tail=({'private': True},))
>>> mark.extend([{"private": True}, {"n": 2}])
LogMark(length=3, public=2, tail=())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from furuba.core.protocol import JSON, State

Viewer = int | None
"""A seat, or ``None`` for a spectator."""


@dataclass(frozen=True, slots=True)
class LogMark:
    """Where a viewer's log ended: what the next log delta continues."""

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


class Rendered(NamedTuple):
    """A viewer's view without its log, and its log as a delta: keep the first ``start``
    entries, append ``entries``; ``mark`` is where the log ends now."""

    view: JSON
    start: int
    entries: list[Any]
    mark: LogMark


def render(seat: Viewer, state: State, prev: LogMark | None) -> Rendered:
    """``seat``'s view of ``state`` and its log after ``prev`` (``None``: the whole log).

    The game renders only the log after the last public entry ``prev`` held; the private entries
    at the head of that tail, which the client already holds, are skipped, so the delta is
    exactly what was appended since. A log that does not continue ``prev`` is sent whole.
    """
    if prev is not None:
        view = state.view(seat, log_from=prev.public)
        fresh = pop_log(view)
        skip = len(prev.tail)
        if tuple(fresh[:skip]) == prev.tail:
            return Rendered(view, prev.length, fresh[skip:], prev.extend(fresh))
    view = state.view(seat)
    entries = pop_log(view)
    return Rendered(view, 0, entries, LogMark().extend(entries))
