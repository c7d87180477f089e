"""Worlds weighed by how the other players played (``infer=on``): honest, and drawn toward the
hands that explain the plays."""

from __future__ import annotations

import random
import statistics

import pytest

from furuba.daihinmin import GameState, new_game
from furuba.daihinmin.greedy import greedy_action
from furuba.daihinmin.inference import round_moves, slips, world_sampler


def greedy_round(seed: int, steps: int) -> GameState:
    """A single round played ``steps`` moves by the greedy policy, the player to move with a
    choice to make."""
    state = new_game(players=4, seed=seed, max_rounds=1)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(greedy_action(state, rng))
    while len(state.legal_actions()) < 2:
        state.apply(greedy_action(state, rng))
    return state


def others(state: GameState) -> frozenset[int]:
    return frozenset(q for q in range(state.num_players) if q != state.current_player)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_true_hands_explain_a_greedy_round_without_a_slip(seed: int) -> None:
    state = greedy_round(seed, 20)
    moves = round_moves(state)
    assert len(moves) >= 20 and moves[0][1] != 0   # the round opens with a lead
    assert slips(state, moves, others(state)) == 0


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_worlds_that_explain_the_plays_are_drawn_far_more_often(seed: int) -> None:
    state = greedy_round(seed, 24)
    player, moves = state.current_player, round_moves(state)
    uniform, weighed = state.sampler(player), world_sampler(state, player)
    rng = random.Random(seed)
    dealt = [slips(uniform(rng), moves, others(state)) for _ in range(150)]
    drawn = [slips(weighed(rng), moves, others(state)) for _ in range(150)]
    assert statistics.fmean(drawn) < statistics.fmean(dealt) - 1.5, (dealt, drawn)


def test_before_the_first_play_worlds_are_dealt_uniformly() -> None:
    state = new_game(players=4, seed=8, max_rounds=1)
    player = state.current_player
    assert round_moves(state) == []
    weighed, uniform = world_sampler(state, player), state.sampler(player)
    rng_a, rng_b = random.Random(3), random.Random(3)
    assert [weighed(rng_a).to_json() for _ in range(5)] == [uniform(rng_b).to_json()
                                                             for _ in range(5)]
