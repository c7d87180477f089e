"""Log deltas at an offline table: each seat's view is sent without its log, and its log as what
was appended since the frame before (``{"from": n, "entries": […]}``: keep the first ``n``
entries, append these), by the rule of any table (:func:`furuba.tables.logmarks.render`).

An offline table has one client, which gets every frame in order, so one mark per viewer is
enough — where the log it holds ends. A snapshot, an undo and the end of the game send the whole
log (``from`` 0).
"""

from __future__ import annotations

from typing import Any

from furuba.core.protocol import JSON, State
from furuba.tables.logmarks import LogMark, Viewer, render


class LogDeltas:
    """The marks of one table's viewers: where the log each holds ends."""

    def __init__(self) -> None:
        self.marks: dict[Viewer, LogMark] = {}

    def render(self, seat: Viewer, state: State, delta: bool) -> tuple[JSON, dict[str, Any]]:
        """``seat``'s view of ``state`` without its log, and its log: what follows the viewer's
        mark when ``delta`` (and the game goes on), else the whole log."""
        prev = self.marks.get(seat) if delta and not state.is_terminal() else None
        view, start, entries, self.marks[seat] = render(seat, state, prev)
        return view, {"from": start, "entries": entries}
