"""``furuba train``: a softmax policy learned by self-play with REINFORCE, on the CPU (or, with
``--teacher``, by imitating the search: :mod:`furuba.learn.imitate`).

Each iteration plays ``games`` games (:mod:`furuba.learn.selfplay`: half in self-play, half
against the game's greedy policy), in parallel on the local pool or on Ray through the
simulator's :func:`~furuba.sim.runner.map_tasks`, then takes one Adam step up the policy
gradient: the credits less their batch mean (one baseline per kind of game), divided by their
spread, plus a small entropy bonus that keeps the policy from settling too early. Everything a
run draws comes from ``(seed, iteration, game)``, and the sums of a batch are added in the order
of the games' indices, so a run is reproducible from its seed on any number of processes.

Every ``checkpoint_every`` iterations the weights, Adam's state and the learning curve are
saved; a resumed run continues from the last checkpoint and ends exactly where an uninterrupted
run would. Every ``eval_every`` iterations the policy plays ``eval_games`` games against three
random bots and as many against three greedy ones, on deals that are the same at every
evaluation, twice: as trained (drawing from the softmax) and playing its best-scored action (as
the policy bot does); the win shares with their 95% intervals make the learning curve
(:mod:`furuba.learn.curve`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from furuba import games
from furuba.bots.policy import features_of
from furuba.core.errors import FurubaError, OptionsError
from furuba.learn.adam import Adam
from furuba.learn.checkpoints import Progress, save_checkpoint
from furuba.learn.memory import Memory
from furuba.learn.policy import SoftmaxPolicy, Vector, initial_weights
from furuba.learn.selfplay import Batch, Sums, eval_games, train_games
from furuba.sim.runner import check_backend, map_tasks
from furuba.sim.summary import wilson
from furuba.text import _

OPPONENTS = ("random", "greedy")
"""The bots the learner is measured against, every other seat of its table one of a kind."""
IDENTITY = ("game", "players", "games", "seed", "rate", "entropy", "eval_every", "eval_games",
            "features", "teacher", "hidden", "epochs", "window", "start", "game_options")
"""What a checkpoint must share with a run that resumes from it."""


@dataclass
class TrainConfig:
    """A training run: the game, its size and seed, the learning settings and the backend."""

    game: str
    iterations: int = 300
    games: int = 64
    seed: int = 0
    players: int = 4
    rate: float = 0.03
    """Adam's learning rate."""
    entropy: float = 0.01
    """The weight of the entropy bonus."""
    eval_every: int = 25
    eval_games: int = 200
    checkpoint_every: int = 25
    jobs: int = 1
    backend: str = "local"
    ray_address: str | None = None
    teacher: str | None = None
    """The search to imitate (:mod:`furuba.learn.imitate`); ``None``: the policy gradient."""
    hidden: int = 0
    """Hidden units of the policy (0: linear; :class:`~furuba.learn.policy.SoftmaxPolicy`)."""
    epochs: int = 1
    """With a teacher: Adam steps an iteration over the decisions kept (:mod:`furuba.learn.memory`)."""
    window: int = 1
    """With a teacher: the iterations whose decisions are kept (0: every one)."""
    start: str = "game"
    """Where the weights start: the game's own starting weights (``game``), all zero
    (``zero``), or a ``policy.npz``'s (:func:`start_weights`)."""
    game_options: dict[str, Any] = field(default_factory=dict)
    """Game options given for the run (``-o key=value``: a rule preset, say), over the
    game's own training options."""
    features: tuple[str, ...] = field(default=(), init=False)
    options: dict[str, Any] = field(default_factory=dict, init=False)

    def validate(self) -> None:
        """Fill in what the game says and refuse numbers that make no run."""
        spec = games.spec(self.game)
        learning = features_of(spec.name)
        self.features, self.options = learning.names, {**learning.options, **self.game_options}
        for name in ("iterations", "games", "eval_every", "eval_games", "checkpoint_every",
                     "jobs", "epochs"):
            if getattr(self, name) < 1:
                raise OptionsError(_("--{name} must be at least 1, not {value}").format(
                    name=name.replace("_", "-"), value=getattr(self, name)))
        if self.hidden < 0 or self.window < 0:
            raise OptionsError(_("--hidden and --window must be 0 or more"))
        if self.teacher is None and (self.epochs, self.window) != (1, 1):
            raise OptionsError(_("--epochs and --window go with --teacher: the policy gradient "
                                 "learns from each iteration's games once"))
        if not self.rate > 0 or not self.entropy >= 0:
            raise OptionsError(_("the learning rate must be above 0 and the entropy bonus 0 or "
                                 "more"))
        if not spec.players.low <= self.players <= spec.players.high:
            raise OptionsError(_("{game} is played by {low} to {high} players, not {players}")
                               .format(game=spec.said_title, low=spec.players.low,
                                       high=spec.players.high, players=self.players))
        spec.new_game(players=self.players, seed=self.seed, **self.options)  # before a worker
        check_backend(self.backend)
        if self.teacher is not None:
            from furuba.learn.imitate import check_teacher

            check_teacher(self.teacher, spec.name)

    def command(self, iterations: int | None = None) -> str:
        """The ``furuba train`` command that makes these weights (on any number of processes
        and any backend: they change nothing)."""
        return (f"furuba train {self.game} --iterations {iterations or self.iterations} "
                f"--games {self.games} --seed {self.seed} --players {self.players} "
                f"--learning-rate {self.rate:g} --entropy {self.entropy:g} "
                f"--eval-every {self.eval_every} --eval-games {self.eval_games}"
                + (f" --teacher {self.teacher}" if self.teacher is not None else "")
                + (f" --hidden {self.hidden}" if self.hidden else "")
                + (f" --epochs {self.epochs}" if self.epochs != 1 else "")
                + (f" --window {self.window}" if self.window != 1 else "")
                + (f" --start {self.start}" if self.start != "game" else "")
                + "".join(f" -o {key}={value}" for key, value in self.game_options.items()))

    def identity(self) -> dict[str, Any]:
        data = asdict(self)
        return {key: list(data[key]) if key == "features" else data[key] for key in IDENTITY}


def start_weights(cfg: TrainConfig) -> Vector:
    """The weights a run starts from (``cfg.start``): the game's starting weights, zero, or a
    policy file's — a linear file gives the linear part of a network, and a network of as many
    hidden units gives all of it; the rest as :func:`~furuba.learn.policy.initial_weights`
    draws it from the run's seed."""
    learning = features_of(cfg.game)
    if cfg.start in ("game", "zero"):
        linear = learning.start_weights() if cfg.start == "game" else np.zeros(learning.size)
        return initial_weights(linear, cfg.hidden, cfg.seed)
    try:
        policy = SoftmaxPolicy.load(Path(cfg.start), names=learning.names)
    except FurubaError as exc:
        raise OptionsError(str(exc)) from None
    if policy.hidden == cfg.hidden:
        return policy.weights.copy()
    if policy.hidden:
        raise OptionsError(_("--start {path} is a network of {theirs} hidden units, not "
                             "{ours}").format(path=cfg.start, theirs=policy.hidden,
                                              ours=cfg.hidden))
    return initial_weights(policy.weights, cfg.hidden, cfg.seed)


def _batches(cfg: TrainConfig, weights: Vector, stage: str, count: int,
             temperature: float = 1.0, opponent: str = "greedy") -> list[Batch]:
    parts = max(1, min(count, 2 * cfg.jobs)) if cfg.jobs > 1 or cfg.backend == "ray" else 1
    teacher = cfg.teacher if stage != "eval" else None
    return [Batch(cfg.game, cfg.players, cfg.options, weights, cfg.seed, stage,
                  tuple(range(count))[k::parts], temperature, opponent, teacher, cfg.hidden)
            for k in range(parts)]


def _run(cfg: TrainConfig, fn: Callable[[Batch], list[Any]], batches: Sequence[Batch]) -> list[Any]:
    out: list[Any] = []
    for results in map_tasks(fn, batches, cfg.jobs, cfg.backend, cfg.ray_address):
        out.extend(results)
    return out


def gradient(sums: list[Sums], entropy: float) -> tuple[Vector, dict[str, Any]]:
    """The ascent direction of a batch (see the module) and its figures."""
    sums = sorted(sums, key=lambda s: s.index)
    total = sum(s.decisions for s in sums)
    if not total:
        return np.zeros_like(sums[0].grad), {"decisions": 0}
    pg = np.zeros_like(sums[0].grad)
    spread = 0.0
    stats: dict[str, Any] = {"decisions": total}
    for kind in sorted({s.kind for s in sums}):
        mine = [s for s in sums if s.kind == kind]
        n = sum(s.decisions for s in mine)
        if not n:
            continue
        base = sum(s.credit for s in mine) / n
        stats[f"credit_{kind}"] = base
        pg += np.sum([s.credit_grad for s in mine], axis=0) \
            - base * np.sum([s.grad for s in mine], axis=0)
        spread += sum(s.credit2 for s in mine) - n * base * base
    std = float(np.sqrt(max(spread, 0.0) / total)) or 1.0
    bonus = np.sum([s.entropy_grad for s in sums], axis=0)
    stats["entropy"] = sum(s.entropy for s in sums) / total
    step: Vector = pg / (total * std) + entropy * bonus / total
    return step, stats


def imitate(cfg: TrainConfig, progress: Progress, sums: list[Sums]) -> dict[str, Any]:
    """Learn from a batch of imitation games: keep its decisions in ``progress.memory`` (with
    those of the last ``cfg.window`` iterations) and take ``cfg.epochs`` Adam steps up the
    targets' log-likelihood over all of them, plus the entropy bonus. Its figures: the batch's
    mean cross-entropy as the games met it, and the memory's before the last step."""
    sums = sorted(sums, key=lambda s: s.index)
    total = sum(s.decisions for s in sums)
    memory = progress.memory
    iteration = progress.iteration
    if cfg.window:
        memory.keep_since(iteration - cfg.window + 1)
    memory.add(iteration, [taught for s in sums for taught in s.taught])
    stats: dict[str, Any] = {"decisions": total, "remembered": memory.decisions}
    if total:
        stats["cross_entropy"] = sum(s.credit for s in sums) / total
        stats["entropy"] = sum(s.entropy for s in sums) / total
    loss = 0.0
    for _epoch in range(cfg.epochs if memory.decisions else 0):
        policy = SoftmaxPolicy(progress.weights, 1.0, hidden=cfg.hidden)
        direction, loss = memory.direction(policy, cfg.entropy)
        progress.weights = progress.adam.step(progress.weights, direction)
    stats["memory_cross_entropy"] = loss
    return stats


def measure(cfg: TrainConfig, weights: Vector, temperature: float) -> dict[str, Any]:
    """The learner at ``temperature`` against three random and three greedy bots: win shares
    with 95% intervals and shares of the reward, on the run's evaluation deals."""
    out: dict[str, Any] = {}
    for opponent in OPPONENTS:
        rows = _run(cfg, eval_games, _batches(cfg, weights, "eval", cfg.eval_games, temperature,
                                              opponent))
        rows.sort()
        shares = np.array([r[1] for r in rows])
        rewards = np.array([r[2] for r in rows])
        half = 1.96 * float(rewards.std(ddof=1)) / len(rewards) ** 0.5 if len(rows) > 1 else 0.0
        out[opponent] = {
            "games": len(rows), "win_share": float(shares.mean()),
            "ci95": [round(x, 4) for x in wilson(float(shares.sum()), len(rows))],
            "reward_share": float(rewards.mean()),
            "reward_ci95": [float(rewards.mean()) - half, float(rewards.mean()) + half]}
    return out


def evaluate(cfg: TrainConfig, weights: Vector, iteration: int) -> dict[str, Any]:
    """A point of the learning curve: the policy as trained (``sampling``: drawing from the
    softmax) and playing its best-scored action (``best``: what the policy bot plays), each
    measured by :func:`measure`."""
    return {"iteration": iteration, "sampling": measure(cfg, weights, 1.0),
            "best": measure(cfg, weights, 0.0)}


class Trainer:
    """Runs a :class:`TrainConfig` into its folder ``out`` (see the module)."""

    def __init__(self, cfg: TrainConfig, out: Path) -> None:
        cfg.validate()
        self.cfg, self.out = cfg, out

    def fresh(self) -> Progress:
        """The start of a run: the game's starting weights (zero unless it gives some)."""
        cfg = self.cfg
        weights = start_weights(cfg)
        return Progress(0, weights, Adam(len(weights), rate=cfg.rate),
                        memory=Memory.empty(len(cfg.features)))

    def step(self, progress: Progress) -> dict[str, Any]:
        """Play iteration ``progress.iteration`` and move the weights; its figures."""
        cfg = self.cfg
        started = time.perf_counter()
        sums = _run(cfg, train_games, _batches(cfg, progress.weights, str(progress.iteration),
                                               cfg.games))
        if cfg.teacher is None:
            direction, stats = gradient(sums, cfg.entropy)
            progress.weights = progress.adam.step(progress.weights, direction)
        else:
            stats = imitate(cfg, progress, sums)
        progress.iteration += 1
        stats["iteration"] = progress.iteration
        stats["seconds"] = round(time.perf_counter() - started, 3)
        progress.history.append(stats)
        return stats

    def run(self, progress: Progress, on_step: Callable[[dict[str, Any]], None] | None = None,
            on_eval: Callable[[dict[str, Any]], None] | None = None) -> Progress:
        """Train from ``progress`` to the configured iterations, evaluating and saving as set."""
        cfg = self.cfg
        if progress.iteration == 0 and not progress.curve:
            progress.curve.append(evaluate(cfg, progress.weights, 0))
            if on_eval:
                on_eval(progress.curve[-1])
        while progress.iteration < cfg.iterations:
            stats = self.step(progress)
            if on_step:
                on_step(stats)
            done = progress.iteration
            if done % cfg.eval_every == 0 or done == cfg.iterations:
                progress.curve.append(evaluate(cfg, progress.weights, done))
                if on_eval:
                    on_eval(progress.curve[-1])
            if done % cfg.checkpoint_every == 0 or done == cfg.iterations:
                save_checkpoint(self.out, cfg, progress)
        if progress.curve[-1]["iteration"] != progress.iteration:
            # a run resumed from a checkpoint between two measures and ended there
            progress.curve.append(evaluate(cfg, progress.weights, progress.iteration))
            if on_eval:
                on_eval(progress.curve[-1])
            save_checkpoint(self.out, cfg, progress)
        return progress

    def policy(self, progress: Progress) -> SoftmaxPolicy:
        """The trained policy with its provenance; it plays its best action unless sampling
        measured stronger against greedy bots at the last point of the curve."""
        cfg = self.cfg
        last = progress.curve[-1] if progress.curve else None
        about: dict[str, Any] = {
            "game": cfg.game, "features": list(cfg.features),
            "command": cfg.command(progress.iteration),
            "seed": cfg.seed, "iterations": progress.iteration, "games_per_iteration": cfg.games,
            "players": cfg.players, "options": cfg.options, "rate": cfg.rate,
            "entropy": cfg.entropy, "teacher": cfg.teacher, "hidden": cfg.hidden,
            "epochs": cfg.epochs, "window": cfg.window,
            "trained": datetime.now(UTC).strftime("%Y-%m-%d"),
            "curve": last}
        sampling_wins = last is not None and (last["sampling"]["greedy"]["win_share"]
                                              > last["best"]["greedy"]["win_share"])
        return SoftmaxPolicy(progress.weights.copy(), 1.0 if sampling_wins else 0.0, about,
                             cfg.hidden)
