"""Training by self-play: reproducible from its seed on any number of processes, resumed exactly,
and better than where it started."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from furuba.learn.checkpoints import Progress, latest, load_checkpoint
from furuba.learn.selfplay import Sums
from furuba.learn.train import TrainConfig, Trainer, gradient

TINY = TrainConfig(game="daihinmin", iterations=3, games=6, seed=11, eval_every=2, eval_games=4,
                   checkpoint_every=1)


def tiny(**changes: Any) -> TrainConfig:
    return replace(TINY, **changes)


def trained(cfg: TrainConfig, out: Path) -> Progress:
    trainer = Trainer(cfg, out)
    return trainer.run(trainer.fresh())


@pytest.mark.parametrize("game", ["daihinmin", "zodiac"])
def test_the_same_seed_gives_the_same_weights_on_one_process_or_two(game: str,
                                                                      tmp_path: Path) -> None:
    first = trained(tiny(game=game), tmp_path / "a")
    again = trained(tiny(game=game), tmp_path / "b")
    two = trained(tiny(game=game, jobs=2), tmp_path / "c")
    assert np.abs(first.weights).sum() > 0   # it did move
    assert np.array_equal(first.weights, again.weights)
    assert np.array_equal(first.weights, two.weights)
    assert first.curve == again.curve == two.curve
    other = trained(tiny(game=game, seed=12), tmp_path / "d")
    assert not np.array_equal(first.weights, other.weights)


def test_resuming_from_a_checkpoint_ends_where_an_uninterrupted_run_ends(tmp_path: Path) -> None:
    whole = trained(tiny(iterations=4), tmp_path / "whole")
    trained(tiny(iterations=2), tmp_path / "cut")
    assert latest(tmp_path / "cut") == tmp_path / "cut" / "checkpoints" / "iter-000002.npz"
    cfg = tiny(iterations=4)
    trainer = Trainer(cfg, tmp_path / "cut")
    progress = load_checkpoint(tmp_path / "cut", cfg)
    assert progress.iteration == 2 and progress.adam.t == 2
    resumed = trainer.run(progress)
    assert np.array_equal(resumed.weights, whole.weights)
    assert np.array_equal(resumed.adam.m, whole.adam.m) and resumed.adam.t == whole.adam.t
    assert resumed.curve == whole.curve


def test_a_checkpoint_of_another_run_is_refused(tmp_path: Path) -> None:
    from furuba.core.errors import FurubaError

    trained(tiny(iterations=1), tmp_path)
    with pytest.raises(FurubaError, match=r"another run .*seed"):
        load_checkpoint(tmp_path, tiny(seed=3))
    with pytest.raises(FurubaError, match="no checkpoint"):
        load_checkpoint(tmp_path / "empty", tiny())


def test_a_few_seconds_of_training_beat_the_start_against_random_bots(tmp_path: Path) -> None:
    # the start is the uniform policy (zero weights): a random player, a fair 25% against three
    cfg = TrainConfig(game="daihinmin", iterations=5, games=24, seed=2, rate=0.1, eval_every=5,
                      eval_games=120, checkpoint_every=5)
    progress = trained(cfg, tmp_path)
    start, end = progress.curve[0]["sampling"]["random"], progress.curve[-1]["sampling"]["random"]
    assert start["ci95"][0] < 0.25 < start["ci95"][1]
    assert end["ci95"][0] > start["ci95"][1], (start, end)
    assert end["win_share"] > 0.45


def test_the_gradient_adds_games_in_index_order_with_one_baseline_per_kind() -> None:
    def sums(index: int, kind: str, credit: float) -> Sums:
        g = np.array([1.0, 0.0]) if kind == "self" else np.array([0.0, 1.0])
        return Sums(index, kind, credit * g, g.copy(), np.zeros(2), decisions=1, credit=credit,
                    credit2=credit * credit)

    batch = [sums(0, "self", 1.0), sums(1, "greedy", 0.0), sums(2, "self", 0.0),
             sums(3, "greedy", 0.0)]
    step, stats = gradient(batch, entropy=0.0)
    assert stats["credit_self"] == 0.5 and stats["credit_greedy"] == 0.0
    # self: (1 - .5)·g + (0 - .5)·g = 0; greedy: nothing to learn
    assert np.allclose(step, 0.0)
    assert np.array_equal(gradient(batch[::-1], 0.0)[0], step)
