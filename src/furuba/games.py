"""The registry of games: the one place that names every game package.

Each game package defines a :class:`~furuba.spec.GameSpec` called ``SPEC``; consumers (bots,
simulator, server, CLI, adapters) find it here by name and then speak only the protocol of
:mod:`furuba.core.protocol` and the spec. A game from another package registers itself with
:func:`register`, or is found through the ``furuba.games`` entry-point group of its
distribution (``[project.entry-points."furuba.games"] mygame = "mypackage:SPEC"``).

>>> sorted(names())
['daihinmin', 'zodiac']
>>> new_game("daihinmin", players=5, seed=1).num_players
5
>>> spec("rich-man-poor-man").title
'Dai Hin Min'
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from furuba.core.errors import OptionsError
from furuba.core.protocol import JSON, State
from furuba.spec import GameSpec
from furuba.text import _, listing

BUILT_IN: tuple[str, ...] = ("furuba.zodiac", "furuba.daihinmin")
"""The game packages that come with furuba; each defines ``SPEC``."""
ENTRY_POINT_GROUP = "furuba.games"

_specs: dict[str, GameSpec] = {}
_aliases: dict[str, str] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to the registry (again: replaces it); returns it."""
    _load()
    if spec.name != spec.name.strip().lower() or not spec.name:
        raise ValueError(f"a game's name is lower case without spaces, not {spec.name!r}")
    _specs[spec.name] = spec
    for alias in spec.aliases:
        _aliases[alias] = spec.name
    return spec


def unregister(name: str) -> None:
    """Remove the game ``name`` (a game registered by tests, say)."""
    spec = _specs.pop(name, None)
    if spec is not None:
        for alias in spec.aliases:
            _aliases.pop(alias, None)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in BUILT_IN:
        register(importlib.import_module(module).SPEC)
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        loaded = entry.load()
        if not isinstance(loaded, GameSpec):
            raise TypeError(f"entry point {entry.name} of {ENTRY_POINT_GROUP} is not a GameSpec")
        register(loaded)


def names() -> list[str]:
    """The registered games' names, built-in games first."""
    _load()
    return list(_specs)


def specs() -> list[GameSpec]:
    """Every registered game's spec."""
    _load()
    return list(_specs.values())


def canonical_name(name: str) -> str:
    """The registry name for ``name`` or one of its aliases."""
    _load()
    key = str(name).strip().lower()
    key = _aliases.get(key, key)
    if key not in _specs:
        raise OptionsError(_("unknown game {name!r}; the games are: {games}").format(
            name=name, games=listing(sorted(_specs))))
    return key


def spec(name: str) -> GameSpec:
    """The spec of game ``name`` (or one of its aliases)."""
    return _specs[canonical_name(name)]


def spec_of(state: State) -> GameSpec:
    """The spec of the game ``state`` belongs to."""
    return spec(state.game_name)


def new_game(name: str, **options: Any) -> State:
    """A new game of ``name`` (``players``, ``seed`` and the game's own options)."""
    return spec(name).new_game(**options)


def state_from_json(data: JSON) -> State:
    """A state of whichever game ``data["game"]`` names."""
    if not isinstance(data, dict) or "game" not in data:
        raise OptionsError(_("not a furuba state: no 'game' field"))
    return spec(str(data["game"])).state_class.from_json(data)
