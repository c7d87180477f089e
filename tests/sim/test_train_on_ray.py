"""``furuba train --backend ray`` plays the same games as the local pool: the same weights."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from furuba.learn.train import TrainConfig, Trainer


def test_training_on_ray_gives_the_weights_of_training_here(ray_session: None,
                                                            tmp_path: Path) -> None:
    weights = []
    for backend in ("local", "ray"):
        cfg = TrainConfig(game="daihinmin", iterations=2, games=6, seed=4, eval_every=2,
                          eval_games=4, checkpoint_every=2, jobs=2, backend=backend)
        trainer = Trainer(cfg, tmp_path / backend)
        progress = trainer.run(trainer.fresh())
        weights.append(progress.weights)
        assert [p["iteration"] for p in progress.curve] == [0, 2]
    assert np.abs(weights[0]).sum() > 0 and np.array_equal(weights[0], weights[1])
