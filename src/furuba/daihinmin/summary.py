"""What a simulation keeps of a game of Dai Hin Min (all public)."""

from __future__ import annotations

from typing import Any

from furuba.core.protocol import State
from furuba.daihinmin import events
from furuba.daihinmin.scoring import TITLE_NAMES, titles_from_order
from furuba.daihinmin.state import GameState


def summarize(state: State) -> dict[str, Any]:
    """Rounds played, each finished round's titles by player, the number of revolutions
    declared, and whether it was truncated.

    >>> import random
    >>> from furuba.daihinmin import greedy_action, new_game
    >>> s = new_game(players=4, seed=2, max_rounds=2)
    >>> rng = random.Random(0)
    >>> while not s.is_terminal():
    ...     s.apply(greedy_action(s, rng))
    >>> out = summarize(s)
    >>> out["rounds"], len(out["titles"]), sorted(out["titles"][0])[0], out["truncated"]
    (2, 2, 'Poor Man', True)
    """
    assert isinstance(state, GameState)
    titles: list[list[str]] = []
    revolutions = 0
    for entry in events.entries(state._log):
        if entry[0] == "round end":
            titles.append([TITLE_NAMES[t] for t in titles_from_order(entry[2])])
        elif entry[0] == "revolution" and entry[2]:
            revolutions += 1
    return {"rounds": state.round, "titles": titles, "revolutions": revolutions,
            "truncated": state.truncated}
