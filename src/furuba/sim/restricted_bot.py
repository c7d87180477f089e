"""A bot that never plays some cards when it has another choice: :class:`RestrictedBot`.

It wraps any bot. At each decision it asks the game which cards each legal action plays (the
``plays`` hook of the game's :class:`~furuba.sim.card_hooks.CardHooks`) and keeps the actions
that play none of the banned kinds. When every legal action plays one, the choice is forced
and the inner bot chooses as usual; when none does, nothing changes either. Otherwise the inner
bot chooses among the kept actions:

* a bot that can choose among some of the legal actions
  (:class:`~furuba.bots.base.ChoosesAmong`) is asked to: a search bot plays its most visited
  kept action, the random bot picks among them, the greedy bot scores only them (its game's
  ``among`` policy); any other bot chooses as usual;
* a bot that chose a banned action anyway (a policy that builds its move from the hand) gets a
  *fallback*: the kept action whose result the game's own evaluation rates best for the
  player, in a world re-dealt from what the player knows (it never reads a hidden card).

The bot counts its restricted decisions, forced plays and fallbacks, so a report can say how
often the restriction bit and how much of the bot's own judgement was replaced.

>>> from furuba import games
>>> from furuba.bots.registry import make_bot
>>> state = games.new_game("daihinmin", players=4, seed=7)
>>> bot = RestrictedBot(make_bot("greedy"), frozenset({"3"}), seed=1)
>>> from furuba.sim.kit import LabKit
>>> hooks = games.spec_of(state).kit(LabKit).cards()
>>> "3" in hooks.plays(state, bot.choose(state)), bot.counts["restricted"]
(False, 1)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from furuba import games
from furuba.bots.base import Bot, ChoosesAmong
from furuba.bots.kit import BotKit
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.sim.kit import LabKit
from furuba.text import _

if TYPE_CHECKING:
    from furuba.sim.card_hooks import CardHooks


def card_hooks(game: str) -> CardHooks:
    """The card hooks of ``game``; :class:`OptionsError` when the game names no cards."""
    spec = games.spec(game)
    cards = spec.kit_or(LabKit()).cards
    if cards is None:
        raise OptionsError(_("the game {title} does not name its cards for the balance "
                             "lab").format(title=spec.gettext(spec.title)))
    return cards()


class RestrictedBot:
    """``inner``, never playing a card of ``banned`` while it has another choice."""

    def __init__(self, inner: Bot, banned: frozenset[str], seed: int = 0) -> None:
        self.inner = inner
        self.banned = banned
        self.name = inner.name
        self.rng = random.Random(seed)
        self.counts = {"restricted": 0, "forced": 0, "fallbacks": 0}
        """Decisions where a banned card was held back, decisions where only banned plays were
        legal, and restricted decisions where the inner bot's choice had to be replaced."""

    def choose(self, state: State) -> int:
        hooks = card_hooks(state.game_name)
        legal = state.legal_actions()
        allowed = [a for a in legal if not hooks.plays(state, a) & self.banned]
        if len(allowed) == len(legal):
            return self.inner.choose(state)
        if not allowed:
            self.counts["forced"] += 1
            return self.inner.choose(state)
        self.counts["restricted"] += 1
        if len(allowed) == 1:
            return allowed[0]
        if isinstance(self.inner, ChoosesAmong):
            action = self.inner.choose_among(state, allowed)
        else:
            action = self.inner.choose(state)
        if action in allowed:
            return action
        self.counts["fallbacks"] += 1
        return self._fallback(state, allowed)

    def _fallback(self, state: State, allowed: list[int]) -> int:
        """The allowed action the game's evaluation rates best for the player, one step on, in a
        world re-dealt from what the player knows."""
        me = state.current_player
        evaluate = games.spec_of(state).kit(BotKit).policies.evaluate
        world = state.determinize(me, self.rng)
        best, best_value = allowed[0], float("-inf")
        for action in allowed:
            child = world.clone()
            child.apply(action)
            value = (child.returns() if child.is_terminal() else evaluate(child))[me]
            value += self.rng.random() * 1e-9                # ties broken at random
            if value > best_value:
                best, best_value = action, value
        return best
