"""The registry of games: the one place that names every game package.

Consumers (bots, simulator, server, CLI, adapters) start games through here and then speak only
the protocol of :mod:`furuba.core.protocol`. Adding a game means adding its package and one line.

>>> sorted(GAMES)
['daihinmin', 'zodiac']
>>> new_game("daihinmin", players=5, seed=1).num_players
5
"""

from __future__ import annotations

import importlib
from typing import Any

from furuba.core.errors import OptionsError
from furuba.core.protocol import JSON, State

GAMES: dict[str, str] = {
    "zodiac": "furuba.zodiac",
    "daihinmin": "furuba.daihinmin",
}
"""Game name → module that defines ``new_game(players=…, seed=…, **options)`` and ``GameState``."""

ALIASES: dict[str, str] = {
    "friends-of-the-zodiac": "zodiac",
    "fotz": "zodiac",
    "dai-hin-min": "daihinmin",
    "rich-man-poor-man": "daihinmin",
}


def canonical_name(name: str) -> str:
    """The registry name for ``name`` or one of its aliases."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in GAMES:
        raise OptionsError(f"unknown game {name!r}; the games are: {', '.join(sorted(GAMES))}")
    return key


def game_module(name: str) -> Any:
    """The module of game ``name``."""
    return importlib.import_module(GAMES[canonical_name(name)])


def new_game(name: str, **options: Any) -> State:
    """A new game of ``name`` (``players``, ``seed`` and the game's own options)."""
    state: State = game_module(name).new_game(**options)
    return state


def state_from_json(data: JSON) -> State:
    """A state of whichever game ``data["game"]`` names."""
    if not isinstance(data, dict) or "game" not in data:
        raise OptionsError("not a furuba state: no 'game' field")
    state: State = game_module(str(data["game"])).GameState.from_json(data)
    return state
