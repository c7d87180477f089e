"""Shared fixtures for the simulator, report and tournament tests: small result files, a CLI
runner, and one local Ray for the whole session (started only if a test asks for it)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from furuba.cli.main import app
from furuba.sim.results_io import write_results
from furuba.sim.runner import GameResult, SimConfig, run

Cli = Callable[[Sequence[str | Path]], Result]

ZODIAC = SimConfig(game="zodiac", games=12, players=3, bots=["greedy", "random"], seed=7)
DAIHINMIN = SimConfig(game="daihinmin", games=8, players=4, bots=["greedy", "random"], seed=3,
                      options={"target": 10})


def flat(text: str) -> str:
    """``text`` with the console's line wrapping undone."""
    return " ".join(text.split())


@pytest.fixture
def cli() -> Cli:
    """``cli(args)``: run ``furuba *args``; a bug (an exception other than exit) fails the test."""
    runner = CliRunner()

    def invoke(args: Sequence[str | Path]) -> Result:
        result = runner.invoke(app, [str(a) for a in args])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result

    return invoke


@pytest.fixture(scope="session")
def zodiac_results() -> list[GameResult]:
    return list(run(ZODIAC))


@pytest.fixture(scope="session")
def daihinmin_results() -> list[GameResult]:
    return list(run(DAIHINMIN))


@pytest.fixture(scope="session")
def results_files(tmp_path_factory: pytest.TempPathFactory, zodiac_results: list[GameResult],
                  daihinmin_results: list[GameResult]) -> dict[str, Path]:
    """The small simulations written as JSON Lines and Parquet."""
    folder = tmp_path_factory.mktemp("results")
    files = {}
    for game, rows in (("zodiac", zodiac_results), ("daihinmin", daihinmin_results)):
        for suffix in ("jsonl", "parquet"):
            path = folder / f"{game}.{suffix}"
            write_results(path, rows)
            files[f"{game}.{suffix}"] = path
    return files


@pytest.fixture(scope="session")
def ray_session() -> Iterator[None]:
    """One local Ray (two CPUs, no dashboard, no usage statistics) for the whole session."""
    ray = pytest.importorskip("ray")
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()
