"""The PettingZoo environments pass PettingZoo's own API and seed tests."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from furuba.integrations.pettingzoo import daihinmin_v0, zodiac_v0  # noqa: E402

from .helpers import HOUSE_RULES  # noqa: E402

ENVS: list[tuple[Any, dict[str, Any]]] = [
    (zodiac_v0, {"players": 3, "target": 3}),
    (zodiac_v0, {"players": 2, "variant": "coop"}),
    (daihinmin_v0, {"players": 4, "max_rounds": 2}),
    (daihinmin_v0, {"players": 5, "max_rounds": 1}),
    (daihinmin_v0, {"players": 4, "max_rounds": 1, **HOUSE_RULES}),
    (daihinmin_v0, {"players": 5, "max_rounds": 1, "rules": "uecda"}),
]


@pytest.mark.parametrize(("module", "options"), ENVS)
def test_api_test(module: Any, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about dict observations for every environment not on its own list of
        # classic environments, although the classic convention is exactly that dict.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        pettingzoo_test.api_test(module.env(**options), num_cycles=1000)


@pytest.mark.parametrize(("module", "options"), ENVS[::2])
def test_seed_test(module: Any, options: dict[str, Any]) -> None:
    pettingzoo_test.seed_test(lambda: module.env(**options), num_cycles=500)


def test_multi_step_turns_are_the_same_agent_again() -> None:
    env = zodiac_v0.env(players=2)
    env.reset(seed=4)
    first = env.agent_selection
    for _ in range(3):                       # a turn is 3 actions (more with sub-decisions)
        assert env.agent_selection == first
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_only_the_agent_to_act_has_a_mask_and_rewards_come_at_the_end() -> None:
    env = daihinmin_v0.env(players=4, max_rounds=1)
    env.reset(seed=2)
    rng = random.Random(0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        if terminated or truncated:
            env.step(None)
            continue
        assert reward == 0
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert sum(env.unwrapped.state.returns()) == pytest.approx(1.0)


def test_illegal_action_ends_the_game_with_a_penalty() -> None:
    env = daihinmin_v0.env(players=4)
    env.reset(seed=1)
    agent = env.agent_selection
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert env.rewards[agent] == -1 and all(env.terminations.values())


def test_render_modes() -> None:
    env = zodiac_v0.env(players=3, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert "Friends of the Zodiac" in text and "player 0's hand" in text
    env = daihinmin_v0.raw_env(render_mode="human")
    env.reset(seed=3)
    assert env.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        daihinmin_v0.raw_env(render_mode="rgb_array")


def test_same_seed_same_game_other_seed_other_game() -> None:
    a, b, c = daihinmin_v0.env(), daihinmin_v0.env(), daihinmin_v0.env()
    a.reset(seed=7)
    b.reset(seed=7)
    c.reset(seed=8)
    same = a.observe("player_0")["observation"], b.observe("player_0")["observation"]
    np.testing.assert_array_equal(*same)
    assert not np.array_equal(same[0], c.observe("player_0")["observation"])
