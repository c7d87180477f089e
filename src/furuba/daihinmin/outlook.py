"""Who is likely to go out before whom: a round's expected points, learned from ``hard``'s games.

A player's points this round are the number of players who go out after them (D6), so their
expected points are the sum, over the others still holding cards, of the chance of going out
before each. :func:`expected_points` models that chance as a logistic function of the
difference of two players' :func:`features` — the sets a hand still has to get rid of and how
high they are, which of them no other hand can beat (*control*: a set nobody can follow wins
the lead back), whether the player leads, owns the pile or can beat it, and how soon they move.
The weights (:data:`WEIGHTS`) were fitted by logistic regression on who went out first, over
the pairs of players still holding cards in the positions of rounds played by four ``hard``
bots (``python -m furuba.daihinmin.outlook_fit``; docs/experiments/daihinmin-learned-outlook.md).

It is the game's ``points``, so a search that plays for points (``value=points``: ``expert``)
judges the playouts it cuts short by it, where it scored +0.088 [+0.071, +0.106] of the fair
share of the points over the burden model (:func:`furuba.daihinmin.playout.expected_points`) on
the same 1,161 deals against three ``hard``. The search applies it to a whole sampled world, so
the features may look at every hand of that world.

>>> from furuba.daihinmin import new_game
>>> s = new_game(players=4, seed=3, max_rounds=1)
>>> points = expected_points(s)
>>> round(sum(points), 6)  # every pair of players still holding cards shares one point
6.0
>>> len(features(s, 0, holders(s))) == len(WEIGHTS)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from furuba.daihinmin.ranks import JOKER, NUM_LEVELS, RANK_NAMES

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

MAX_SIZE: Final = 6
"""The largest set (4 naturals and 2 jokers, D4)."""

FEATURE_NAMES: Final[tuple[str, ...]] = (
    *(f"holds {rank}s" for rank in RANK_NAMES),
    "jokers", "cards", "leads", "owns the pile", "moves 2nd", "moves 3rd", "moves 4th",
    "sets in control", "sets out of control", "at most one set out of control",
    "can beat the pile")
"""What :func:`features` measures of a player, in order: which ranks the hand holds (each a set
it must still play, 3s lowest, 2s highest), its jokers and cards, whether it leads an empty pile
or owns the set on top, how many players still holding cards move before it, how many of its
sets no other hand could beat with a set of their size (*in control*) and how many it could lose
the lead with, and whether it could beat the set on top."""

WEIGHTS: Final[tuple[float, ...]] = (
    -0.521, -0.562, -0.592, -0.388, -0.429, -0.181, -0.127, -0.054, 0.020, 0.155, 0.320, 0.426,
    0.954, 0.130, 0.300, 0.567, 0.197, -0.063, -0.149, -0.188, -0.397, -0.582, 0.914, 0.170)
"""The logistic weight of each feature (:data:`FEATURE_NAMES`): a player's chance of going out
before another is ``1 / (1 + exp(-(w · (f_a - f_b))))``."""


def holders(state: GameState) -> list[int]:
    """The players still holding cards."""
    return [p for p, size in enumerate(state.hand_sizes()) if size]


def _best_by_size(counts: tuple[int, ...]) -> list[int]:
    """For each set size 0 … :data:`MAX_SIZE`, the highest level at which the hand can make a
    set of that size (jokers filling in, D3), or -1."""
    best = [-1] * (MAX_SIZE + 1)
    jokers = counts[JOKER]
    for level in range(NUM_LEVELS - 1, -1, -1):
        k = counts[level]
        if k:
            for size in range(1, min(k + jokers, MAX_SIZE) + 1):
                if best[size] < 0:
                    best[size] = level
    return best


def features(state: GameState, player: int, holding: list[int],
             best: dict[int, list[int]] | None = None) -> list[float]:
    """What the model weighs of ``player``'s position (:data:`FEATURE_NAMES`); ``holding`` are
    the players still holding cards (:func:`holders`), ``best`` each one's highest set of each
    size (computed here unless given)."""
    counts = state.counts[player]
    if best is None:
        best = {q: _best_by_size(state.counts[q]) for q in holding}
    top_level, top_size = state.top_level, state.top_total
    current = state.current
    owner = state.pile[-1][0] if state.pile else -1
    f = [1.0 if counts[level] else 0.0 for level in range(NUM_LEVELS)]
    f.append(float(counts[JOKER]))
    f.append(float(sum(counts)))
    f.append(1.0 if top_size == 0 and current == player else 0.0)
    f.append(1.0 if top_size and owner == player else 0.0)
    n = state.num_players
    ahead, seat = 0, current
    for _ in range(n):
        if seat == player:
            break
        if seat in holding:
            ahead += 1
        seat = (seat + state.direction) % n
    f.extend(1.0 if ahead == k else 0.0 for k in (1, 2, 3))
    rivals = [max(sizes) for sizes in zip(*(best[q] for q in holding if q != player), strict=True)]
    sets = control = 0
    for level in range(NUM_LEVELS):
        k = counts[level]
        if k:
            sets += 1
            if rivals[min(k, MAX_SIZE)] <= level:
                control += 1
    f.append(float(control))
    f.append(float(sets - control))
    f.append(1.0 if sets - control <= 1 else 0.0)
    beats = top_size and owner != player and best[player][min(top_size, MAX_SIZE)] > top_level
    f.append(1.0 if beats else 0.0)
    return f


def expected_points(state: GameState, weights: Sequence[float] = WEIGHTS) -> list[float]:
    """Each player's points at the end of this round, as far as the model can tell (their
    points so far, and for each other player still holding cards the chance of going out
    before them); ``weights`` are :data:`WEIGHTS` unless told."""
    points = state.scores()
    holding = holders(state)
    if len(holding) < 2 or state.is_terminal():
        return points
    best = {q: _best_by_size(state.counts[q]) for q in holding}
    return share_out(points, {
        p: sum(w * x for w, x in zip(weights, features(state, p, holding, best), strict=True))
        for p in holding})


def share_out(points: list[float], score: dict[int, float]) -> list[float]:
    """``points`` plus, for each player in ``score`` (those still holding cards), the chance of
    going out before each other one: a logistic of the difference of their scores (higher is
    better). Changes and returns ``points``.

    >>> share_out([3.0, 0.0, 0.0, 0.0], {1: 0.0, 2: 0.0, 3: 0.0})
    [3.0, 1.0, 1.0, 1.0]
    """
    for i, si in score.items():
        for j, sj in score.items():
            if j != i:
                points[i] += 1.0 / (1.0 + math.exp(sj - si))
    return points
