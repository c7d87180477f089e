"""A puzzle's position: the finished game's record replayed to the decision, and what the seat
saw there — exactly what the table's WebSocket gave that seat then.

The record is the one stored when the game ended (``furuba_games.record``); it is replayed to
the position after ``step − 1`` actions on a worker thread, never on the event loop, and the
latest positions asked for are kept in memory (a puzzle is read, then answered).

What a puzzle shows is the seat's view (``state.view(seat)``: its own hand, the public log and
its own private actions), its legal actions as data and the game's static catalog — never the
table's id, whose replay shows every hand once the game is over; the answer names it.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from furuba.core.protocol import State
from furuba.core.record import GameRecord
from furuba.server import messages as m
from furuba.server.models import GameRow, SeatRow
from furuba.tables.logmarks import pop_log

KEPT = 32
"""Positions kept in memory, by table and step."""


@dataclass(frozen=True, slots=True)
class StoredGame:
    """What a puzzle needs of its finished game: the record and the seats."""

    record: dict[str, Any]
    seats: list[dict[str, Any]]
    """Each seat as a table's description gives it: ``seat``, ``kind``, ``bot``, ``name``."""


def stored_game(s: Session, table_id: str) -> StoredGame | None:
    """The finished game of ``table_id`` (``None``: not finished, or no such table)."""
    record = s.scalar(select(GameRow.record).where(GameRow.table_id == table_id))
    if not record:
        return None
    seats = s.execute(select(SeatRow.seat, SeatRow.kind, SeatRow.bot, SeatRow.name)
                      .where(SeatRow.table_id == table_id).order_by(SeatRow.seat)).all()
    return StoredGame(dict(record), [{"seat": r.seat, "kind": r.kind, "bot": r.bot,
                                      "name": r.name} for r in seats])


def before(record: dict[str, Any], step: int) -> State:
    """The position in which the record's action ``step`` (1, 2, …) was decided (CPU: call it
    on a thread); :class:`ValueError` when the record has no such step."""
    game = GameRecord.from_json(record)
    if not 1 <= step <= len(game.actions):
        raise ValueError(f"the record has no step {step}")
    return game.replay(step - 1)


def seat_entry(state: State, seat: int) -> dict[str, Any]:
    """``seat``'s view of ``state`` as a table's snapshot gives it (``view`` without its log,
    ``log`` whole, ``legal`` as data) and the game's catalog (CPU: call it on a thread)."""
    view = state.view(seat)
    entries = pop_log(view)
    legal = [m.LegalAction.of(info).model_dump() for info in state.legal_action_infos()] \
        if state.current_player == seat else []
    return {"seat": seat, "view": view, "log": {"from": 0, "entries": entries}, "legal": legal,
            "catalog": state.catalog()}


class Positions:
    """The latest positions asked for, by (table, step): least recently used forgotten."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._states: OrderedDict[tuple[str, int], State] = OrderedDict()

    def get(self, table_id: str, step: int) -> State | None:
        state = self._states.get((table_id, step))
        if state is not None:
            self._states.move_to_end((table_id, step))
        return state

    def keep(self, table_id: str, step: int, state: State) -> None:
        self._states[(table_id, step)] = state
        while len(self._states) > self.size:
            self._states.popitem(last=False)
