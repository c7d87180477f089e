"""Replays of finished games: every position, from the table's record, and what the API says of it.

Once a game is over its whole record is public (every hand); before, it stays secret. The
positions come from the record itself (:meth:`furuba.core.record.GameRecord.positions`), so a
replay shows exactly what the record replays to. The latest few finished games' positions are
kept in memory.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING

from furuba.core.protocol import State
from furuba.server import bodies as b
from furuba.server.errors import RoomError
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.rooms import Room

REPLAY_CACHE = 16
"""Finished games whose replay positions are kept in memory."""


class Replays:
    """Positions of recently replayed games, by table id (least recently used forgotten)."""

    def __init__(self, size: int = REPLAY_CACHE) -> None:
        self.size = size
        self._positions: OrderedDict[str, list[State]] = OrderedDict()

    def positions(self, room: Room) -> list[State]:
        """Every position of ``room``'s finished game (after 0, 1, … actions)."""
        if room.status != "finished":
            raise RoomError("not_over", _("the game is not over: its record stays secret "
                                          "until then"))
        states = self._positions.get(room.id)
        if states is None:
            states = room.record.positions()
            self._positions[room.id] = states
            while len(self._positions) > self.size:
                self._positions.popitem(last=False)
        self._positions.move_to_end(room.id)
        return states


def step_name(states: list[State], room: Room, n: int) -> b.ReplayStepName:
    """Action ``n`` (1, 2, …) of the record: who took it, and what it was, as data."""
    before = states[n - 1]
    info = before.action_info(room.record.actions[n - 1])
    return b.ReplayStepName(n=n, player=before.current_player, action=info["text"],
                            kind=info["kind"], params=dict(info["params"]))


def summary(room: Room, states: list[State]) -> b.ReplaySummary:
    """``GET /api/tables/{id}/replay``: the record, its written inputs and its steps."""
    return b.ReplaySummary(
        table=room.table_out(), record=room.record.to_json(),
        steps=[step_name(states, room, n) for n in range(1, len(room.record.actions) + 1)],
        answers=[b.ReplayAnswer(after=w.after, seat=w.player, text=w.text, name=w.name)
                 for w in room.record.written])


def step(room: Room, states: list[State], n: int) -> b.ReplayStep:
    """``GET /api/tables/{id}/replay/{n}``: the position after ``n`` actions, every hand shown."""
    state = states[n]
    return b.ReplayStep(step=n, total=len(states) - 1,
                        current_player=None if state.is_terminal() else state.current_player,
                        action=step_name(states, room, n) if n > 0 else None,
                        public=state.view(None),
                        views=[b.SeatView(seat=p, view=state.view(p))
                               for p in range(state.num_players)])
