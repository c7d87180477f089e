"""Card sets in several languages: the translations' format, their errors, and the default set in
English and Japanese."""

from __future__ import annotations

import copy
import json
import random
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from furuba.cli.main import app
from furuba.core.errors import CardSetError
from furuba.zodiac import new_game
from furuba.zodiac.cardset import CardSet, default_cardset, parse_cardset
from furuba.zodiac.cardset_words import LANGUAGE_CODE, Worded, is_language_code, worded_tables
from furuba.zodiac.state import GameState

DEFAULT_FILE = resources.files("furuba.zodiac") / "cardsets/default.toml"
DEFAULT_DATA = tomllib.loads(DEFAULT_FILE.read_text("utf-8"))

SERIES_NAMES = {"Yuki": "由希", "Kyo": "夾", "Shigure": "紫呉", "Hatsuharu": "潑春", "Haru": "潑春",
                "Momiji": "紅葉", "Hatori": "はとり", "Ayame": "綾女", "Kagura": "楽羅",
                "Kisa": "杞紗", "Hiro": "燈路", "Ritsu": "利津", "Rin": "依鈴", "Tohru": "透",
                "Uo": "魚ちゃん", "Hana": "花ちゃん"}
"""Each name the English texts use, and how the series writes it in Japanese."""
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def data() -> dict[str, Any]:
    """A fresh copy of the default set's TOML document."""
    return copy.deepcopy(DEFAULT_DATA)


def without_translations(node: Any) -> Any:
    """``node`` (a TOML document or part of one) with every translation sub-table removed."""
    if isinstance(node, dict):
        return {k: without_translations(v) for k, v in node.items()
                if not (isinstance(v, dict) and is_language_code(k))}
    if isinstance(node, list):
        return [without_translations(v) for v in node]
    return node


def error_of(doc: dict[str, Any]) -> str:
    with pytest.raises(CardSetError) as info:
        parse_cardset(doc, "cards.toml")
    message = str(info.value)
    assert message.startswith("cards.toml: ") and "Traceback" not in message
    return message


# -- the default set -----------------------------------------------------------------------------
def test_the_default_set_speaks_english_and_japanese() -> None:
    cs = default_cardset()
    assert cs.language == "en"
    assert cs.languages() == ("en", "ja")
    assert set(cs.translations()) == {"ja"}
    assert cs.text("Trust", "ja") == "信頼"
    assert cs.text("Kindness", "ja") == "やさしさ"


def test_every_word_of_the_default_set_is_in_japanese() -> None:
    cs = default_cardset()
    ja = cs.translations()["ja"]
    assert [t for t in cs.texts() if t not in ja] == []
    tables = list(worded_tables(cs))
    assert len(tables) > 60
    for where, table in tables:
        words = table.translated().get("ja")
        for field in table.WORDS:
            english = getattr(table, field)
            if english:
                assert words is not None and getattr(words, field), f"{where}.ja.{field}"
                said = getattr(words, field)
                assert said != english and JAPANESE.search(said), f"{where}.ja.{field}: {said}"


def test_japanese_texts_name_the_family_as_the_series_does() -> None:
    cs = default_cardset()
    for english, said in cs.translations()["ja"].items():
        for name, kanji in SERIES_NAMES.items():
            if re.search(rf"\b{name}\b", english):
                assert kanji in said, f"{english!r} names {name}, but {said!r} has no {kanji}"
        assert not re.search(r"[A-Za-z]{3,}", said.replace("furuba", "")), said


def test_true_friends_prompts_are_polite_questions() -> None:
    for memory in default_cardset().memories:
        prompt = memory.translated()["ja"].prompt
        assert prompt is not None
        assert re.search(r"(ます|です|でした|ました)か？", prompt), prompt


def test_symbol_names_are_short() -> None:
    for symbol in default_cardset().symbols:
        name = symbol.translated()["ja"].name
        assert name is not None and 1 <= len(name) <= 5


def test_translations_map_each_base_text_to_its_translation() -> None:
    cs = default_cardset()
    ja = cs.translations()["ja"]
    brotherly = next(e for e in cs.events if e.name == "Brotherly Love")
    assert ja[brotherly.name] == brotherly.translated()["ja"].name
    assert ja["straight to Ayame"] == "綾女のところへまっすぐ"
    assert ja[cs.tohru.front.name] == "青いリボン"
    assert ja[cs.name] == cs.translated()["ja"].name
    cs.translations()["ja"].clear()
    assert cs.translations()["ja"] == ja, "callers get their own copy"


def test_text_falls_back_to_the_primary_language_then_the_base() -> None:
    cs = default_cardset()
    assert cs.text("Trust", "ja-JP") == "信頼"
    assert cs.text("Trust", "en") == "Trust"
    assert cs.text("Trust", "fr") == "Trust"
    assert cs.text("not a text of the set", "ja") == "not a text of the set"


# -- sets with fewer translations ----------------------------------------------------------------
def test_a_set_without_translations_still_loads() -> None:
    cs = parse_cardset(without_translations(data()))
    assert cs.languages() == ("en",)
    assert cs.translations() == {}
    assert cs.text("Trust", "ja") == "Trust"
    assert cs.texts() == default_cardset().texts()


def test_a_translation_may_leave_fields_out() -> None:
    doc = data()
    doc["memories"][0]["ja"] = {"name": "痛みを分け合って"}
    cs = parse_cardset(doc)
    memory = cs.memories[0]
    assert cs.text(memory.name, "ja") == "痛みを分け合って"
    assert cs.text(memory.text, "ja") == memory.text
    assert cs.text(memory.prompt, "ja") == memory.prompt


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_missing_fields_fall_back_to_the_base_text(draw: st.DataObject) -> None:
    doc = data()
    dropped: set[str] = set()
    for where, table in _raw_tables(doc):
        words = table.get("ja", {})
        for field in sorted(words):
            if draw.draw(st.booleans(), label=f"{where}.ja.{field}"):
                dropped.add(table[field])
                del words[field]
        if not words:
            table.pop("ja", None)
    cs = parse_cardset(doc)
    full = default_cardset().translations()["ja"]
    for text in cs.texts():
        expected = text if text in dropped else full[text]
        assert cs.text(text, "ja") == expected


def _raw_tables(node: Any, where: str = "") -> list[tuple[str, dict[str, Any]]]:
    """The tables of a raw TOML document that carry a ``ja`` translation."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        if isinstance(node.get("ja"), dict):
            found.append((where, node))
        for key, value in node.items():
            if key != "ja":
                found += _raw_tables(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _raw_tables(value, f"{where}[{i}]")
    return found


def test_another_base_language_and_regional_codes() -> None:
    doc = data()
    doc["language"] = "pt-BR"
    doc["memories"][0]["zh-Hant-TW"] = {"name": "分擔心痛"}
    cs = parse_cardset(doc)
    assert cs.languages() == ("pt-BR", "ja", "zh-Hant-TW")
    assert cs.text(cs.memories[0].name, "zh-Hant-TW") == "分擔心痛"


# -- errors name the place -----------------------------------------------------------------------
def _set(path: str, value: Any) -> dict[str, Any]:
    """The default document with the value at ``path`` (``a.0.b``) set to ``value``."""
    doc = data()
    *head, last = path.split(".")
    node: Any = doc
    for key in head:
        node = node[int(key)] if key.isdigit() else node[key]
    node[int(last) if last.isdigit() else last] = value
    return doc


@pytest.mark.parametrize(("path", "value", "message"), [
    ("memories.3.ja", {"prompt": 3}, "memories[3].ja.prompt: should be text in quotes"),
    ("memories.3.ja", {"prompt": ""}, "memories[3].ja.prompt: should not be empty"),
    ("memories.3.ja", {"symbol": "star"},
     "memories[3].ja.symbol: 'symbol' cannot be translated: only the words of a memory can "
     "(name, text, prompt)"),
    ("events.1.ja", {"count": 3}, "events[1].ja.count: 'count' cannot be translated"),
    ("events.1.ja", {"effect": []}, "events[1].ja.effect: 'effect' cannot be translated"),
    ("symbols.0.ja", {"glyph": "♡"}, "symbols[0].ja.glyph: 'glyph' cannot be translated"),
    ("sohmas.Kyo.animal.ja", {"needs": ["sun"]}, "sohmas.Kyo.animal.ja.needs: 'needs' cannot"),
    ("ja", {"deck_size": 52}, "ja.deck_size: 'deck_size' cannot be translated"),
    ("memories.3.ja", {"colour": "赤"},
     "memories[3].ja.colour: not a word of a memory (its words are name, text, prompt)"),
    ("tohru.front.ja", {"effect": "none"}, "tohru.front.ja.effect: 'effect' cannot be translated"),
    ("memories.3.Japanese", {"name": "x"},
     "memories[3].Japanese: not a field of a memory, nor a language code such as 'ja'"),
    ("memories.3.JA", {"name": "x"}, "memories[3].JA: not a field of a memory, nor a language"),
    ("memories.3.ja", "手をつないで",
     "memories[3].ja: a translation is a table of words (name, text, prompt)"),
    ("memories.3.colour", "red", "memories[3].colour: no such field here (a misspelt name?)"),
    ("language", "Japanese", "language: 'Japanese' is not a language code such as 'en', 'ja'"),
    ("en", {"name": "x"}, "en: a translation into the set's own language 'en'"),
    ("events.0.effect.0.options.1.ja", {"label": ""},
     "events[0].effect[0].choice.options[1].ja.label: should not be empty"),
    ("events.0.effect.0.options.1.ja", {"effect": []},
     "events[0].effect[0].choice.options[1].ja.effect: 'effect' cannot be translated"),
])
def test_translation_errors_name_the_place(path: str, value: Any, message: str) -> None:
    assert message in error_of(_set(path, value))


def test_one_text_translated_two_ways_is_refused_naming_both_places() -> None:
    doc = data()
    doc["symbols"][0]["name"] = "Trust"
    doc["symbols"][0]["ja"] = {"name": "まこと"}
    message = error_of(doc)
    assert "memories[8].ja.name: 'Trust' is translated as '信頼' here but as 'まこと' at " \
           "symbols[0].ja.name" in message


def test_several_errors_are_all_named() -> None:
    doc = _set("memories.3.ja", {"symbol": "star", "count": 2})
    message = error_of(doc)
    assert "memories[3].ja.symbol" in message and "memories[3].ja.count" in message


JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                       lambda inner: st.lists(inner, max_size=3)
                       | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.one_of(st.text(max_size=8), st.from_regex(LANGUAGE_CODE, fullmatch=True)),
       value=JSONISH, where=st.sampled_from(["", "memories.5", "events.12", "symbols.2",
                                              "tohru.back", "sohmas.Hiro.animal"]))
def test_malformed_translations_never_give_a_traceback(key: str, value: Any, where: str) -> None:
    doc = data()
    node: Any = doc
    for part in filter(None, where.split(".")):
        node = node[int(part)] if part.isdigit() else node[part]
    node[key] = value
    try:
        cs = parse_cardset(doc, "cards.toml")
    except CardSetError as exc:
        assert str(exc).startswith("cards.toml: ")
    else:
        assert cs.languages()[0] == "en"


# -- translations never change the game ----------------------------------------------------------
@pytest.mark.parametrize(("seed", "variant"), [(3, "standard"), (8, "true-friends"), (5, "coop")])
def test_games_are_identical_with_and_without_translations(seed: int, variant: str) -> None:
    plain = parse_cardset(without_translations(data()))
    assert plain.translations() == {}
    players = 2 if variant == "coop" else 3
    a = new_game(players=players, seed=seed, variant=variant)
    b = new_game(players=players, seed=seed, variant=variant, cardset=plain)
    assert a.rules.kind_names == b.rules.kind_names
    rng = random.Random(seed)
    while not a.is_terminal():
        legal = a.legal_actions()
        assert b.legal_actions() == legal
        assert [a.action_to_string(x) for x in legal] == [b.action_to_string(x) for x in legal]
        assert a.view(None) == b.view(None)
        action = rng.choice(legal)
        a.apply(action)
        b.apply(action)
    assert b.is_terminal() and a.returns() == b.returns() and a.scores() == b.scores()
    assert _record(a) == _record(b)


def _record(state: GameState) -> str:
    record = state.to_json()
    record.pop("cardset", None)
    return json.dumps(record, sort_keys=True)


def test_a_saved_game_keeps_its_sets_translations(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(DEFAULT_FILE.read_text("utf-8").replace(
        'name = "furuba original"', 'name = "my own cards"'), encoding="utf-8")
    s = new_game(players=2, seed=4, cardset=path)
    back = GameState.from_json(json.loads(json.dumps(s.to_json())))
    saved = back.rules.cardset.translations()
    assert saved == s.rules.cardset.translations()
    assert saved["ja"]["my own cards"] == "furuba オリジナル"
    assert len(saved["ja"]) == len(default_cardset().translations()["ja"])
    again = parse_cardset(back.rules.cardset.model_dump(mode="json"))
    assert again == back.rules.cardset


def test_every_worded_table_is_found() -> None:
    kinds = {type(table).__name__ for _, table in worded_tables(default_cardset())}
    assert kinds == {"CardSet", "Symbol", "Memory", "Event", "Option", "SohmaSide",
                     "TohruSideCard"}
    assert all(isinstance(t, Worded) and t.WORDS for _, t in worded_tables(default_cardset()))
    assert isinstance(default_cardset(), CardSet)


# -- furuba cardset check ------------------------------------------------------------------------
def test_cardset_check_reports_the_languages(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["cardset", "check", str(DEFAULT_FILE)])
    assert ok.exit_code == 0, ok.output
    total = len(default_cardset().texts())
    assert f"languages: en, ja (ja: {total} of {total} texts translated)" in ok.output
    bad = tmp_path / "bad.toml"
    bad.write_text(DEFAULT_FILE.read_text("utf-8").replace(
        '[memories.ja]\nname = "信頼"', '[memories.ja]\nsymbol = "sun"\nname = "信頼"'), "utf-8")
    result = runner.invoke(app, ["cardset", "check", str(bad)])
    assert result.exit_code == 2
    assert "memories[8].ja.symbol: 'symbol' cannot be translated" in result.output
    assert "Traceback" not in result.output


def test_a_card_sets_faults_are_said_in_the_readers_language() -> None:
    """An owner transcribing a box in Japanese reads every fault in Japanese, at its field: the
    set's own checks and the schema's (pydantic's words replaced), bounds included."""
    from furuba.i18n import speaking
    from furuba.zodiac.cardset import cardset_problems

    text = (resources.files("furuba.zodiac") / "cardsets" / "default.toml").read_text("utf-8")
    wrong_size = text.replace("deck_size = 53", "deck_size = 50", 1)
    assert wrong_size != text
    empty = 'name = "mine"\ndeck_size = 0\nsymbols = []\nmemories = []\n'
    with speaking("ja"):
        [(place, fault)] = cardset_problems(wrong_size)[1]
        faults = dict(cardset_problems(empty)[1])
    assert place == "deck_size" and fault == ("カードの枚数が合いません：思い出とイベントは合わせて 53 枚"
                                              "ですが、deck_size は 50 です")
    assert faults["symbols"] == "少なくとも 1 個必要です（いまは 0 個）"
    assert faults["sohmas"] == "この項目は必須です"
    assert not any(re.search(r"[A-Z][a-z]+ should|Field required|Input should", f)
                   for f in faults.values()), faults
    [(_, english)] = cardset_problems(wrong_size)[1]
    assert english.startswith("wrong card count: the memories and events add up to 53")
