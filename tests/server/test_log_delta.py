"""Log deltas built from ``view(seat, log_from=k)`` are exactly the entries appended since the
previous view (the same deltas as diffing whole logs), for both games, every viewer."""

from __future__ import annotations

import random
from typing import Any

import pytest

from furuba import games
from furuba.core.protocol import State
from furuba.tables.logmarks import LogMark

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("zodiac", {"players": 4}),
    ("zodiac", {"players": 3, "variant": "true-friends"}),
    ("daihinmin", {"players": 4, "target": 3}),
    ("daihinmin", {"players": 7, "target": 2}),
]


def states(game: str, options: dict[str, Any], seed: int) -> list[State]:
    state = games.new_game(game, seed=seed, **options)
    rng = random.Random(seed)
    out = [state.clone()]
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=[f"{g}-{o}" for g, o in CONFIGS])
def test_deltas_from_log_from_equal_whole_log_diffs(game: str, options: dict[str, Any]) -> None:
    history = states(game, options, seed=5)
    for viewer in [None, *range(history[0].num_players)]:
        whole = history[0].view(viewer)["log"]
        mark = LogMark().extend(whole)
        assert mark.length == len(whole)
        for state in history[1:-1]:             # the server sends the whole log at the end
            new_whole = state.view(viewer)["log"]
            fresh = state.view(viewer, log_from=mark.public)["log"]
            skip = len(mark.tail)
            assert tuple(fresh[:skip]) == mark.tail
            assert whole + fresh[skip:] == new_whole, "the delta is what was appended"
            mark = mark.extend(fresh)
            assert mark == LogMark().extend(new_whole)
            whole = new_whole
