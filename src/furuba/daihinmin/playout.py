"""What search bots need from Dai Hin Min: a fast playout policy and an evaluation.

The playout policy is the greedy policy itself (:func:`~furuba.daihinmin.greedy.greedy_action`):
it is already fast and reads only what the player to move may know. Playouts stop at the end of
the round being searched (:func:`playout_mark`): the next deal is noise.

:func:`evaluate` scores a position mid-round. A player's points this round are the number of
players who go out after them (D6), so their expected points are the sum, over the others still
holding cards, of the chance of going out first; that chance is a logistic function of the
difference of two *burdens*, a linear score of a hand (which ranks it must still get rid of, and
whether it leads) fitted to greedy self-play (docs/BOTS.md).
Expected final points then become win shares through a softmax whose temperature grows with the
number of rounds still to play.

>>> import random
>>> from furuba.daihinmin import new_game
>>> s = new_game(players=4, seed=3)
>>> s.is_legal(rollout_action(s, random.Random(0)))
True
>>> round(sum(evaluate(s)), 6)
1.0
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any, Final

from furuba.bots.kit import Rung
from furuba.daihinmin.greedy import greedy_action
from furuba.daihinmin.outlook import share_out
from furuba.daihinmin.ranks import JOKER, NUM_LEVELS
from furuba.i18n import N_

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

SEARCH_DEFAULTS: Final[dict[str, Any]] = {
    "c": 0.25, "bias": 1.0, "opp": "policy", "depth": 16, "infer": False,
    "levels": {"normal": {"sims": 20},
               "expert": {"sims": 400, "weights": "network", "value": "points", "c": 0.125,
                          "bias": 0.5}}}
"""The search settings tuned for this game (docs/BOTS.md): UCT's ``c``, the progressive ``bias``
toward :func:`rollout_action`, the opponents' moves in the tree by that policy, and the rollout
steps after the tree (a round ends them sooner). Weighing worlds by how the others played
(:func:`~furuba.daihinmin.inference.world_sampler`, ``infer=on``) is off: it places more of the
hidden cards right, but what that buys in play is too small to measure (docs/BOTS.md).

The ``normal`` level searches 20 simulations a decision, not 100: here the search's gain
saturates early (100 play level with 1,000), so with 100 ``normal`` played level with ``hard``;
with 20 it still beats three ``easy`` bots (1.125 × the fair share of points [1.078, 1.172]) and
``hard`` beats three of it (1.042 × [1.021, 1.064] over 600 duplicate deals).

The ``expert`` level searches as many simulations as ``hard``, its prior the small network this
game ships beside its policy (``weights/network.npz``), trained to imitate ``hard``'s choices:
on the same 480 deals against three ``hard`` it scored +0.043 [+0.015, +0.072] of the fair
share of points more than the 1,000 simulations of the ``expert`` before it, and 1.016 ×
[1.002, 1.030] the fair share over 1,220 deals. And it plays for its share of the round's
points (``value=points``), not for the win alone: a search playing for the win values second,
third and last place alike once another player is sure to go out first. With ``c`` and ``bias``
halved (a share of a round's points spans half what a win share does), it scored +0.112
[+0.091, +0.134] of the fair share more than the ``expert`` playing for the win on the same 748
deals, and 1.136 × [1.123, 1.148] the fair share against three ``hard`` over 1,161 deals
(docs/experiments/daihinmin-playing-for-points.md). A playout it cuts short is judged by the
game's ``points``, the outlook learned from ``hard``'s rounds
(:mod:`furuba.daihinmin.outlook`), not by the burden model of :func:`expected_points`: +0.088
[+0.071, +0.106] of the fair share on the same 1,161 deals, 1.223 × [1.210, 1.237] against
three ``hard`` over 1,168 deals, and 29.3% [28.3%, 30.2%] of the wins
(docs/experiments/daihinmin-learned-outlook.md)."""

LADDER: Final = tuple(Rung(level, below, share, rounds=True, points=points)
               for level, below, share, points in (
                   ("beginner", "easy", 0.190, 0.78), ("normal", "easy", 0.350, 1.125),
                   ("hard", "normal", 0.289, 1.042), ("expert", "hard", 0.293, 1.223)))
"""How strong the levels measured here: each level's share of the wins against three of the
level below, on duplicate deals of single rounds, and its points as a multiple of an even share
(docs/BOTS.md, *The ladder*); the ratings rate a bot of a level from its wins."""

LEVEL_SUMMARIES: Final = {
    "normal": N_("Thinks for a moment: tries its moves in twenty imagined deals."),
    "expert": N_("Thinks as hard, with a sharper instinct, and plays for the points of every "
                 "place, not only to go out first: tries its moves in four hundred imagined "
                 "deals, guided by a small network that learned from thousands of Hard's "
                 "decisions, and judges each deal by what it learned of who goes out first in "
                 "Hard's rounds."),
}
"""How ``normal`` and ``expert`` play here, where this game tunes them its own way (the
sentences all games share speak of dozens of deals for ``normal``, and of an ``expert`` that
plans for each other player's likeliest reply, as Friends of the Zodiac's does)."""

SET_BURDEN: Final = (0.938, 0.974, 0.879, 0.789, 0.703, 0.558, 0.438, 0.331, 0.217, 0.08, -0.189, -0.299,
              -0.762)
"""The burden of holding a set of each level (3 … 2): low sets must still be got rid of, high
ones win the lead back."""
B_CARDS: Final = -0.073
B_JOKERS: Final = 0.034
B_LEAD: Final = -0.99
"""Per card, per joker, and for being the one to lead an empty pile."""
POINTS_PER_ROUND: Final = 2.0
"""About how many points the leader gains per round (for the number of rounds still to play)."""


def rollout_action(state: GameState, rng: random.Random) -> int:
    """The greedy policy's action (deterministic; ``rng`` is not needed)."""
    return greedy_action(state, rng)


def playout_mark(state: GameState) -> int:
    """The round number: a playout stops when the round it started in is over."""
    return state.round


def burden(counts: tuple[int, ...], leading: bool) -> float:
    """How far a hand (a rank-count vector) is from going out; lower is better.

    The weights were fitted by logistic regression on who went out first, over the pairs of
    players still holding cards in 80,000 positions of 1,500 four-player greedy games.
    """
    value = B_LEAD if leading else 0.0
    cards = 0
    for level in range(NUM_LEVELS):
        k = counts[level]
        if k:
            value += SET_BURDEN[level]
            cards += k
    return value + B_CARDS * cards + B_JOKERS * counts[JOKER]


def expected_points(state: GameState) -> list[float]:
    """Each player's points at the end of this round, as far as can be told now."""
    n = state.num_players
    points = [float(s) for s in state.scores()]
    sizes = state.hand_sizes()
    holding = [p for p in range(n) if sizes[p]]
    if len(holding) < 2 or state.is_terminal():
        return points
    top_size = state.pile_top()[1]
    leader = state.current_player if top_size == 0 and state.phase == "play" else -1
    return share_out(points, {p: -burden(state.hand_counts(p), p == leader) for p in holding})


def evaluate(state: GameState) -> list[float]:
    """Each player's estimated win share of the game."""
    if state.is_terminal():
        return state.returns()
    projected = expected_points(state)
    options = state.options
    top = max(projected)
    rounds = math.inf
    if options.target is not None:
        rounds = max(0.0, options.target - top) / POINTS_PER_ROUND
    if options.max_rounds is not None:
        rounds = min(rounds, float(options.max_rounds - state.round))
    temperature = 0.8 * math.sqrt(1.0 + 2.5 * rounds)
    es = [math.exp((x - top) / temperature) for x in projected]
    total = sum(es)
    return [e / total for e in es]
