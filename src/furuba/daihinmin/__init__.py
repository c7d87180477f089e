"""Dai Hin Min (Rich Man Poor Man), Part 4 of the rulebook, as furuba plays it (rulings D1–D11).

The package's face is :data:`SPEC` (see :mod:`furuba.spec`); ``new_game`` and the policies are
here too for direct use.

>>> state = new_game(players=5, seed=1)
>>> state.num_players, state.num_distinct_actions(), state.phase
(5, 175, 'play')
>>> import random
>>> state.is_legal(greedy_action(state, random.Random(0)))
True
"""

from __future__ import annotations

from furuba.daihinmin.explain import explain_action
from furuba.daihinmin.greedy import greedy_action
from furuba.daihinmin.inference import world_sampler
from furuba.daihinmin.options import DEFAULT_TARGET, Options
from furuba.daihinmin.playout import SEARCH_DEFAULTS, evaluate, playout_mark, rollout_action
from furuba.daihinmin.spec import SPEC
from furuba.daihinmin.start import new_game
from furuba.daihinmin.state import GameState
from furuba.daihinmin.summary import summarize

__all__ = ["DEFAULT_TARGET", "SEARCH_DEFAULTS", "SPEC", "GameState", "Options", "evaluate",
           "explain_action", "greedy_action", "new_game", "playout_mark", "rollout_action",
           "summarize", "world_sampler"]
