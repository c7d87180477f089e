"""The pure core: the engines, every bot level, hints, reviews and the default card set run on the
standard library alone, and play the same games as with numpy and pydantic installed.

furuba is built into a wheel and installed, without its dependencies, into a fresh virtual
environment; there, :mod:`tests.pure_core_games` plays one seeded game of each level of each game,
asks a hint and reviews a short game, and its record must equal the one the project's own
environment (numpy, pydantic and the rest installed) prints. The learned policies are evaluated
by one plain-Python path in both (:mod:`furuba.learn.scoring`): the last tests check it against
numpy's evaluation of the shipped weights, and the plain card set against pydantic's.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from tests.pure_core_games import OPTIONAL

from furuba import games
from furuba.bots.policy import features_of
from furuba.learn.npz import read_array
from furuba.learn.policy import SoftmaxPolicy
from furuba.learn.scoring import Scorer

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "pure_core_games.py"
SHIPPED = sorted((ROOT / "src" / "furuba").glob("*/weights/*.npz"))


def run(command: Sequence[str | Path], cwd: Path, timeout: float = 120) -> str:
    """``command``'s output; its error output in the failure when it fails."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Python of a fresh virtual environment holding furuba and nothing else.

    furuba is installed as a wheel of pure Python installs: its package copied into the
    environment's ``site-packages`` beside a ``.dist-info`` naming it, with no dependency. (Building
    a wheel needs setuptools 77 or later for this ``pyproject.toml``, which an offline machine
    may not have; the copy is what installing that wheel does.)
    """
    tmp = tmp_path_factory.mktemp("pure")
    run([sys.executable, "-m", "venv", "--without-pip", tmp / "venv"], cwd=tmp)
    python = tmp / "venv" / "bin" / "python"
    site = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                    cwd=tmp).strip())
    shutil.copytree(ROOT / "src" / "furuba", site / "furuba",      # plain Python: no engine
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))  # compiled here
    about = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    info = site / f"furuba-{about['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: furuba\n"
                                   f"Version: {about['version']}\n", "utf-8")
    (info / "INSTALLER").write_text("tests\n", "utf-8")
    return python


def test_the_fresh_environment_holds_furuba_and_none_of_its_dependencies(bare_python: Path) -> None:
    found = run([bare_python, "-c", (
        "import importlib.util, json, furuba\n"
        f"print(json.dumps([furuba.__file__, [m for m in {sorted(OPTIONAL)!r} "
        "if importlib.util.find_spec(m)]]))")], cwd=bare_python.parent)
    where, importable = json.loads(found)
    assert importable == []
    assert str(bare_python.parents[1]) in where   # the installed wheel, not the checkout
    for module in ("numpy", "pydantic"):
        with pytest.raises(AssertionError, match="No module named"):
            run([bare_python, "-c", f"import {module}"], cwd=bare_python.parent)


def test_every_level_plays_the_same_games_without_numpy_and_pydantic(bare_python: Path) -> None:
    bare = run([bare_python, SCRIPT], cwd=bare_python.parent)
    full = run([sys.executable, SCRIPT], cwd=ROOT)
    record = json.loads(bare)
    assert sorted(record) == sorted(
        [f"{game} {level}" for game in games.names()
         for level in ("beginner", "easy", "normal", "hard", "expert", "hint and review")])
    for game in games.names():
        assert len(record[f"{game} hard"]["full_budget"]) == 2
        assert len(record[f"{game} expert"]["full_budget"]) == 2
        assert record[f"{game} hint and review"]["hints"]
    assert bare == full


def test_a_users_card_set_without_pydantic_is_refused_in_a_sentence(bare_python: Path,
                                                                      tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text((ROOT / "src/furuba/zodiac/cardsets/default.toml").read_text("utf-8"), "utf-8")
    said = run([bare_python, "-c", (
        "import sys\n"
        "from furuba.core.errors import CardSetError\n"
        "from furuba.zodiac import new_game\n"
        "try:\n"
        "    new_game(players=3, cardset=sys.argv[1])\n"
        "except CardSetError as exc:\n"
        "    print(exc)\n"
        "print(new_game(players=3, cardset='default').rules.cardset.name)\n"), mine],
        cwd=tmp_path)
    assert said.splitlines() == ["checking a card-set file needs pydantic, which is not "
                                 "installed here; only the default card set can be played",
                                 "furuba original"]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_the_plain_evaluation_of_the_shipped_weights_is_numpys(path: Path) -> None:
    game = path.parent.parent.name
    names = features_of(game).names
    plain, numeric = Scorer.load(path, names=names), SoftmaxPolicy.load(path, names=names)
    with np.load(path) as data:
        assert read_array(path, "weights") == tuple(data["weights"].tolist())
    assert plain.hidden == numeric.hidden and plain.temperature == numeric.temperature
    rng = np.random.default_rng(3)
    random_rows = rng.normal(size=(40, len(names))) * (rng.random((40, len(names))) < 0.4)
    state = games.new_game(game, players=4, seed=8)
    legal = state.legal_actions()
    for rows in (random_rows.astype(np.float32), np.array(features_of(game).featurize(state, legal))):
        ours, theirs = np.array(plain.logits(rows.tolist())), numeric.logits(rows)
        assert np.abs(ours - theirs).max() <= 1e-12 * max(1.0, np.abs(theirs).max())
        at_one = Scorer(plain.weights, 1.0, hidden=plain.hidden)
        expected = SoftmaxPolicy(numeric.weights, 1.0, hidden=numeric.hidden).probs(rows)
        assert np.abs(np.array(at_one.probs(rows.tolist())) - expected).max() <= 1e-12
        assert plain.best(rows.tolist()) == numeric.best(rows)


def test_the_npz_reader_reads_what_numpy_writes(tmp_path: Path) -> None:
    arrays = {"f8": np.linspace(-2, 3, 7), "f4": np.arange(6, dtype=">f4").reshape(2, 3) / 3,
              "i8": np.arange(-4, 4, dtype=np.int64).reshape(2, 2, 2), "u1": np.arange(5, dtype="u1")}
    np.savez(tmp_path / "many.npz", **arrays)
    for name, array in arrays.items():
        assert read_array(tmp_path / "many.npz", name) == tuple(array.ravel().tolist()), name
    with pytest.raises(ValueError, match="no array"):
        read_array(tmp_path / "many.npz", "missing")


def test_the_default_card_set_built_plainly_is_the_one_pydantic_checks() -> None:
    from furuba.zodiac.cardset import default_cardset, default_text
    from furuba.zodiac.cardset_schema import CardSet as Checked
    from furuba.zodiac.cardset_schema import parse_cardset

    data = tomllib.loads(default_text())
    checked = Checked.model_validate(data)
    plain = default_cardset()
    assert parse_cardset(data) == plain
    assert plain.model_dump(mode="json") == checked.model_dump(mode="json")
    assert list(plain.model_dump()) == list(checked.model_dump())   # the same order of fields
    assert parse_cardset(plain.model_dump(mode="json")) == plain
