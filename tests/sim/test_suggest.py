"""``furuba suggest``: targets, the card set's tweaks, and the search on the same deals."""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from typer.testing import CliRunner

from furuba import games
from furuba.cli.main import app
from furuba.core.deck import SOHMA_NAMES
from furuba.core.errors import FurubaError, OptionsError
from furuba.i18n import speaking
from furuba.sim.kit import LabKit
from furuba.sim.suggest import Play, Search, SuggestConfig
from furuba.sim.targets import Target, Tuning, Tweak, figures_of, parse_target, parse_targets
from furuba.spec import GameSpec
from furuba.zodiac.cardset_editor import starts
from furuba.zodiac.cardset_files import check_cardset_text
from furuba.zodiac.tweaks import TUNING, load, tweaks

from .conftest import Cli, flat

FIGURES = list(figures_of(games.spec("zodiac")))
DEFAULT = starts()["default"]
EASY = (["heart", "star"], ["star", "rain"], ["rain", "heart"])


def small_set(hard: str | None = None) -> str:
    """A small card set (3 symbols, 6 memories, 1 event) whose sides ask for two symbols; the
    Sohma ``hard`` asks for five on each side (three of one kind), so it is rarely befriended."""
    lines = ['name = "small"', "deck_size = 26", ""]
    for sid, glyph in (("heart", "♥"), ("star", "★"), ("rain", "☂")):
        lines += ["[[symbols]]", f'id = "{sid}"', f'name = "{sid.title()}"', f'glyph = "{glyph}"']
    for i, sid in enumerate(("heart", "star", "rain") * 2):
        lines += ["[[memories]]", f'name = "Memory {i}"', f'symbol = "{sid}"', "count = 4"]
    lines += ["[[events]]", 'name = "Step"', 'text = "Move Tohru 1 Sohma."',
              'effect = [{ op = "move", steps = 1 }]', "count = 2"]
    for i, name in enumerate(SOHMA_NAMES):
        human, animal = EASY[i % 3], EASY[(i + 1) % 3]
        if name == hard:
            human, animal = ["rain"] * 3 + ["star"] * 2, ["heart"] * 3 + ["star"] * 2
        lines += [f"[sohmas.{name}]", f"human = {{ needs = {json.dumps(human)} }}",
                  f"animal = {{ needs = {json.dumps(animal)} }}"]
    return "\n".join(lines) + "\n"


# -- targets --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "low", "high"), [
    ("seat_spread<=0.05", None, 0.05), ("coop_win_rate=0.4..0.6", 0.4, 0.6),
    ("median_length = 30 .. 45", 30.0, 45.0), ("sohma_share_min>=.04", 0.04, None),
    ("sohma_share_max<0.12", None, 0.12), ("truncated_rate=0", 0.0, 0.0),
])
def test_a_target_bounds_a_figure(text: str, low: float | None, high: float | None) -> None:
    target = parse_target(text, FIGURES)
    assert (target.low, target.high) == (low, high)
    assert target.figure in FIGURES and target.text == text.strip()


@pytest.mark.parametrize(("text", "fault"), [
    ("seat_spread", "malformed target 'seat_spread'"),
    ("seat_spread<=", "malformed target"),
    ("seat_spread<=0.05..0.1", "malformed target"),
    ("seat_spread=>0.05", "malformed target"),
    ("seat_spread<=nan", "malformed target"),
    ("seat_spread<=1e999", "malformed target"),
    ("Seat_Spread<=0.05", "malformed target"),
    ("seat_spread=0.6..0.4", "the target 'seat_spread=0.6..0.4' asks for a range from 0.6 down "
                             "to 0.4: write the low end first"),
    ("win_rate<=0.5", "unknown figure 'win_rate' in the target 'win_rate<=0.5'; the figures are: "
                      "seat_spread, median_length, sohma_share_max"),
])
def test_a_bad_target_is_refused_with_what_is_wrong(text: str, fault: str) -> None:
    with pytest.raises(OptionsError, match="^" + re.escape(fault)):
        parse_target(text, FIGURES)


def test_at_least_one_target_is_needed() -> None:
    with pytest.raises(OptionsError, match="name at least one target"):
        parse_targets([], FIGURES)


@given(st.floats(-10, 10), st.floats(0, 5), st.floats(-20, 20))
@example(low=0.0, width=5e-324, value=1.0)        # a range narrower than any miss's unit
def test_a_miss_is_zero_inside_and_grows_outside(low: float, width: float, value: float) -> None:
    target = Target("x", low, low + width, "x")
    inside = low <= value <= low + width
    assert target.met(value) == inside
    assert target.miss(value) >= 0.0
    if not inside:
        farther = value - 1.0 if value < low else value + 1.0
        assert target.miss(farther) > target.miss(value) > 0.0


# -- the tweaks of a card set ---------------------------------------------------------------------
def test_every_tweak_of_the_default_set_gives_a_set_that_loads() -> None:
    found = tweaks(DEFAULT)
    base = load(DEFAULT)
    assert len({t.key for t in found}) == len(found) > 200
    kinds = Counter(t.key.split(".")[0] for t in found)
    assert kinds["sohmas"] > 100 and kinds["memories"] > 20 and kinds["events"] > 10
    for tweak in found:
        text = tweak.apply(DEFAULT)
        check_cardset_text(text)
        changed = load(text)
        assert changed != base, tweak.key
        _assert_changes_what_it_says(tweak, base, changed)


def _assert_changes_what_it_says(tweak: Tweak, base: Any, changed: Any) -> None:
    table, rest = tweak.key.split(".", 1)
    if table == "sohmas":
        name, side, change = rest.split(".")
        before = Counter(getattr(base.sohma(name), side).needs)
        after = Counter(getattr(changed.sohma(name), side).needs)
        symbol = change[len("needs") + 1:]
        assert after[symbol] - before[symbol] == (1 if change[5] == "+" else -1), tweak.key
        assert sum(after.values()) - sum(before.values()) == after[symbol] - before[symbol]
    elif rest.endswith(("count+1", "count-1")) and "effect" not in rest:
        delta = 1 if rest.endswith("+1") else -1
        assert changed.deck_size - base.deck_size == delta, tweak.key
        assert changed.play_card_count() == changed.deck_size


def test_a_tweak_keeps_the_rest_of_the_file_as_written() -> None:
    tweak = next(t for t in tweaks(DEFAULT) if t.key == "sohmas.Kyo.animal.needs-sun")
    before, after = DEFAULT.splitlines(), tweak.apply(DEFAULT).splitlines()
    assert len(before) == len(after)
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert len(changed) == 1 and changed[0][1].startswith('animal = { needs = ["rain", "heart"')
    assert "# The original default card set of furuba." in after[0]


def test_a_tweak_is_refused_by_a_file_without_its_card() -> None:
    tweak = next(t for t in tweaks(DEFAULT) if t.key == "memories.Trust.count+1")
    with pytest.raises(FurubaError):
        tweak.apply(small_set())


def test_tweaks_are_said_in_both_languages() -> None:
    key = "sohmas.Kyo.animal.needs-sun"
    english = {t.key: t.label for t in tweaks(DEFAULT)}
    with speaking("ja"):
        japanese = {t.key: t.label for t in tweaks(DEFAULT)}
    assert english[key] == "Kyo (animal): needs one ☀ Laughter fewer"
    assert "夾" in japanese[key] and "笑顔" in japanese[key]
    assert sum(english[k] != japanese[k] for k in english) == len(english)


def test_a_side_never_asks_for_more_than_the_table_can_show() -> None:
    keys = {t.key for t in tweaks(DEFAULT)}
    assert not any(k.startswith("sohmas.Kyo.animal.needs+") for k in keys)   # five already
    assert "sohmas.Kyo.animal.needs-sun" in keys
    assert "memories.Trust.count-1" not in keys                            # one copy only


# -- the search -----------------------------------------------------------------------------------
def config(text: str, targets: list[str], **kwargs: Any) -> SuggestConfig:
    fields: dict[str, Any] = {"games": 8, "screen_games": 4, "max_changes": 1, "beam": 3,
                              "resamples": 50}
    fields.update(kwargs)
    return SuggestConfig(game="zodiac", text=text, players=4, seed=3,
                         targets=parse_targets(targets, FIGURES), **fields)


def test_a_set_that_meets_its_targets_needs_no_change() -> None:
    report = Search(config(DEFAULT, ["sohma_share_max<=0.5", "median_length=2..40"],
                           games=4)).run()
    assert report["changes"] == [] and report["stopped"] == "met" and report["met"]
    assert report["games_played"] == 4 and report["text"] == DEFAULT
    assert report["base"]["sohma_share_max<=0.5"]["met"]


@pytest.fixture(scope="module")
def skewed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """``furuba suggest`` on a set whose Kyo is almost never befriended, aiming at the smallest
    share: its report, and the changed file it wrote."""
    folder = tmp_path_factory.mktemp("suggest")
    source, out, data = folder / "skewed.toml", folder / "changed.toml", folder / "report.json"
    source.write_text(small_set(hard="Kyo"), encoding="utf-8")
    result = CliRunner().invoke(app, [
        "suggest", str(source), "--target", "sohma_share_min>=0.02", "--games", "8",
        "--screen-games", "4", "--max-changes", "1", "--beam", "3", "--seed", "3", "--jobs", "2",
        "--out", str(out), "--json", str(data), "--quiet"])
    assert result.exit_code == 0, result.output
    yield {"output": flat(result.output), "report": json.loads(data.read_text(encoding="utf-8")),
           "text": out.read_text(encoding="utf-8"), "source": source.read_text(encoding="utf-8")}


def test_the_search_eases_the_sohma_nobody_befriends(skewed: dict[str, Any]) -> None:
    report = skewed["report"]
    assert [c["key"].split(".")[:2] for c in report["changes"]] == [["sohmas", "Kyo"]]
    assert report["rounds"][0]["worst"] == "sohma_share_min>=0.02"
    assert report["base"]["sohma_share_min>=0.02"]["value"] < 0.02
    assert "1. Kyo (" in skewed["output"] and "wrote" in skewed["output"]
    changed = load(skewed["text"])
    assert changed.sohma("Kyo") != load(skewed["source"]).sohma("Kyo")
    check_cardset_text(skewed["text"])


def test_the_same_seed_gives_the_same_suggestion(skewed: dict[str, Any]) -> None:
    cfg = config(skewed["source"], ["sohma_share_min>=0.02"], resamples=400)
    again = Search(cfg, Play(jobs=1)).run()
    assert again.pop("text") == skewed["text"]
    expected = {k: v for k, v in skewed["report"].items() if k != "seconds"}
    assert json.loads(json.dumps(again)) == expected


def test_the_search_plays_on_fresh_deals_to_confirm(skewed: dict[str, Any]) -> None:
    report = skewed["report"]
    first = report["rounds"][0]
    assert first["kept"] == [c["key"] for c in report["changes"]]
    assert first["miss_by_edits"][1] < first["miss_by_edits"][0]
    assert report["final_seeds"][0] >= 3 + 2 * 8                      # after two used blocks


# -- the command line -----------------------------------------------------------------------------
def test_the_command_refuses_bad_input_in_both_languages(cli: Cli, tmp_path: Path) -> None:
    good, broken, faulty = tmp_path / "good.toml", tmp_path / "broken.toml", tmp_path / "faulty.toml"
    good.write_text(small_set(), encoding="utf-8")
    broken.write_text("name = [", encoding="utf-8")
    faulty.write_text(small_set().replace('deck_size = 26', 'deck_size = 30'), encoding="utf-8")
    cases: list[tuple[list[Any], str]] = [
        ([good, "-t", "nothing<=1"], "unknown figure 'nothing'"),
        ([good, "-t", "seat_spread<<1"], "malformed target 'seat_spread<<1'"),
        ([good], "name at least one target"),
        ([tmp_path / "missing.toml", "-t", "seat_spread<=1"], "cannot read"),
        ([broken, "-t", "seat_spread<=1"], "not valid TOML"),
        ([faulty, "-t", "seat_spread<=1"], "deck_size"),
        ([good, "-t", "seat_spread<=1", "-o", "cardset=default"], "given as the argument"),
        ([good, "-t", "seat_spread<=1", "--games", "0"], "at least 1"),
        ([good, "-t", "seat_spread<=1", "--game", "daihinmin"], "offers nothing to tune"),
        ([good, "-t", "coop_win_rate>=0.5", "--games", "2"], "do not measure coop_win_rate"),
    ]
    for args, fault in cases:
        result = cli(["suggest", *args, "--quiet"])
        assert result.exit_code == 2, (args, result.output)
        assert "error:" in result.output and fault in flat(result.output), result.output
        assert "Traceback" not in result.output
    japanese = cli(["--lang", "ja", "suggest", good, "-t", "nothing<=1"])
    assert japanese.exit_code == 2 and "エラー" in japanese.output
    assert "不明" in flat(japanese.output)
    assert not (tmp_path / "changed.toml").exists()


def test_the_figures_are_listed(cli: Cli) -> None:
    result = cli(["suggest", "--figures"])
    assert result.exit_code == 0
    for name in ("seat_spread", "median_length", "sohma_share_max", "sohma_share_kyo",
                 "coop_win_rate"):
        assert name in result.output
    assert "勝率" in cli(["--lang", "ja", "suggest", "--figures"]).output


def test_the_game_offers_its_tuning() -> None:
    spec = games.spec("zodiac")
    tuning = spec.kit(LabKit).tuning
    assert tuning is not None and tuning() is TUNING
    assert isinstance(TUNING, Tuning) and TUNING.option in [o.name for o in spec.options]


# -- a game the search has never heard of ---------------------------------------------------------
def _values(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise OptionsError(f"not a number: {text!r}") from None


def _pairs_tweaks(text: str) -> list[Tweak]:
    value = _values(text)
    return [Tweak(f"values{d:+d}", f"{value + d} values", functools.partial(_shifted, d))
            for d in (1, -1) if 3 <= value + d <= 9]


def _shifted(delta: int, text: str) -> str:
    return f"{_values(text) + delta}\n"


@pytest.mark.third_game
def test_the_search_tunes_a_third_game(cli: Cli, third_game: GameSpec, tmp_path: Path) -> None:
    lab = LabKit(tuning=lambda: Tuning("values", _values, _pairs_tweaks))
    tuned = dataclasses.replace(third_game, kits=(*third_game.kits, lab))
    games.unregister(third_game.name)
    games.register(tuned)
    try:
        file, data = tmp_path / "values.txt", tmp_path / "report.json"
        file.write_text("4\n", encoding="utf-8")
        result = cli(["suggest", file, "--game", "pairs", "-t", "median_length>=8",
                      "--games", "12", "--screen-games", "12", "--players", "2", "--bots",
                      "random", "--jobs", "1", "--json", data, "--quiet"])
        assert result.exit_code == 0, result.output
        report = json.loads(data.read_text(encoding="utf-8"))
        assert [c["key"] for c in report["changes"]] == ["values+1"] and report["met"]
        assert report["option"] == "values"
    finally:
        games.unregister(tuned.name)
        games.register(third_game)


def test_an_edit_whose_effect_holds_zero_is_flagged_as_not_clear_of_chance() -> None:
    from furuba.cli.suggest import _clear_of_zero

    assert _clear_of_zero({"mean": 0.03, "ci95": [0.01, 0.05]})
    assert _clear_of_zero({"mean": -0.03, "ci95": [-0.05, -0.01]})
    assert not _clear_of_zero({"mean": 0.0, "ci95": [-0.069, 0.068]})
    assert not _clear_of_zero({"mean": None, "ci95": [None, None]})
