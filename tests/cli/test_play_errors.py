"""Every bad way to start ``furuba play`` gets one clear line and exit status 2, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Play


def flat(text: str) -> str:
    """``text`` with line wrapping undone (the error console wraps long lines)."""
    return " ".join(text.split())


@pytest.mark.parametrize(("args", "message"), [
    (["chess"], "unknown game 'chess'"),
    (["--seats", "you,wizard"], "unknown bot 'wizard'"),
    (["--seats", "you,greedy:depth=3"], "the greedy bot takes no settings"),
    (["--seats", "you,greedy", "--players", "3"], "--seats names 2 seats but --players is 3"),
    (["--seats", "you,,greedy"], "has an empty seat"),
    (["--seats", "human:Ann,human:ann"], "two seats are called 'Ann'"),
    (["--seats", "human:"], "give a name after the colon"),
    (["--players", "9"], "Friends of the Zodiac needs 2 to 8 players (9 given)"),
    (["--seats", "you"], "Friends of the Zodiac needs 2 to 8 players (1 given)"),
    (["--cardset", "no/such/cardset.toml"], "cannot read the file"),
    (["--variant", "speedy"], "unknown variant 'speedy'"),
    (["--target", "20"], "target must be a number of friendships from 1 to 13"),
    (["--sets", "0"], "sets must be a whole number from 1 to 8"),
    (["zodiac", "--rounds", "0"], "max_rounds must be at least 1"),
    (["daihinmin", "--players", "3"], "Dai Hin Min is for 4 to 7 players"),
    (["daihinmin", "--cardset", "x.toml"], "--cardset is a Friends of the Zodiac option"),
    (["daihinmin", "--variant", "coop"], "--variant is a Friends of the Zodiac option"),
    (["daihinmin", "--target", "0"], "target must be a whole number of points"),
    (["daihinmin", "--sets", "2"], "the game Dai Hin Min has no option sets (--sets is a Friends "
                                   "of the Zodiac option); its options are target, max_rounds, dealer"),
    (["daihinmin", "-o", "variant=long"], "the game Dai Hin Min has no option variant"),
    (["daihinmin", "-o", "colour=red"], "the game Dai Hin Min has no option colour; its options "
                                        "are target, max_rounds, dealer"),
    (["daihinmin", "-o", "target"], "-o needs key=value, not 'target'"),
    (["daihinmin", "-o", "target=lots"], "option target must be a whole number, not 'lots'"),
    (["daihinmin", "-o", "max-rounds=0"], "option max_rounds must be at least 1, not 0"),
    (["daihinmin", "--target", "5", "-o", "target=6"], "the option target is given twice"),
    (["--save", "no/such/dir/game.json"], "cannot write the save file"),
    (["--resume", "no/such/save.json"], "cannot read the save file"),
])
def test_bad_setup(play: Play, args: list[str], message: str) -> None:
    result = play(args)
    assert result.exit_code == 2, result.output
    assert message in flat(result.stderr), result.stderr
    assert result.stderr.startswith("error: ")
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_bad_card_set_file(play: Play, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "broken"\nsymbols = "nope"\n', encoding="utf-8")
    result = play(["--cardset", str(bad)])
    assert result.exit_code == 2
    assert str(bad) in flat(result.stderr).replace(" ", "") or "bad.toml" in result.stderr
    assert "symbols" in result.stderr


@pytest.mark.parametrize(("content", "message"), [
    ("not json at all", "is not a furuba save file (not JSON"),
    ("[1, 2]", "is not a furuba save file"),
    ('{"furuba_save": 1}', "the save file has no 'game'"),
    ('{"furuba_save": 1, "game": "chess"}', "unknown game 'chess'"),
    ('{"furuba_save": 1, "game": "zodiac", "seats": ["you", "greedy"], '
     '"record": {"game": "zodiac", "seed": 1, "actions": [9999]}, "state": {"hands": 5}}',
     "cannot read the position"),
    ('{"furuba_save": 1, "game": "zodiac", "seats": ["you", "wizard"], '
     '"record": {"game": "zodiac", "seed": 1}, "state": {}}', "unknown bot 'wizard'"),
    ('{"furuba_save": 1, "game": "zodiac", "seats": ["you", "greedy", "greedy"], '
     '"record": {"game": "zodiac", "options": {"players": 2}, "seed": 1}, '
     '"state": {"players": 2}}', "3 seats for a 2-player game"),
    ('{"furuba_save": 1, "game": "zodiac", "seats": ["you", "greedy"], '
     '"record": {"seed": 1}, "state": {}}', "not a game record"),
])
def test_broken_save_file(play: Play, tmp_path: Path, content: str, message: str) -> None:
    save = tmp_path / "save.json"
    save.write_text(content, encoding="utf-8")
    result = play(["--resume", str(save)])
    assert result.exit_code == 2, result.output
    assert message in flat(result.stderr), result.stderr
    assert "Traceback" not in result.output


def test_resume_refuses_new_options(play: Play, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    play(["--seed", "1", "--seats", "you,greedy", "--save", str(save)], ["quit"])
    result = play(["--resume", str(save), "--seats", "you,random"])
    assert result.exit_code == 2
    assert "leave out --seats" in result.stderr
    with_option = play(["--resume", str(save), "-o", "target=3"])
    assert with_option.exit_code == 2 and "leave out -o target=3" in with_option.stderr
    other = play(["daihinmin", "--resume", str(save)])
    assert other.exit_code == 2 and "holds a zodiac game, not daihinmin" in flat(other.stderr)
    assert json.loads(save.read_text(encoding="utf-8"))["game"] == "zodiac"


def test_end_of_input_exits_cleanly(play: Play) -> None:
    result = play(["--seed", "1", "--seats", "you,greedy"], ["move"])
    assert result.exit_code == 0
    assert "bye" in result.output
