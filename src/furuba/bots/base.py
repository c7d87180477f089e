"""What a bot is: something that picks one legal action for the current player.

A bot sees the state only through the protocol; a search bot must go through
:meth:`~furuba.core.protocol.State.determinize` and never read another seat's hand.
"""

from __future__ import annotations

import random
from typing import Protocol

from furuba.core.protocol import State


class Bot(Protocol):
    """Anything with a ``name`` that can choose an action for ``state.current_player``."""

    name: str

    def choose(self, state: State) -> int:
        """A legal action for ``state.current_player``; never changes ``state``."""
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
