"""The local processes and Ray give the same simulation for the same seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from furuba.sim.lab import LabSetup, play
from furuba.sim.restrict import restrict_analysis, restrict_plan
from furuba.sim.runner import SimConfig, run
from furuba.sim.summary import summarize

from .conftest import DAIHINMIN, ZODIAC, Cli

TIMING = ("seconds",)


def summary_of(cfg: SimConfig, **kwargs: Any) -> dict[str, Any]:
    return summarize(cfg, run(cfg, **kwargs))


def test_processes_match_one_process() -> None:
    assert summary_of(ZODIAC, jobs=2, chunk=2) == summary_of(ZODIAC)


def test_ray_matches_local(ray_session: None, cli: Cli, tmp_path: Path) -> None:
    # One test, so that parallel test workers never start two Rays.
    for cfg in (ZODIAC, DAIHINMIN):
        assert summary_of(cfg, jobs=2, chunk=3, backend="ray") == summary_of(cfg)
    outputs = {}
    for backend in ("local", "ray"):
        out = tmp_path / f"{backend}.json"
        result = cli(["simulate", "zodiac", "--games", "6", "--players", "2", "--bots", "greedy,random",
                      "--seed", "11", "--jobs", "2", "--backend", backend, "--json", out, "--quiet"])
        assert result.exit_code == 0, result.output
        summary = json.loads(out.read_text(encoding="utf-8"))
        outputs[backend] = {k: v for k, v in summary.items() if k not in TIMING}
    assert outputs["ray"] == outputs["local"]
    assert outputs["ray"]["games"] == 6
    # the balance lab's experiments run the same chunks on Ray (restricted bots included)
    setup = LabSetup(game="daihinmin", players=4, seed=2, options={"max_rounds": 1})
    plan = restrict_plan(setup, "greedy", deals=2, kinds=["2"])
    on_ray = restrict_analysis(setup, "greedy", list(play(plan, jobs=2, backend="ray")))
    assert on_ray == restrict_analysis(setup, "greedy", list(play(plan)))
    assert on_ray["games"] == 2 + 8
