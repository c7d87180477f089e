"""Friends of the Zodiac as a PettingZoo AEC environment (see :mod:`.aec`).

>>> from furuba.integrations.pettingzoo import zodiac_v0
>>> env = zodiac_v0.env(players=3)
>>> env.reset(seed=1)
>>> env.agent_selection, sorted(env.observe("player_0"))
('player_0', ['action_mask', 'observation'])

Options: ``players`` (2–8; 1 in co-op), ``variant`` (``standard``, ``long``, ``coop``,
``true-friends``), ``target``, ``sets``, ``max_rounds``, ``cardset`` (a file path), and
``render_mode`` (``"human"`` or ``"ansi"``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from gymnasium.utils import EzPickle

from furuba.integrations.pettingzoo.aec import FurubaAECEnv, wrap


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's classic wrappers (see :func:`.aec.wrap`)."""
    return wrap(raw_env(**kwargs))


class raw_env(FurubaAECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """Friends of the Zodiac without wrappers."""

    metadata: ClassVar[dict[str, Any]] = {**FurubaAECEnv.metadata, "name": "zodiac_v0"}

    def __init__(self, players: int = 4, render_mode: str | None = None, **options: Any) -> None:
        super().__init__("zodiac", render_mode=render_mode, players=players, **options)
        EzPickle.__init__(self, players=players, render_mode=render_mode, **options)
