"""The Gymnasium environments pass Gymnasium's environment checker."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

import furuba.integrations.gymnasium  # noqa: E402, F401 - registers the environments

from .helpers import HOUSE_RULES  # noqa: E402

ENVS: list[tuple[str, dict[str, Any]]] = [
    ("furuba/Zodiac-v0", {"players": 3, "target": 3}),
    ("furuba/Zodiac-v0", {"players": 2, "variant": "coop", "opponents": "random"}),
    ("furuba/DaiHinMin-v0", {"players": 4, "max_rounds": 2}),
    ("furuba/DaiHinMin-v0", {"players": 5, "max_rounds": 1, "seat": None,
                             "opponents": ["greedy", "random", "greedy", "random"]}),
    ("furuba/DaiHinMin-v0", {"players": 4, "max_rounds": 1, "opponents": "greedy",
                             **HOUSE_RULES}),
    ("furuba/DaiHinMin-v0", {"players": 5, "max_rounds": 1, "opponents": "greedy",
                             "rules": "uecda"}),
]


@pytest.mark.parametrize(("env_id", "options"), ENVS)
def test_check_env(env_id: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")         # the checker's warnings count as failures
        env_checker.check_env(gymnasium.make(env_id, **options).unwrapped, skip_render_check=True)
        # and with rendering: "ansi" here, then every mode of the metadata through the spec
        env_checker.check_env(gymnasium.make(env_id, render_mode="ansi", **options).unwrapped)


@pytest.mark.parametrize(("env_id", "options"), ENVS[::2])
def test_whole_games_against_bots(env_id: str, options: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **options)
    rng = np.random.default_rng(0)
    for episode in range(2):
        obs, info = env.reset(seed=episode)
        done, reward = False, 0.0
        while not done:
            assert env.observation_space.contains(obs)
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        assert reward == info["returns"][info["seat"]]
        assert not info["action_mask"].any()


def test_illegal_action_ends_the_episode() -> None:
    env = gymnasium.make("furuba/DaiHinMin-v0", max_rounds=1)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.unwrapped.step(0)


def test_bad_settings() -> None:
    with pytest.raises(ValueError, match="opponent specs"):
        gymnasium.make("furuba/DaiHinMin-v0", opponents=["greedy"])
    with pytest.raises(ValueError, match="seat"):
        gymnasium.make("furuba/Zodiac-v0", players=2, seat=2)
    with pytest.raises(Exception, match="unknown bot"):
        gymnasium.make("furuba/Zodiac-v0", opponents="wizard")
