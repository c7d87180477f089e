"""Fit :mod:`furuba.zodiac.outlook`'s weights from games played by four bots.

``python -m furuba.zodiac.outlook_fit --games 600 --seed 61000 --jobs 2`` plays that many
four-player games to 4 friendships between ``hard`` bots (game ``i`` dealt from seed
``seed + i``), keeps every position where the player to move has a choice, and fits a
conditional logit (a softmax over the players of a linear score of their
:func:`~furuba.zodiac.outlook.features`) to who won, by Newton's method with a little L2; it
prints the weights as the tuple :data:`~furuba.zodiac.outlook.WEIGHTS` holds. With
``--check N`` it then scores the learned outlook and the hand-made evaluation
(:func:`furuba.zodiac.playout.evaluate`) on N more games (from ``--check-seed``): the mean log
loss of the win shares each predicts, and their difference with a 95% interval over the games.
The same seed gives the same weights.

>>> games = [play_game(7, "greedy")]
>>> x, y = design(games)
>>> x.shape[1:] == (4, len(FEATURE_NAMES)) and bool((y.sum(axis=1) == 1).all())
True
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from furuba.learn.fit_command import fit_arguments
from furuba.zodiac.outlook import FEATURE_NAMES, features, win_shares
from furuba.zodiac.playout import evaluate
from furuba.zodiac.start import new_game
from furuba.zodiac.state import GameState

PLAYERS = 4
TARGET = 4
"""The games the outlook learns from: four players, to 4 friendships (the ladder's games)."""

Game = tuple[list[GameState], list[float]]
"""The positions of a game where the player to move had a choice, and each player's win share."""


def play_game(seed: int, level: str) -> Game:
    """A game of four ``level`` bots to 4 friendships dealt from ``seed``."""
    from furuba.bots.registry import make_bot

    state = new_game(players=PLAYERS, seed=seed, target=TARGET)
    bots = [make_bot(level, seed=seed * 7 + p) for p in range(PLAYERS)]
    positions = []
    while not state.is_terminal():
        if len(state.legal_actions()) > 1:
            positions.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
    return positions, state.returns()


def design(games: Sequence[Game]) -> tuple[np.ndarray, np.ndarray]:
    """Every position's features (positions × players × features) and each player's win share."""
    rows = [features(state) for positions, _ in games for state in positions]
    wins = [won for positions, won in games for _ in positions]
    return np.array(rows, dtype=float), np.array(wins, dtype=float)


def softmax(z: np.ndarray) -> np.ndarray:
    """A softmax over the last axis."""
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)  # type: ignore[no-any-return]


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    """A conditional logit (no intercept: only differences between players count) by Newton's
    method, maximising the log likelihood of the win shares ``y`` less ``l2`` times the squared
    weights."""
    count, _, k = x.shape
    w = np.zeros(k)
    eye = np.eye(k)
    for _ in range(steps):
        p = softmax(x @ w)
        grad = np.einsum("npk,np->k", x, p - y) / count + l2 * w
        mean = np.einsum("npk,np->nk", x, p)
        hess = (np.einsum("npk,np,npl->kl", x, p, x) - mean.T @ mean) / count + l2 * eye
        w = w - np.linalg.solve(hess, grad)
    return w


def log_losses(games: Sequence[Game], model: Callable[[GameState], Sequence[float]]) -> list[float]:
    """Each game's mean log loss of the win shares ``model`` predicts, over its positions."""
    out = []
    for positions, won in games:
        losses = []
        for state in positions:
            predicted = model(state)
            losses.append(-sum(w * float(np.log(max(q, 1e-12)))
                               for w, q in zip(won, predicted, strict=True) if w))
        out.append(statistics.fmean(losses))
    return out


def _games(seeds: range, level: str, jobs: int) -> list[Game]:
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(play_game, seeds, [level] * len(seeds), chunksize=5))


def main(argv: Sequence[str] | None = None) -> None:
    """Play, fit, print the weights (and with ``--check``, how well both models predict)."""
    args = fit_arguments("python -m furuba.zodiac.outlook_fit", __doc__.split("\n\n")[0], "games",
                         600, 61000, argv)
    games = _games(range(args.seed, args.seed + args.count), args.level, args.jobs)
    x, y = design(games)
    w = fit(x, y)
    print(f"{len(games)} games, {len(y)} positions")
    for name, value in zip(FEATURE_NAMES, w, strict=True):
        print(f"  {name:44} {value:+.3f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    if args.check:
        test = _games(range(args.check_seed, args.check_seed + args.check), args.level, args.jobs)
        learned = log_losses(test, lambda s: win_shares(s, tuple(w)))
        made = log_losses(test, evaluate)
        gain = [a - b for a, b in zip(made, learned, strict=True)]
        half = 1.96 * statistics.stdev(gain) / len(gain) ** 0.5 if len(gain) > 1 else float("nan")
        print(f"on {args.check} more games, the mean log loss of the win shares: hand-made "
              f"{statistics.fmean(made):.4f}, outlook {statistics.fmean(learned):.4f} (less by "
              f"{statistics.fmean(gain):+.4f} [{statistics.fmean(gain) - half:+.4f}, "
              f"{statistics.fmean(gain) + half:+.4f}])")


if __name__ == "__main__":
    main()
