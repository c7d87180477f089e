"""What a simulation keeps of a game of Dai Hin Min (all public)."""

from __future__ import annotations

from typing import Any

from furuba.core.protocol import State
from furuba.daihinmin import events
from furuba.daihinmin.moves import PLAY_RUN
from furuba.daihinmin.scoring import TITLE_NAMES, titles_from_order
from furuba.daihinmin.state import GameState

HOUSE_EVENTS = ("eight cut", "sequence", "fallen", "eleven back", "lock", "spade three")
"""What the house rules (D13–D18) set off, counted by :func:`summarize` (``sequence``: a run
played)."""


def summarize(state: State) -> dict[str, Any]:
    """Rounds played, each finished round's titles by player, the number of revolutions
    declared, the number of plays (sets and runs put on the pile), whether it was truncated, and —
    with house rules on — ``house_events``: how often each rule fired (:data:`HOUSE_EVENTS`).

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
    revolutions = plays = 0
    fired = dict.fromkeys(HOUSE_EVENTS, 0)
    for entry in events.entries(state.log):
        kind = entry[0]
        if kind == "round end":
            titles.append([TITLE_NAMES[t] for t in titles_from_order(entry[2])])
        elif kind == "revolution" and entry[2]:
            revolutions += 1
        elif kind == "play":
            plays += 1
            fired["sequence"] += PLAY_RUN[entry[2]] > 0
        elif kind in fired:
            fired[kind] += 1
    out = {"rounds": state.round, "titles": titles, "revolutions": revolutions, "plays": plays,
           "truncated": state.truncated}
    if state.options.house_rules:
        out["house_events"] = fired
    return out
