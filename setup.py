"""Build furuba, compiling its engines with mypyc when it can (pyproject.toml holds the rest).

The modules in ``compiled.txt`` — the two engines, their move generation, the fast playout and
greedy policies, ``determinize`` and the search's inner loop — are compiled from the same typed
source to C extensions when mypyc (it comes with mypy) and a C compiler are there, and left as
plain Python when they are not: the same modules import either way. ``make compiled`` builds them
in place (``setup.py build_ext --inplace``), ``make wheel`` builds a wheel carrying them.
``FURUBA_PURE_BUILD=1`` builds without them. Why and what it buys: docs/ARCHITECTURE.md, "The
compiled engine", and docs/PERFORMANCE.md.
"""

from __future__ import annotations

import os
import shutil
import sysconfig
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
SOURCE = ROOT / "src"


def compiled_modules() -> list[str]:
    """The paths, under ``src``, of the modules that compile (``src/furuba/compiled.txt``)."""
    listed = (SOURCE / "furuba" / "compiled.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in listed if line.strip() and not line.startswith("#")]


def can_compile() -> str | None:
    """Why the engines cannot compile here, or None when they can."""
    if os.environ.get("FURUBA_PURE_BUILD") == "1":
        return "FURUBA_PURE_BUILD=1"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed (it comes with mypy)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    return None


def extensions() -> list[object]:
    """The compiled modules as extensions, or none (with the reason on stderr)."""
    reason = can_compile()
    if reason is not None:
        print(f"furuba: the engines stay plain Python: {reason}")
        return []
    from mypyc.build import mypycify

    paths = [f"src/{module}" for module in compiled_modules()]
    return list(mypycify(paths, opt_level="3", group_name="furuba_engine", multi_file=True))


setup(ext_modules=extensions())
