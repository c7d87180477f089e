"""Per-game results round-trip through JSON Lines and Parquet, and give back the summary."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from furuba.sim.results_io import read_results, write_results
from furuba.sim.runner import GameResult
from furuba.sim.summary import config_from_results, game_of, summarize, summarize_results

from .conftest import DAIHINMIN, ZODIAC, Cli


@pytest.mark.parametrize("suffix", ["jsonl", "parquet"])
@pytest.mark.parametrize("game", ["zodiac", "daihinmin"])
def test_round_trip(results_files: dict[str, Path], zodiac_results: list[GameResult],
                    daihinmin_results: list[GameResult], game: str, suffix: str) -> None:
    rows = zodiac_results if game == "zodiac" else daihinmin_results
    back = read_results(results_files[f"{game}.{suffix}"])
    assert back == rows
    assert [type(v) for v in back[0].values()] == [type(v) for v in rows[0].values()]


@pytest.mark.parametrize("game", ["zodiac", "daihinmin"])
def test_summary_rebuilt_without_replaying(zodiac_results: list[GameResult],
                                           daihinmin_results: list[GameResult], game: str) -> None:
    cfg, rows = (ZODIAC, zodiac_results) if game == "zodiac" else (DAIHINMIN, daihinmin_results)
    assert config_from_results(list(reversed(rows))) == replace(cfg, bots=cfg.lineup())
    assert summarize_results(rows) == summarize(cfg, rows)


@pytest.mark.parametrize("game", ["zodiac", "daihinmin"])
def test_results_without_a_game_field_are_told_by_their_keys(zodiac_results: list[GameResult],
                                                             daihinmin_results: list[GameResult],
                                                             game: str) -> None:
    """Files written before results named their game: each game's report sections say which keys
    its results have."""
    rows = zodiac_results if game == "zodiac" else daihinmin_results
    old = [{k: v for k, v in r.items() if k != "game"} for r in rows]
    assert {game_of(r) for r in old} == {game}
    assert summarize_results(old) == summarize_results(rows)


def test_coop_results_round_trip(tmp_path: Path) -> None:
    rows = [{"game": "zodiac", "options": {"variant": "coop"}, "coop_won": True, "played": [[], ["Trust"]],
             "returns": [1, 1]}]
    path = tmp_path / "coop.parquet"
    write_results(path, rows)
    assert read_results(path) == rows


@pytest.mark.parametrize("suffix", ["jsonl", "parquet"])
def test_simulate_writes_games_out(cli: Cli, tmp_path: Path, suffix: str) -> None:
    games_out, summary_out = tmp_path / f"games.{suffix}", tmp_path / "summary.json"
    result = cli(["simulate", "daihinmin", "--games", "5", "--bots", "greedy,random", "--jobs", "1",
                  "-o", "target=8", "--games-out", games_out, "--json", summary_out, "--quiet"])
    assert result.exit_code == 0, result.output
    rows = read_results(games_out)
    assert sorted(r["index"] for r in rows) == list(range(5))
    summary = json.loads(summary_out.read_text(encoding="utf-8"))
    del summary["seconds"]
    assert json.loads(json.dumps(summarize_results(rows))) == summary


def test_games_out_holds_each_game_as_it_finishes(tmp_path: Path) -> None:
    """Each game's line is on disk as soon as the game ends, not when a buffer of 8 KiB fills,
    so a run killed outright (no Ctrl-C, no clean-up) keeps every game that finished."""
    games_out = tmp_path / "games.jsonl"
    run = subprocess.Popen(
        [sys.executable, "-m", "furuba", "simulate", "daihinmin", "--games", "100000", "--bots",
         "ismcts:sims=30,greedy", "--jobs", "1", "-o", "max_rounds=1", "--games-out",
         str(games_out), "--quiet"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        first_seen = 0
        deadline = time.monotonic() + 120
        while not first_seen and time.monotonic() < deadline and run.poll() is None:
            first_seen = games_out.stat().st_size if games_out.exists() else 0
            time.sleep(0.01)
    finally:
        run.kill()
        run.wait()
    assert 0 < first_seen < 4096    # a line is about 350 bytes; a buffer's flush would be 8 KiB
    lines = games_out.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["index"] for line in lines] == list(range(len(lines)))
