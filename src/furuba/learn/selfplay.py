"""The games of a training iteration and of an evaluation: what a worker process or a Ray task
runs (:func:`train_games`, :func:`eval_games`).

Every game draws its deal and its moves from a generator seeded with the run's seed, the
iteration and the game's index alone (:func:`game_rng`), so an iteration gives the same numbers
however many processes or machines play it, and a resumed run replays nothing differently.

**Who plays.** Even games seat the learner in every seat (self-play: four times the decisions of
one seat, and an opponent that grows with the learner); odd games seat it once, against the
game's greedy policy in the other seats, a fixed and decent opponent from the first iteration
(a uniform learner playing only itself learns slowly what beats a sensible player). Only the
learner's decisions are learned from.

**What a game returns.** REINFORCE needs, for each decision ``d`` of the learner, the gradient
of its log-probability (``g_d = F[a] - p·F`` for a linear policy; a network backpropagates it,
:meth:`~furuba.learn.policy.SoftmaxPolicy.gradient`) and its credit ``R_d`` (what the player's reward
gained until its segment ended, :class:`~furuba.learn.features.ActionFeatures`). The baseline is
the mean credit of the whole batch, known only once every game is in, so a game returns sums
from which the trainer builds ``Σ (R_d - b) g_d = Σ R_d g_d - b Σ g_d`` and the spread of the
credits; and the gradient of the policy's entropy, for the entropy bonus. A game with a teacher
(:func:`play_imitation_game`, :mod:`furuba.learn.imitate`) returns instead its decisions (rows
and targets, for the trainer's :mod:`~furuba.learn.memory`, which takes the gradient) and their
cross-entropy and entropy as the games met them, in the same :class:`Sums`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from furuba import games
from furuba.bots.kit import BotKit
from furuba.bots.policy import PolicyBot, features_of
from furuba.bots.registry import make_bot
from furuba.core.protocol import State
from furuba.learn.features import ActionFeatures
from furuba.learn.policy import SoftmaxPolicy, Vector, matrix

MAX_STEPS = 200_000
SELF, VERSUS = "self", "greedy"
"""The two kinds of training game: the learner in every seat, or once against greedy."""


def game_rng(seed: int, stage: str, index: int) -> random.Random:
    """The generator of one game: of iteration ``stage`` (or ``"eval"``) and game ``index``."""
    return random.Random(f"furuba-train:{seed}:{stage}:{index}")


@dataclass(frozen=True)
class Batch:
    """Games of one iteration (or one evaluation) for one worker."""

    game: str
    players: int
    options: dict[str, Any]
    weights: Vector
    seed: int
    stage: str
    indices: tuple[int, ...]
    temperature: float = 1.0
    opponent: str = "greedy"
    """The bot in the other seats of an evaluation game."""
    teacher: str | None = None
    """The search the learner imitates (:mod:`furuba.learn.imitate`); ``None``: REINFORCE."""
    hidden: int = 0
    """The policy's hidden units (:class:`~furuba.learn.policy.SoftmaxPolicy`)."""

    def policy(self, temperature: float | None = None) -> SoftmaxPolicy:
        """The learner's policy, at the batch's temperature unless told."""
        chosen = self.temperature if temperature is None else temperature
        return SoftmaxPolicy(self.weights, chosen, hidden=self.hidden)


@dataclass
class Sums:
    """What a game's learner decisions add up to (see the module)."""

    index: int
    kind: str
    credit_grad: Vector
    grad: Vector
    entropy_grad: Vector
    decisions: int = 0
    credit: float = 0.0
    credit2: float = 0.0
    entropy: float = 0.0
    open: list[tuple[int, Vector]] = field(default_factory=list, repr=False)
    taught: list[tuple[npt.NDArray[np.float32], Vector]] = field(default_factory=list,
                                                                  repr=False)
    """With a teacher: each decision's feature rows and target, for the trainer's memory."""


def _learner_seats(kind: str, index: int, players: int) -> set[int]:
    return set(range(players)) if kind == SELF else {index // 2 % players}


def _close(sums: Sums, gains: list[float]) -> None:
    """Credit every open decision with what its player gained since its segment began."""
    for player, g in sums.open:
        r = gains[player]
        sums.credit_grad += r * g
        sums.grad += g
        sums.credit += r
        sums.credit2 += r * r
    sums.open.clear()


def _log(probs: Vector) -> Vector:
    out: Vector = np.log(np.maximum(probs, 1e-300))
    return out


def entropy_coefficients(probs: Vector) -> tuple[float, Vector]:
    """A decision's entropy ``H`` and the coefficients of its gradient on the scores,
    ``−p (log p + H)`` (for :meth:`~furuba.learn.policy.SoftmaxPolicy.gradient`)."""
    logp = _log(probs)
    h = -float(probs @ logp)
    coefficients: Vector = -(probs * (logp + h))
    return h, coefficients


def _add_entropy(sums: Sums, policy: SoftmaxPolicy, probs: Vector,
                 rows: npt.NDArray[np.float32]) -> None:
    """Add a decision's entropy and its gradient (for the entropy bonus) to ``sums``."""
    h, coefficients = entropy_coefficients(probs)
    sums.entropy_grad += policy.gradient(rows, coefficients)
    sums.entropy += h


def _start(batch: Batch, index: int) -> tuple[ActionFeatures, random.Random, State, set[int], Sums]:
    """A training game's features, generator, deal, learner seats and empty sums."""
    learning = features_of(batch.game)
    rng = game_rng(batch.seed, batch.stage, index)
    kind = SELF if index % 2 == 0 else VERSUS
    state = games.new_game(batch.game, players=batch.players, seed=rng.getrandbits(31),
                           **batch.options)
    size = len(batch.weights)
    sums = Sums(index, kind, np.zeros(size), np.zeros(size), np.zeros(size))
    return learning, rng, state, _learner_seats(kind, index, batch.players), sums


def play_training_game(batch: Batch, index: int) -> Sums:
    """One self-play game of ``batch`` and its sums."""
    learning, rng, state, learners, sums = _start(batch, index)
    greedy = games.spec(batch.game).kit(BotKit).policies.greedy
    policy = batch.policy()
    mark: Hashable = learning.segment(state)
    start = learning.reward(state)
    for _step in range(MAX_STEPS):
        if state.is_terminal():
            break
        player = state.current_player
        legal = state.legal_actions()
        if player not in learners:
            state.apply(greedy(state, rng))
        elif len(legal) == 1:
            state.apply(legal[0])
        else:
            rows = matrix(learning.featurize(state, legal))
            probs = policy.probs(rows)
            choice = policy.sample(rows, rng)
            chosen = -probs
            chosen[choice] += 1.0
            sums.open.append((player, policy.gradient(rows, chosen)))
            _add_entropy(sums, policy, probs, rows)
            sums.decisions += 1
            state.apply(legal[choice])
        now = learning.segment(state)
        if now != mark or state.is_terminal():
            reward = learning.reward(state)
            _close(sums, [b - a for a, b in zip(start, reward, strict=True)])
            mark, start = now, reward
    else:  # pragma: no cover - a guard against engine bugs
        raise RuntimeError(f"training game {index} did not end after {MAX_STEPS} steps")
    return sums


def play_imitation_game(batch: Batch, index: int) -> Sums:
    """One training game of ``batch`` with a teacher, and its sums: ``taught`` keeps each of the
    learner's decisions (its rows and the teacher's target ``π``), ``credit`` adds up the
    cross-entropy ``−π · log p`` and ``entropy`` the policy's entropy (:mod:`furuba.learn.imitate`;
    the trainer's memory takes the gradient, so none is worked out here)."""
    from furuba.learn.imitate import TARGET_TEMPERATURE, teacher_bot, visit_shares

    assert batch.teacher is not None
    learning, rng, state, learners, sums = _start(batch, index)
    greedy = games.spec(batch.game).kit(BotKit).policies.greedy
    teacher = teacher_bot(batch.teacher, rng.getrandbits(31))
    policy = batch.policy(1.0)
    for _step in range(MAX_STEPS):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if state.current_player not in learners:
            state.apply(greedy(state, rng))
            continue
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        action, target = visit_shares(teacher, state, legal, TARGET_TEMPERATURE)
        rows = matrix(learning.featurize(state, legal))
        probs = policy.probs(rows)
        sums.credit += -float(target @ _log(probs))
        sums.entropy += entropy_coefficients(probs)[0]
        sums.taught.append((rows, target))
        sums.decisions += 1
        state.apply(action)
    else:  # pragma: no cover - a guard against engine bugs
        raise RuntimeError(f"training game {index} did not end after {MAX_STEPS} steps")
    return sums


def train_games(batch: Batch) -> list[Sums]:
    """Every game of ``batch`` (what a worker runs for an iteration)."""
    play = play_training_game if batch.teacher is None else play_imitation_game
    return [play(batch, i) for i in batch.indices]


def play_eval_game(batch: Batch, index: int) -> tuple[int, float, float]:
    """One evaluation game: the learner in seat ``index % players``, ``batch.opponent`` in the
    others. Returns ``(index, the learner's win share, its share of the reward)``."""
    learning = features_of(batch.game)
    rng = game_rng(batch.seed, "eval", index)
    state = games.new_game(batch.game, players=batch.players, seed=rng.getrandbits(31),
                           **batch.options)
    seat = index % batch.players
    bots = [make_bot(batch.opponent, seed=rng.getrandbits(31)) for _ in range(batch.players)]
    policy = batch.policy()
    learner = PolicyBot(seed=rng.getrandbits(31), policy=policy.scorer())
    for _step in range(MAX_STEPS):
        if state.is_terminal():
            break
        player = state.current_player
        state.apply((learner if player == seat else bots[player]).choose(state))
    reward = learning.reward(state)
    total = sum(reward)
    return index, state.returns()[seat], reward[seat] / total if total > 0 else 1 / len(reward)


def eval_games(batch: Batch) -> list[tuple[int, float, float]]:
    """Every evaluation game of ``batch``."""
    return [play_eval_game(batch, i) for i in batch.indices]
