"""The encoders: fixed sizes, values in [0, 1], masks, and secrecy (tensors read only views)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from furuba import games
from furuba.integrations.encoding import encoder_for

from .helpers import SETTINGS, positions


@pytest.mark.parametrize(("game", "options"), SETTINGS)
def test_tensors_have_fixed_sizes_and_unit_values(game: str, options: dict[str, Any]) -> None:
    state = games.new_game(game, seed=1, **options)
    enc = encoder_for(state)
    for s in positions(game, options, seed=1, every=3):
        for p in [None, *range(s.num_players)]:
            view = s.view(p)
            obs, info = enc.observation(view), enc.information_state(view)
            assert obs.shape == (enc.observation_layout.size,) and obs.dtype == np.float32
            assert info.shape == (enc.information_state_layout.size,)
            assert obs.min() >= 0.0 and obs.max() <= 1.0
            assert info.min() >= 0.0 and info.max() <= 1.0
            np.testing.assert_array_equal(info[:obs.size], obs)
        mask = enc.action_mask(s)
        assert mask.shape == (s.num_distinct_actions(),)
        assert sorted(np.flatnonzero(mask).tolist()) == s.legal_actions()
        text = enc.render(s.view(None))
        assert text and "\n" in text


@pytest.mark.parametrize(("game", "options"), SETTINGS)
def test_secrecy_other_seats_hidden_cards_do_not_show(game: str, options: dict[str, Any]) -> None:
    """A twin state from ``determinize(p)`` re-deals every card ``p`` cannot see; ``p``'s
    tensors and strings must not change, although the twins' other hands differ."""
    state = games.new_game(game, seed=2, **options)
    enc = encoder_for(state)
    rng = random.Random(5)
    differing = 0
    for s in positions(game, options, seed=2, every=4):
        if s.is_terminal():
            continue
        for p in range(s.num_players):
            twin = s.determinize(p, rng)
            hidden_changed = twin.to_json() != s.to_json()
            differing += hidden_changed
            a, b = s.view(p), twin.view(p)
            np.testing.assert_array_equal(enc.observation(a), enc.observation(b))
            np.testing.assert_array_equal(enc.information_state(a), enc.information_state(b))
            assert enc.observation_string(a) == enc.observation_string(b)
            assert enc.information_state_string(a) == enc.information_state_string(b)
    assert differing > 0, "the twins never differed: the secrecy test tested nothing"


def test_own_hand_shows() -> None:
    """The other side of secrecy: a player's own cards are in their observation."""
    state = games.new_game("daihinmin", players=4, seed=3)
    enc = encoder_for(state)
    parts = enc.observation_layout.split(enc.observation(state.view(2)))
    assert int(parts["hand"].sum()) == len(state.view(2)["hand"])
    public = enc.observation_layout.split(enc.observation(state.view(None)))
    assert public["hand"].sum() == 0
