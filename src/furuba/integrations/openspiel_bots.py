"""OpenSpiel bots for furuba's games (used through :mod:`.openspiel`, which re-exports them).

* :class:`FurubaBot`: any furuba bot as a ``pyspiel.Bot``;
* :class:`Determinized`: a perfect-information bot handed one sampled world;
* :class:`BotRolloutEvaluator`: MCTS/ISMCTS playouts by a furuba bot;
* :func:`play`: a game played to the end by one bot per player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from furuba.bots.base import Bot
from furuba.bots.registry import make_bot
from furuba.integrations.openspiel_state import FurubaState


class FurubaBot(pyspiel.Bot):  # type: ignore[misc]
    """A furuba bot (``"random"``, ``"greedy"``, …, see :mod:`furuba.bots.registry`) as an
    OpenSpiel bot."""

    def __init__(self, spec: str, player_id: int, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self._bot: Bot = make_bot(spec, seed=seed)
        self._player_id = player_id

    def player_id(self) -> int:
        return self._player_id

    def restart_at(self, state: Any) -> None:
        pass

    def step(self, state: FurubaState) -> int:
        return self._bot.choose(state.furuba_state)


class Determinized(pyspiel.Bot):  # type: ignore[misc]
    """Hands a perfect-information bot (e.g. OpenSpiel's ``MCTSBot``) a determinized copy of the
    state, so it searches one sampled world and never sees the real hidden cards or deck."""

    def __init__(self, bot: Any, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self._bot = bot
        self._rng = random.Random(seed)

    def restart_at(self, state: Any) -> None:
        pass

    def step(self, state: FurubaState) -> int:
        world = state.resample_with(state.current_player(), self._rng)
        action: int = self._bot.step(world)
        return action


class BotRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An MCTS/ISMCTS evaluator that plays the rest of the game with a furuba bot in every seat
    (``"greedy"`` by default) on the furuba state directly, instead of uniformly random moves.

    Random playouts say little about a card game (the lesson of UECda's FujiGokoro: playouts
    with a good policy). Use it only on states a searcher may see in full — ISMCTS's sampled
    worlds, or :class:`Determinized` — never on the real state, whose hidden cards it would read.
    """

    def __init__(self, spec: str = "greedy", n_rollouts: int = 1, seed: int = 0) -> None:
        self._bot: Bot = make_bot(spec, seed=seed)
        self._rng = random.Random(seed)
        self.n_rollouts = n_rollouts

    def evaluate(self, state: Any) -> Any:
        """The mean returns of ``n_rollouts`` playouts from ``state``."""
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            if state.is_chance_node():
                world = state.get_game().deal(self._rng.randrange(state.get_game().max_chance_outcomes()))
            else:
                world = state.furuba_state.clone()
            while not world.is_terminal():
                world.apply(self._bot.choose(world))
            total += world.returns()
        return total / self.n_rollouts

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Uniform over the legal actions (the chance outcomes at the deal)."""
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def play(state: Any, bots: Sequence[Any], rng: random.Random | None = None) -> list[float]:
    """Play ``state`` to the end with one bot per player (only ``step`` is called), drawing
    chance outcomes with ``rng``; the returns."""
    rng = rng or random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        state.apply_action(bots[state.current_player()].step(state))
    returns: list[float] = state.returns()
    return returns
