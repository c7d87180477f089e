"""Training by imitating the search (``furuba train --teacher``): the targets are the search's
visit shares, a run is reproducible from its seed on one process or two, and its policy comes
closer to the teacher's choices than where it started, on positions it never trained on."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from furuba import games
from furuba.bots.kit import BotKit
from furuba.bots.registry import check_spec
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.learn.imitate import TARGET_TEMPERATURE, teacher_bot, visit_shares
from furuba.learn.policy import SoftmaxPolicy, Vector
from furuba.learn.train import TrainConfig, Trainer

TEACHER = "ismcts:sims=30"
TINY = TrainConfig(game="daihinmin", iterations=3, games=6, seed=4, eval_every=3, eval_games=4,
                   checkpoint_every=3, rate=0.1, teacher=TEACHER)


def held_out(game: str, count: int) -> list[State]:
    """Positions of greedy play, from deals no training game of these tests uses."""
    greedy = games.spec(game).kit(BotKit).policies.greedy
    out = []
    for seed in range(900, 900 + count):
        state = games.new_game(game, players=4, seed=seed)
        rng = random.Random(seed)
        for _ in range(seed % 23):
            state.apply(greedy(state, rng))
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply(greedy(state, rng))
        if not state.is_terminal():
            out.append(state)
    return out


def cross_entropy(weights: Vector, game: str, positions: list[State], hidden: int = 0) -> float:
    """The mean cross-entropy of the softmax (``hidden`` units) against the teacher's visit
    shares."""
    from furuba.bots.policy import features_of

    learning = features_of(game)
    policy = SoftmaxPolicy(weights, 1.0, hidden=hidden)
    total = 0.0
    for i, state in enumerate(positions):
        legal = state.legal_actions()
        _action, target = visit_shares(teacher_bot(TEACHER, i), state, legal, TARGET_TEMPERATURE)
        probs = policy.probs(learning.featurize(state, legal))
        total += -float(target @ np.log(np.maximum(probs, 1e-300)))
    return total / len(positions)


def test_the_targets_are_the_search_s_visit_shares() -> None:
    state = held_out("daihinmin", 1)[0]
    legal = state.legal_actions()
    bot = teacher_bot(TEACHER, 3)
    action, target = visit_shares(bot, state, legal)
    again = teacher_bot(TEACHER, 3).search(state)
    visits = {s.action: s.visits for s in again.actions}
    assert np.allclose(target, [visits.get(a, 0) / 30 for a in legal])
    assert action == again.best and target[legal.index(action)] == target.max()
    _action, sharp = visit_shares(teacher_bot(TEACHER, 3), state, legal, 0.25)
    expected = np.array([visits.get(a, 0) for a in legal], dtype=float) ** 4
    assert np.allclose(sharp, expected / expected.sum())
    assert sharp.max() > target.max()


@pytest.mark.parametrize("game", ["daihinmin", "zodiac"])
def test_imitation_is_reproducible_and_comes_closer_to_the_teacher(game: str,
                                                                   tmp_path: Path) -> None:
    cfg = replace(TINY, game=game)
    trainer = Trainer(cfg, tmp_path / "a")
    start = trainer.fresh().weights.copy()
    first = trainer.run(trainer.fresh())
    two = Trainer(replace(cfg, jobs=2), tmp_path / "b")
    assert np.array_equal(first.weights, two.run(two.fresh()).weights)
    assert all(step["cross_entropy"] > 0 for step in first.history)
    positions = held_out(game, 24)
    before, after = (cross_entropy(w, game, positions) for w in (start, first.weights))
    assert after < before - 0.01, (before, after)
    about = trainer.policy(first).provenance
    assert about["teacher"] == TEACHER and f"--teacher {TEACHER}" in about["command"]


def test_a_teacher_that_is_not_the_search_is_refused() -> None:
    for spec in ("greedy", "policy", "beginner"):
        with pytest.raises(OptionsError, match="the teacher must be the search"):
            replace(TINY, teacher=spec).validate()
    replace(TINY, teacher="hard:sims=5").validate()
    assert check_spec("expert", "daihinmin")
