"""The greedy bot: each game's own one-step heuristic (``policies.greedy`` in its spec)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from furuba import games
from furuba.bots.kit import BotKit
from furuba.core.protocol import State


class GreedyBot:
    """Plays each game's greedy policy, with its own seeded generator for tie-breaks.

    >>> from furuba import games
    >>> state = games.new_game("zodiac", players=2, seed=5)
    >>> GreedyBot(seed=0).choose(state) in state.legal_actions()
    True
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._policies: dict[str, Callable[[Any, random.Random], int]] = {}

    def choose(self, state: State) -> int:
        policy = self._policies.get(state.game_name)
        if policy is None:
            policy = games.spec_of(state).kit(BotKit).policies.greedy
            self._policies[state.game_name] = policy
        action: int = policy(state, self.rng)
        return action

    def choose_among(self, state: State, allowed: list[int]) -> int:
        among = games.spec_of(state).kit(BotKit).policies.among
        if among is None:
            return self.choose(state)
        action: int = among(state, allowed, self.rng)
        return action
