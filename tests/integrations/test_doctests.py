"""The adapters' doctest examples run (the package-wide doctest test skips the optional extras)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

for extra in ("pyspiel", "pettingzoo", "gymnasium", "numpy"):
    pytest.importorskip(extra)

import furuba.integrations  # noqa: E402

MODULES = sorted(m.name for m in pkgutil.walk_packages(furuba.integrations.__path__,
                                                        "furuba.integrations."))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"
