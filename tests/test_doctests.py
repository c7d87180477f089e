"""Every doctest example in the package runs as a test (the docs must not lie)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import furuba

SKIP_PREFIXES = ("furuba.daihinmin", "furuba.server", "furuba.integrations")
"""Dai Hin Min runs its own doctest module; the server and adapters need optional extras."""

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(furuba.__path__, "furuba.")
    if not m.name.startswith(SKIP_PREFIXES)
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"
