"""``furuba train``: its files, its provenance, and one clear line for every bad input."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner, Result

from furuba.cli.main import app
from furuba.spec import GameSpec

TINY = ["--iterations", "2", "--games", "4", "--eval-every", "1", "--eval-games", "4",
        "--checkpoint-every", "1", "--seed", "5", "--quiet"]


def furuba(args: Sequence[str | Path]) -> Result:
    result = CliRunner().invoke(app, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def check_error(result: Result, message: str) -> None:
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.split())
    assert said.startswith("error: ") and message in said, said
    assert "Traceback" not in result.output


def test_train_writes_checkpoints_the_curve_and_the_policy(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = furuba(["train", "daihinmin", *TINY, "--out", out])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "the policy after 2 iterations" in said and "3 greedy bots" in said
    assert sorted(p.name for p in (out / "checkpoints").iterdir()) == [
        "iter-000001.json", "iter-000001.npz", "iter-000002.json", "iter-000002.npz"]
    curve = json.loads((out / "curve.json").read_text(encoding="utf-8"))
    assert [point["iteration"] for point in curve["curve"]] == [0, 1, 2]
    assert (out / "curve.png").stat().st_size > 1000
    about = json.loads((out / "policy.json").read_text(encoding="utf-8"))
    assert about["game"] == "daihinmin" and about["seed"] == 5 and about["iterations"] == 2
    assert about["command"].startswith("furuba train daihinmin") and "--seed 5" in about["command"]
    assert about["temperature"] in (0.0, 1.0) and about["curve"]["best"]["greedy"]["games"] == 4
    assert about["trained"]
    with np.load(out / "policy.npz") as data:
        assert data["weights"].shape == (len(about["features"]),)
    again = furuba(["train", "daihinmin", *TINY, "--iterations", "3", "--out", out, "--resume"])
    assert again.exit_code == 0, again.output
    assert json.loads((out / "policy.json").read_text(encoding="utf-8"))["iterations"] == 3


def test_the_progress_bar_keeps_its_count_beside_the_curve(tmp_path: Path) -> None:
    """Each measure of the curve goes above the bar: in a terminal 80 columns wide the bar still
    shows how many iterations are done and the time left (beside the measure, it showed neither)."""
    quiet = TINY[:-1]
    result = furuba(["train", "daihinmin", *quiet, "--out", tmp_path / "run"])
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert "iteration 2: " in lines[-2] and "against greedy" in lines[-2]
    bar = lines[-1]
    assert "daihinmin: iterations" in bar and "2/2" in bar and "ETA" in bar, lines


def test_train_under_a_rule_preset_plays_and_says_it(tmp_path: Path) -> None:
    """``-o`` trains under game options (UECda's rules for five players here): the games are
    played under them, the provenance and the command say them, and a run under other rules
    does not resume from its checkpoints."""
    out = tmp_path / "run"
    uecda = ["-o", "rules=uecda", "--players", "5"]
    result = furuba(["train", "daihinmin", *TINY, *uecda, "--out", out])
    assert result.exit_code == 0, result.output
    assert "4 greedy bots" in " ".join(result.stdout.split())
    about = json.loads((out / "policy.json").read_text(encoding="utf-8"))
    assert about["options"] == {"max_rounds": 3, "rules": "uecda"} and about["players"] == 5
    assert about["command"].endswith("-o rules=uecda")
    check_error(furuba(["train", "daihinmin", *TINY, "--players", "5", "--iterations", "3",
                        "--out", out, "--resume"]), "it differs in game_options")
    check_error(furuba(["train", "daihinmin", *TINY, "-o", "rules=chess", "--out",
                        tmp_path / "other"]), "rules must be one of rulebook, uecda, not 'chess'")


@pytest.mark.parametrize(("args", "message"), [
    (["chess"], "unknown game 'chess'"),
    (["zodiac", "--iterations", "0"], "--iterations must be at least 1, not 0"),
    (["zodiac", "--games", "-3"], "--games must be at least 1, not -3"),
    (["zodiac", "--eval-games", "0"], "--eval-games must be at least 1"),
    (["zodiac", "--learning-rate", "0"], "the learning rate must be above 0"),
    (["daihinmin", "--players", "9"], "played by 4 to 7 players, not 9"),
    (["zodiac", "--backend", "spark"], "unknown backend 'spark'"),
    (["zodiac", "--resume"], "no checkpoint to resume from"),
    (["zodiac", "--teacher", "greedy"], "the teacher must be the search (normal, hard, expert or "
                                        "ismcts:…), not 'greedy'"),
    (["daihinmin", "--teacher", "hard:sims=0"], "ismcts: sims must be"),
])
def test_bad_input_gets_one_clear_line(args: list[str], message: str, tmp_path: Path) -> None:
    check_error(furuba(["train", *args, "--out", tmp_path / "run", "--quiet"]), message)


def test_a_game_with_no_features_is_refused(third_game: GameSpec, tmp_path: Path) -> None:
    check_error(furuba(["train", "pairs", "--out", tmp_path]), "Pairs has no learned policy")


def test_a_run_is_not_overwritten_nor_resumed_from_another(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert furuba(["train", "daihinmin", *TINY, "--iterations", "1", "--out", out]).exit_code == 0
    check_error(furuba(["train", "daihinmin", *TINY, "--out", out]), "already holds a run's")
    check_error(furuba(["train", "daihinmin", *TINY, "--seed", "6", "--out", out, "--resume"]),
                "is of another run (it differs in seed)")
    check_error(furuba(["train", "zodiac", *TINY, "--out", out, "--resume"]), "differs in game")
    (out / "checkpoints" / "iter-000001.npz").write_bytes(b"broken")
    check_error(furuba(["train", "daihinmin", *TINY, "--out", out, "--resume"]),
                "cannot read the checkpoint")
