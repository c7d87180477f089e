"""10,000 random rounds with 4–7 players, without error (OpenSpiel's random_sim_test in spirit).

Each round is checked as it ends (points add up to n(n-1)/2, the titles are a D7 set) and each
game at its end (no card lost or duplicated, win shares sum to 1).
"""

from __future__ import annotations

import random
import time

import pytest

from furuba.daihinmin import new_game, summarize
from furuba.daihinmin.scoring import titles_by_place

from .helpers import check_cards

ROUNDS_PER_PLAYER_COUNT = 2_500          # × 4 player counts = 10,000 rounds


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_random_rounds_without_error(players: int) -> None:
    rng = random.Random(players)
    choice = rng.choice
    rounds = revolutions = steps = 0
    game_index = 0
    started = time.perf_counter()
    expected_titles = sorted(titles_by_place(players))
    per_round = players * (players - 1) // 2
    while rounds < ROUNDS_PER_PLAYER_COUNT:
        state = new_game(players=players, seed=1000 * players + game_index, target=None,
                         max_rounds=25)
        game_index += 1
        points = 0
        current_round = 1
        while not state.is_terminal():
            state.apply(choice(state.legal_actions()))
            steps += 1
            if state.round != current_round or state.is_terminal():
                rounds += 1
                current_round = state.round
                total = sum(state.scores())
                assert total - points == per_round
                points = total
                assert sorted(state.titles) == expected_titles
        check_cards(state)
        assert state.legal_actions() == [] and state.current_player < 0
        assert sum(state.returns()) == pytest.approx(1.0)
        revolutions += summarize(state)["revolutions"]
    elapsed = time.perf_counter() - started
    assert revolutions > 0
    # Generous, for a loaded machine: unloaded this is about 3 s per player count.
    assert elapsed < 60, f"{rounds} rounds ({steps} steps) took {elapsed:.1f}s"
