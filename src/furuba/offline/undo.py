"""Undo at an offline table: the server's rules (``furuba.server.undo``), which this package may
not import.

A table whose ``undo`` setting is on lets a player take back their own last action while nothing
came after it (no other action, no written input) and the game says it revealed nothing
(:attr:`furuba.spec.GameSpec.reveals`: no card drawn or shown, no chance outcome, no hidden choice
made public) — Board Game Arena's rule. Taking back needs the state the action was taken in: the
table keeps it when it takes an action, or replays its record to it (after a restore, or after an
undo, for the action before).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from furuba.core.protocol import State
from furuba.offline.errors import TableError
from furuba.text import N_, _

if TYPE_CHECKING:
    from furuba.offline.table import LocalTable

log = logging.getLogger("furuba.offline")
REVEALED = N_("your last action revealed something (a card drawn or shown, a chance outcome or "
              "a hidden choice): it stands")


def refusal(table: LocalTable, seat: int) -> TableError | None:
    """Why ``seat`` may not take back the last action now, or ``None`` when it may."""
    if not table.settings.undo:
        return TableError("not_allowed", _("undo is off at this table"))
    if table.status != "playing":
        return TableError("not_playing", _("the game is over: its actions stand"))
    if not table.actors:
        return TableError("not_allowed", _("there is nothing to take back: nobody has acted yet"))
    last_seat, by = table.actors[-1]
    if last_seat != seat:
        who = table.settings.seat_name(last_seat) or _("seat {n}").format(n=last_seat)
        if any(s == seat for s, _by in table.actors):
            return TableError("not_allowed", _("{who} acted after your last action: it "
                                               "stands").format(who=who))
        return TableError("not_allowed", _("the last action was {who}'s, not yours").format(who=who))
    if by != "human":
        return TableError("not_allowed", _("a bot took your last action for you: it stands"))
    written = table.record.written
    if written and written[-1].after == len(table.record.actions):
        return TableError("not_allowed", _("{name} was written after your last action: it "
                                           "stands").format(name=written[-1].name))
    if revealed(table):
        return TableError("not_allowed", _(REVEALED))
    return None


def before_last(table: LocalTable) -> State:
    """The state the record's last action was taken in (the record has one)."""
    if table.before is None:
        table.before = table.record.replay(len(table.record.actions) - 1)
    return table.before


def revealed(table: LocalTable) -> bool:
    """Whether the record's last action revealed anything (worked out once per action)."""
    if table.revealed is None:
        try:
            table.revealed = bool(table.spec.reveals(before_last(table),
                                                     table.record.actions[-1]))
        except Exception:   # a game's bug must not open an undo: what is unknown stands
            log.exception("table %s: could not tell whether the last action revealed anything",
                          table.settings.id)
            table.revealed = True
    return table.revealed
