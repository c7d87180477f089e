"""Each game's features for the learner: one row of float32 numbers per legal action, built from
what the player to move may know only."""

from __future__ import annotations

import random

import numpy as np
import pytest

from furuba import games
from furuba.bots.kit import BotKit
from furuba.bots.policy import features_of
from furuba.core.protocol import State

GAMES = ("zodiac", "daihinmin")


def positions(game: str, seed: int, count: int = 12) -> list[State]:
    """Positions of a greedy game (of the training options) where the player to move has a
    choice, spread over the game: exchanges and revolutions included in Dai Hin Min."""
    learning = features_of(game)
    state = games.new_game(game, players=4, seed=seed, **learning.options)
    greedy = games.spec(game).kit(BotKit).policies.greedy
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        if len(state.legal_actions()) > 1:
            out.append(state.clone())
        state.apply(greedy(state, rng))
    return out[::max(1, len(out) // count)]


@pytest.mark.parametrize("game", GAMES)
def test_one_finite_float32_row_per_legal_action(game: str) -> None:
    learning = features_of(game)
    assert len(set(learning.names)) == learning.size > 5
    for state in positions(game, seed=3):
        legal = state.legal_actions()
        rows = np.array(learning.featurize(state, legal), dtype=np.float64)
        assert rows.shape == (len(legal), learning.size)
        assert np.array_equal(rows, rows.astype(np.float32))   # float32 numbers, as trained on
        assert np.isfinite(rows).all()
        assert len({tuple(r) for r in rows.tolist()}) > 1 or len(legal) == 1  # actions differ


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_what_the_player_cannot_see_does_not_change_the_features(game: str, seed: int) -> None:
    learning = features_of(game)
    compared = 0
    for state in positions(game, seed):
        seat = state.current_player
        twin = state.determinize(seat, random.Random(seed + 100))
        if twin.to_json() == state.to_json():
            continue   # nothing hidden left to re-deal
        assert twin.view(seat) == state.view(seat)
        legal = state.legal_actions()
        assert twin.legal_actions() == legal
        assert np.array_equal(learning.featurize(state, legal), learning.featurize(twin, legal))
        compared += 1
    assert compared >= 5


def test_dai_hin_min_exchange_and_play_rows_say_what_the_action_does() -> None:
    from furuba.daihinmin.learning import NAMES
    from furuba.daihinmin.state import GameState

    state = GameState.from_json({"players": 4, "hands": [["3", "3", "9", "2", "joker"],
                                                          ["4"], ["5"], ["6"]], "turn": 0})
    legal = state.legal_actions()
    rows = features_of("daihinmin").featurize(state, legal)
    column = {name: i for i, name in enumerate(NAMES)}
    by_name = {state.action_to_string(a): row for a, row in zip(legal, rows, strict=True)}
    assert by_name["play 3"][column["breaks a set"]] == 1.0
    assert by_name["play 3x2"][column["breaks a set"]] == 0.0
    assert by_name["play 2"][column["spends a 2"]] == 1.0
    assert by_name["play 2"][column["unbeatable"]] == 1.0
    assert by_name["play 3"][column["unbeatable"]] == 0.0
    assert by_name["play joker"][column["jokers spent"]] == 1.0
    assert all(row[column["leads"]] == 1.0 for row in rows)
    assert by_name["play 3"][column["pass × an opponent near out"]] == 0.0


def test_a_game_without_features_is_refused(third_game: object) -> None:
    from furuba.core.errors import OptionsError

    with pytest.raises(OptionsError, match="no learned policy"):
        features_of("pairs")
