"""furuba's modules import one another without a circle.

Every import counts — at the top of a module or inside a function — except those under
``if TYPE_CHECKING:`` (types only, never run). ``from package import module`` is an import of the
module. A circle would mean two modules that cannot be read, tested or loaded one without the
other; :mod:`graphlib` finds one if there is any.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted((SRC / "furuba").rglob("*.py"))}


def _type_only(tree: ast.AST) -> set[int]:
    """ids of the nodes under ``if TYPE_CHECKING:``."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out.update(id(n) for n in ast.walk(node))
    return out


def _owner(name: str) -> str | None:
    """The furuba module ``name`` is, or is inside of."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str, path: Path) -> set[str]:
    """The furuba modules that module ``name`` imports when it runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            modules = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
            found.update(modules)
            if len(modules) < len(node.names):
                found.add(base)
    owners = {_owner(n) for n in found}
    return {o for o in owners if o is not None and o != name}


def test_the_modules_import_one_another_without_a_circle() -> None:
    graph = {name: imports_of(name, path) for name, path in MODULES.items()}
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as exc:
        pytest.fail(f"an import circle: {' → '.join(exc.args[1])}")


def test_the_check_sees_the_real_imports() -> None:
    """The web app reaches the protocol through its imports, so one import back would close a
    circle — which the check must then find."""
    graph = {name: imports_of(name, path) for name, path in MODULES.items()}
    graph["furuba.core.protocol"] = graph["furuba.core.protocol"] | {"furuba.server.app"}
    with pytest.raises(CycleError):
        TopologicalSorter(graph).prepare()
