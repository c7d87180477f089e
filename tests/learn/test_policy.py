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
