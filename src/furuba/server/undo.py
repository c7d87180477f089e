"""Undo at a room: the rules of any table (:mod:`furuba.tables.undo`: who may take back which
action), read of a room, and what taking back needs.

:func:`refusal` says why a seat may not undo now (``None``: it may); the room uses it to tell each
seat whether it may (``ViewEntry.undo``), and :func:`furuba.server.moves.take_back` to refuse an
``undo`` message. Taking back needs the state the action was taken in: the room keeps it when it
commits an action (:class:`LastAction`), or replays the record to it (after a restart, or after
an undo, for the action before).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from furuba.core.protocol import State
from furuba.tables import undo as rules

if TYPE_CHECKING:
    from furuba.server.rooms import Room


@dataclass(slots=True)
class LastAction:
    """The record's action ``index`` (its last) as an undo needs it: the state it was taken in
    and that state's version in this process (``None``: it was never the room's state here, so
    a view of it is sent with its whole log), and whether it revealed anything (worked out when
    first asked)."""

    index: int
    before: State
    version: int | None
    revealed: bool | None = None


def refusal(room: Room, seat: int) -> tuple[str, str] | None:
    """Why ``seat`` may not take back the last action now — an error code and a sentence — or
    ``None`` when it may (:func:`furuba.tables.undo.refusal`). The sentence is in the context's
    language (the asking socket's)."""
    return rules.refusal(room, seat, on=room.settings.undo,
                         name_of=lambda s: room.seats[s].name,
                         revealed=lambda: bool(last_action(room).revealed))


def last_action(room: Room) -> LastAction:
    """The record's last action as an undo needs it (the record has one): kept by the room, else
    worked out by replaying the record to where it was taken."""
    actions = room.record.actions
    last = room.last
    if last is None or last.index != len(actions) - 1:
        last = LastAction(len(actions) - 1, room.record.replay(len(actions) - 1), None)
        room.remember_last(last)
    if last.revealed is None:
        last.revealed = rules.reveals(room.spec, last.before, actions[-1], room.id, last.index)
    return last
