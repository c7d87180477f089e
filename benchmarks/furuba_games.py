"""furuba's own games as benchmark subjects, started through the game registry.

Both games speak the protocol of :mod:`furuba.core.protocol`, so one adapter serves them; a step is
``state.apply(rng.choice(state.legal_actions()))`` and a Dai Hin Min game is a whole match to
21 points (the game's default).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from benchmarks.harness import (
    MAX_STEPS_PER_GAME,
    Playout,
    RunawayGameError,
    SkipSubjectError,
    Subject,
)


class FurubaSubject(Subject):
    """A furuba game through ``furuba.games.new_game(name, players=…, seed=…)``."""

    clone_method = "state.clone()"

    def __init__(self, game: str, players: int, label: str, notes: str = "") -> None:
        self.game = game
        self.players = players
        self.key = f"furuba-{game}"
        self.group = game
        self.label = label
        self.notes = notes
        self._new_game: Callable[..., Any] | None = None

    def load(self) -> None:
        """Import the engine and check that a new game offers legal actions."""
        try:
            from furuba import games
        except Exception as exc:
            reason = f"furuba is not importable ({type(exc).__name__}: {exc})"
            raise SkipSubjectError(reason) from exc
        try:
            module = games.spec(self.game)
            new_game: Callable[..., Any] = module.new_game
            state = new_game(players=self.players, seed=1)
            if not state.legal_actions():
                raise SkipSubjectError("a new game has no legal actions")
        except SkipSubjectError:
            raise
        except Exception as exc:
            raise SkipSubjectError(
                f"furuba.{self.game} is not ready ({type(exc).__name__}: {exc})"
            ) from exc
        self._new_game = new_game

    def _make(self, seed: int) -> Any:
        if self._new_game is None:
            self.load()
        assert self._new_game is not None
        return self._new_game(players=self.players, seed=seed)

    def start(self, seed: int) -> Any:
        """A new game dealt from ``seed``."""
        return self._make(seed)

    def step(self, game: Any, rng: random.Random) -> bool:
        """Apply one uniformly random legal action; ``False`` once the game is over."""
        if game.is_terminal():
            return False
        game.apply(rng.choice(game.legal_actions()))
        return True

    def playout(self, seed: int, rng: random.Random) -> Playout:
        """One whole random game (the timed loop)."""
        state = self._make(seed)
        choice = rng.choice
        steps = 0
        while not state.is_terminal():
            state.apply(choice(state.legal_actions()))
            steps += 1
            if steps > MAX_STEPS_PER_GAME:
                raise RunawayGameError(f"{self.key} game {seed} still running after {steps} steps")
        return Playout(steps)

    def clone_call(self, game: Any) -> Callable[[], object]:
        """The state's own bound ``clone`` method."""
        clone: Callable[[], object] = game.clone
        return clone


def subjects() -> list[Subject]:
    """furuba's subjects, four players each."""
    return [
        FurubaSubject("zodiac", 4, "furuba zodiac"),
        FurubaSubject("daihinmin", 4, "furuba daihinmin", notes="a game is a match to 21 points"),
    ]
