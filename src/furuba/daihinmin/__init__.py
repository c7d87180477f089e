"""Dai Hin Min (Rich Man Poor Man), Part 4 of the rulebook, as furuba plays it (rulings D1–D11).

>>> state = new_game(players=5, seed=1)
>>> state.num_players, state.num_distinct_actions(), state.phase
(5, 175, 'play')
>>> import random
>>> state.is_legal(greedy_action(state, random.Random(0)))
True
"""

from __future__ import annotations

from typing import Any

from furuba.daihinmin import events
from furuba.daihinmin.explain import explain_action
from furuba.daihinmin.greedy import greedy_action
from furuba.daihinmin.inference import world_sampler
from furuba.daihinmin.options import DEFAULT_TARGET, Options, validate
from furuba.daihinmin.playout import SEARCH_DEFAULTS, evaluate, playout_mark, rollout_action
from furuba.daihinmin.scoring import TITLE_NAMES, titles_from_order
from furuba.daihinmin.state import GameState

__all__ = ["DEFAULT_TARGET", "SEARCH_DEFAULTS", "GameState", "Options", "evaluate", "explain_action",
           "greedy_action", "new_game", "playout_mark", "rollout_action", "summarize",
           "world_sampler"]


def new_game(players: int = 4, seed: int = 0, target: int | None = DEFAULT_TARGET,
             max_rounds: int | None = None, dealer: int | None = None) -> GameState:
    """A new game, its first round dealt (D2).

    ``players`` 4–7 (D1); ``target`` points end the game after the round in which someone
    reaches them, ``max_rounds`` after that many rounds (D11; either may be ``None``, not both);
    ``dealer`` deals the first round (drawn with the seeded RNG when ``None``).
    Raises :class:`~furuba.core.errors.OptionsError` for options that make no sense.
    """
    options = validate(players=players, target=target, max_rounds=max_rounds, dealer=dealer,
                       seed=seed)
    return GameState.start(options, seed, dealer)


def summarize(state: GameState) -> dict[str, Any]:
    """What a simulation keeps of a game (all public): rounds played, each finished round's
    titles by player, the number of revolutions declared, and whether it was truncated.

    >>> import random
    >>> s = new_game(players=4, seed=2, max_rounds=2)
    >>> rng = random.Random(0)
    >>> while not s.is_terminal():
    ...     s.apply(greedy_action(s, rng))
    >>> out = summarize(s)
    >>> out["rounds"], len(out["titles"]), sorted(out["titles"][0])[0], out["truncated"]
    (2, 2, 'Poor Man', True)
    """
    titles: list[list[str]] = []
    revolutions = 0
    for entry in events.entries(state._log):
        if entry[0] == "round end":
            titles.append([TITLE_NAMES[t] for t in titles_from_order(entry[2])])
        elif entry[0] == "revolution" and entry[2]:
            revolutions += 1
    return {"rounds": state.round, "titles": titles, "revolutions": revolutions,
            "truncated": state.truncated}
