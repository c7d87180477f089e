"""The ``policy`` bot: legal, honest, seeded, and strict about its settings."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from furuba import games
from furuba.bots.policy import PolicyBot, features_of
from furuba.bots.registry import make_bot
from furuba.core.errors import OptionsError
from furuba.learn.policy import SoftmaxPolicy
from furuba.spec import GameSpec

from .test_ismcts import GAMES, midgame


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("spec", ["policy", "policy:temperature=0.5", "policy:temperature=0"])
def test_plays_only_legal_actions_to_the_end(game: str, spec: str) -> None:
    learning = features_of(game)
    assert learning.shipped is not None and learning.shipped.is_file()
    state = games.new_game(game, players=4, seed=8, **learning.options)
    bots = [make_bot(spec, seed=p) for p in range(4)]
    for _step in range(5000):
        if state.is_terminal():
            break
        before = state.to_json()
        action = bots[state.current_player].choose(state)
        assert state.to_json() == before   # choosing never changes the state
        assert state.is_legal(action)
        state.apply(action)
    assert state.is_terminal()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_what_the_seat_cannot_see_does_not_change_the_decision(game: str, seed: int) -> None:
    real = midgame(game, seed, steps=10 * seed)
    seat = real.current_player
    other = real.determinize(seat, random.Random(99))
    assert other.view(seat) == real.view(seat)
    assert other.to_json() != real.to_json()  # hidden cards really differ
    for spec in ("policy", "policy:temperature=1"):
        first, second = make_bot(spec, seed=7), make_bot(spec, seed=7)
        assert [first.choose(real) for _ in range(20)] == [second.choose(other) for _ in range(20)]


def test_file_plays_the_weights_it_names(tmp_path: Path) -> None:
    names = features_of("daihinmin").names
    weights = np.zeros(len(names))
    weights[names.index("pass")] = 50.0   # a bot that passes whenever it may
    SoftmaxPolicy(weights, 0.0, {"features": list(names)}).save(tmp_path / "pass.npz")
    state = games.new_game("daihinmin", players=4, seed=7)
    state.apply_string("play 4x2")
    bot = make_bot(f"policy:file={tmp_path / 'pass.npz'}", seed=1)
    assert state.action_to_string(bot.choose(state)) == "pass"


@pytest.mark.parametrize(("spec", "message"), [
    ("policy:temperature=-1", "the temperature must be 0 or more"),
    ("policy:temperature=warm", "the temperature must be a number, not 'warm'"),
    ("policy:temperature=nan", "the temperature must be 0 or more"),
    ("policy:file=/nowhere/policy.npz", "no policy file /nowhere/policy.npz"),
    ("policy:sims=30", "the policy bot takes temperature= and file=, not sims"),
])
def test_bad_settings_are_refused(spec: str, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        make_bot(spec)


def test_weights_of_other_features_or_a_game_without_any_are_refused(third_game: GameSpec,
                                                                     tmp_path: Path) -> None:
    SoftmaxPolicy(np.zeros(2), 0.0, {"features": ["a", "b"]}).save(tmp_path / "other.npz")
    state = games.new_game("daihinmin", players=4, seed=1)
    with pytest.raises(OptionsError, match="other features"):
        PolicyBot(file=tmp_path / "other.npz").choose(state)
    pairs = games.new_game("pairs", players=2, seed=1)
    while len(pairs.legal_actions()) < 2:
        pairs.apply(pairs.legal_actions()[0])
    with pytest.raises(OptionsError, match="Pairs has no learned policy"):
        PolicyBot().choose(pairs)
