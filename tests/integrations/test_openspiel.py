"""The OpenSpiel adapter: OpenSpiel's own conformance test, bots, serialization and secrecy."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

from furuba.core.errors import OptionsError  # noqa: E402
from furuba.integrations import openspiel as fos  # noqa: E402

from .helpers import HOUSE_RULES  # noqa: E402

SIM_PARAMS: list[tuple[str, dict[str, Any], int]] = [
    ("python_furuba_zodiac", {"players": 2, "target": 3}, 1),
    ("python_furuba_zodiac", {"players": 4, "target": 2, "seed": 5}, 1),
    ("python_furuba_zodiac", {"players": 3, "variant": "coop"}, 1),
    ("python_furuba_zodiac", {"players": 3, "variant": "long+true-friends", "max_rounds": 2}, 1),
    ("python_furuba_daihinmin", {"players": 4, "max_rounds": 2}, 1),
    ("python_furuba_daihinmin", {"players": 5, "max_rounds": 1, "target": 0, "dealer": 2}, 1),
    ("python_furuba_daihinmin", {"players": 7, "max_rounds": 1, "deals": 16}, 1),
    ("python_furuba_daihinmin", {"players": 4, "max_rounds": 2, **HOUSE_RULES}, 1),
    ("python_furuba_daihinmin", {"players": 5, "max_rounds": 1, "suit_lock": "on",
                                 "eleven_back": "on"}, 1),
    ("python_furuba_daihinmin", {"players": 5, "max_rounds": 1, "rules": "uecda"}, 1),
]
"""(game, parameters, simulations): every game and variant, kept short."""


@pytest.mark.parametrize(("name", "params", "sims"), SIM_PARAMS)
def test_random_sim_test(name: str, params: dict[str, Any], sims: int) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_game_type_and_info() -> None:
    game = pyspiel.load_game("python_furuba_daihinmin")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 1.0 and game.max_chance_outcomes() == 1 << 16
    assert game.num_distinct_actions() == 175 and game.num_players() == 4
    coop = pyspiel.load_game("python_furuba_zodiac", {"players": 2, "variant": "coop"})
    assert coop.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    assert coop.get_type().provides_information_state_tensor
    assert set(pyspiel.registered_names()) >= {"python_furuba_zodiac", "python_furuba_daihinmin"}


def test_bad_parameters_say_what_is_wrong() -> None:
    with pytest.raises(OptionsError, match="4 to 7 players"):
        pyspiel.load_game("python_furuba_daihinmin", {"players": 3})
    with pytest.raises(OptionsError, match="variant"):
        pyspiel.load_game("python_furuba_zodiac", {"variant": "speedy"})
    with pytest.raises(ValueError, match="combine variants with '\\+'"):
        pyspiel.load_game("python_furuba_zodiac", {"variant": "long,true-friends"})


def _dealt(name: str, params: dict[str, Any], deal: int = 3) -> Any:
    state = pyspiel.load_game(name, params).new_initial_state()
    state.apply_action(deal)
    return state


def test_same_deal_same_game_and_clone_is_independent() -> None:
    a = _dealt("python_furuba_zodiac", {"players": 2})
    b = _dealt("python_furuba_zodiac", {"players": 2})
    assert str(a) == str(b)
    c = a.clone()
    c.apply_action(c.legal_actions()[0])
    assert str(a) == str(b) != str(c)
    assert copy.deepcopy(a.furuba_state).to_json() == a.furuba_state.to_json()


def test_serialization_goes_through_furuba_json() -> None:
    state = _dealt("python_furuba_daihinmin", {"players": 4, "max_rounds": 1})
    rng = random.Random(1)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state) and back.history() == state.history()
    assert "furuba" in pickle.dumps(state._box).decode("latin-1")


def test_observations_reveal_nothing_hidden() -> None:
    """Tensors and strings for seat p are equal on a state and its determinized twin."""
    for name, params in (("python_furuba_zodiac", {"players": 3}),
                         ("python_furuba_daihinmin", {"players": 5, "max_rounds": 1})):
        state = _dealt(name, params)
        rng = random.Random(2)
        for _ in range(15):
            state.apply_action(rng.choice(state.legal_actions()))
        game = state.get_game()
        for p in range(game.num_players()):
            twin = game.state_of(state.furuba_state.determinize(p, rng))
            assert twin.furuba_state.to_json() != state.furuba_state.to_json()
            assert state.observation_tensor(p) == twin.observation_tensor(p)
            assert state.information_state_tensor(p) == twin.information_state_tensor(p)
            assert state.observation_string(p) == twin.observation_string(p)
            assert state.information_state_string(p) == twin.information_state_string(p)
        public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                            private_info=pyspiel.PrivateInfoType.NONE)
        observer = game.make_py_observer(public)
        observer.set_from(state, 0)
        first = observer.tensor.copy()
        observer.set_from(state, 1)
        np.testing.assert_array_equal(first, observer.tensor)


def test_resample_from_infostate_keeps_the_information_state() -> None:
    state = _dealt("python_furuba_daihinmin", {"players": 4, "max_rounds": 2})
    rng = random.Random(4)
    while state.furuba_state.round < 2:           # into round 2: the exchange is known to some
        state.apply_action(rng.choice(state.legal_actions()))
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    samples = {str(state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.)))
               for _ in range(4)}
    assert len(samples) == 4                       # fresh worlds even with a fixed sampler
    world = fos.resampler(9)(state, player)
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(("name", "params"), [
    ("python_furuba_daihinmin", {"players": 4, "max_rounds": 1}),
    ("python_furuba_zodiac", {"players": 3, "target": 1}),
])
def test_openspiel_bots_play_furuba_bots(name: str, params: dict[str, Any]) -> None:
    """OpenSpiel's ISMCTS and (determinized) MCTS against furuba's greedy and random bots."""
    game = pyspiel.load_game(name, params)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    searcher = ismcts.ISMCTSBot(game, fos.BotRolloutEvaluator("greedy", seed=0), uct_c=2.0,
                                max_simulations=4,
                                random_state=np.random.RandomState(1))
    searcher.set_resampler(fos.resampler(1))
    planner = fos.Determinized(mcts.MCTSBot(game, 2.0, 3, evaluator,
                                            random_state=np.random.RandomState(2)), seed=3)
    bots = [searcher, planner, fos.FurubaBot("greedy", 2, seed=4)]
    bots += [fos.FurubaBot("random", p, seed=p) for p in range(3, game.num_players())]
    state = game.new_initial_state()
    returns = fos.play(state, bots, random.Random(5))
    assert state.is_terminal() and sum(returns) == pytest.approx(1.0)
    assert all(0.0 <= r <= 1.0 for r in returns)


def test_bot_rollout_evaluator() -> None:
    game = pyspiel.load_game("python_furuba_daihinmin", {"players": 4, "max_rounds": 1, "deals": 8})
    evaluator = fos.BotRolloutEvaluator("greedy", n_rollouts=2, seed=1)
    state = game.new_initial_state()
    assert evaluator.prior(state) == state.chance_outcomes()
    assert sum(evaluator.evaluate(state)) == pytest.approx(1.0)
    state.apply_action(3)
    values = evaluator.evaluate(state)
    assert len(values) == 4 and sum(values) == pytest.approx(1.0)
    assert [a for a, _ in evaluator.prior(state)] == state.legal_actions()
