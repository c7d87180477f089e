"""The balance report builds from a small result file (or a summary) and holds every plot."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from furuba.sim.analysis import decisive_cards
from furuba.sim.runner import GameResult
from furuba.sim.summary import ratio_interval, summarize

from .conftest import DAIHINMIN, ZODIAC, Cli

PLOTS = {
    "zodiac": ["win_rate_by_seat.png", "win_rate_by_bot.png", "game_length.png", "befriendings.png",
               "decisive_cards.png"],
    "daihinmin": ["win_rate_by_seat.png", "win_rate_by_bot.png", "game_length.png", "points.png",
                  "title_transitions.png", "revolutions.png"],
}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def images(index: Path) -> set[str]:
    return set(re.findall(r"<img src='([^']+)'", index.read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", ["zodiac.jsonl", "daihinmin.parquet"])
def test_report_has_every_plot(cli: Cli, results_files: dict[str, Path], tmp_path: Path, name: str) -> None:
    game = name.split(".")[0]
    out = tmp_path / "report"
    result = cli(["report", results_files[name], "--out", out])
    assert result.exit_code == 0, result.output
    index = out / "index.html"
    assert images(index) == set(PLOTS[game])
    for plot in PLOTS[game]:
        data = (out / plot).read_bytes()
        assert data.startswith(PNG_SIGNATURE) and len(data) > 5_000, plot
    numbers = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert sorted(numbers["plots"]) == sorted(PLOTS[game])
    assert numbers["source"] == "per-game results" and numbers["left_out"] == []
    assert len(numbers["win_rate_by_seat"]) == len(numbers["bots"])
    html = index.read_text(encoding="utf-8")
    assert "http" not in html.replace('href="report.json"', "")  # readable offline


def test_zodiac_numbers(cli: Cli, results_files: dict[str, Path], tmp_path: Path,
                       zodiac_results: list[GameResult]) -> None:
    cli(["report", results_files["zodiac.parquet"], "--out", tmp_path])
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert data["games"] == ZODIAC.games
    assert 0 <= data["truncation"]["rate"] <= 1
    reshuffled = sum(1 for r in zodiac_results if r["reshuffles"])
    assert 0 < reshuffled < ZODIAC.games   # the small run has games of both kinds
    assert data["reshuffle"]["rate"] == reshuffled / ZODIAC.games
    assert "the deck ran out and was reshuffled" in (tmp_path / "index.html").read_text("utf-8")
    assert set(data["befriended"]["by_side"]["Kyo"]) == {"human", "animal"}
    assert set(data["decisive_cards"]["by_bot"]) == {"greedy", "random"}


def test_decisive_cards(zodiac_results: list[GameResult]) -> None:
    cards = decisive_cards(zodiac_results, min_group=5)["by_bot"]["random"]
    assert cards and all(c["lift_ci95"][0] <= c["lift"] <= c["lift_ci95"][1] for c in cards)
    assert [c["lift"] for c in cards] == sorted((c["lift"] for c in cards), reverse=True)
    for c in cards:
        assert c["played"]["n"] >= 5 and c["not_played"]["n"] >= 5
        assert c["lift"] == pytest.approx(c["played"]["rate"] - c["not_played"]["rate"])


def test_daihinmin_numbers(cli: Cli, results_files: dict[str, Path], daihinmin_results: list[GameResult],
                           tmp_path: Path) -> None:
    cli(["report", results_files["daihinmin.jsonl"], "--out", tmp_path])
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    tt = data["title_transitions"]
    assert tt["titles"][-1] == "Poor Man"
    assert len(tt["counts"]) == len(tt["titles"])
    transitions = sum((len(r["titles"]) - 1) * DAIHINMIN.players for r in daihinmin_results)
    assert sum(map(sum, tt["counts"])) == transitions
    poor = tt["titles"].index("Poor Man")
    climbs = tt["poor_man_climbs"]
    assert climbs["n"] == sum(tt["counts"][poor])
    assert climbs["rate"] == pytest.approx(1 - tt["counts"][poor][poor] / climbs["n"])
    assert set(data["points"]) == {"greedy", "random"}
    assert data["revolutions"]["total"] == sum(r["revolutions"] for r in daihinmin_results)
    for bot, value in data["points_per_round_by_bot"].items():
        lo, hi = data["points_per_round_ci95"][bot]
        assert lo < value < hi


def test_points_per_round_interval_agrees_with_a_bootstrap() -> None:
    """The delta-method interval of points per round is close to a bootstrap over games."""
    rng = random.Random(4)
    games = []
    for _ in range(300):
        rounds = rng.randint(6, 13)
        games.append((float(sum(rng.choice((0, 1, 2, 3)) for _ in range(rounds))), float(rounds)))
    lo, hi = ratio_interval(games)
    ratios = []
    for _ in range(2000):
        sample = [games[rng.randrange(len(games))] for _ in games]
        ratios.append(sum(a for a, _ in sample) / sum(b for _, b in sample))
    ratios.sort()
    assert lo == pytest.approx(ratios[50], abs=0.03)
    assert hi == pytest.approx(ratios[1949], abs=0.03)
    assert ratio_interval(games[:30])[1] - ratio_interval(games[:30])[0] > hi - lo


@pytest.mark.parametrize("game", ["zodiac", "daihinmin"])
def test_report_from_a_summary_says_what_it_lacks(cli: Cli, zodiac_results: list[GameResult],
                                                  daihinmin_results: list[GameResult], tmp_path: Path,
                                                  game: str) -> None:
    cfg, rows = (ZODIAC, zodiac_results) if game == "zodiac" else (DAIHINMIN, daihinmin_results)
    summary = tmp_path / "summary.json"
    summary.write_text(json.dumps(summarize(cfg, rows)), encoding="utf-8")
    result = cli(["report", summary, "--out", tmp_path / "r"])
    assert result.exit_code == 0, result.output
    assert "left out" in result.stderr and "is a summary" in " ".join(result.stderr.split())
    html = (tmp_path / "r" / "index.html").read_text(encoding="utf-8")
    assert "Not in this report" in html
    shown = images(tmp_path / "r" / "index.html")
    assert {"win_rate_by_seat.png", "win_rate_by_bot.png", "game_length.png"} <= shown
    assert shown < set(PLOTS[game])


def test_the_reshuffles_counted_are_the_times_the_deck_grew() -> None:
    """A game's ``reshuffles`` is how often the discard pile became the deck, as watched from
    outside; results written before it was kept still summarise, without the figure."""
    from furuba import games
    from furuba.zodiac.report import summarize as zodiac_summary
    from furuba.zodiac.summary import summarize as game_summary

    rng = random.Random(3)
    counted = []
    for seed in range(4):
        state = games.new_game("zodiac", players=3, seed=seed)
        grew = 0
        while not state.is_terminal():
            before = len(state.deck)
            legal = state.legal_actions()   # random play draws often: the deck runs out
            state.apply(legal[rng.randrange(len(legal))])
            grew += len(state.deck) > before
        assert game_summary(state)["reshuffles"] == grew
        counted.append(grew)
    assert any(counted)
    rows = [{"rounds": 5, "truncated": False, "befriended": [], "reshuffles": n} for n in counted]
    assert zodiac_summary(ZODIAC, rows)["reshuffled"] == sum(1 for n in counted if n)
    old = [{k: v for k, v in r.items() if k != "reshuffles"} for r in rows]
    assert "reshuffled" not in zodiac_summary(ZODIAC, old)
