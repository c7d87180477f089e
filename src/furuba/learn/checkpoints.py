"""Checkpoints of a training run: ``checkpoints/iter-NNNNNN.npz`` (the weights and Adam's
moments) beside ``.json`` (the run's identity, the iteration, Adam's step count, the learning
curve and each iteration's figures), and ``curve.json`` at the top of the run's folder.

A run resumes only from a checkpoint of the same run: the same game, seed, batch size, learning
settings, evaluation and features (:data:`furuba.learn.train.IDENTITY`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from furuba.core.errors import FurubaError
from furuba.learn.adam import Adam
from furuba.learn.memory import Memory
from furuba.learn.policy import Vector
from furuba.text import _, listing

if TYPE_CHECKING:
    from furuba.learn.train import TrainConfig

ADDED_LATER: dict[str, Any] = {"hidden": 0, "epochs": 1, "window": 1, "start": "game",
                               "game_options": {}}
"""Identity keys a checkpoint written before them lacks, and the value it meant."""

FOLDER = "checkpoints"


@dataclass
class Progress:
    """The trainer's state: saved in every checkpoint."""

    iteration: int
    weights: Vector
    adam: Adam
    curve: list[dict[str, Any]] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    memory: Memory = field(default_factory=lambda: Memory.empty(0))
    """The teacher's decisions kept for imitation (:mod:`furuba.learn.memory`)."""


def write_json(path: Path, data: Any) -> None:
    """``data`` as indented JSON at ``path``."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as exc:
        raise FurubaError(_("cannot write {path}: {problem}").format(
            path=path, problem=exc.strerror)) from None


def save_checkpoint(out: Path, cfg: TrainConfig, progress: Progress) -> Path:
    """Save ``progress`` (and ``curve.json``); the path of the checkpoint's weights."""
    path = out / FOLDER / f"iter-{progress.iteration:06d}.npz"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            arrays: dict[str, Any] = {"weights": progress.weights, "m": progress.adam.m,
                                      "v": progress.adam.v, **progress.memory.arrays()}
            np.savez(file, **arrays)
    except OSError as exc:
        raise FurubaError(_("cannot write {path}: {problem}").format(
            path=path, problem=exc.strerror)) from None
    write_json(path.with_suffix(".json"), {
        "run": cfg.identity(), "iteration": progress.iteration, "adam_steps": progress.adam.t,
        "curve": progress.curve, "history": progress.history})
    write_json(out / "curve.json", {"run": cfg.identity(), "curve": progress.curve,
                                     "history": progress.history})
    return path


def latest(out: Path) -> Path | None:
    """The last checkpoint in ``out`` (by iteration), or ``None``."""
    found = sorted((out / FOLDER).glob("iter-*.npz"))
    return found[-1] if found else None


def load_checkpoint(out: Path, cfg: TrainConfig) -> Progress:
    """The progress saved in the last checkpoint of ``out``; :class:`FurubaError` when there is
    none, it cannot be read, or it belongs to another run."""
    path = latest(out)
    if path is None:
        raise FurubaError(_("no checkpoint to resume from in {folder}").format(
            folder=out / FOLDER))
    try:
        about = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        with np.load(path) as data:
            weights, m, v = (np.array(data[k], dtype=np.float64) for k in ("weights", "m", "v"))
            memory = Memory.from_arrays({k: data[k] for k in data.files}, len(cfg.features))
    except (OSError, ValueError, KeyError) as exc:
        raise FurubaError(_("cannot read the checkpoint {path}: {problem}").format(
            path=path, problem=getattr(exc, "strerror", None) or exc)) from None
    theirs: dict[str, Any] = about.get("run", {})
    ours = cfg.identity()
    differ = [key for key in ours if theirs.get(key, ADDED_LATER.get(key)) != ours[key]]
    if differ:
        raise FurubaError(_("the checkpoint {path} is of another run (it differs in {keys})")
                          .format(path=path, keys=listing(differ)))
    iteration = int(about["iteration"])
    if iteration > cfg.iterations:
        raise FurubaError(_("the checkpoint {path} is already at iteration {iteration}, past "
                            "--iterations {iterations}").format(
            path=path, iteration=iteration, iterations=cfg.iterations))
    adam = Adam(len(weights), rate=cfg.rate, t=int(about["adam_steps"]), m=m, v=v)
    return Progress(iteration, weights, adam, list(about["curve"]), list(about["history"]),
                    memory)
