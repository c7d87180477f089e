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
