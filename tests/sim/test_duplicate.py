"""Duplicate deals: every deal in every seating, the intervals they give and what they save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from furuba.core.errors import OptionsError
from furuba.sim.duplicate import describe, duplicate_stats
from furuba.sim.runner import SimConfig, run
from furuba.sim.summary import config_from_results, summarize, summarize_results
from furuba.sim.tournament import TournamentConfig, league, run_tournament

from .conftest import Cli


def test_every_deal_is_played_in_every_seating() -> None:
    cfg = SimConfig(game="daihinmin", games=12, players=4, bots=["greedy", "random"], seed=7,
                    options={"max_rounds": 1}, duplicate=True)
    results = list(run(cfg))
    deals: dict[int, list[list[str]]] = {}
    for r in results:
        deals.setdefault(int(r["seed"]), []).append(r["bots"])
    assert sorted(deals) == [7, 8, 9]
    for seatings in deals.values():
        assert sorted(s.index("greedy") for s in seatings) == [0, 1, 2, 3]


def test_without_duplicate_every_game_has_its_own_deal() -> None:
    cfg = SimConfig(game="daihinmin", games=8, players=4, bots=["greedy", "random"], seed=7,
                    options={"max_rounds": 1})
    assert sorted(int(r["seed"]) for r in run(cfg)) == list(range(7, 15))


def test_seat_luck_cancels_entirely() -> None:
    """Whoever sits in seat 0 wins: each bot's mean over a deal's seatings is exactly 1/4."""
    rows = [{"seed": deal, "bots": ["a", "b", "b", "b"][-k:] + ["a", "b", "b", "b"][:-k],
             "returns": [1.0, 0.0, 0.0, 0.0]} for deal in range(5) for k in range(4)]
    stats = duplicate_stats(rows)["by_bot"]["a"]
    assert stats["rate"] == pytest.approx(0.25) and stats["se"] == 0.0
    assert stats["ci95"] == [pytest.approx(0.25), pytest.approx(0.25)]
    assert stats["se_independent"] > 0 and stats["games_factor"] is None
    assert "cancelled entirely" in describe(duplicate_stats(rows))[1]


def test_deals_that_suit_a_bot_in_every_seat_save_nothing() -> None:
    """a wins every seating of the even deals and none of the odd ones: no seat luck to cancel."""
    rows = [{"seed": deal, "bots": ["a", "b"] if k == 0 else ["b", "a"],
             "returns": ([1.0, 0.0] if k == 0 else [0.0, 1.0]) if deal % 2 == 0
             else ([0.0, 1.0] if k == 0 else [1.0, 0.0])}
            for deal in range(10) for k in range(2)]
    stats = duplicate_stats(rows)["by_bot"]["a"]
    assert stats["rate"] == pytest.approx(0.5)
    assert stats["games_factor"] < 1 and stats["games_saved"] < 0
    assert "no saving" in describe(duplicate_stats(rows))[1]


def test_one_deal_and_one_game_are_said_in_the_singular(cli: Cli) -> None:
    result = cli(["simulate", "daihinmin", "--games", "4", "--players", "4", "--bots", "greedy",
                  "-o", "max_rounds=1", "--duplicate", "--quiet", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "duplicate deals: 1 deal, 4 games" in result.output
    result = cli(["simulate", "daihinmin", "--games", "1", "--players", "4", "--bots", "greedy",
                  "-o", "max_rounds=1", "--quiet", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "Dai Hin Min: 1 game, 4 players" in " ".join(result.output.split())
    result = cli(["simulate", "zodiac", "--games", "2", "--players", "1", "--bots", "greedy,greedy",
                  "--quiet", "--jobs", "1"])
    assert "2 bots for 1 player" in result.output and "1 players" not in result.output


def test_a_simulation_not_a_multiple_of_the_players_is_refused() -> None:
    cfg = SimConfig(game="daihinmin", games=10, players=4, bots=["greedy"], duplicate=True)
    with pytest.raises(OptionsError, match="a multiple of 4"):
        cfg.validate()


def test_the_summary_and_a_results_file_say_so(cli: Cli, tmp_path: Path) -> None:
    out, games = tmp_path / "summary.json", tmp_path / "games.jsonl"
    result = cli(["simulate", "daihinmin", "--games", "10", "--players", "4", "--bots",
                  "greedy,random", "-o", "max_rounds=1", "--seed", "3", "--duplicate", "--quiet",
                  "--jobs", "1", "--json", out, "--games-out", games])
    assert result.exit_code == 0, result.output
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert summary["games"] == 12 and summary["duplicate"]["deals"] == 3
    assert "duplicate deals: 3 deals, 12 games" in result.output
    rows = [json.loads(line) for line in games.read_text(encoding="utf-8").splitlines()]
    cfg = config_from_results(rows)
    assert cfg.duplicate and cfg.seed == 3 and cfg.games == 12
    again = summarize_results(rows)
    assert again["duplicate"] == summary["duplicate"]
    assert summarize(cfg, rows)["win_rate_by_bot"] == summary["win_rate_by_bot"]


def test_a_tournament_plays_its_deals_in_every_seating() -> None:
    cfg = TournamentConfig(game="daihinmin", bots=["greedy", "random"], games=8, players=4,
                           seed=1, options={"max_rounds": 1}, duplicate=True)
    results = list(run_tournament(cfg))
    table = league(cfg, results)
    tables = {tuple(t.bots): t.games // 4 for t in cfg.tables()}    # seating → its deals
    played: dict[tuple[tuple[str, ...], int], int] = {}
    for r in results:
        start = next(k for k in range(4) if tuple(r["bots"][k:] + r["bots"][:k]) in tables)
        seating = tuple(r["bots"][start:] + r["bots"][:start])
        played[(seating, r["seed"])] = played.get((seating, r["seed"]), 0) + 1
    assert played == {(seating, seed): 4 for seating, deals in tables.items()
                      for seed in range(1, 1 + deals)}
    assert table["duplicate"]["deals"] == max(tables.values())
    assert set(table["duplicate"]["by_bot"]) == {"greedy", "random"}


def test_a_report_on_duplicate_results_shows_the_deal_intervals(cli: Cli, tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    assert cli(["simulate", "daihinmin", "--games", "8", "--bots", "greedy,random", "-o",
                "max_rounds=1", "--duplicate", "--quiet", "--jobs", "1",
                "--games-out", games]).exit_code == 0
    assert cli(["report", games, "--out", tmp_path / "report"]).exit_code == 0
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    data = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    assert "deals (each in every seating)" in page and "win rate over deals, greedy" in page
    assert data["duplicate"]["deals"] == 2
    assert "title_transitions" not in data     # one round a game: no next round to move to


def test_a_bot_with_several_settings_keeps_them_in_a_list(cli: Cli, tmp_path: Path) -> None:
    """``--bots ismcts:sims=5,rollout=random,easy`` is two bots: the settings that follow a bot
    without a name of their own are its own."""
    out = tmp_path / "summary.json"
    result = cli(["simulate", "daihinmin", "--games", "4", "--players", "4", "--bots",
                  "ismcts:sims=5,rollout=random,easy", "-o", "max_rounds=1", "--duplicate",
                  "--jobs", "1", "--quiet", "--json", out])
    assert result.exit_code == 0, result.output
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert summary["bots"] == ["ismcts:sims=5,rollout=random", "easy", "easy", "easy"]
    assert set(summary["win_rate_by_bot"]) == {"ismcts:sims=5,rollout=random", "easy"}
