"""The phases of a Dai Hin Min round, as the engine, its views and its saved games name them.

>>> PHASE_NAMES[EXCHANGE], PHASE_NAMES.index("over") == OVER
('exchange', True)
"""

from __future__ import annotations

from furuba.daihinmin.view_types import Phase

REVOLUTION, EXCHANGE, PLAY, OVER = range(4)
PHASE_NAMES: tuple[Phase, ...] = ("revolution", "exchange", "play", "over")
"""The phases of a round: the Poor Man's question, the gifts, the play; and the game's end."""

NO_PILE = -2
"""``top_level`` of an empty pile."""
