"""The balance lab runs the tests' third game (Pairs, registered from the tests only) unchanged:
simulate, the summary, a results file, the report and a tournament."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from furuba.sim.results_io import read_results
from furuba.sim.runner import SimConfig, run
from furuba.sim.sections import NO_SECTIONS, sections_for
from furuba.sim.summary import game_of, summarize, summarize_results
from furuba.sim.tournament import TournamentConfig, league, run_tournament
from furuba.spec import GameSpec

from .conftest import Cli, flat

pytestmark = pytest.mark.third_game

PAIRS = SimConfig(game="pairs", games=9, players=3, bots=["greedy", "random"], seed=4,
                  options={"values": 5})


def test_simulate_command_and_its_results(cli: Cli, third_game: GameSpec, tmp_path: Path) -> None:
    games_out, summary_out = tmp_path / "games.jsonl", tmp_path / "summary.json"
    result = cli(["simulate", "pairs", "--games", "9", "--players", "3", "--bots", "greedy,random",
                  "--seed", "4", "-o", "values=5", "--jobs", "1", "--games-out", games_out,
                  "--json", summary_out, "--quiet"])
    assert result.exit_code == 0, result.output
    rows = read_results(games_out)
    assert sorted(r["index"] for r in rows) == list(range(9))
    assert {game_of(r) for r in rows} == {"pairs"}
    summary = json.loads(summary_out.read_text(encoding="utf-8"))
    del summary["seconds"]
    assert json.loads(json.dumps(summarize_results(rows))) == summary
    assert summary["games"] == 9 and sum(summary["wins_by_seat"]) == pytest.approx(9.0)
    assert summarize(PAIRS, run(PAIRS)) == summarize_results(rows)


def test_report_on_a_game_without_report_sections(cli: Cli, third_game: GameSpec,
                                                  tmp_path: Path) -> None:
    assert sections_for("pairs") is NO_SECTIONS
    games_out = tmp_path / "games.parquet"
    assert cli(["simulate", "pairs", "--games", "6", "--players", "2", "--bots", "greedy,random",
                "--jobs", "1", "--games-out", games_out, "--quiet"]).exit_code == 0
    result = cli(["report", games_out, "--out", tmp_path / "report"])
    assert result.exit_code == 0, result.output
    html = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert set(re.findall(r"<img src='([^']+)'", html)) == {
        "win_rate_by_seat.png", "win_rate_by_bot.png", "game_length.png"}
    assert "Balance report: Pairs" in html and "decisions" in html
    data = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    assert data["game_length"]["unit"] == "decisions" and data["left_out"] == []


def test_tournament(cli: Cli, third_game: GameSpec, tmp_path: Path) -> None:
    cfg = TournamentConfig(game="pairs", bots=["random", "greedy"], games=4, players=2, seed=1)
    results = list(run_tournament(cfg))
    assert len(results) == 4 and {tuple(sorted(r["bots"])) for r in results} == {("greedy", "random")}
    assert {row["bot"] for row in league(cfg, results)["table"]} == {"random", "greedy"}
    out = tmp_path / "league.json"
    result = cli(["tournament", "--game", "pairs", "--bots", "random,greedy,ismcts:sims=20",
                  "--games", "3", "--players", "3", "--jobs", "1", "--json", out, "--quiet"])
    assert result.exit_code == 0, result.output
    assert "greedy" in flat(result.stdout)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["game"] == "pairs" and data["games"] == 2 * 3   # 1 line-up, 2 seatings, 3 games each
