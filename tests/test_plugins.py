"""Games are plug-ins: no consumer names a game, imports a game's modules or probes its features.

A consumer is every module of furuba outside the game packages and the registry (and, in the
browser, every script outside the game modules and their one table). The check reads the code
itself, so a new branch on a game's name fails here before review.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from furuba import games
from furuba.cli.kit import TerminalKit
from furuba.integrations.kit import AdapterKit
from furuba.sim.kit import LabKit
from furuba.tables.kit import WebKit

SRC = Path(__file__).resolve().parents[1] / "src" / "furuba"
WEB = SRC / "server" / "web" / "js"
GAME_PACKAGES = {spec.state_class.__module__.split(".")[1] for spec in games.specs()}
REGISTRY = {"games.py"}
GAME_WORDS = {w for spec in games.specs() for w in (spec.name, *spec.aliases)}
BROWSER_GAME_MODULES = {"games.js"} | {f"{spec.kit_or(WebKit()).frontend}.js" for spec in games.specs()} | {
    f"{option.editor.module}.js" for spec in games.specs() for option in spec.options
    if option.editor is not None}
"""The game modules: each game's table module and its file editors' modules (a card set's)."""


def consumer_modules() -> list[Path]:
    out = []
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC).parts
        if parts[0] in GAME_PACKAGES or parts == ("games.py",):
            continue
        out.append(path)
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the constant nodes that are docstrings (module, class, function, attribute)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for stmt in body:
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                    and isinstance(stmt.value.value, str):
                out.add(id(stmt.value))
    return out


def faults(path: Path) -> list[str]:
    """What in ``path`` makes it know a game."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    docs = _docstrings(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            names = []
        for name in names:
            if name.split(".")[:2] in ([["furuba", g] for g in GAME_PACKAGES]):
                out.append(f"line {node.lineno}: imports {name}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "hasattr":
            out.append(f"line {node.lineno}: probes a feature with hasattr")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                and node.value.strip().lower() in GAME_WORDS:
            out.append(f"line {node.lineno}: names the game {node.value!r}")
    for number, line in enumerate(text.splitlines(), 1):
        if "type: ignore[attr-defined]" in line:
            out.append(f"line {number}: silences mypy with type: ignore[attr-defined]")
    return out


@pytest.mark.parametrize("path", consumer_modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_no_consumer_names_a_game(path: Path) -> None:
    assert faults(path) == []


def test_the_check_finds_a_branch_on_a_game_name(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('"""Doc naming zodiac is fine."""\nimport furuba.zodiac.state\n'
                   'def f(state):\n    if state.game_name == "daihinmin":\n'
                   '        return hasattr(state, "rules")  # type: ignore[attr-defined]\n',
                   encoding="utf-8")
    found = faults(bad)
    assert len(found) == 4, found


def browser_consumers() -> list[Path]:
    return [p for p in sorted(WEB.glob("*.js")) if p.name not in BROWSER_GAME_MODULES]


@pytest.mark.parametrize("path", browser_consumers(), ids=lambda p: p.name)
def test_no_browser_script_names_a_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    words = "|".join(sorted(GAME_WORDS))
    found = re.findall(rf"""['"`/]((?:{words})(?:[-\w]*\.js)?)['"`]""", text)
    assert found == [], f"{path.name} names {found}"


@pytest.mark.parametrize("name", games.names())
def test_every_piece_a_spec_names_loads(name: str) -> None:
    """A spec's loaders name modules that exist and give what their consumer expects."""
    from furuba.cli.screen import TerminalGame
    from furuba.integrations.encoding import Encoder
    from furuba.sim.sections import ReportSections

    spec = games.spec(name)
    state = spec.new_game(players=spec.players.default, seed=1)
    adapters, lab, terminal = spec.kit_or(AdapterKit()), spec.kit_or(LabKit()), spec.kit_or(TerminalKit())
    if adapters.encoder is not None:
        assert isinstance(adapters.encoder(state), Encoder)
    if lab.report is not None:
        assert isinstance(lab.report(), ReportSections)
    if terminal.terminal is not None:
        assert isinstance(terminal.terminal(), TerminalGame)
    if terminal.commands is not None:
        commands = terminal.commands()
        assert commands.registered_commands or commands.registered_groups


def test_a_loader_names_a_module_and_a_name() -> None:
    from furuba.spec import lazy

    with pytest.raises(ValueError, match=r"package\.module:NAME"):
        lazy("furuba.zodiac.report")
    with pytest.raises(ModuleNotFoundError):
        lazy("furuba.no_such_module:X")()
