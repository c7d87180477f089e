"""What a game gives the adapters (:class:`AdapterKit`): its observation encoder and the name
of its environments.

The adapters (OpenSpiel, PettingZoo, Gymnasium) define the kit; a game registers one in its spec
and the adapters look it up (``spec.kit_or_none(AdapterKit)``: a game without an encoder has no
tensor observations).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from furuba.integrations.encoding import Encoder


@dataclass(frozen=True, slots=True)
class AdapterKit:
    """* ``encoder``: loader of the observation encoder for games like a state (numpy is imported
      only then);
    * ``env_name``: the CamelCase name in environment ids (``furuba/DaiHinMin-v0``); the title
      without spaces when empty."""

    encoder: Callable[[Any], Encoder] | None = None
    env_name: str = ""
