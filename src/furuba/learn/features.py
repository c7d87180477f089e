"""What a game hands the learner: features of each legal action, as the player to move sees it.

A game's learner's kit (:class:`furuba.learn.kit.LearningKit`) gives an
:class:`ActionFeatures`: the names of its features and ``featurize(state, legal)``, one row per
legal action of float32 numbers (:func:`float32_rows`; plain Python, so that the bots play
without numpy — training stacks the rows into a numpy matrix). A row describes the position *as
the current player sees it* — only what ``state.view(player)`` shows, never another player's
hidden cards — crossed with the action, so that a linear score of a row ranks the actions
(:mod:`furuba.learn.policy`). Features that are the same for every action of a position cancel
out of a softmax: a game crosses what it knows of the position with what each action does.

It also says how to train on the game: the options of a training game, the running reward of
each player and where credit stops (a game of rounds may score each round on its own).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from furuba.core.protocol import State

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

Row = Sequence[float]
"""One legal action's features."""
Rows = list[Row]
"""One row of features per legal action, each ``len(names)`` float32 numbers."""


def float32_rows(rows: Iterable[Iterable[float]]) -> Rows:
    """``rows`` with each number rounded to the nearest float32, as a numpy float32 matrix holds
    it (the features were float32 when the shipped weights were trained on them).

    >>> [list(row) for row in float32_rows([[0.1, 1.0], [True, 0]])]
    [[0.10000000149011612, 1.0], [1.0, 0.0]]
    """
    return [array("f", row) for row in rows]


def final_returns(state: State) -> list[float]:
    """The running reward of a game scored only at its end: its returns (0 until it is over)."""
    return state.returns()


def one_segment(state: State) -> Hashable:
    """The whole game is one stretch of credit."""
    return 0


@dataclass(frozen=True)
class ActionFeatures:
    """A game's features for a softmax policy, and how to train on the game.

    * ``names``: the name of each feature (column), stable across versions of the weights;
    * ``featurize(state, legal)``: the feature rows (:data:`Rows`) of the current player's
      legal actions ``legal`` (in that order); reads only what the player may know;
    * ``options``: the options of the games trained on (a few rounds of a long game);
    * ``reward(state)``: each player's running reward, which only grows when the player did
      well (by default the returns, at the end; or points as they come);
    * ``segment(state)``: a mark that changes where credit stops: a decision is credited with
      what its player's reward gained until the mark changes (a round);
    * ``start``: where training starts, weights by feature name (the others 0; none: the
      uniform policy) — a game may hand over its own heuristic in these features;
    * ``shipped``: the weights shipped with the game (``weights/policy.npz`` in its package, its
      provenance in ``policy.json`` beside it), which the ``policy`` bot plays by default.
    """

    names: tuple[str, ...]
    featurize: Callable[[State, list[int]], Rows]
    options: Mapping[str, Any] = field(default_factory=dict)
    reward: Callable[[State], list[float]] = final_returns
    segment: Callable[[State], Hashable] = one_segment
    start: Mapping[str, float] = field(default_factory=dict)
    shipped: Path | None = None

    @property
    def size(self) -> int:
        """The number of features."""
        return len(self.names)

    def start_weights(self) -> npt.NDArray[np.float64]:
        """The weights training starts from (:attr:`start` in column order)."""
        import numpy as np

        return np.array([self.start.get(name, 0.0) for name in self.names], dtype=np.float64)
