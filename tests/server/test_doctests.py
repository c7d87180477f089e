"""The server's doctest examples (the package-wide doctest run skips the web extra)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import furuba.server

MODULES = sorted(m.name for m in pkgutil.walk_packages(furuba.server.__path__, "furuba.server."))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"
