"""The phases of a Dai Hin Min round, as the engine, its views and its saved games name them.

>>> PHASE_NAMES[EXCHANGE], PHASE_NAMES.index("over") == OVER
('exchange', True)
"""

from __future__ import annotations

from typing import Final

from furuba.daihinmin.view_types import Phase

REVOLUTION: Final = 0
EXCHANGE: Final = 1
PLAY: Final = 2
OVER: Final = 3
PHASE_NAMES: Final[tuple[Phase, ...]] = ("revolution", "exchange", "play", "over")
"""The phases of a round: the Poor Man's question, the gifts, the play; and the game's end."""

NO_PILE: Final = -2
"""``top_level`` of an empty pile."""
