"""PettingZoo AEC environments of every registered game, following PettingZoo's classic
environments: ``raw_env(game, **options)`` is the environment itself (:mod:`.aec`), and
``env(game, **options)`` the same inside the classic wrappers.

Each game also has a module of its own, ``<name>_v0`` (``zodiac_v0``, ``daihinmin_v0``), with
``env(**options)`` and ``raw_env(**options)``, as PettingZoo's classic environments do. These
modules are made when first asked for, from the registry, so a game registered later has one
too:

>>> from furuba.integrations.pettingzoo import daihinmin_v0, zodiac_v0
>>> zodiac_v0.raw_env().metadata["name"], daihinmin_v0.raw_env().metadata["name"]
('zodiac_v0', 'daihinmin_v0')
>>> env = daihinmin_v0.env(players=5, max_rounds=1)
>>> env.reset(seed=1)
>>> env.agent_selection in env.agents, sorted(env.observe("player_0"))
(True, ['action_mask', 'observation'])

Options are the game's own ``new_game`` options (``players`` defaults to the game's usual
count) and ``render_mode`` (``"human"`` or ``"ansi"``).
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

from furuba import games
from furuba.integrations.pettingzoo.aec import FurubaAECEnv, wrap
from furuba.spec import GameSpec

SUFFIX = "_v0"

__all__ = ["FurubaAECEnv", "env", "raw_env"]


def raw_env(game: str, render_mode: str | None = None, **options: Any) -> FurubaAECEnv:
    """The environment of ``game`` without wrappers."""
    return FurubaAECEnv(game, render_mode=render_mode, **options)


def env(game: str, **kwargs: Any) -> Any:
    """The environment of ``game`` with PettingZoo's classic wrappers (see :func:`.aec.wrap`)."""
    return wrap(raw_env(game, **kwargs))


def module_name(spec: GameSpec) -> str:
    """The name of a game's own module: ``<name>_v0``."""
    return spec.name.replace("-", "_") + SUFFIX


def game_module(game: str) -> ModuleType:
    """The module ``<name>_v0`` of ``game``: its ``env`` and ``raw_env`` (made once)."""
    spec = games.spec(game)
    name = f"{__name__}.{module_name(spec)}"
    if name in sys.modules:
        return sys.modules[name]
    module = ModuleType(name, f"{spec.title} as a PettingZoo AEC environment (see :mod:`{__name__}`).")

    def game_raw_env(render_mode: str | None = None, **options: Any) -> FurubaAECEnv:
        return raw_env(spec.name, render_mode=render_mode, **options)

    def game_env(**kwargs: Any) -> Any:
        return env(spec.name, **kwargs)

    game_raw_env.__doc__ = f"{spec.title} without wrappers."
    game_env.__doc__ = f"{spec.title} with PettingZoo's classic wrappers."
    module.__dict__.update(raw_env=game_raw_env, env=game_env)
    sys.modules[name] = module
    return module


def __getattr__(name: str) -> ModuleType:
    """``<name>_v0`` for each registered game."""
    for spec in games.specs():
        if module_name(spec) == name:
            return game_module(spec.name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *(module_name(s) for s in games.specs())])


for _spec in games.specs():  # so that `from furuba.integrations.pettingzoo.zodiac_v0 import env`
    game_module(_spec.name)   # works as with a module file
