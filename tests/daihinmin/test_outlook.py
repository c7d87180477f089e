"""The learned outlook (who goes out before whom): sound expected points, and a fit that learns."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from furuba.daihinmin import GameState, new_game
from furuba.daihinmin.greedy import greedy_action
from furuba.daihinmin.outlook import FEATURE_NAMES, WEIGHTS, expected_points, features, holders
from furuba.daihinmin.outlook_fit import fit, pairs, play_round, squared_error
from furuba.daihinmin.playout import expected_points as burden_points


def greedy_position(seed: int, steps: int) -> GameState:
    state = new_game(players=4, seed=seed, max_rounds=1)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(greedy_action(state, rng))
    return state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_the_expected_points_share_out_exactly_the_points_still_to_score(seed: int,
                                                                          steps: int) -> None:
    state = greedy_position(seed, steps)
    points, so_far = expected_points(state), state.scores()
    holding = holders(state)
    h = len(holding)
    if h < 2:
        assert points == so_far
        return
    assert abs(sum(points) - sum(so_far) - h * (h - 1) / 2) < 1e-9
    for p in range(4):
        extra = points[p] - so_far[p]
        assert (0.0 < extra < h - 1) if p in holding else extra == 0.0


def test_leading_and_a_set_nobody_can_beat_raise_a_players_outlook() -> None:
    lead, control, loose = (WEIGHTS[FEATURE_NAMES.index(name)]
                            for name in ("leads", "sets in control", "sets out of control"))
    assert lead > 0.0                      # leading an empty pile is worth having
    assert control > loose                 # a set in control burdens a hand less than one out of it


def test_features_read_the_hands_of_a_dealt_round() -> None:
    state = new_game(players=4, seed=5, max_rounds=1)
    holding = holders(state)
    for p in holding:
        f = features(state, p, holding)
        named = dict(zip(FEATURE_NAMES, f, strict=True))
        assert named["cards"] == float(state.hand_sizes()[p])
        assert named["leads"] == (1.0 if p == state.current_player else 0.0)
        assert named["owns the pile"] == named["can beat the pile"] == 0.0


def test_a_fit_from_the_same_rounds_is_the_same_and_predicts_unseen_rounds_better_than_none() -> None:
    train = [play_round(seed, "easy") for seed in range(40)]
    test = [play_round(seed, "easy") for seed in range(100, 115)]
    x, y = pairs(train)
    w = fit(x, y)
    assert np.array_equal(w, fit(*pairs(train)))
    learned = squared_error(test, lambda s: expected_points(s, tuple(w)))
    blind = squared_error(test, lambda s: expected_points(s, (0.0,) * len(w)))
    assert learned < blind - 0.1, (learned, blind)


def test_the_shipped_weights_predict_searching_bots_rounds_better_than_the_burden_model() -> None:
    rounds = [play_round(seed, "normal") for seed in range(60_000, 60_012)]
    assert squared_error(rounds, expected_points) < squared_error(rounds, burden_points)

