"""The server's doctest examples (the package-wide doctest run skips the web extra)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import furuba.server

MIGRATIONS = "furuba.server.migrations"
"""Alembic's scripts: Alembic runs them (``furuba.server.schema``); they are not for importing."""
MODULES = sorted(m.name for m in pkgutil.walk_packages(furuba.server.__path__, "furuba.server.")
                 if not m.name.startswith(MIGRATIONS))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"
