"""The learned outlook of Friends of the Zodiac: sound win shares, features that read the
position as the plans do, and a fit that learns."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from furuba.zodiac import GameState, new_game
from furuba.zodiac.greedy import greedy_action
from furuba.zodiac.outlook import FAR, FEATURE_NAMES, NEAR, WEIGHTS, features, win_shares
from furuba.zodiac.outlook_fit import design, fit, log_losses, play_game
from furuba.zodiac.playout import evaluate, open_sohmas, plan


def greedy_position(seed: int, steps: int, players: int = 4, variant: str = "") -> GameState:
    state = new_game(players=players, seed=seed, variant=variant)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(greedy_action(state, rng))
    return state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 200), players=st.integers(2, 6))
def test_the_win_shares_are_a_share_out_of_one_win(seed: int, steps: int, players: int) -> None:
    state = greedy_position(seed, steps, players)
    shares = win_shares(state)
    assert len(shares) == players and abs(sum(shares) - 1.0) < 1e-9
    if state.is_terminal():
        assert shares == state.returns()
    else:
        assert all(0.0 < share < 1.0 for share in shares)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_the_features_read_the_plans_as_the_rollout_policy_does(seed: int, steps: int) -> None:
    """*Within 3 / within 6 actions* is :func:`plan` with that many actions, *the center alone*
    is :func:`open_sohmas`: the outlook and the playouts read a position alike."""
    state = greedy_position(seed, steps)
    rows = features(state)
    named = [dict(zip(FEATURE_NAMES, row, strict=True)) for row in rows]
    for p, row in enumerate(named):
        assert row["befriends within 3 actions"] == (plan(state, p, NEAR) is not None)
        assert row["befriends within 6 actions"] == (plan(state, p, FAR) is not None)
        assert row["the center alone befriends"] == bool(open_sohmas(state, p))
        assert row["friendships"] == state.friendship_count(p)
        assert row["memories"] + row["events"] == len(state.hands[p])
        assert 0 <= row["memories the Sohmas ahead ask for"] <= row["memories"]
    assert sum(row["moves 2nd"] + row["moves 3rd"] + row["moves 4th"] for row in named) == 3


def test_co_op_games_keep_the_hand_made_chance_of_the_team() -> None:
    state = greedy_position(3, 20, variant="coop")
    assert win_shares(state) == evaluate(state)


def test_being_able_to_befriend_now_and_friendships_raise_a_players_outlook() -> None:
    named = dict(zip(FEATURE_NAMES, WEIGHTS, strict=True))
    assert named["can befriend with the actions left"] > 0.0
    # a friendship is worth having, counting the Sohma it leaves one fewer of to befriend
    assert named["friendships"] - named["Sohmas left to befriend"] > 0.0


def test_a_fit_from_the_same_games_is_the_same_and_predicts_unseen_games_better_than_none() -> None:
    train = [play_game(seed, "greedy") for seed in range(60)]
    test = [play_game(seed, "greedy") for seed in range(100, 120)]
    x, y = design(train)
    w = fit(x, y)
    assert np.array_equal(w, fit(*design(train)))
    learned = np.mean(log_losses(test, lambda s: win_shares(s, tuple(w))))
    blind = np.mean(log_losses(test, lambda s: win_shares(s, (0.0,) * len(w))))
    assert learned < blind - 0.02, (learned, blind)

