"""Dai Hin Min as a PettingZoo AEC environment (see :mod:`.aec`).

>>> from furuba.integrations.pettingzoo import daihinmin_v0
>>> env = daihinmin_v0.env(players=5, max_rounds=1)
>>> env.reset(seed=1)
>>> env.agent_selection in env.agents, sorted(env.observe("player_0"))
(True, ['action_mask', 'observation'])

Options: ``players`` (4–7), ``target`` (points; ``None`` for none), ``max_rounds`` (``None``
for no limit), ``dealer``, and ``render_mode`` (``"human"`` or ``"ansi"``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from gymnasium.utils import EzPickle

from furuba.integrations.pettingzoo.aec import FurubaAECEnv, wrap


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's classic wrappers (see :func:`.aec.wrap`)."""
    return wrap(raw_env(**kwargs))


class raw_env(FurubaAECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """Dai Hin Min without wrappers."""

    metadata: ClassVar[dict[str, Any]] = {**FurubaAECEnv.metadata, "name": "daihinmin_v0"}

    def __init__(self, players: int = 4, render_mode: str | None = None, **options: Any) -> None:
        super().__init__("daihinmin", render_mode=render_mode, players=players, **options)
        EzPickle.__init__(self, players=players, render_mode=render_mode, **options)
