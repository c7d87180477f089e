"""Playing a few steps of a game with bots, for the tests that compare two runs."""

from __future__ import annotations

from collections.abc import Sequence

from furuba.bots.base import Bot
from furuba.core.protocol import State


def record(state: State, bots: Sequence[Bot], steps: int) -> list[int]:
    """Up to ``steps`` actions the bots take from ``state`` (each checked legal), in order."""
    actions = []
    for _ in range(steps):
        if state.is_terminal():
            break
        action = bots[state.current_player].choose(state)
        assert state.is_legal(action)
        actions.append(action)
        state.apply(action)
    return actions
