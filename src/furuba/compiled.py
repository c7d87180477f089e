"""Which of furuba's modules run compiled, and how to run them all as plain Python.

The engines and the search's inner loop (the modules listed in ``compiled.txt``) compile with
mypyc from the same typed source when a C compiler is there (``setup.py``, ``make compiled``).
Compiled or not, each module imports under the same name with the same behaviour; a compiled
module is an extension next to its ``.py`` file, which Python's import prefers.

A compiled module older than its source would run rules that are no longer the source's: when
any is, furuba says so once and runs every module from its source (:func:`stale_extensions`;
``make compiled`` builds them again).

Setting ``FURUBA_PURE=1`` in the environment before furuba is imported makes every furuba
module load from its ``.py`` source even where an extension was built — to compare the two
builds (``tests/test_compiled.py`` plays the same seeded games both ways and gets identical
records), to profile the rules line by line, or to step through them in a debugger.

>>> set(compiled_modules()) <= set(MODULES)
True
>>> "furuba.daihinmin.state" in MODULES
True
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from types import ModuleType

SLACK = 2.0
"""Seconds within which a source and its build count as written together."""
PURE_VARIABLE = "FURUBA_PURE"
"""The environment variable that keeps every furuba module plain Python (``1``)."""


def _listed() -> tuple[str, ...]:
    text = (resources.files("furuba") / "compiled.txt").read_text(encoding="utf-8")
    paths = (line.strip() for line in text.splitlines())
    return tuple(p.removesuffix(".py").replace("/", ".") for p in paths if p and p[0] != "#")


MODULES: tuple[str, ...] = _listed()
"""The modules that compile when they can, by their import names."""


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension."""
    spec = module.__spec__
    return spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


def compiled_modules() -> list[str]:
    """The listed modules that run compiled in this process (importing them)."""
    return [name for name in MODULES if is_compiled(importlib.import_module(name))]


def engine_build() -> str:
    """One line on the build in use, for the benchmarks and the tests.

    >>> engine_build().split(":")[0] in {"compiled", "plain Python"}
    True
    """
    done = compiled_modules()
    if not done:
        why = " (FURUBA_PURE=1)" if os.environ.get(PURE_VARIABLE) == "1" else ""
        return f"plain Python: no module compiled{why}"
    return f"compiled: {len(done)} of {len(MODULES)} engine modules (mypyc)"


class _SourceFirst:
    """A meta path finder that loads furuba's modules from their ``.py`` source."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("furuba.") or path is None:
            return None
        name = fullname.rpartition(".")[2]
        for entry in path:
            source = Path(entry) / f"{name}.py"
            if source.is_file():
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def stale_extensions() -> list[str]:
    """The listed modules whose compiled build is older than their ``.py`` source.

    A module's build is its extension and the library the group of compiled modules shares
    (``furuba_engine__mypyc``, beside the package), whichever was written last; files written
    within :data:`SLACK` seconds of each other count as one build (a wheel's install).
    """
    root = Path(__file__).resolve().parent.parent
    shared = [path.stat().st_mtime for path in root.glob("furuba_engine__mypyc.*")]
    stale = []
    for name in MODULES:
        source = root.joinpath(*name.split(".")).with_suffix(".py")
        built = [source.with_suffix(suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES]
        times = [path.stat().st_mtime for path in built if path.exists()]
        if times and source.exists() and max(times + shared) + SLACK < source.stat().st_mtime:
            stale.append(name)
    return stale


def choose_build() -> None:
    """Run from source when ``FURUBA_PURE=1`` or a compiled module is stale (said on stderr)."""
    if os.environ.get(PURE_VARIABLE) == "1":
        prefer_source()
        return
    stale = stale_extensions()
    if stale:
        print(f"furuba: the compiled engine is older than its source ({stale[0]}"
              f"{f' and {len(stale) - 1} more' if len(stale) > 1 else ''}): running it as "
              "plain Python; `make compiled` builds it again", file=sys.stderr)
        prefer_source()


def prefer_source() -> None:
    """Load every furuba module imported from now on from its source (``FURUBA_PURE=1``)."""
    if not any(isinstance(finder, _SourceFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())
