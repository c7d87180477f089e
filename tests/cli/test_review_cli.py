"""``furuba review GAME.json``: a game saved by ``furuba play --save`` reviewed in the terminal,
the same every time; every bad file, seat or budget gets one clear line and exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from furuba.cli.main import app

from .conftest import Play


def review(*args: str) -> Result:
    result = CliRunner().invoke(app, ["review", *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A one-round Dai Hin Min game Ann played to the end (always the first choice)."""
    path = tmp_path_factory.mktemp("review") / "game.json"
    runner = CliRunner()
    result = runner.invoke(app, ["play", "daihinmin", "--seats", "greedy,human:Ann,greedy,greedy",
                                 "--rounds", "1", "--seed", "3", "--save", str(path)],
                           input="1\n" * 400)
    assert result.exit_code == 0 and "Game over" in result.output, result.output
    return path


def test_a_saved_game_is_reviewed_for_its_human_seat(saved: Path) -> None:
    result = review(str(saved), "--sims", "20", "--playouts", "1", "--quiet")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Review of Ann's play:" in out and "each searched with 20 simulations" in out
    assert "Win chance over the game" in out
    for name in ("Aoi", "Ann", "Mio", "Ren"):
        assert name in out
    assert "Decisions" in out and "Bot's move" in out
    assert "Biggest mistakes" in out or "No mistakes" in out
    assert review(str(saved), "--sims", "20", "--playouts", "1", "--quiet").output == out


def test_another_seat_can_be_chosen(saved: Path) -> None:
    result = review(str(saved), "--seat", "3", "--sims", "10", "--playouts", "1")
    assert result.exit_code == 0, result.output
    assert "Review of Ren's play:" in result.output


def test_an_unfinished_game_is_refused(play: Play, tmp_path: Path) -> None:
    path = tmp_path / "half.json"
    play(["daihinmin", "--seats", "you,greedy,greedy,greedy", "--save", str(path)], ["1", "quit"])
    result = review(str(path))
    assert result.exit_code == 2
    assert "is not over: only a finished game can be reviewed" in " ".join(result.stderr.split())


@pytest.mark.parametrize(("args", "message"), [
    (["no/such/game.json"], "cannot read the save file"),
    (["{bad}"], "is not a furuba save file"),
    (["{saved}", "--seat", "4"], "--seat 4: this game's seats are 0 to 3"),
    (["{saved}", "--seat", "-1"], "--seat -1: this game's seats are 0 to 3"),
    (["{saved}", "--sims", "0"], "a review needs at least 1 simulation and 1 playout"),
])
def test_bad_input_is_one_clear_line(saved: Path, tmp_path: Path, args: list[str],
                                     message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"hello": 1}), encoding="utf-8")
    result = review(*(a.format(saved=saved, bad=bad) for a in args))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and message in " ".join(result.stderr.split())
    assert result.stdout == "" and "Traceback" not in result.output
