"""Bad input to simulate, report and tournament: one clear line, exit status 2, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import Cli, flat


def check_error(result: object, message: str) -> None:
    from typer.testing import Result

    assert isinstance(result, Result)
    assert result.exit_code == 2, result.output
    assert message in flat(result.stderr), result.stderr
    assert flat(result.stderr).startswith("error: ")
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "zodiac", "--bots", "greedy,wizard"], "unknown bot 'wizard'"),
    (["simulate", "zodiac", "--backend", "spark"], "unknown backend 'spark'"),
    (["simulate", "chess"], "unknown game 'chess'"),
    (["tournament", "zodiac", "--bots", "random,wizard"], "unknown bot 'wizard'"),
    (["tournament", "zodiac", "--bots", "greedy"], "needs at least two bots"),
    (["tournament", "--game", "zodiac", "--bots", "greedy,greedy"], "bot named more than once"),
    (["tournament", "--bots", "random,greedy"], "name the game: furuba tournament GAME"),
    (["tournament", "zodiac", "--game", "daihinmin", "--bots", "random,greedy"],
     "two games named (zodiac and daihinmin)"),
    (["tournament", "zodiac"], "name the bots: --bots A,B"),
    (["tournament", "chess", "--bots", "random,greedy"], "unknown game 'chess'"),
    (["tournament", "daihinmin", "--bots", "random,greedy", "--players", "3"],
     "Dai Hin Min is for 4 to 7 players"),
    (["report", "no/such/games.jsonl", "--out", "unused"], "no such file"),
    # settings the game refuses are found before any game is played, not in a worker
    (["simulate", "daihinmin", "--bots", "hard:weights=no-such,easy"],
     "Dai Hin Min ships no weights called 'no-such'; it ships: network, policy, uecda_default "
     "(or give the path of a .npz"),
    (["simulate", "daihinmin", "--bots", "hard:weights=no/such.npz,easy"],
     "no policy file no/such.npz"),
    (["simulate", "zodiac", "--bots", "hard:oppweights=no-such.npz,easy"],
     "oppweights= models the others only with opp=best or opp=learned"),
    (["tournament", "--game", "daihinmin", "--bots", "easy,expert:weights=no-such"],
     "ships no weights called 'no-such'"),
])
def test_bad_arguments(cli: Cli, args: list[str], message: str) -> None:
    check_error(cli(args), message)


def test_unknown_shipped_weights_are_named_not_located(cli: Cli) -> None:
    result = cli(["simulate", "zodiac", "--bots", "hard:weights=no-such,easy", "--games", "1"])
    check_error(result, "it ships: policy")
    assert "weights/" not in result.stderr and ".npz " not in result.stderr.replace(".npz file", "")


@pytest.mark.parametrize(("name", "content", "message"), [
    ("games.jsonl", '{"index": 0}\nnot json\n', "line 2: not JSON"),
    ("games.jsonl", "[1, 2]\n", "line 1: expected one game's result"),
    ("games.jsonl", '{"index": 0, "bots": ["greedy"]}\n', "not the results of one game"),
    ("games.jsonl", '{"game": "zodiac", "index": 0, "seed": 0, "bots": ["a"], "returns": [1], '
                    '"scores": [1], "steps": 3}\n', "lacks rounds, truncated, befriended"),
    ("games.jsonl", '{"game": "zodiac", "index": 0, "seed": 0, "bots": ["a", "b"], "returns": "x", '
                    '"scores": [1, 2], "steps": 3, "rounds": 1, "truncated": false, '
                    '"befriended": []}\n', "different number of players"),
    ("games.jsonl", '{"game": "chess", "index": 0, "seed": 0, "bots": ["a"], "returns": [1], '
                    '"scores": [1], "steps": 3}\n', "results of an unknown game 'chess'"),
    ("summary.json", '{"game": "chess", "games": 1, "players": 1, "bots": ["a"], "wins_by_seat": [1], '
                     '"wins_by_bot": {"a": 1}, "win_rate_by_bot": {}}', "unknown game 'chess'"),
    ("games.jsonl", "", "holds no games"),
    ("summary.json", '{"wins_by_seat": [1, 2]}', "looks like a summary but lacks"),
    ("games.parquet", "PAR1 this is not parquet", "cannot read"),
])
def test_malformed_results(cli: Cli, tmp_path: Path, name: str, content: str, message: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    check_error(cli(["report", path, "--out", tmp_path / "out"]), message)
