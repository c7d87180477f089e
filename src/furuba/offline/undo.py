"""Undo at an offline table: the rules of any table (:mod:`furuba.tables.undo`), read of a
:class:`~furuba.offline.table.LocalTable`.

Taking back needs the state the action was taken in: the table keeps it when it takes an action,
or replays its record to it (after a restore, or after an undo, for the action before).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.core.protocol import State
from furuba.offline.errors import TableError
from furuba.tables import undo as rules

if TYPE_CHECKING:
    from furuba.offline.table import LocalTable


def refusal(table: LocalTable, seat: int) -> TableError | None:
    """Why ``seat`` may not take back the last action now, or ``None`` when it may."""
    why = rules.refusal(table, seat, on=table.settings.undo, name_of=table.settings.seat_name,
                        revealed=lambda: revealed(table))
    return None if why is None else TableError(*why)


def before_last(table: LocalTable) -> State:
    """The state the record's last action was taken in (the record has one)."""
    if table.before is None:
        table.before = table.record.replay(len(table.record.actions) - 1)
    return table.before


def revealed(table: LocalTable) -> bool:
    """Whether the record's last action revealed anything (worked out once per action)."""
    if table.revealed is None:
        actions = table.record.actions
        table.revealed = rules.reveals(table.spec, before_last(table), actions[-1],
                                       table.settings.id, len(actions) - 1)
    return table.revealed
