"""What a game tells the balance lab of its cards: its :class:`CardHooks`.

The lab's card metrics, restricted play and game-length figures are generic: they count cards
by name and never look inside a game. A game that wants them measured names, in the ``cards``
loader of its :class:`~furuba.spec.GameSpec`, a ``CardHooks`` value defined beside the game:

* ``kinds(state)``: every card kind of games like ``state`` (same options, same card set), by
  name, in the game's own order; ``label(state, kind)``: the name a player reads, in the
  context's language;
* ``trials(state)``: from a *finished* game, its :data:`Trial` s — for each player and each unit
  of play (a game, or a round for a game dealt anew every round), what counts as a win of it
  and which kinds the player was dealt, held at some time and played;
* ``plays(state, action)``: the kinds a legal ``action`` of the current player puts into play
  (empty for an action that plays no card);
* ``lengths(state)``: a finished game's length in the game's own units (``turns``, ``rounds``).

``unit`` names what one trial is and ``outcome`` what a win of it is, for the reader. A trial
holds what its player held, hidden or not: the lab reads finished bot games, never a table.

>>> from furuba import games
>>> from furuba.sim.kit import LabKit
>>> hooks = games.spec("daihinmin").kit(LabKit).cards()
>>> hooks.unit, hooks.kinds(games.new_game("daihinmin", players=4, seed=1))[-2:]
('round', ['2', 'Joker'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypedDict

from furuba.core.protocol import State


class Trial(TypedDict):
    """One player's part in one unit of play (a game, or a round)."""

    seat: int
    """The player (the seat of the line-up that played it)."""
    win: float
    """What the player won of it, from 0 to 1 (a win share: a two-way tie is 0.5)."""
    dealt: list[str]
    """The kinds in the player's starting hand of it."""
    held: list[str]
    """The kinds the player held at some time in it: dealt, drawn or taken."""
    played: list[str]
    """The kinds the player played in it."""


def _no_lengths(state: State) -> dict[str, int]:
    return {}


@dataclass(frozen=True)
class CardHooks:
    """A game's answers to the balance lab's questions about its cards (see the module's notes)."""

    unit: str
    """What one trial is, in a word (``"game"``, ``"round"``); said through the game's catalog."""
    outcome: str
    """What a win of a trial is, in a few words; said through the game's catalog."""
    kinds: Callable[[State], list[str]]
    trials: Callable[[State], list[Trial]]
    plays: Callable[[State, int], frozenset[str]]
    label: Callable[[State, str], str] = lambda state, kind: kind
    lengths: Callable[[State], dict[str, int]] = _no_lengths


def trial(seat: int, win: float, dealt: Any, held: Any, played: Any) -> Trial:
    """A :data:`Trial` with its kinds sorted (sets or lists of names).

    >>> trial(1, 1.0, {"b", "a"}, {"a", "b", "c"}, set())
    {'seat': 1, 'win': 1.0, 'dealt': ['a', 'b'], 'held': ['a', 'b', 'c'], 'played': []}
    """
    return {"seat": seat, "win": float(win), "dealt": sorted(dealt), "held": sorted(held),
            "played": sorted(played)}
