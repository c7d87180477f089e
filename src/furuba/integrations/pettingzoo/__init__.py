"""PettingZoo AEC environments: ``zodiac_v0`` and ``daihinmin_v0`` (each with ``env`` and
``raw_env``), following PettingZoo's classic environments.

>>> from furuba.integrations.pettingzoo import daihinmin_v0, zodiac_v0
>>> zodiac_v0.raw_env().metadata["name"], daihinmin_v0.raw_env().metadata["name"]
('zodiac_v0', 'daihinmin_v0')
"""

from __future__ import annotations

from furuba.integrations.pettingzoo import daihinmin_v0, zodiac_v0

__all__ = ["daihinmin_v0", "zodiac_v0"]
