"""Friends of the Zodiac: befriend the Sohmas by matching memories with what they ask for.

The package's face is :data:`SPEC` (see :mod:`furuba.spec`); ``new_game`` and the policies are
here too for direct use.

>>> from furuba.zodiac import new_game
>>> state = new_game(players=4, seed=11)
>>> state.num_players, len(state.hands[0])
(4, 3)
"""

from __future__ import annotations

from furuba.zodiac.explain import explain_action
from furuba.zodiac.greedy import greedy_action
from furuba.zodiac.options import Options
from furuba.zodiac.playout import SEARCH_DEFAULTS, evaluate, rollout_action
from furuba.zodiac.rules import Rules, make_rules
from furuba.zodiac.spec import SPEC
from furuba.zodiac.start import new_game
from furuba.zodiac.state import GameState
from furuba.zodiac.summary import summarize

__all__ = ["SEARCH_DEFAULTS", "SPEC", "GameState", "Options", "Rules", "evaluate",
           "explain_action", "greedy_action", "make_rules", "new_game", "rollout_action",
           "summarize"]
