"""``furuba uecda fit``: a model of UECda programs fitted to a match's records foresees their
plays better than furuba's greedy policy does, a search plans with it, and a bad record file or
setting gets one sentence and writes nothing."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.daihinmin.uecda.records import DATA, games
from typer.testing import CliRunner

from furuba.bots.registry import make_bot
from furuba.bots.search_plan import Plan
from furuba.bots.search_settings import parse_settings
from furuba.cli.main import app
from furuba.daihinmin.state import GameState
from furuba.daihinmin.uecda.fit import fit
from furuba.daihinmin.uecda.records import RecordError, read_records, replay
from furuba.learn.policy import SoftmaxPolicy, matrix

runner = CliRunner()


def write(path: Path, records: list[Any]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record) + "\n")
    return path


@pytest.fixture(scope="module")
def match() -> list[dict[str, Any]]:
    return read_records(DATA / "games-default.jsonl.gz", limit=150)


def test_the_fitted_model_foresees_the_default_client_better_than_greedy(
        match: list[dict[str, Any]], tmp_path: Path) -> None:
    fitted = fit([match], players=(0, 1, 2, 3, 4), epochs=8)
    assert fitted.games == 150 and fitted.decisions > 3_500
    assert fitted.held_out > 500
    assert fitted.agreement > 0.85 and fitted.agreement > fitted.greedy_agreement + 0.08
    path = tmp_path / "default.npz"
    fitted.policy.save(path)
    about = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    assert about["players"] == [0, 1, 2, 3, 4] and about["agreement"] == round(fitted.agreement, 4)
    # the search models the others with it: their replies are its favourites
    plan = Plan.of("daihinmin", parse_settings({"level": "expert", "opp": "best",
                                                "oppweights": str(path), "opprollout": "on"}))
    assert plan.opponent is not None and plan.others == plan.opponent
    loaded = SoftmaxPolicy.load(path)
    positions = 0

    def check(state: GameState, legal: list[int], action: int) -> None:
        nonlocal positions
        if len(legal) > 1 and positions < 40:
            positions += 1
            assert plan.opponent is not None
            from furuba.daihinmin.learning import LEARNING
            best = legal[loaded.best(matrix(LEARNING.featurize(state, legal)))]
            assert plan.opponent(state, random.Random(0)) == best

    replay(match[:3], check)
    assert positions == 40
    bot = make_bot(f"expert:sims=12,opp=best,oppweights={path},opprollout=on", seed=2)
    state = GameState.from_json(_uecda_position())
    assert bot.choose(state) in state.legal_actions()


def _uecda_position() -> Any:
    from furuba import games as registry

    state = registry.new_game("daihinmin", players=5, seed=4, rules="uecda")
    rng = random.Random(4)
    for _ in range(7):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state.to_json()


def test_the_fit_command_writes_the_model_and_says_how_well_it_foresees(
        tmp_path: Path) -> None:
    records = write(tmp_path / "match.jsonl.gz", games("default")[:20])
    out = tmp_path / "them.npz"
    result = runner.invoke(app, ["uecda", "fit", str(records), "--player", "2",
                                 "--epochs", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "in 20 games" in result.output and "held out" in result.output
    assert f"oppweights={out}" in result.output
    about = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert about["players"] == [2] and about["games"] == 20
    assert about["command"].startswith("furuba uecda fit match.jsonl.gz --player 2")


@pytest.mark.parametrize(("content", "args", "said"), [
    (None, [], "cannot read"),
    (b"not gzip at all", [], "is not a file of game records"),
    ("records", ["--player", "7"], "the players are numbered 0 to 4, not 7"),
    ("records", ["--epochs", "0"], "--epochs must be from 1 to 1000"),
    ("late", [], "not those of a UECda match from its first game"),
    ("tampered", [], "do not replay under UECda's rules"),
    ("array", [], "line 1 is not a game record"),
    ("records", ["--out-name", "model.txt"], "--out must name a .npz file"),
])
def test_a_bad_record_file_or_setting_gets_one_sentence_and_writes_nothing(
        tmp_path: Path, content: Any, args: list[str], said: str) -> None:
    path = tmp_path / "match.jsonl.gz"
    source = games("default")[:6]
    if content == "records":
        write(path, source)
    elif content == "late":
        write(path, source[2:])
    elif content == "tampered":
        source[1]["turns"][3]["cells"] = [[0, 1, 1], [1, 5, 1]]
        source[1]["turns"][3]["ack"] = 9
        write(path, source)
    elif content == "array":
        write(path, [[1, 2, 3]])
    elif isinstance(content, bytes):
        path.write_bytes(content)
    out_name = "model.npz"
    if args[:1] == ["--out-name"]:
        out_name, args = args[1], []
    out = tmp_path / out_name
    result = runner.invoke(app, ["uecda", "fit", str(path), "-o", str(out), *args])
    assert result.exit_code == 2, result.output
    assert said in " ".join(result.output.split())
    assert "Traceback" not in result.output
    assert not out.exists() and not out.with_suffix(".json").exists()


def test_a_record_file_is_read_within_bounds(tmp_path: Path) -> None:
    from furuba.daihinmin.uecda import records

    long = tmp_path / "long.jsonl"
    long.write_text('{"game": 1, "pad": "' + "x" * records.MAX_LINE + '"}\n', encoding="utf-8")
    with pytest.raises(RecordError, match="line 1 is longer than"):
        read_records(long)
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 90_000 + "]" * 90_000 + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match="is not a file of game records"):
        read_records(deep)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n", encoding="utf-8")
    with pytest.raises(RecordError, match="holds no game"):
        read_records(empty)
    many = write(tmp_path / "many.jsonl.gz", [{"game": i} for i in range(1, 30)])
    assert len(read_records(many, limit=10)) == 10


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 10**20) | st.text(max_size=4),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:3]):
            out += _places(item, (*path, i))
    return out


_RECORDS = games("default")[:5]
_PLACES = [place for g, record in enumerate(_RECORDS) for place in _places(record, (g,))
           if len(place) > 1]


@settings(max_examples=60, deadline=None)
@given(place=st.sampled_from(_PLACES), value=_JSON)
def test_any_field_of_a_record_may_be_anything_and_the_fit_says_so_in_a_sentence(
        place: tuple[Any, ...], value: Any) -> None:
    """A record written by an attacker: one field replaced by any JSON value. Fitting either
    works or raises :class:`RecordError`; nothing else escapes."""
    records = json.loads(json.dumps(_RECORDS))
    target = records
    for key in place[:-1]:
        target = target[key]
    target[place[-1]] = value
    try:
        fit([records], players=(0, 1, 2, 3, 4), epochs=1)
    except RecordError as exc:
        assert str(exc) and "\n" not in str(exc)
