"""Hints: the search bot's best few actions for a player, with a win chance and a reason.

:func:`hint` runs the ISMCTS search from ``seat``'s information set and reads the root: each hint
is an action, the mean value the search backed up for it (an estimated win share; in a co-op game
the team's chance to win) and a short reason in words. The reason comes from the game's
``explain_action(world, action, player)``, which compares a world sampled from ``seat``'s view
before and after the action — so a hint never tells a player anything they could not know.

:func:`say_hint` puts a hint into one sentence in the context's language, the action first as
the reader's screen names it, then the game's reason:

>>> from furuba import games
>>> state = games.new_game("zodiac", players=3, seed=4)
>>> hints = hint(state, 0, sims=60)
>>> all(state.is_legal(h.action) and 0.0 <= h.win_chance <= 1.0 and h.reason for h in hints)
True
>>> say_hint("draw a card", 0.27, "more memories to match with")
'Draw a card — about 27% to win. More memories to match with.'
>>> from furuba.i18n import speaking
>>> with speaking("ja"):
...     say_hint("カードを引く", 0.27, "記憶のカードが増えます")
'カードを引く（勝率 約27%）。記憶のカードが増えます。'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from furuba import games, i18n
from furuba.bots.ismcts import Search, Settings
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.text import _, sentence

DEFAULT_SIMS = 400
"""Simulations of a hint: more than a ``normal`` bot thinks, so a hint is worth asking for."""
DEFAULT_COUNT = 3


@dataclass(frozen=True)
class Hint:
    """One suggested action."""

    action: int
    name: str
    """``state.action_to_string(action)``."""
    win_chance: float
    """The search's estimate of the player's win share after this action, in [0, 1]."""
    visits: int
    """How many of the search's simulations went through this action (its confidence)."""
    reason: str
    """Why, in the context's language."""
    reasons: Mapping[str, str] = field(default_factory=dict)
    """Why, in each language asked for (``hint(..., languages=…)``): what is kept for readers
    of several languages, such as a game review."""


def hint(state: State, seat: int | None = None, sims: int = DEFAULT_SIMS, count: int = DEFAULT_COUNT,
         seed: int = 0, languages: Sequence[str] = ()) -> list[Hint]:
    """The best ``count`` actions for ``seat`` (the player to move), best first.

    Raises :class:`~furuba.core.errors.OptionsError` when the game is over, when ``seat`` is not
    the player to move, or for a budget below 1.
    """
    if state.is_terminal():
        raise OptionsError(_("the game is over: there is nothing to hint"))
    player = state.current_player
    if seat is not None and seat != player:
        raise OptionsError(_("hints are for the player to move (player {player}), not player "
                             "{seat}").format(player=player, seat=seat))
    if sims < 1 or count < 1:
        raise OptionsError(_("a hint needs at least 1 simulation and at least 1 action"))
    rng = random.Random(seed)
    result = Search(state, Settings(sims=sims, level=None), rng).run()
    explain = games.spec_of(state).policies.explain
    world = state.determinize(player, rng)
    out = []
    for stats in result.actions[:count]:
        reason = explain(world, stats.action, player)
        reasons = {}
        for language in languages:
            with i18n.speaking(language):
                reasons[language] = explain(world, stats.action, player)
        out.append(Hint(stats.action, state.action_to_string(stats.action),
                        min(1.0, max(0.0, stats.value)), stats.visits, reason, reasons))
    return out


def say_hint(action: str, win_chance: float | None, reason: str | None = None) -> str:
    """A hint as the player reads it: ``action`` (the words the player's screen has for it),
    the win chance when there is one, then ``reason`` as a sentence."""
    if action[:1].isalpha():
        action = action[:1].upper() + action[1:]
    said = (_("{action} — about {percent}% to win.") if win_chance is not None
            else _("{action}.")).format(action=action, percent=round((win_chance or 0) * 100))
    if not reason or not reason.strip():
        return said
    return _("{hint} {reason}").format(hint=said, reason=sentence(reason))
