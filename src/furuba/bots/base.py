"""What a bot is: something that picks one legal action for the current player.

A bot sees the state only through the protocol; a search bot must go through
:meth:`~furuba.core.protocol.State.determinize` and never read another seat's hand.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from furuba.core.protocol import State


class Bot(Protocol):
    """Anything with a ``name`` that can choose an action for ``state.current_player``."""

    name: str

    def choose(self, state: State) -> int:
        """A legal action for ``state.current_player``; never changes ``state``."""
        ...


@runtime_checkable
class ChoosesAmong(Protocol):
    """A bot that can choose among some of the legal actions (the balance lab's restricted bot
    asks it to keep some cards back)."""

    def choose_among(self, state: State, allowed: list[int]) -> int:
        """Its choice when only ``allowed`` (some of the legal actions, in their order) may be
        played; a bot that builds its move from the hand may still answer another action."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator.

    >>> from furuba import games
    >>> state = games.new_game("daihinmin", players=4, seed=2)
    >>> RandomBot(seed=1).choose(state) in state.legal_actions()
    True
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())

    def choose_among(self, state: State, allowed: list[int]) -> int:
        return self.rng.choice(allowed)
