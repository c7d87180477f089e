"""The adapters run the tests' third game (Pairs, registered from the tests only) unchanged:
OpenSpiel's conformance test, PettingZoo's API test, Gymnasium's environment checker."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

from furuba.spec import GameSpec

pyspiel = pytest.importorskip("pyspiel")
gymnasium = pytest.importorskip("gymnasium")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")
pettingzoo_test = pytest.importorskip("pettingzoo.test")

from furuba.integrations import gymnasium as furuba_gym  # noqa: E402
from furuba.integrations import openspiel as fos  # noqa: E402
from furuba.integrations import pettingzoo as furuba_zoo  # noqa: E402

pytestmark = pytest.mark.third_game


def test_openspiel(third_game: GameSpec) -> None:
    fos.register(third_game)
    game = pyspiel.load_game("python_furuba_pairs", {"players": 3, "values": 4})
    kind = game.get_type()
    assert (kind.long_name, kind.min_num_players, kind.max_num_players) == ("Python furuba Pairs", 2, 3)
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert kind.parameter_specification == {"players": 2, "values": 6, "seed": 0, "deals": 1 << 16}
    assert game.num_distinct_actions() == 5 and game.max_game_length() == 20
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = game.new_initial_state()
    state.apply_action(5)
    rng = random.Random(1)
    for _ in range(3):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    world = fos.resampler(2)(state, player)
    assert world.information_state_string(player) == state.information_state_string(player)
    bots = [fos.FurubaBot("greedy", p, seed=p) for p in range(3)]
    assert sum(fos.play(game.new_initial_state(), bots, random.Random(3))) == pytest.approx(1.0)


def test_pettingzoo(third_game: GameSpec) -> None:
    module = furuba_zoo.pairs_v0
    assert module.raw_env().metadata["name"] == "pairs_v0"
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        pettingzoo_test.api_test(module.env(players=3), num_cycles=200)
    pettingzoo_test.seed_test(lambda: furuba_zoo.env("pairs", players=3, values=4), num_cycles=100)


def test_gymnasium(third_game: GameSpec) -> None:
    furuba_gym.register(third_game)
    assert furuba_gym.env_id(third_game) == "furuba/Pairs-v0"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env_checker.check_env(gymnasium.make("furuba/Pairs-v0", players=3).unwrapped,
                              skip_render_check=True)
        env_checker.check_env(gymnasium.make("furuba/Pairs-v0", render_mode="ansi").unwrapped)
    env = gymnasium.make("furuba/Pairs-v0", players=3, opponents=["random", "greedy"])
    _, info = env.reset(seed=0)
    done = False
    rng = np.random.default_rng(0)
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert terminated and reward == info["returns"][info["seat"]]
