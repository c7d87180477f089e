"""The tests' third game (Pairs, registered from the tests only) is played in the terminal
through the generic screen, with no change to the ``furuba`` command."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from furuba.core.record import GameRecord
from furuba.spec import GameSpec

from .conftest import Play

pytestmark = pytest.mark.third_game


def flat(text: str) -> str:
    return " ".join(text.split())


def test_pairs_is_played_to_the_end(play: Play, third_game: GameSpec, tmp_path: Path) -> None:
    save = tmp_path / "pairs.json"
    result = play(["pairs", "--seed", "3", "--save", str(save)], ["1"] * 200)
    out = result.output
    assert result.exit_code == 0, out
    assert "Pairs — seed 3 — You, Kaito (normal bot)" in out
    assert "You to play" in out and "You: choose:" in out
    assert re.search(r"^\s+1 draw$", out, re.M)
    state = GameRecord.from_json(json.loads(save.read_text(encoding="utf-8"))["record"]).replay()
    assert state.is_terminal()
    names = ["You", "Kaito"]
    winners = [names[p] for p, r in enumerate(state.returns()) if r > 0]
    scores = ", ".join(f"{n} {s:g}" for n, s in zip(names, state.scores(), strict=True))
    assert f"(scores: {scores})." in flat(out)
    assert winners[0] in out.rpartition("Game over:")[2]


def test_the_generic_screen_shows_only_the_players_view(play: Play, third_game: GameSpec) -> None:
    result = play(["pairs", "--seed", "1"], ["1"] * 200)   # a game of 16 actions
    before_the_end = result.output.rpartition("You > ")[0]
    assert re.search(r"^hand\s+\d, \d\s*$", before_the_end, re.M)        # your own hand
    assert re.search(r"^hands\s+—\s*$", before_the_end, re.M)            # not the others'
    assert "You drew (card: " in before_the_end                        # your draws are named …
    assert "Kaito draw" in before_the_end
    assert "Kaito drew" not in before_the_end                         # … the others' are not
    assert "Kaito discard (card: " in before_the_end


def test_bad_input_and_commands(play: Play, third_game: GameSpec) -> None:
    lines = ["discard 9", "discard 2", "wibble", "7", "log x", "rules", "board", "help", "DRAW",
             "quit"]
    result = play(["pairs", "--seed", "3"], lines)
    out = flat(result.output)
    assert result.exit_code == 0
    assert "unknown command or action 'discard 9'" in out
    assert "'discard 2' is not possible now" in out
    assert "unknown command or action 'wibble'" in out
    assert "there is no choice 7: pick 1" in out
    assert "log takes a number of entries" in out
    assert "Pairs — Draw one, discard one" in out and "option values (default 6)" in out
    assert "You draw" in out
    assert "Traceback" not in out


def test_options_save_and_resume(play: Play, third_game: GameSpec, tmp_path: Path) -> None:
    save = tmp_path / "pairs.json"
    play(["pairs", "-o", "values=4", "--seats", "you,random,greedy", "--seed", "2",
          "--save", str(save)], ["1", "quit"])
    record = json.loads(save.read_text(encoding="utf-8"))["record"]
    assert record["options"] == {"values": 4, "players": 3} and record["game"] == "pairs"
    resumed = play(["--resume", str(save)], ["1"] * 200)
    assert resumed.exit_code == 0
    assert "Resumed Pairs" in resumed.output and "warning" not in resumed.output
    assert "Game over:" in resumed.output


def test_a_flag_the_game_lacks_is_refused(play: Play, third_game: GameSpec) -> None:
    result = play(["pairs", "--target", "3"])
    assert result.exit_code == 2
    assert flat(result.stderr) == (
        "error: the game Pairs has no option target (--target is a Friends of the Zodiac and "
        "Dai Hin Min option); its options are values")
    bad = play(["pairs", "-o", "values=12"])
    assert bad.exit_code == 2 and "option values must be at most 9, not 12" in bad.stderr
