"""A bot that never plays some cards when it has another choice: :class:`RestrictedBot`.

It wraps any bot. At each decision it asks the game which cards each legal action plays (the
``plays`` hook of the game's :class:`~furuba.sim.card_hooks.CardHooks`) and keeps the actions
that play none of the banned kinds. When every legal action plays one, the choice is forced
and the inner bot chooses as usual; when none does, nothing changes either. Otherwise the inner
bot chooses among the kept actions:

* a search bot is asked for its search, and its most visited kept action is played;
* any other bot is shown the state with only the kept actions legal (a read-only stand-in that
  answers everything else as the state does); a bot that chooses from the legal actions
  (random, and greedy policies that score each legal action) then chooses among them;
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
from typing import TYPE_CHECKING, Any, cast

from furuba import games
from furuba.bots.base import Bot
from furuba.bots.ismcts import ISMCTSBot
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


class _Narrowed:
    """``state`` as seen by a bot that may take only ``allowed``: everything else delegated."""

    __slots__ = ("_allowed", "_state")

    def __init__(self, state: State, allowed: list[int]) -> None:
        self._state = state
        self._allowed = allowed

    def legal_actions(self) -> list[int]:
        return list(self._allowed)

    def is_legal(self, action: int) -> bool:
        return action in self._allowed

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


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
        if isinstance(self.inner, ISMCTSBot):
            result = self.inner.search(state)
            for stats in result.actions:                # most visited first
                if stats.action in allowed:
                    return stats.action
        else:
            action = self.inner.choose(cast(State, _Narrowed(state, allowed)))
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
