"""How well the search's models of the other players predict what a searching player does.

Four bots of one level (``hard`` unless told otherwise) play games from consecutive seeds, each
bot seeded as ``furuba simulate`` seeds it; every decision with more than one legal action is
kept with the action the bot chose. Three models of that player are then asked the same
question, *which action?*, in the real position:

* the game's fast policy (``policies.rollout``, what ``opp=policy`` plays in the tree);
* the learned policy's best action (``opp=best``);
* a softmax over the learned policy's features **fitted to the bot's own choices** (maximum
  likelihood, full-batch Adam) on four fifths of the games and asked on the other fifth — a
  model of the players at the table, the best a linear score of these features can do;
* with ``--hidden N``, also a small network over the same features (``N`` ReLU units beside the
  linear score, :class:`furuba.learn.policy.SoftmaxPolicy`) fitted the same way, by the trainer's
  own imitation step (:class:`furuba.learn.memory.Memory`, the chosen action as the target) —
  what a network could add;
* with ``--weights FILE``, the best action of a trained policy (a ``policy.npz`` of
  ``furuba train``, linear or a network) — what the search would plan against with
  ``opp=best,weights=FILE``.

All three are scored on the held-out fifth (``agreement_held_out``); the first two on every
decision as well (``agreement_all``).

Beside them, the game's evaluation is scored against how the games ended: its cross-entropy
with the final returns (in nats; uniform is ``ln(players)``) at every recorded position of the
held-out games, and the cross-entropy after sharpening or flattening it by the one temperature
that fits the other four fifths best.

``python -m benchmarks.opponent_models --game zodiac --games 128 --jobs 2 -o target=4``
(``--hidden 16`` adds the network)
(add ``--records FILE`` to keep the games, or to read them back instead of playing again)
"""

from __future__ import annotations

import json
import math
import random
import statistics
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.ismcts import mean_interval

PLAYERS = 4
HELD_OUT = 5
"""Every fifth game (by its place in the run) is held out for the fitted models."""


def play(job: tuple[str, str, int, dict[str, Any]]) -> dict[str, Any]:
    """One game of four ``level`` bots: its seed, its actions and its returns."""
    from furuba import games
    from furuba.bots.registry import make_bot

    game, level, seed, options = job
    state = games.new_game(game, players=PLAYERS, seed=seed, **options)
    bots = [make_bot(level, seed=seed * 31 + p) for p in range(PLAYERS)]
    actions = []
    while not state.is_terminal():
        action = bots[state.current_player].choose(state)
        state.apply(action)
        actions.append(action)
    return {"seed": seed, "actions": actions, "returns": state.returns()}


def replay(game: str, record: dict[str, Any], options: dict[str, Any]) -> list[tuple[Any, int]]:
    """Every (position before, action taken) of a recorded game, positions as clones."""
    from furuba import games

    state = games.new_game(game, players=PLAYERS, seed=record["seed"], **options)
    out = []
    for action in record["actions"]:
        out.append((state.clone(), action))
        state.apply(action)
    return out


def _fit(rows: list[tuple[np.ndarray, int]], steps: int = 400, rate: float = 0.05) -> np.ndarray:
    """Softmax weights that make the chosen rows most likely (a little L2 keeps them finite)."""
    from furuba.learn.adam import Adam

    features = np.concatenate([f for f, _ in rows]).astype(np.float64)
    starts = np.cumsum([0] + [len(f) for f, _ in rows[:-1]])
    owner = np.repeat(np.arange(len(rows)), [len(f) for f, _ in rows])
    chosen = features[starts + np.array([c for _, c in rows])].sum(axis=0)
    weights, adam = np.zeros(features.shape[1]), Adam(features.shape[1], rate=rate)
    for _ in range(steps):
        z = features @ weights
        p = np.exp(z - np.maximum.reduceat(z, starts)[owner])
        p /= np.add.reduceat(p, starts)[owner]
        gradient = (chosen - p @ features) / len(rows) - 2e-3 * weights
        weights = adam.step(weights, gradient)
    return weights


def _fit_network(rows: list[tuple[np.ndarray, int]], hidden: int, steps: int = 500,
                 rate: float = 0.01) -> Any:
    """A network with ``hidden`` units fitted to the chosen rows (one-hot targets), by the
    trainer's imitation step from the trainer's starting point (seed 0)."""
    from furuba.learn.adam import Adam
    from furuba.learn.memory import Memory
    from furuba.learn.policy import SoftmaxPolicy, initial_weights

    size = rows[0][0].shape[1]
    memory = Memory.empty(size)
    memory.add(0, [(f.astype(np.float32), np.eye(len(f))[c]) for f, c in rows])
    weights = initial_weights(np.zeros(size), hidden, seed=0)
    adam = Adam(weights.size, rate=rate)
    for _ in range(steps):
        direction, _loss = memory.direction(SoftmaxPolicy(weights, hidden=hidden), entropy=0.0)
        weights = adam.step(weights, direction)
    return SoftmaxPolicy(weights, hidden=hidden)


def _cross_entropy(values: list[float], returns: list[float], temperature: float = 1.0) -> float:
    logs = [math.log(max(v, 1e-9)) / temperature for v in values]
    top = max(logs)
    norm = top + math.log(sum(math.exp(x - top) for x in logs))
    return -sum(r * (x - norm) for r, x in zip(returns, logs, strict=True))


def _share(xs: list[float]) -> dict[str, Any]:
    return {"share": round(statistics.fmean(xs), 4),
            "ci95": [round(x, 4) for x in mean_interval(xs)]}


def run(game: str, count: int, seed: int, level: str, jobs: int, options: dict[str, Any],
        records_file: Path | None = None, hidden: int = 0,
        weights: Path | None = None) -> dict[str, Any]:
    """Play (or read from ``records_file``, where earlier runs keep their games) ``count``
    games and score the models on them."""
    from furuba import games
    from furuba.bots.kit import BotKit
    from furuba.bots.learned import learned_policy

    spec = games.spec(game)
    learned = learned_policy(game)
    other = learned_policy(game, str(weights)) if weights is not None else None
    if records_file is not None and records_file.exists():
        records = [json.loads(line) for line in records_file.open(encoding="utf-8")][:count]
        records.sort(key=lambda r: r["seed"])
    else:
        jobs_list = [(game, level, seed + i, options) for i in range(count)]
        with Pool(jobs) as pool:
            records = pool.map(play, jobs_list)
        if records_file is not None:
            records_file.write_text("".join(json.dumps(r) + "\n" for r in records),
                                    encoding="utf-8")
    rng = random.Random(0)
    names = ["game's policy", "learned best"] + ([f"{weights} best"] if other else [])
    agree: dict[str, list[float]] = {name: [] for name in names}
    scored: dict[str, list[float]] = {name: [] for name in names}
    train_rows: list[tuple[np.ndarray, int]] = []
    test_rows: list[tuple[np.ndarray, int]] = []
    train_values: list[tuple[list[float], list[float]]] = []
    test_values: list[tuple[list[float], list[float]]] = []
    for i, record in enumerate(records):
        held = i % HELD_OUT == 0
        for state, action in replay(game, record, options):
            (test_values if held else train_values).append(
                (spec.kit(BotKit).policies.evaluate(state), record["returns"]))
            legal = state.legal_actions()
            if len(legal) < 2:
                continue
            features = np.array(learned.features.featurize(state, legal), dtype=np.float32)
            (test_rows if held else train_rows).append((features, legal.index(action)))
            guesses = {"game's policy": spec.kit(BotKit).policies.rollout(state, rng),
                       "learned best": learned.best_action(state, None)}
            if other is not None:
                guesses[f"{weights} best"] = other.best_action(state, None)
            for name, guess in guesses.items():
                agree[name].append(float(guess == action))
                if held:
                    scored[name].append(float(guess == action))
    fitted = _fit(train_rows)
    scored["fitted"] = [float(int(np.argmax(f @ fitted)) == c) for f, c in test_rows]
    if hidden:
        network = _fit_network(train_rows, hidden)
        scored[f"fitted network ({hidden} units)"] = [float(network.best(f) == c)
                                                      for f, c in test_rows]
    temperatures = [0.1 + 0.05 * k for k in range(39)]
    best_t = min(temperatures, key=lambda t: statistics.fmean(
        [_cross_entropy(v, r, t) for v, r in train_values]))
    held_plain = [_cross_entropy(v, r) for v, r in test_values]
    held_tuned = [_cross_entropy(v, r, best_t) for v, r in test_values]
    return {
        "game": game, "level": level, "games": count, "seed": seed, "options": options,
        "decisions": len(agree["learned best"]), "held_out_decisions": len(test_rows),
        "agreement_all": {name: _share(xs) for name, xs in agree.items()},
        "agreement_held_out": {name: _share(xs) for name, xs in scored.items()},
        "evaluation": {"positions_held_out": len(test_values),
                       "cross_entropy": round(statistics.fmean(held_plain), 4),
                       "uniform": round(math.log(PLAYERS), 4),
                       "best_temperature": round(best_t, 2),
                       "cross_entropy_at_best_temperature": round(statistics.fmean(held_tuned), 4)},
    }


if __name__ == "__main__":  # pragma: no cover - a diagnostic, run by hand
    import argparse

    parser = argparse.ArgumentParser(description="how well the search's models of the other "
                                                 "players predict a searching player")
    parser.add_argument("--game", default="zodiac")
    parser.add_argument("--games", type=int, default=128)
    parser.add_argument("--seed", type=int, default=1_000_000)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--records", type=Path, default=None,
                        help="a file of the games (JSON Lines): read if it exists, else written")
    parser.add_argument("--hidden", type=int, default=0,
                        help="also fit a network with this many hidden units")
    parser.add_argument("--weights", type=Path, default=None,
                        help="also score this trained policy's best action")
    parser.add_argument("-o", "--option", action="append", default=[],
                        help="a game option, KEY=VALUE (e.g. target=4)")
    args = parser.parse_args()
    from furuba import games
    from furuba.cli.options import game_options
    from furuba.core.errors import FurubaError

    try:
        opts = game_options(games.spec(args.game), {}, args.option)
    except FurubaError as error:
        parser.error(str(error))
    print(json.dumps(run(args.game, args.games, args.seed, args.level, args.jobs, opts,
                         args.records, args.hidden, args.weights), indent=1))
