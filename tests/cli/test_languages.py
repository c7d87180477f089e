"""``furuba`` in Japanese: ``--lang ja`` or the terminal's ``LANG``, its help included, and bots
that sit at the table under people's names ("Kaito (greedy bot)", 「Kaito（欲ばりボット）」).

The games' own screens are their packages' (and their tests'); these tests look at the words of
the command itself: the seats, the prompts and commands of the play loop, hints, saves, errors
and help.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from furuba import games, i18n
from furuba.cli.main import app

ENGLISH_ONLY_LOCALE = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None}
"""Environment variables cleared so that a test's ``LANG`` decides."""
GENERIC_ENGLISH = ("type help for the commands", "choose that line of the menu", "there is no choice",
                   "bye (the game was not saved)", "no save file yet", "log takes a number",
                   "greedy bot", "random bot", " — seed ")
"""What the command says in English around any game (none of it may be left in Japanese)."""


def furuba(args: Sequence[str], lines: Sequence[str] = (),
           env: Mapping[str, str | None] | None = None) -> Result:
    """``furuba *args`` typing ``lines`` (one per prompt), with ``env`` set meanwhile."""
    result = CliRunner().invoke(app, list(args), input="".join(f"{line}\n" for line in lines),
                                env={**ENGLISH_ONLY_LOCALE, "LANG": "C.UTF-8", **(env or {})})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


@pytest.mark.parametrize("game", games.names())
def test_a_game_is_played_in_japanese(game: str) -> None:
    seats = "you,greedy,random,greedy"
    lines = ["help", "99", "log x", "save", "1", "1", "quit"]
    result = furuba(["--lang", "ja", "play", game, "--seed", "3", "--seats", seats], lines)
    out = result.output
    assert result.exit_code == 0, out
    flat = " ".join(out.split())
    with i18n.speaking("ja"):
        title = games.spec(game).said_title
    seated = "あなた、Kaito（欲ばりボット）、Mio（ランダムボット）、Ren（欲ばりボット）"
    assert f"{title} — シード 3 — {seated}" in flat
    for said in ("help と入力するとコマンドの一覧が出ます", "メニューのその行を選ぶ", "ゲームをやめる",
                 "99番の選択肢はありません。1〜", "log には件数を指定してください（'x' ではなく）。",
                 "まだ保存先がありません。", "またね（ゲームは保存していません）"):
        assert said in flat, said
    for words in GENERIC_ENGLISH:
        assert words not in flat, words
    assert i18n.current() == "en"   # the command's language ends with the command


def test_a_hint_is_one_sentence_in_japanese() -> None:
    result = furuba(["--lang", "ja", "play", "daihinmin", "--seed", "3",
                     "--seats", "you,greedy,greedy,greedy"], ["hint 2", "quit"])
    lines = [line for line in result.output.splitlines() if "（勝率 約" in line]
    assert len(lines) == 2, result.output
    for line in lines:
        assert re.search(r"^\s*(?:あなた > )?\s*\d+ .+（勝率 約\d+%）。.+。$", line), line
    english = furuba(["play", "daihinmin", "--seed", "3", "--seats", "you,greedy,greedy,greedy"],
                     ["hint 1", "quit"]).output
    assert re.search(r"\d+ .+ — about \d+% to win\. [A-Z].*\.$", english, re.M), english


def test_the_help_is_japanese_with_lang_ja() -> None:
    top = furuba(["--lang", "ja", "--help"]).output
    assert "コマンド" in top and "オプション" in top and "端末でゲームを遊びます。" in top
    assert "Play a game in the terminal" not in top and "Show this message" not in top
    play = furuba(["--lang", "ja", "play", "--help"]).output
    for said in ("プレイヤー数", "配り札のシード", "保存したゲームを続ける",
                 "このヘルプを表示して終了します。", "十二支のともだち"):   # titles: the games' catalogs
        assert said in play, said
    assert "number of players" not in play
    english = furuba(["play", "--help"]).output
    assert "number of players" in english and "Show this message and exit." in english
    assert "プレイヤー数" not in english


def test_the_terminal_language_is_spoken_unless_lang_says_otherwise() -> None:
    japanese = furuba(["play", "--help"], env={"LANG": "ja_JP.UTF-8"}).output
    assert "プレイヤー数" in japanese and "number of players" not in japanese
    refused = furuba(["play", "--seats", "you,,greedy"], env={"LANG": "ja_JP.UTF-8"})
    assert refused.exit_code == 2
    assert "エラー: --seats 'you,,greedy' に空の席があります。" in " ".join(refused.output.split())
    english = furuba(["--lang", "en", "play", "--help"], env={"LANG": "ja_JP.UTF-8"}).output
    assert "number of players" in english and "プレイヤー数" not in english
    overridden = furuba(["play", "--help"], env={"LANG": "ja_JP.UTF-8", "LC_ALL": "C"}).output
    assert "number of players" in overridden


def test_a_language_furuba_does_not_speak_is_refused() -> None:
    result = furuba(["--lang", "fr", "play"])
    assert result.exit_code == 2
    assert "'fr' is not a language furuba speaks: choose en or ja" in " ".join(result.output.split())


def test_bots_sit_under_peoples_names() -> None:
    seats = "you,greedy,ismcts:hard,random,easy"
    english = furuba(["play", "daihinmin", "--seed", "1", "--seats", seats], ["quit"]).output
    assert "You, Kaito (greedy bot), Mio (hard bot), Ren (random bot), Sora (easy bot)" in english
    assert "ismcts" not in english.lower() and "Greedy 2" not in english
    japanese = furuba(["--lang", "ja", "play", "daihinmin", "--seed", "1", "--seats", seats], ["quit"]).output
    seated = ("あなた、Kaito（欲ばりボット）、Mio（つよいボット）、Ren（ランダムボット）、"
              "Sora（やさしいボット）")
    assert seated in "".join(japanese.split())
    named = furuba(["play", "--seed", "1", "--seats", "human:Kaito,greedy"], ["quit"]).output
    assert "Kaito, Aoi (greedy bot)" in named   # a bot never takes a human's name


def test_a_game_saved_in_english_is_resumed_in_japanese(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = furuba(["play", "zodiac", "--seed", "2", "--players", "3", "--save", str(save)], ["1", "quit"])
    assert "Saved. Resume with: furuba play --resume" in " ".join(first.output.split())
    again = furuba(["--lang", "ja", "play", "--resume", str(save)], ["help", "quit"])
    flat = " ".join(again.output.split())
    assert re.search(r"から十二支のともだちの続きを始めます（\d+手目のあとから）。", flat), flat
    assert "あなた >" in flat and "You >" not in flat
    assert "保存しました。続きは furuba play --resume" in flat


@pytest.mark.parametrize("game", games.names())
def test_the_levels_are_said_whole_in_japanese(game: str) -> None:
    """``furuba bots GAME`` in Japanese: a sentence has no spaces to wrap at, and the table
    folds it rather than cut it short with an ellipsis."""
    from furuba.bots.levels import LEVELS
    from furuba.bots.registry import level_summary

    result = furuba(["--lang", "ja", "bots", game], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    column = "".join(line.split("│")[2].strip() for line in result.output.splitlines()
                     if line.count("│") >= 3)   # the second column, "how it plays", row by row
    with i18n.speaking("ja"):
        summaries = [level_summary(level, game) for level in LEVELS]
    for summary in summaries:
        assert summary.replace(" ", "") in column.replace(" ", "")
    assert "…" not in result.output
