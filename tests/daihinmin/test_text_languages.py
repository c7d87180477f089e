"""Dai Hin Min's words in English and Japanese: the terminal's log, table, questions and result, the
hints' reasons, the menu, the messages of illegal actions and bad options, and the spec's texts —
with "you" said right in both ("You lead", never "You leads"; 「あなたが…」, 「Annさんが…」)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.console import Console

from furuba.core.errors import IllegalActionError, OptionsError
from furuba.daihinmin import SPEC, GameState, explain_action, greedy_action, new_game
from furuba.daihinmin.moves import NUM_ACTIONS
from furuba.daihinmin.notation import action_text
from furuba.daihinmin.screen import DaihinminScreen
from furuba.daihinmin.screen_log import DaihinminLog
from furuba.daihinmin.text import TITLES, title_words
from furuba.i18n import speaking

NAMES = ["You", "Ann", "Ben", "Cy"]
LATIN = re.compile(r"[A-Za-z]{3,}")
"""A Latin word: a Japanese text may hold none but the players' names."""
THIRD_PERSON = re.compile(r"\b(?:You|you) (?:leads|plays|played it|passes|gives|gets|wins|deals|"
                          r"holds|goes|keeps|uses|spends|follows|declares|scores|is)\b")
"""The grammar slips this work removed ("You leads", "you wins")."""


def latin_words(text: str) -> set[str]:
    return set(LATIN.findall(text)) - {"Ann", "Ben", "UECda"}     # names


def played(seed: int, rounds: int = 2) -> GameState:
    """A whole game of greedy bots."""
    state = new_game(players=4, seed=seed, max_rounds=rounds)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(greedy_action(state, rng))
    assert isinstance(state, GameState)
    return state


def log_of(state: GameState, viewer: int, language: str) -> list[str]:
    with speaking(language):
        return DaihinminLog(NAMES).log_texts(state.view(viewer))


# -- the terminal's log ------------------------------------------------------------------------
def test_the_log_says_you_in_english() -> None:
    lines = log_of(played(3), 0, "en")
    mine = [line for line in lines if line.startswith("You ")]
    assert any(line.startswith("You played ") for line in mine)
    assert any(re.match(r"You (passed|went out|finished last)", line) for line in mine)
    assert any(line.startswith("Ann played ") for line in lines)
    assert not [line for line in lines if THIRD_PERSON.search(line)]
    assert any(line.startswith("round 1 over: ") for line in lines)


def test_the_log_says_you_in_japanese() -> None:
    state = played(3)
    lines = log_of(state, 0, "ja")
    assert len(lines) == len(log_of(state, 0, "en"))
    assert any(re.match(r"あなたが.+を出しました$", line) for line in lines)
    assert any(re.match(r"Annさん(が.+を出しました|はパスしました)$", line) for line in lines)
    assert any(line.startswith("カード交換: ") for line in lines)
    assert any(line.startswith("第1ラウンド終了: ") and "大富豪" in line and "大貧民" in line
               for line in lines)
    assert any(line.startswith("── 第2ラウンド (配り手: ") for line in lines)
    for line in lines:
        assert not latin_words(line), line
        assert "Youさん" not in line and "あなたさん" not in line, line


@pytest.mark.parametrize(("leader", "english", "japanese"), [
    (0, "everyone passed: the pile is cleared; you lead", "次はあなたが親です"),
    (1, "everyone passed: the pile is cleared; Ann leads", "次はAnnさんが親です"),
])
def test_who_leads_after_a_clear(leader: int, english: str, japanese: str) -> None:
    event = {"event": "clear", "leader": leader}
    assert DaihinminLog(NAMES).event_text(event, 0) == english
    with speaking("ja"):
        said = DaihinminLog(NAMES).event_text(event, 0)
    assert said is not None and said.endswith(japanese)


def test_a_swap_to_you_and_from_you() -> None:
    event = {"event": "swap", "player": 1, "partner": 0, "gave": ["2♠", "A♦"], "got": ["3♣", "4♦"]}
    assert DaihinminLog(NAMES).event_text(event, 1) == "Ann gave A♦ · 2♠ to you and got 3♣ · 4♦"
    with speaking("ja"):
        assert DaihinminLog(NAMES).event_text(event, 1) == \
            "AnnさんはあなたにA♦ · 2♠を渡し、3♣ · 4♦を受け取りました"


# -- the terminal's table, questions and result -----------------------------------------------
def screen(names: list[str]) -> DaihinminScreen:
    return DaihinminScreen(names, Console(width=100, record=True))


def leading_state() -> GameState:
    return GameState.from_json({"players": 4, "hands": [["3", "3", "9", "2", "joker"],
                                                        ["4", "4"], ["5"], ["6"]], "turn": 0})


def test_the_question_and_the_menu_in_both_languages() -> None:
    state = leading_state()
    view = state.view(0)
    assert screen(NAMES).heading(view) == "You lead — play a set (or type its cards):"
    assert screen(["Ann", "Ben", "Cy", "Di"]).heading(view).startswith("Ann: you lead")
    with speaking("ja"):
        assert screen(NAMES).heading(view).startswith("あなたが親です")
        assert screen(["Ann", "Ben", "Cy", "Di"]).heading(view).startswith("Annさん: あなたが親です")
        menu = [text for _, text in screen(NAMES).menu(state, view)]
        assert "3 3を出す" in menu and "ジョーカーを出す" in menu
    assert "play 3 3" in [text for _, text in screen(NAMES).menu(state, view)]


def test_every_action_has_japanese_words() -> None:
    with speaking("ja"):
        said = [action_text(a) for a in range(NUM_ACTIONS)]
    assert len(set(said)) == NUM_ACTIONS
    assert not [s for s in said if latin_words(s)]
    assert said[0] == "パスする"


@pytest.mark.parametrize(("target", "rounds", "said"), [
    (1, 1, "Round 1 · first to 1 point · 1 round at most"),
    (21, 3, "Round 1 · first to 21 points · 3 rounds at most")])
def test_the_board_counts_points_and_rounds_in_the_singular_and_plural(
        target: int, rounds: int, said: str) -> None:
    state = new_game(players=4, seed=5, target=target, max_rounds=rounds)
    assert screen(NAMES).table.status_line(state.view(0)).startswith(said)


def test_the_board_in_japanese() -> None:
    state = played(5, rounds=1)
    with speaking("ja"):
        board = screen(NAMES)
        lines = [board.table.status_line(state.view(0)), board.table.pile_line(state.view(0))]
        console = Console(width=100, record=True)
        console.print(board.table.players_table(state.view(0)))
        table = console.export_text()
    assert lines[0].startswith("第1ラウンド · 21点先取 · 最大1ラウンド")
    assert lines[1].startswith("[bold]場[/]: ")
    assert "プレイヤー" in table and "身分" in table and "最下位" in table
    assert {"大富豪", "富豪", "貧民", "大貧民"} <= set(table.split())


@pytest.mark.parametrize("winner_name", ["You", "Ann"])
def test_the_result_says_who_won(winner_name: str) -> None:
    state = played(5, rounds=1)
    view = state.view(0)
    (winner,) = view["winners"]
    names = ["Bo", "Cy", "Di", "Ed"]
    names[winner] = winner_name
    english = screen(names).result(view)
    with speaking("ja"):
        japanese = screen(names).result(view)
    assert english.startswith("Game over after 1 round (round limit): ")
    if winner_name == "You":
        assert "you win with" in english and "あなたの勝ちです" in japanese
    else:
        assert "Ann wins with" in english and "Annさんの勝ちです" in japanese
    assert japanese.startswith("1ラウンドでゲーム終了 (ラウンド数の上限): ")


# -- illegal actions and bad options ----------------------------------------------------------
def test_an_illegal_pass_is_said_to_you() -> None:
    state = leading_state()
    with pytest.raises(IllegalActionError, match=r"^you must play a set: nobody may pass"):
        screen(NAMES).parse(state, "pass")
    with speaking("ja"), pytest.raises(IllegalActionError, match=r"^場が空なので、あなたはパスできません"):
        screen(NAMES).parse(state, "pass")
    with speaking("ja"), pytest.raises(IllegalActionError, match="Annさんはパスできません"):
        screen(["Ann", "Ben", "Cy", "Di"]).parse(state, "pass")


def test_a_play_not_held_and_a_typo_in_japanese() -> None:
    state = leading_state()
    with speaking("ja"):
        with pytest.raises(IllegalActionError, match="あなたは7を出すことができません。手札の7は0枚です"):
            screen(NAMES).parse(state, "7")
        with pytest.raises(IllegalActionError) as typo:
            screen(NAMES).parse(state, "wibble")
    assert str(typo.value).startswith("'wibble' という行動はありません")
    assert "help でコマンドの一覧" in str(typo.value)
    with pytest.raises(IllegalActionError, match=r"^'wibble' という行動はありません"), speaking("ja"):
        state.string_to_action("wibble")


@pytest.mark.parametrize(("options", "english", "japanese"), [
    ({"players": 3}, "Dai Hin Min is for 4 to 7 players", "大貧民は4〜7人で遊ぶゲームです"),
    ({"players": 4, "target": None, "max_rounds": None}, "a game needs a target", "目標点か"),
])
def test_bad_options_in_both_languages(options: dict[str, Any], english: str, japanese: str) -> None:
    with pytest.raises(OptionsError, match=english):
        new_game(seed=1, **options)
    with speaking("ja"), pytest.raises(OptionsError, match=japanese):
        new_game(seed=1, **options)


# -- hints ------------------------------------------------------------------------------------
def reasons(language: str, seed: int = 3) -> list[str]:
    """The reason of every legal action, all through a game, in ``language``."""
    out = []
    rng = random.Random(seed)
    state = new_game(players=4, seed=seed, max_rounds=2)
    with speaking(language):
        while not state.is_terminal():
            me = state.current_player
            world = state.determinize(me, rng)
            out += [explain_action(world, a, me) for a in state.legal_actions()]
            state.apply(greedy_action(state, rng))
    return out


def test_hint_reasons_read_as_sentences_in_english() -> None:
    said = reasons("en")
    assert not [r for r in said if THIRD_PERSON.search(r)]
    assert not [r for r in said if re.match(r"(leads|plays|passes|gives|declares|keeps|uses|"
                                            r"spends|follows|goes) ", r)]
    assert not [r for r in said if r.endswith(".")]
    assert any(r.startswith("you keep your ") for r in said)


def test_hint_reasons_in_japanese() -> None:
    said = reasons("ja")
    assert len(said) == len(reasons("en"))
    assert not [r for r in said if latin_words(r) or r.endswith("。")]
    assert any("親" in r for r in said)


def test_the_hint_of_the_lowest_set() -> None:
    state = leading_state()
    action = state.string_to_action("play 3x2")
    assert explain_action(state, action, 0) == "it gets rid of your lowest set, the 3s"
    with speaking("ja"):
        assert explain_action(state, action, 0) == "一番弱い3をここで片付けられます"


# -- the spec ---------------------------------------------------------------------------------
def test_the_spec_speaks_japanese() -> None:
    with speaking("ja"):
        assert SPEC.gettext(SPEC.title) == "大貧民"
        assert "大富豪" in SPEC.gettext(SPEC.description)
        labels = [SPEC.gettext(o.title) for o in SPEC.options]
        helps = [SPEC.gettext(o.help) for o in SPEC.options]
    assert labels == ["目標点", "ラウンド数", "配り手", "ルール", "八切り", "階段", "都落ち",
                      "イレブンバック", "縛り", "スペ3", "最強ジョーカー", "革命", "ジョーカー指定",
                      "パスは流れまで", "ダイヤの3から", "献上のあとで下賜", "順位点", "階段は上から",
                      "ジョーカー", "席替えの間隔", "身分リセットの間隔"]   # and the house rules
    assert not [h for h in helps if latin_words(h)]
    assert SPEC.gettext(SPEC.title) == "Dai Hin Min"


def test_the_five_titles() -> None:
    with speaking("ja"):
        said = [title_words(t) for t in TITLES]
    assert said == ["大富豪", "富豪", "平民", "貧民", "大貧民"]
    assert [title_words(t) for t in TITLES] == list(TITLES)
