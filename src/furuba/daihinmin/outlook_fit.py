"""Fit :mod:`furuba.daihinmin.outlook`'s weights from rounds played by four bots.

``python -m furuba.daihinmin.outlook_fit --rounds 1000 --seed 51000 --jobs 2`` plays that many
single rounds of four ``hard`` bots (round ``i`` dealt from seed ``seed + i``), keeps every
position where the player to move has a choice, and for every pair of players still holding
cards there asks who went out first; a logistic regression on the difference of their
:func:`~furuba.daihinmin.outlook.features` (Newton's method, a little L2) gives the weights,
printed as the tuple :data:`~furuba.daihinmin.outlook.WEIGHTS` holds. With ``--check N`` it
then scores both the outlook and the burden model (:func:`furuba.daihinmin.playout.expected_points`)
on N more rounds (from ``--check-seed``): the mean squared error of each player's predicted
points against the points they scored. The same seed gives the same weights.

>>> rounds = [play_round(7, "easy")]
>>> x, y = pairs(rounds)
>>> x.shape[1] == len(FEATURE_NAMES) and set(y.tolist()) <= {0.0, 1.0}
True
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from furuba.daihinmin.outlook import FEATURE_NAMES, expected_points, features, holders
from furuba.daihinmin.playout import expected_points as burden_points
from furuba.daihinmin.start import new_game
from furuba.daihinmin.state import GameState
from furuba.learn.fit_command import fit_arguments

Round = tuple[list[GameState], list[float]]
"""The positions of a round where the player to move had a choice, and the points scored."""


def play_round(seed: int, level: str) -> Round:
    """A single round of four ``level`` bots dealt from ``seed``."""
    from furuba.bots.registry import make_bot

    state = new_game(players=4, seed=seed, max_rounds=1)
    bots = [make_bot(level, seed=seed * 7 + p) for p in range(4)]
    positions = []
    while not state.is_terminal():
        if state.phase == "play" and len(state.legal_actions()) > 1:
            positions.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
    return positions, state.scores()


def pairs(rounds: Sequence[Round]) -> tuple[np.ndarray, np.ndarray]:
    """The differences of two players' features, and whether the first went out first."""
    rows, wins = [], []
    for positions, final in rounds:
        for state in positions:
            holding = holders(state)
            so_far = state.scores()
            f = {p: np.array(features(state, p, holding)) for p in holding}
            for a in holding:
                for b in holding:
                    if a < b:
                        rows.append(f[a] - f[b])
                        wins.append(1.0 if final[a] - so_far[a] > final[b] - so_far[b] else 0.0)
    return np.array(rows), np.array(wins)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Logistic regression without intercept (the model is antisymmetric) by Newton's method."""
    w = np.zeros(x.shape[1])
    eye = np.eye(len(w))
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x * (p * (1.0 - p))[:, None]).T @ x / len(y) + l2 * eye
        w = w - np.linalg.solve(hess, grad)
    return w


def squared_error(rounds: Sequence[Round],
                  model: Callable[[GameState], Sequence[float]]) -> float:
    """The mean squared error of the points ``model`` predicts for each player, over positions."""
    errors = [statistics.fmean((a - b) ** 2 for a, b in zip(model(state), final, strict=True))
              for positions, final in rounds for state in positions]
    return statistics.fmean(errors)


def _rounds(seeds: range, level: str, jobs: int) -> list[Round]:
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(play_round, seeds, [level] * len(seeds), chunksize=10))


def main(argv: Sequence[str] | None = None) -> None:
    """Play, fit, print the weights (and with ``--check``, how well both models predict)."""
    args = fit_arguments("python -m furuba.daihinmin.outlook_fit", __doc__.split("\n\n")[0], "rounds",
                         1000, 51000, argv)
    rounds = _rounds(range(args.seed, args.seed + args.count), args.level, args.jobs)
    x, y = pairs(rounds)
    w = fit(x, y)
    print(f"{len(rounds)} rounds, {sum(len(p) for p, _ in rounds)} positions, {len(y)} pairs")
    for name, value in zip(FEATURE_NAMES, w, strict=True):
        print(f"  {name:32} {value:+.3f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    if args.check:
        test = _rounds(range(args.check_seed, args.check_seed + args.check), args.level, args.jobs)
        learned = squared_error(test, lambda s: expected_points(s, tuple(w)))
        print(f"on {args.check} more rounds, the mean squared error of the points: burden "
              f"{squared_error(test, burden_points):.4f}, outlook {learned:.4f}")


if __name__ == "__main__":
    main()
