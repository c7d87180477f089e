"""furuba: the Fruits Basket card games, played for real.

Two games share one deck and one game protocol:

* :mod:`furuba.zodiac` — *Friends of the Zodiac*;
* :mod:`furuba.daihinmin` — *Dai Hin Min* (Rich Man Poor Man).

>>> from furuba import games
>>> state = games.new_game("zodiac", players=3, seed=7)
>>> state.current_player
0
"""

__version__ = "0.1.0"

from furuba.compiled import choose_build as _choose_build

_choose_build()  # compiled modules, or plain Python (FURUBA_PURE=1, or a stale build)
