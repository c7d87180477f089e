"""The softmax policy: its probabilities, its choices, and its files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from furuba.core.errors import FurubaError
from furuba.learn.policy import SoftmaxPolicy

ROWS = np.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]], dtype=np.float32)


def test_probabilities_follow_the_scores_and_the_temperature() -> None:
    warm, cold = SoftmaxPolicy(np.array([2.0, 0.0]), 1.0), SoftmaxPolicy(np.array([2.0, 0.0]), 0.25)
    for policy in (warm, cold):
        probs = policy.probs(ROWS)
        assert probs.sum() == pytest.approx(1.0) and probs.argmax() == 0
        assert probs[0] > probs[2] > probs[1]
    assert cold.probs(ROWS)[0] > warm.probs(ROWS)[0]
    assert list(SoftmaxPolicy(np.array([2.0, 0.0]), 0.0).probs(ROWS)) == [1.0, 0.0, 0.0]


def test_sampling_matches_the_probabilities_and_is_seeded() -> None:
    policy = SoftmaxPolicy(np.array([1.0, -1.0]), 1.0)
    rng = random.Random(4)
    draws = [policy.sample(ROWS, rng) for _ in range(6000)]
    freq = np.bincount(draws, minlength=3) / len(draws)
    assert np.abs(freq - policy.probs(ROWS)).max() < 0.03
    assert [policy.sample(ROWS, random.Random(9)) for _ in range(5)] == \
        [policy.sample(ROWS, random.Random(9)) for _ in range(5)]
    assert SoftmaxPolicy(np.array([1.0, -1.0]), 0.0).sample(ROWS, rng) == policy.best(ROWS) == 0


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    policy = SoftmaxPolicy(np.array([0.125, -3.5, 1e-9]), 0.0,
                           {"game": "daihinmin", "features": ["a", "b", "c"], "seed": 4})
    path = tmp_path / "deep" / "policy.npz"
    policy.save(path)
    about = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    assert about["seed"] == 4 and about["temperature"] == 0.0
    back = SoftmaxPolicy.load(path, names=("a", "b", "c"))
    assert np.array_equal(back.weights, policy.weights) and back.temperature == 0.0
    assert back.provenance["game"] == "daihinmin"
    assert SoftmaxPolicy.load(path, temperature=0.7).temperature == 0.7


def test_loading_refuses_missing_or_foreign_weights(tmp_path: Path) -> None:
    with pytest.raises(FurubaError, match="cannot read the policy"):
        SoftmaxPolicy.load(tmp_path / "none.npz")
    path = tmp_path / "policy.npz"
    SoftmaxPolicy(np.zeros(2), 1.0, {"features": ["a", "b"]}).save(path)
    with pytest.raises(FurubaError, match="other features"):
        SoftmaxPolicy.load(path, names=("a", "c"))
    path.write_bytes(b"not an npz")
    with pytest.raises(FurubaError, match="cannot read the policy"):
        SoftmaxPolicy.load(path)


def test_a_network_starts_as_its_linear_part_and_its_gradient_is_the_scores_slope() -> None:
    from furuba.learn.policy import initial_weights, parameter_count

    rng = np.random.default_rng(5)
    rows = rng.normal(size=(6, 4)).astype(np.float32)
    linear = np.array([0.5, -1.0, 0.25, 2.0])
    start = SoftmaxPolicy(initial_weights(linear, hidden=3, seed=7), hidden=3)
    assert start.weights.size == parameter_count(4, 3) == 4 + 12 + 3 + 3
    assert np.allclose(start.logits(rows), SoftmaxPolicy(linear).logits(rows))
    assert np.array_equal(start.weights, initial_weights(linear, hidden=3, seed=7))
    assert not np.array_equal(start.weights, initial_weights(linear, hidden=3, seed=8))
    # away from the start (v ≠ 0), the gradient agrees with finite differences
    net = SoftmaxPolicy(rng.normal(size=parameter_count(4, 3)), hidden=3)
    coefficients = rng.normal(size=6)
    grad = net.gradient(rows, coefficients)
    step = 1e-6
    for i in range(net.weights.size):
        up, down = net.weights.copy(), net.weights.copy()
        up[i] += step
        down[i] -= step
        slope = (coefficients @ SoftmaxPolicy(up, hidden=3).logits(rows)
                 - coefficients @ SoftmaxPolicy(down, hidden=3).logits(rows)) / (2 * step)
        assert grad[i] == pytest.approx(slope, abs=1e-5), i
    # a unit can weigh one feature by another: here only the row [1, 1] scores above [0, 0]
    # (an "and"); a linear score that puts [1, 1] above [1, 0] and [0, 1] puts them above [0, 0]
    both = SoftmaxPolicy(np.array([0.0, 0.0, 1.0, 1.0, -1.0, 1.0]), hidden=1)
    pair = np.array([[1, 0], [0, 1], [1, 1], [0, 0]], dtype=np.float32)
    assert list(both.logits(pair)) == [0.0, 0.0, 1.0, 0.0]


def test_a_network_saves_its_hidden_units_and_loading_checks_their_count(tmp_path: Path) -> None:
    from furuba.learn.policy import parameter_count

    weights = np.arange(parameter_count(3, 2), dtype=float) / 10
    path = tmp_path / "net.npz"
    SoftmaxPolicy(weights, 0.0, {"features": ["a", "b", "c"]}, hidden=2).save(path)
    back = SoftmaxPolicy.load(path, names=("a", "b", "c"))
    assert back.hidden == 2 and np.array_equal(back.weights, weights)
    rows = np.eye(3, dtype=np.float32)
    assert np.array_equal(back.logits(rows), SoftmaxPolicy(weights, hidden=2).logits(rows))
    about = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    about["hidden"] = 3
    path.with_suffix(".json").write_text(json.dumps(about), encoding="utf-8")
    with pytest.raises(FurubaError, match="3 hidden units"):
        SoftmaxPolicy.load(path)
