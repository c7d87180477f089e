"""Train a linear softmax policy with REINFORCE against furuba's bots, then print its win rate.

The policy scores every action with a linear function of the observation, keeps the legal ones
(``info["action_mask"]``) and samples from their softmax. Training is plain REINFORCE with a
running-average baseline; the reward is the learner's win share at the end of the game.

    python examples/train_linear_policy.py --budget small      # seconds (the test suite runs it)
    python examples/train_linear_policy.py --budget full       # minutes

It needs the ``rl`` extra: ``pip install 'furuba[rl]'``.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

import gymnasium
import numpy as np

import furuba.integrations.gymnasium  # noqa: F401 - registers the environments

BUDGETS = {"small": (6, 6), "medium": (300, 200), "full": (3000, 1000)}
"""Budget name → (training episodes, evaluation episodes)."""

ENVS = {"daihinmin": ("furuba/DaiHinMin-v0", {"players": 4, "max_rounds": 1}),
        "zodiac": ("furuba/Zodiac-v0", {"players": 3, "target": 4})}


@dataclass
class LinearPolicy:
    """Softmax over ``weights @ observation`` restricted to the legal actions."""

    weights: np.ndarray
    rng: np.random.Generator

    @classmethod
    def zeros(cls, observations: int, actions: int, seed: int) -> LinearPolicy:
        return cls(np.zeros((actions, observations)), np.random.default_rng(seed))

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.weights @ obs
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, obs: np.ndarray, mask: np.ndarray) -> tuple[int, np.ndarray]:
        p = self.probabilities(obs, mask)
        return int(self.rng.choice(len(p), p=p)), p


def run_episode(env: Any, policy: LinearPolicy | None, seed: int,
                rng: np.random.Generator) -> tuple[float, list[tuple[np.ndarray, int, np.ndarray]]]:
    """One game; ``policy=None`` plays uniformly at random among the legal actions."""
    obs, info = env.reset(seed=seed)
    steps: list[tuple[np.ndarray, int, np.ndarray]] = []
    reward, done = 0.0, False
    while not done:
        mask = info["action_mask"]
        if policy is None:
            action, p = int(rng.choice(np.flatnonzero(mask))), mask / mask.sum()
        else:
            action, p = policy.act(obs, mask)
        steps.append((obs, action, p))
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return float(reward), steps


def train(env: Any, policy: LinearPolicy, episodes: int, lr: float, seed: int) -> None:
    """REINFORCE: raise the log-probability of each action taken in proportion to
    (final reward − baseline)."""
    baseline = 0.0
    for episode in range(episodes):
        reward, steps = run_episode(env, policy, seed + episode, policy.rng)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for obs, action, p in steps:
            grad = -np.outer(p, obs)          # d log softmax / d weights, for every action row
            grad[action] += obs
            policy.weights += lr * advantage * grad


def win_rate(env: Any, policy: LinearPolicy | None, episodes: int, seed: int) -> float:
    """The mean win share over ``episodes`` games dealt from ``seed``."""
    rng = np.random.default_rng(seed)
    return float(np.mean([run_episode(env, policy, seed + i, rng)[0] for i in range(episodes)]))


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", choices=sorted(BUDGETS), default="small")
    parser.add_argument("--game", choices=sorted(ENVS), default="daihinmin")
    parser.add_argument("--opponents", default="greedy", help="furuba bot spec for the other seats")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    train_episodes, eval_episodes = BUDGETS[args.budget]
    env_id, options = ENVS[args.game]
    env = gymnasium.make(env_id, opponents=args.opponents, **options)
    policy = LinearPolicy.zeros(env.observation_space.shape[0], env.action_space.n, args.seed)
    start = time.perf_counter()
    train(env, policy, train_episodes, args.lr, seed=10_000 + args.seed)
    trained = win_rate(env, policy, eval_episodes, seed=1_000_000)
    uniform = win_rate(env, None, eval_episodes, seed=1_000_000)
    seconds = time.perf_counter() - start
    players = env.unwrapped.state.num_players
    print(f"{args.game}: linear policy trained for {train_episodes} games against "
          f"{players - 1} x {args.opponents}")
    print(f"win rate over {eval_episodes} games: trained {trained:.3f}, uniform random "
          f"{uniform:.3f} (an equal share would be {1 / players:.3f}); {seconds:.1f} s")
    return {"trained": trained, "uniform": uniform}


if __name__ == "__main__":
    main()
