"""Shared helpers for the adapter tests: positions along random games of both games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from furuba import games
from furuba.core.protocol import State

HOUSE_RULES: dict[str, str] = {"eight_cut": "on", "sequences": "on", "fallen_capital": "on",
                               "eleven_back": "on", "suit_lock": "on", "spade_three": "on"}
"""Every Dai Hin Min house rule on (D13–D18)."""

SETTINGS: list[tuple[str, dict[str, Any]]] = [
    ("zodiac", {"players": 3, "target": 3}),
    ("zodiac", {"players": 2, "variant": "coop"}),
    ("daihinmin", {"players": 4, "max_rounds": 2}),
    ("daihinmin", {"players": 6, "max_rounds": 1}),
    ("daihinmin", {"players": 4, "max_rounds": 2, **HOUSE_RULES}),
    ("daihinmin", {"players": 5, "max_rounds": 2, "target": None, "rules": "uecda"}),
]
"""(game, options) pairs that give short games."""


def positions(game: str, options: dict[str, Any], seed: int, every: int = 1) -> Iterator[State]:
    """Every ``every``-th position of a random game (the terminal one included)."""
    state = games.new_game(game, seed=seed, **options)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    yield state
