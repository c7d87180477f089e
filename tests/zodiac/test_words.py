"""The game in words: views carry data (log entries as message ids with arguments, conditions as
codes), and the terminal, the hints and the browser's catalog say them in English and Japanese,
"you" included, with the card set's own translations."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, get_args

import pytest
from rich.console import Console

from furuba.core.deck import SOHMA_NAMES, SOHMAS
from furuba.i18n import speaking
from furuba.zodiac import new_game
from furuba.zodiac.codes import OUTCOME_NAMES, SIDE_NAMES, TOHRU_SIDES
from furuba.zodiac.explain import explain_action
from furuba.zodiac.logtext import LABELS, say_entry
from furuba.zodiac.screen import ZodiacScreen
from furuba.zodiac.state import GameState
from furuba.zodiac.text import condition_words
from furuba.zodiac.view_types import (
    ConditionCode,
    ConditionView,
    LogEntryView,
    LogMessage,
    PendingKind,
)

CATALOGS = Path(__file__).resolve().parents[2] / "src" / "furuba" / "server" / "web" / "i18n"
ENTRY_KEYS = {"n", "actor", "kind", "msg", "args"}
LATIN = re.compile(r"[A-Za-z]{2,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def played(seed: int, steps: int, **options: Any) -> list[GameState]:
    """The states of a random game, every ``steps``-th one, and the last."""
    rng = random.Random(seed)
    state = new_game(seed=seed, **options)
    out = [state.clone()]
    i = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        i += 1
        if i % steps == 0 or state.is_terminal():
            out.append(state.clone())
    return out


GAMES = [dict(players=3), dict(players=2, variant="coop"), dict(players=4, variant="true-friends")]


def vocabulary(state: GameState) -> set[str]:
    """Every text an argument may hold: names of cards, the card set's option labels, friendship
    labels, sides and outcomes — never a sentence of the game's own."""
    labels = {str(label) for steps in state.rules.event_steps for step in steps
              if step[0] == "choice" for label in step[1]}
    return {*state.rules.kind_names, *labels, *LABELS, *SIDE_NAMES, *TOHRU_SIDES, *OUTCOME_NAMES}


@pytest.mark.parametrize("options", GAMES, ids=lambda o: "-".join(map(str, o.values())))
def test_log_entries_are_data_not_sentences(options: dict[str, Any]) -> None:
    states = played(5, 7, **options)
    words = vocabulary(states[0])
    messages = set(get_args(LogMessage))
    seen: set[str] = set()
    for state in states:
        for viewer in (None, *range(state.num_players)):
            view = state.view(viewer)
            for entry in view["log"]:
                assert set(entry) == ENTRY_KEYS, entry
                assert entry["msg"] in messages
                seen.add(entry["msg"])
                for value in entry["args"].values():
                    assert isinstance(value, int) or value in words, (entry, value)
            for sohma in view["sohmas"]:
                for condition in (sohma["condition"], sohma["other_condition"]):
                    assert condition is None or set(condition) == {"code", "args"}
    assert {"turn", "draw", "move"} <= seen


@pytest.mark.parametrize("options", [GAMES[0], GAMES[2]], ids=["standard", "true-friends"])
def test_a_drawn_card_is_named_only_to_whoever_drew_it(options: dict[str, Any]) -> None:
    rng = random.Random(8)
    state = new_game(seed=8, **options)
    for _ in range(120):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    draws = [(i, e) for i, e in enumerate(state.log_entries(), start=1) if e[1] == "draw"]
    assert draws
    for viewer in (None, *range(state.num_players)):
        log = {e["n"]: e for e in state.view(viewer)["log"]}
        for n, (actor, _code, kind, _b) in draws:
            entry = log[n]
            if actor == viewer:
                assert entry["msg"] == "draw"
                assert entry["args"] == {"card": state.rules.kind_names[kind]}
            else:
                assert entry["msg"] == "draw_hidden" and entry["args"] == {}, (viewer, entry)


def test_once_the_game_is_over_every_draw_is_named() -> None:
    state = played(3, 10_000, players=3)[-1]
    assert state.is_terminal()
    assert all(e["msg"] != "draw_hidden" for e in state.view(None)["log"])


def entry(msg: str, actor: int = 0, **args: Any) -> LogEntryView:
    return {"n": 1, "actor": actor, "kind": "draw", "msg": msg, "args": args}  # type: ignore[typeddict-item]


def test_the_log_says_you_in_both_languages() -> None:
    cardset = new_game(players=2).rules.cardset
    names = ["Aoi", "Ben"]
    drew, turn = entry("draw", card="Trust"), entry("turn", round=2)
    moved = entry("move", **{"from": 0, "to": 12})
    assert say_entry(drew, cardset, names, you=0) == "You drew Trust"
    assert say_entry(drew, cardset, names, you=1) == "Aoi drew Trust"
    assert say_entry(turn, cardset, names, you=0) == "Round 2: your turn"
    assert say_entry(turn, cardset, names, you=1) == "Round 2: Aoi's turn"
    assert say_entry(moved, cardset, names, you=1) == "Aoi moved Tohru from Yuki to Kyo"
    trust = cardset.text("Trust", "ja")
    with speaking("ja"):
        assert say_entry(drew, cardset, names, you=0) == f"あなたが「{trust}」を引きました"
        assert say_entry(drew, cardset, names, you=1) == f"Aoiさんが「{trust}」を引きました"
        assert say_entry(turn, cardset, names, you=0) == "第2ラウンド：あなたの番です"
        assert say_entry(turn, cardset, names, you=1) == "第2ラウンド：Aoiさんの番です"
        assert say_entry(moved, cardset, names, you=0) == (
            "あなたが透を由希のところから夾のところへ動かしました")
        assert say_entry(entry("draw_hidden"), cardset, names, you=0) == "あなたがカードを1枚引きました"


@pytest.mark.parametrize("options", GAMES, ids=lambda o: "-".join(map(str, o.values())))
def test_every_log_line_reads_in_japanese(options: dict[str, Any]) -> None:
    state = played(6, 10_000, **options)[-1]
    names = [f"P{p}" for p in range(state.num_players)]
    for viewer in (None, 0):
        for e in state.view(viewer)["log"]:
            english = say_entry(e, state.rules.cardset, names, you=viewer)
            with speaking("ja"):
                japanese = say_entry(e, state.rules.cardset, names, you=viewer)
            assert english and "{" not in english and not JAPANESE.search(english)
            assert JAPANESE.search(japanese) and "{" not in japanese, japanese
            assert not LATIN.search(japanese), japanese


def test_conditions_are_codes_said_in_words() -> None:
    view = new_game(players=2).view(0)
    kyo = view["sohmas"][SOHMA_NAMES.index("Kyo")]
    assert kyo["other_condition"] == {"code": "tohru_side", "args": {"side": "back"}}
    assert condition_words(kyo["other_condition"]) == "Tohru's back side up"
    with speaking("ja"):
        assert condition_words(kyo["other_condition"]) == "透のカードが裏"
        assert condition_words({"code": "friend_of", "args": {"sohma": 0}}) == "由希とすでに友だち"


@pytest.mark.parametrize(("args", "said"), [
    ({"code": "center_at_least", "args": {"count": 1}}, "at least 1 memory in the center"),
    ({"code": "center_at_least", "args": {"count": 3}}, "at least 3 memories in the center"),
    ({"code": "center_between", "args": {"low": 2, "high": 2}}, "exactly 2 memories in the center"),
    ({"code": "center_between", "args": {"low": 1, "high": 1}}, "exactly 1 memory in the center"),
    ({"code": "center_between", "args": {"low": 0, "high": 1}}, "0 to 1 memory in the center"),
    ({"code": "center_between", "args": {"low": 1, "high": 3}}, "1 to 3 memories in the center")])
def test_a_center_count_condition_counts_its_memories_right(args: ConditionView, said: str) -> None:
    """A card set may ask for one memory in the center, or an exact number."""
    assert condition_words(args) == said
    with speaking("ja"):
        assert "場の思い出が" in condition_words(args) and not LATIN.search(condition_words(args))


def test_hints_read_as_sentences_in_both_languages() -> None:
    rng = random.Random(4)
    state = new_game(players=3, seed=4)
    reasons: dict[str, set[str]] = {"en": set(), "ja": set()}
    for _ in range(150):
        if state.is_terminal():
            break
        me = state.current_player
        world = state.determinize(me, rng)
        for action in state.legal_actions():
            for language in reasons:
                with speaking(language):
                    reasons[language].add(explain_action(world, action, me))
        state.apply(rng.choice(state.legal_actions()))
    assert len(reasons["en"]) > 10
    for reason in reasons["en"]:
        assert re.match(r"^[A-Za-z]", reason) and "{" not in reason, reason
        assert not re.search(r"player \d", reason), reason
    for reason in reasons["ja"]:
        assert reason.endswith("ます"), reason        # a whole sentence, said politely
        assert "{" not in reason and not LATIN.search(reason), reason


def test_the_terminal_log_and_board_speak_japanese() -> None:
    rng = random.Random(2)
    state = new_game(players=2, seed=2)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    console = Console(record=True, width=100)
    screen = ZodiacScreen(["You", "Aoi"], state, console)
    with speaking("ja"):
        lines = screen.log_texts(state.view(0))
        for part in screen.board(state.view(0)):
            console.print(part)
    assert lines[0] == "── 第1ラウンド：あなたの番です ──"
    assert any(line.startswith("Aoiさんが") for line in lines)
    board = console.export_text()
    assert "草摩の輪" in board and "あなたの手札" in board


def test_the_catalog_carries_the_card_set_translations() -> None:
    state = new_game(players=2)
    texts = state.catalog()["texts"]
    assert texts == state.rules.cardset.translations()
    assert texts["ja"]["Trust"] == state.rules.cardset.text("Trust", "ja")


def web_catalog(language: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CATALOGS / f"{language}.json").read_text("utf-8"))
    return data


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_browser_has_words_for_every_message_and_code(language: str) -> None:
    part = web_catalog(language)
    wanted = [f"zodiac.log.{m}" for m in get_args(LogMessage)]
    wanted += [f"zodiac.cond.{c}" for c in get_args(ConditionCode)]
    wanted += [f"zodiac.waiting.{k}" for k in get_args(PendingKind) if k != "over"]
    wanted += [f"zodiac.sohma.{s.name}" for s in SOHMAS] + [f"zodiac.animal.{s.animal}" for s in SOHMAS]
    assert [k for k in wanted if k not in part] == []
    if language == "ja":
        for key in wanted:
            value = part[key]
            text = value if isinstance(value, str) else value["other"]
            assert JAPANESE.search(text), (key, text)
