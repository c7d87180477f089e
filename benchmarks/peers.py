"""The peers furuba is compared with: OpenSpiel and RLCard games of the same kind.

* OpenSpiel ``python_team_dominoes`` — a 4-player, pure-Python OpenSpiel game (the zodiac target);
* OpenSpiel ``dou_dizhu`` — the C++ Dou Dizhu, for context (bidding included);
* RLCard ``doudizhu`` — RLCard 1.2's Dou Dizhu (the daihinmin target), driven through
  ``rlcard.games.doudizhu.Game`` directly: importing ``rlcard.agents`` runs ``pip freeze``.

OpenSpiel deals through chance nodes; they are sampled with the benchmark's seeded
:class:`random.Random` according to ``chance_outcomes()`` and timed, but not counted as steps.
RLCard has no clone: its users copy a game with :func:`copy.deepcopy`, so that is what is timed.
"""

from __future__ import annotations

import copy
import functools
import importlib
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


class OpenSpielSubject(Subject):
    """An OpenSpiel game loaded by name, optionally after importing the module registering it."""

    group = "peers"
    clone_method = "state.clone()"

    def __init__(
        self, game_name: str, label: str, register_module: str | None = None, notes: str = ""
    ) -> None:
        self.game_name = game_name
        self.key = f"openspiel-{game_name}"
        self.label = label
        self.register_module = register_module
        self.notes = notes
        self.players = 0
        self._game: Any = None

    def load(self) -> None:
        """Import pyspiel (and the Python game's module) and load the game."""
        try:
            pyspiel = importlib.import_module("pyspiel")
            if self.register_module:
                importlib.import_module(self.register_module)
            self._game = pyspiel.load_game(self.game_name)
        except Exception as exc:
            raise SkipSubjectError(
                f"OpenSpiel {self.game_name} unavailable ({type(exc).__name__}: {exc})"
            ) from exc
        self.players = int(self._game.num_players())

    def start(self, seed: int) -> Any:
        """A new initial state (the deal is still to come, through chance nodes)."""
        return self._game.new_initial_state()

    def step(self, game: Any, rng: random.Random) -> bool:
        """Resolve chance nodes, then take one uniformly random decision."""
        while game.is_chance_node():
            outcomes, probs = zip(*game.chance_outcomes(), strict=True)
            game.apply_action(rng.choices(outcomes, probs)[0])
        if game.is_terminal():
            return False
        game.apply_action(rng.choice(game.legal_actions()))
        return True

    def playout(self, seed: int, rng: random.Random) -> Playout:
        """One whole random game (the timed loop)."""
        state = self._game.new_initial_state()
        choice = rng.choice
        choices = rng.choices
        steps = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(choices(outcomes, probs)[0])
                chance += 1
            else:
                state.apply_action(choice(state.legal_actions()))
                steps += 1
                if steps > MAX_STEPS_PER_GAME:
                    raise RunawayGameError(f"{self.key} still running after {steps} steps")
        return Playout(steps, chance)

    def clone_call(self, game: Any) -> Callable[[], object]:
        """The state's ``clone`` (for Python games, OpenSpiel deep-copies the attributes)."""
        clone: Callable[[], object] = game.clone
        return clone


class RLCardDoudizhu(Subject):
    """RLCard 1.2's Dou Dizhu through its ``Game`` class (no env, no agents)."""

    key = "rlcard-doudizhu"
    label = "RLCard doudizhu"
    group = "peers"
    players = 3
    clone_method = "copy.deepcopy(game)"
    notes = (
        "landlord chosen at random (no bidding); a step is Game.step, which also builds the next "
        "player's legal actions; RLCard has no clone(), its users copy a game with "
        "copy.deepcopy, so that is what is timed"
    )

    def __init__(self) -> None:
        self._game_class: Any = None
        self._random_state: Any = None

    def load(self) -> None:
        """Import ``rlcard.games.doudizhu`` and NumPy."""
        try:
            module = importlib.import_module("rlcard.games.doudizhu")
            numpy = importlib.import_module("numpy")
        except Exception as exc:
            raise SkipSubjectError(f"RLCard unavailable ({type(exc).__name__}: {exc})") from exc
        self._game_class = module.Game
        self._random_state = numpy.random.RandomState

    def start(self, seed: int) -> Any:
        """A new game object seeded with ``seed`` and dealt."""
        game = self._game_class()
        game.np_random = self._random_state(seed)
        game.init_game()
        return game

    def step(self, game: Any, rng: random.Random) -> bool:
        """One random play from the current player's ``state['actions']``."""
        if game.is_over():
            return False
        game.step(rng.choice(game.state["actions"]))
        return True

    def playout(self, seed: int, rng: random.Random) -> Playout:
        """One whole random game (the timed loop).

        ``Game.step`` computes the next player's state, legal actions included, as RLCard's env
        does; the game object is created per game, dealt by its own NumPy RNG seeded from ``seed``.
        """
        game = self.start(seed)
        choice = rng.choice
        state = game.state
        steps = 0
        while not game.is_over():
            state, _ = game.step(choice(state["actions"]))
            steps += 1
            if steps > MAX_STEPS_PER_GAME:
                raise RunawayGameError(f"{self.key} still running after {steps} steps")
        return Playout(steps)

    def clone_call(self, game: Any) -> Callable[[], object]:
        """``copy.deepcopy`` of the whole game object."""
        return functools.partial(copy.deepcopy, game)


def subjects() -> list[Subject]:
    """Every peer, in table order."""
    return [
        OpenSpielSubject(
            "python_team_dominoes",
            "OpenSpiel python_team_dominoes",
            register_module="open_spiel.python.games.team_dominoes",
            notes="pure Python; 28 dealing chance nodes per game (timed, not counted)",
        ),
        OpenSpielSubject(
            "dou_dizhu",
            "OpenSpiel dou_dizhu (C++)",
            notes="C++ engine, for context; bidding included; dealing chance nodes not counted",
        ),
        RLCardDoudizhu(),
    ]
