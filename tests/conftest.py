"""Fixtures shared by every test folder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from furuba import games
from furuba.spec import GameSpec


@pytest.fixture
def third_game() -> Iterator[GameSpec]:
    """Pairs, the tests' own third game, registered for the test and removed after it."""
    from third_game import SPEC

    games.register(SPEC)
    try:
        yield SPEC
    finally:
        games.unregister(SPEC.name)
