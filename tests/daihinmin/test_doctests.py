"""The doctest examples of the Dai Hin Min modules run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import furuba.daihinmin

MODULES = ["furuba.daihinmin"] + [
    f"furuba.daihinmin.{m.name}" for m in pkgutil.iter_modules(furuba.daihinmin.__path__)
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
