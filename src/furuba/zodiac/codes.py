"""The limits and small codes a Friends of the Zodiac state is made of.

The engine (:mod:`furuba.zodiac.state`) and the modules that read a state — the view, the JSON
reader and writer, the bots — all import them from here, so none of those needs the engine
module to know what, say, pending decision 4 is called.

>>> PENDING_NAMES[P_CENTER], OUTCOME_NAMES[COOP_WON]
('put_away', 'won')
"""

from __future__ import annotations

from typing import Any, Final

from furuba.zodiac.view_types import Outcome, PendingKind, SohmaSide, TohruSide

HAND_LIMIT: Final = 4
"""Cards a hand may hold at the end of an action; more are discarded at once (Z8)."""
CENTER_LIMIT: Final = 4
"""Memories the center may hold; a fifth makes the player put one away."""
ACTIONS_PER_TURN: Final = 3
HAND_SIZE: Final = 3
"""Cards dealt to each player."""

# What the current decision is about.
P_MAIN: Final = 0
P_OPTION: Final = 1
P_MOVE_TO: Final = 2
P_FLIP: Final = 3
P_CENTER: Final = 4
P_TAKE: Final = 5
P_HAND: Final = 6
P_DONE: Final = 7
PENDING_NAMES: Final[tuple[PendingKind, ...]] = ("action", "option", "move_to", "flip", "put_away",
                                          "take", "discard", "over")
"""The name of each ``P_*`` code, as views and saved games write it."""

# How the game ended.
RUNNING: Final = 0
FINISHED: Final = 1
TRUNCATED: Final = 2
COOP_WON: Final = 3
COOP_LOST: Final = 4
OUTCOME_NAMES: Final[tuple[Outcome, ...]] = ("running", "finished", "truncated", "won", "lost")
"""The name of each outcome code, as views and saved games write it."""

SIDE_NAMES: Final[tuple[SohmaSide, ...]] = ("human", "animal")
"""A Sohma card's sides: bit ``i`` of a state's ``flipped`` is the side of Sohma ``i``."""
TOHRU_SIDES: Final[tuple[TohruSide, ...]] = ("front", "back")
"""The sides of Tohru's card."""

LogEntry = tuple[int, str, int, int | str]
"""``(actor, code, a, b)``; see :mod:`furuba.zodiac.logtext` for how each code reads."""
Log = tuple[Any, LogEntry] | None
"""A persistent list: ``(previous, entry)``; sharing it between clones costs nothing."""
