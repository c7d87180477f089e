"""Undo: who may take back which action.

A table whose ``undo`` setting is on (never a rated one) lets a player take back their own last
action while nothing has been revealed since (Board Game Arena's rule: an undo never crosses a
reveal, a shuffle or another player's move). The seat asking must hold the record's last action,
its player must have taken it (not a bot playing the seat), nothing may have come after it (no
other action, no written input), and the game must say it revealed nothing
(:attr:`furuba.spec.GameSpec.reveals`: no card drawn or shown, no chance outcome, no hidden
choice made public) — each game rules on its own actions.

:func:`refusal` says why a seat may not undo now (``None``: it may), for a server's room
(``furuba.server.undo``) and an offline table (``furuba.offline.undo``) alike: each keeps the
state its last action was taken in its own way, and says whether that action revealed anything
with :func:`reveals`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Protocol

from furuba.core.protocol import State
from furuba.core.record import GameRecord
from furuba.spec import GameSpec
from furuba.tables.refusals import Refusal
from furuba.text import N_, _

log = logging.getLogger("furuba.tables")
REVEALED = N_("your last action revealed something (a card drawn or shown, a chance outcome or "
              "a hidden choice): it stands")
STATUS = {"waiting": N_("the game has not started: there is nothing to take back"),
          "finished": N_("the game is over: its actions stand"),
          "abandoned": N_("the table was abandoned: its actions stand")}
NOT_PLAYED = N_("the game is not being played")


class Acted(Protocol):
    """What the rule reads of a table (a server's ``Room``, an offline ``LocalTable``)."""

    @property
    def status(self) -> str:
        """``playing`` while the game is played (else ``waiting``, ``finished``, …)."""

    @property
    def actors(self) -> Sequence[tuple[int, str]]:
        """Who took each action of the record: (seat, ``human`` or ``bot``)."""

    @property
    def record(self) -> GameRecord:
        """The table's record: its actions and written inputs."""


def refusal(table: Acted, seat: int, *, on: bool, name_of: Callable[[int], str | None],
            revealed: Callable[[], bool]) -> Refusal | None:
    """Why ``seat`` may not take back the last action of ``table`` now, or ``None`` when it may
    (see the module docstring). ``on``: the table's ``undo`` setting; ``name_of``: the name a
    seat goes by; ``revealed``: whether the record's last action revealed anything (asked last,
    and only when the rest allows the undo). The sentence is in the context's language."""
    if not on:
        return Refusal("not_allowed", _("undo is off at this table"))
    if table.status != "playing":
        return Refusal("not_playing", _(STATUS.get(table.status, NOT_PLAYED)))
    if not table.actors:
        return Refusal("not_allowed", _("there is nothing to take back: nobody has acted yet"))
    last_seat, by = table.actors[-1]
    if last_seat != seat:
        who = name_of(last_seat) or _("seat {n}").format(n=last_seat)
        if any(s == seat for s, _by in reversed(table.actors)):
            return Refusal("not_allowed", _("{who} acted after your last action: it "
                                            "stands").format(who=who))
        return Refusal("not_allowed", _("the last action was {who}'s, not yours").format(who=who))
    if by != "human":
        return Refusal("not_allowed", _("a bot took your last action for you: it stands"))
    written = table.record.written
    if written and written[-1].after == len(table.record.actions):
        return Refusal("not_allowed", _("{name} was written after your last action: it "
                                        "stands").format(name=written[-1].name))
    if revealed():
        return Refusal("not_allowed", _(REVEALED))
    return None


def reveals(spec: GameSpec, before: State, action: int, where: str, index: int) -> bool:
    """Whether ``action``, the record's action ``index`` taken in ``before``, revealed anything,
    as the game says — ``True`` when the game cannot tell (``where``: the table, for the log)."""
    try:
        return bool(spec.reveals(before, action))
    except Exception:   # a game's bug must not open an undo: what is unknown stands
        log.exception("table %s: could not tell whether action %d revealed anything", where,
                      index)
        return True
