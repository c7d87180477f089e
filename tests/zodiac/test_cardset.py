"""The card-set format: the default set, and clear errors for bad files (never a traceback)."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from furuba.cli.main import app
from furuba.core.errors import CardSetError
from furuba.zodiac import new_game
from furuba.zodiac.cardset import default_cardset, load_cardset, parse_cardset

DEFAULT_TEXT = resources.files("furuba.zodiac").joinpath("cardsets/default.toml").read_text("utf-8")


def default_data() -> dict[str, Any]:
    return tomllib.loads(DEFAULT_TEXT)


def test_default_set_has_53_cards_five_symbols_and_the_rulebook_cards() -> None:
    cs = default_cardset()
    assert cs.play_card_count() == 53
    assert 4 <= len(cs.symbols) <= 6
    names = {m.name for m in cs.memories}
    assert {"Trust", "Sharing Heartache", "Insecurity"} <= names
    assert "Brotherly Love" in {e.name for e in cs.events}
    assert all(m.text and m.prompt for m in cs.memories), "every memory has text and a prompt"
    assert all(e.text for e in cs.events)


def test_hatsuharu_human_side_is_exactly_the_example_turn_memories() -> None:
    cs = default_cardset()
    symbol = {m.name: m.symbol for m in cs.memories}
    example = sorted(symbol[n] for n in ("Trust", "Sharing Heartache", "Insecurity"))
    assert sorted(cs.sohma("Hatsuharu").human.needs) == example


def test_a_transcribed_set_plays(tmp_path: Path) -> None:
    data = DEFAULT_TEXT.replace('name = "Trust"', 'name = "Faith"').replace(
        'name = "furuba original"', 'name = "my own cards"')
    path = tmp_path / "mine.toml"
    path.write_text(data, encoding="utf-8")
    s = new_game(players=3, seed=1, cardset=path)
    assert s.rules.cardset.name == "my own cards"
    assert "Faith" in s.rules.kind_names and "Trust" not in s.rules.kind_names
    saved = type(s).from_json(s.to_json())
    assert saved.rules.cardset.name == "my own cards"


def broken(**change: Any) -> dict[str, Any]:
    data = default_data()
    for path, value in change.items():
        *head, last = path.split("__")
        node: Any = data
        for key in head:
            node = node[int(key)] if key.isdigit() else node[key]
        node[int(last) if last.isdigit() else last] = value
    return data


@pytest.mark.parametrize(("change", "message"), [
    ({"events__0__effect": [{"op": "teleport"}]}, "events[0].effect[0]: unknown effect 'teleport'"),
    ({"memories__0__symbol": "moon"}, "unknown symbol 'moon'"),
    ({"sohmas__Yuki__human__needs": ["sun", "sun", "sun", "heart", "heart", "star"]},
     "sohmas.Yuki.human.needs: no 4 memories plus a wild could ever satisfy"),
    ({"sohmas__Yuki__human__needs": ["heart", "star", "rain", "sun", "flower"],
      "sohmas__Yuki__human__condition": {"kind": "tohru_side", "side": "front"}},
     "no 4 memories could ever satisfy"),
    ({"memories__0__count": 2}, "deck_size: wrong card count: the memories and events add up to 54"),
    ({"sohmas__Yuki__human__condition": {"kind": "lucky"}}, "unknown condition 'lucky'"),
    ({"events__0__effect": [{"op": "move_to", "sohma": "Akito"}]}, "unknown Sohma 'Akito'"),
    ({"events__0__effect": [{"op": "move", "steps": 0}]}, "events[0].effect[0].move.steps"),
    ({"memories__1__name": "Sharing Heartache"}, "used by two cards"),
])
def test_bad_card_sets_get_an_error_naming_the_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(CardSetError) as info:
        parse_cardset(broken(**change), "cards.toml")
    assert str(info.value).startswith("cards.toml: ")
    assert message in str(info.value)


def test_missing_sohma_and_unknown_field() -> None:
    data = default_data()
    del data["sohmas"]["Kyo"]
    with pytest.raises(CardSetError, match="missing Kyo"):
        parse_cardset(data)
    data = default_data()
    data["memories"][0]["colour"] = "red"
    with pytest.raises(CardSetError, match=r"memories\[0\]\.colour: no such field here"):
        parse_cardset(data)


def test_symbol_no_memory_carries(tmp_path: Path) -> None:
    data = default_data()
    data["symbols"].append({"id": "moon", "name": "Moon", "glyph": "☾"})
    with pytest.raises(CardSetError, match=r"no memory carries the symbol 'moon'"):
        parse_cardset(data)


def test_unreadable_and_invalid_toml_files(tmp_path: Path) -> None:
    with pytest.raises(CardSetError, match="cannot read the file"):
        load_cardset(tmp_path / "nope.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("name = [unclosed", encoding="utf-8")
    with pytest.raises(CardSetError, match=r"bad\.toml: not valid TOML"):
        load_cardset(bad)


def test_cardset_check_command(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["cardset", "check", str(resources.files("furuba.zodiac") /
                                                     "cardsets/default.toml")])
    assert ok.exit_code == 0 and "37 memories, 16 events" in ok.output
    bad = tmp_path / "bad.toml"
    bad.write_text(DEFAULT_TEXT.replace('op = "flip_tohru"', 'op = "flip_table"'), "utf-8")
    result = runner.invoke(app, ["cardset", "check", str(bad)])
    assert result.exit_code == 2
    assert "unknown effect 'flip_table'" in result.output
    assert "Traceback" not in result.output
