"""Undo: who may take back which action, and what that needs.

A table whose ``undo`` setting is on (never a rated one) lets a player take back their own last
action while nothing has been revealed since (Board Game Arena's rule: an undo never crosses a
reveal, a shuffle or another player's move). The seat asking must hold the record's last action,
its player must have taken it (not a bot playing the seat), nothing may have come after it (no
other action, no written input), and the game must say it revealed nothing
(:attr:`furuba.spec.GameSpec.reveals`: no card drawn or shown, no chance outcome, no hidden
choice made public) — each game rules on its own actions.

:func:`refusal` says why a seat may not undo now (``None``: it may); the room uses it to tell each
seat whether it may (``ViewEntry.undo``), and :func:`furuba.server.moves.take_back` to refuse an
``undo`` message. Taking back needs the state the action was taken in: the room keeps it when it
commits an action (:class:`LastAction`), or replays the record to it (after a restart, or after
an undo, for the action before).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from furuba.core.protocol import State
from furuba.text import N_, _

if TYPE_CHECKING:
    from furuba.server.rooms import Room

log = logging.getLogger("furuba.server")
REVEALED = N_("your last action revealed something (a card drawn or shown, a chance outcome or "
              "a hidden choice): it stands")
STATUS = {"waiting": N_("the game has not started: there is nothing to take back"),
          "finished": N_("the game is over: its actions stand"),
          "abandoned": N_("the table was abandoned: its actions stand")}
NOT_PLAYED = N_("the game is not being played")


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
    ``None`` when it may (see the module docstring). The sentence is in the context's language
    (the asking socket's)."""
    if not room.settings.get("undo"):
        return "not_allowed", _("undo is off at this table")
    if room.status != "playing":
        return "not_playing", _(STATUS.get(room.status, NOT_PLAYED))
    if not room.actors:
        return "not_allowed", _("there is nothing to take back: nobody has acted yet")
    last_seat, by = room.actors[-1]
    if last_seat != seat:
        who = room.seats[last_seat].name or _("seat {n}").format(n=last_seat)
        if any(s == seat for s, _by in reversed(room.actors)):
            return "not_allowed", _("{who} acted after your last action: it stands").format(
                who=who)
        return "not_allowed", _("the last action was {who}'s, not yours").format(who=who)
    if by != "human":
        return "not_allowed", _("a bot took your last action for you: it stands")
    written = room.record.written
    if written and written[-1].after == len(room.record.actions):
        return "not_allowed", _("{name} was written after your last action: it "
                                "stands").format(name=written[-1].name)
    if last_action(room).revealed:
        return "not_allowed", _(REVEALED)
    return None


def last_action(room: Room) -> LastAction:
    """The record's last action as an undo needs it (the record has one): kept by the room, else
    worked out by replaying the record to where it was taken."""
    actions = room.record.actions
    last = room.last
    if last is None or last.index != len(actions) - 1:
        last = room.last = LastAction(len(actions) - 1, room.record.replay(len(actions) - 1), None)
    if last.revealed is None:
        try:
            last.revealed = bool(room.spec.reveals(last.before, actions[-1]))
        except Exception:   # a game's bug must not open an undo: what is unknown stands
            log.exception("table %s: could not tell whether action %d revealed anything",
                          room.id, last.index)
            last.revealed = True
    return last
