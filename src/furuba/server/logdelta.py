"""Log deltas: each viewer gets only the log entries appended since the view it last got.

The room remembers, per viewer and state version, where the log it sent ended (a
:class:`~furuba.tables.logmarks.LogMark`: its length and its last public entry ``n``) and asks the
game only for what follows (:func:`furuba.tables.logmarks.render`, the rule an offline table
follows too).
"""

from __future__ import annotations

from furuba.core.protocol import JSON, State
from furuba.server import messages as m
from furuba.tables.logmarks import LogMark, Viewer, pop_log, render


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
        (``None``: the whole log), remembered under ``version``. At the end of the game the
        whole log is sent again (everything becomes public)."""
        prev = None
        if base is not None and not state.is_terminal():
            prev = self.mark_of(seat, *base)
        view, start, entries, mark = render(seat, state, prev)
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
