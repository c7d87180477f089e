"""``furuba lab cards | restrict | depth``: their tables, JSON and report, in both languages, on
any game — and one clear line for bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from furuba.spec import GameSpec

from .conftest import Cli, flat
from .test_errors import check_error

DHM = ["-o", "max_rounds=1", "--jobs", "1", "--quiet"]


def test_lab_cards_writes_its_numbers_and_report(cli: Cli, tmp_path: Path) -> None:
    out, data_file = tmp_path / "report", tmp_path / "cards.json"
    result = cli(["lab", "cards", "daihinmin", "--games", "12", "--seed", "4", "--resamples", "50",
                  "--json", data_file, "--out", out, *DHM])
    assert result.exit_code == 0, result.output
    said = flat(result.stdout)
    assert "greedy: 48 trials (one per player and round) in 12 games" in said
    assert "GIH" in said and "GNS" in said and "Win rate by seat" in said
    assert "IWD (improvement when drawn" in said and "wrote" in said
    data = json.loads(data_file.read_text(encoding="utf-8"))
    assert data["lab"] == "cards" and data["games"] == 12 and data["options"] == {"max_rounds": 1}
    assert json.loads((out / "lab.json").read_text(encoding="utf-8"))["metrics"] == data["metrics"]
    html = (out / "index.html").read_text(encoding="utf-8")
    assert set(re.findall(r"<img src='([^']+)'", html)) == {
        "card_iwd.png", "win_rate_by_seat.png", "game_length.png"}
    assert all((out / name).stat().st_size > 1000 for name in re.findall(r"<img src='([^']+)'", html))
    assert "<script" not in html and "http" not in html
    md = (out / "lab.md").read_text(encoding="utf-8")
    assert md.startswith("## Balance lab, cards: Dai Hin Min") and "| 2s |" in md


def test_lab_cards_in_japanese(cli: Cli) -> None:
    result = cli(["--lang", "ja", "lab", "cards", "daihinmin", "--games", "4", "--resamples", "20",
                  *DHM])
    assert result.exit_code == 0, result.output
    said = flat(result.stdout)
    assert "ラウンド" in said and "席ごとの勝率" in said and "Win rate by seat" not in said
    assert "カード" in said
    help_text = flat(cli(["--lang", "ja", "lab", "cards", "--help"]).stdout)
    assert "ブートストラップ" in help_text and "bootstrap" not in help_text


def test_lab_restrict(cli: Cli, tmp_path: Path) -> None:
    data_file = tmp_path / "restrict.json"
    result = cli(["lab", "restrict", "daihinmin", "--card", "2", "--card", "Joker", "--deals", "3",
                  "--json", data_file, *DHM])
    assert result.exit_code == 0, result.output
    assert "greedy never playing a card (3 deals" in flat(result.stdout)
    data = json.loads(data_file.read_text(encoding="utf-8"))
    assert {c["card"] for c in data["cards"]} == {"2", "Joker"} and data["games"] == 3 + 2 * 12


def test_lab_depth(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "depth"
    result = cli(["lab", "depth", "zodiac", "--ladder", "random,greedy", "--deals", "3",
                  "--players", "3", "-o", "max_rounds=3", "--jobs", "1", "--quiet", "--out", out])
    assert result.exit_code == 0, result.output
    said = flat(result.stdout)
    assert "The ladder against greedy (3 deals)" in said and "tiers, weakest first:" in said
    data = json.loads((out / "lab.json").read_text(encoding="utf-8"))
    assert data["ladder"] == ["random", "greedy"] and data["games"] == 3 + 9
    assert (out / "ladder.png").is_file()


def test_lab_says_one_deal_and_one_tier_in_the_singular(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "depth"
    args = ["lab", "depth", "zodiac", "--ladder", "random,greedy", "--deals", "1", "--players", "3",
            "-o", "max_rounds=1", "--jobs", "1", "--quiet"]
    result = cli([*args, "--out", out])
    assert result.exit_code == 0, result.output
    said = flat(result.stdout)
    tiers = json.loads((out / "lab.json").read_text(encoding="utf-8"))["tier_count"]
    assert f"The ladder against greedy (1 deal): {tiers} tier" in said and "1 deals" not in said
    assert ("1 tier" in said) == (tiers == 1) and ("1 tiers" not in said)
    japanese = cli(["--lang", "ja", *args, "--out", tmp_path / "ja"])
    assert japanese.exit_code == 0, japanese.output
    assert f"（配り札1通り）：{tiers}段階" in flat(japanese.stdout)
    # the report is written in English whatever the terminal speaks
    assert "The ladder against greedy (1 deal)" in (tmp_path / "ja" / "lab.md").read_text(
        encoding="utf-8")
    restrict = cli(["lab", "restrict", "daihinmin", "--card", "2", "--deals", "1", *DHM])
    assert restrict.exit_code == 0, restrict.output
    assert "greedy never playing a card (1 deal;" in flat(restrict.stdout)


@pytest.mark.parametrize(("args", "message"), [
    (["lab", "cards", "chess"], "unknown game 'chess'"),
    (["lab", "cards", "zodiac", "--bots", "wizard"], "unknown bot 'wizard'"),
    (["lab", "cards", "zodiac", "--resamples", "5"], "--resamples must be at least 10"),
    (["lab", "restrict", "daihinmin", "--card", "11"], "unknown cards 11; the cards are: 3, 4"),
    (["lab", "restrict", "zodiac", "--deals", "0"], "--deals must be at least 1"),
    (["lab", "depth", "zodiac", "--ladder", "greedy"], "a ladder needs at least two bots"),
    (["lab", "depth", "daihinmin", "--players", "3"], "Dai Hin Min is for 4 to 7 players"),
    (["lab", "cards", "zodiac", "--backend", "spark"], "unknown backend 'spark'"),
])
def test_bad_arguments(cli: Cli, args: list[str], message: str) -> None:
    check_error(cli([*args, "--quiet"]), message)


@pytest.mark.third_game
def test_a_game_without_card_hooks(cli: Cli, third_game: GameSpec) -> None:
    check_error(cli(["lab", "cards", "pairs", "--quiet"]),
                "the game Pairs does not name its cards for the balance lab")
    check_error(cli(["lab", "restrict", "pairs", "--quiet"]), "does not name its cards")
    result = cli(["lab", "depth", "pairs", "--ladder", "random,greedy", "--deals", "2",
                  "--players", "2", "--jobs", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "decisions" in flat(result.stdout) and "turns" not in flat(result.stdout)
