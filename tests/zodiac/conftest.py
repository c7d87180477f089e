"""Helpers to set up Friends of the Zodiac positions by hand."""

from __future__ import annotations

from typing import Any

import pytest

from furuba.zodiac.state import GameState

YUKI_HUMAN = ["Sunny Picnic", "A Warm Meal", "Planting Seeds", "Trust"]
"""Four memories that satisfy Yuki's human side (sun, heart, flower, star)."""


def position(**fields: Any) -> GameState:
    """A position written by hand (2 players unless told)."""
    fields.setdefault("players", 2)
    return GameState.from_json(fields)


@pytest.fixture
def pos() -> Any:
    return position
