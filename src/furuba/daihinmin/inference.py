"""Reading the table: which hidden hands would explain how the other players played this round.

:meth:`~furuba.daihinmin.state.GameState.determinize` deals the unseen cards uniformly. Players
are not random, though: most lead their lowest set, follow with the cheapest card that does not
break a set, and keep their 2s and Aces for later. :func:`world_sampler` (``infer=on``) weighs
worlds by how well they explain the round so far: it deals :data:`POOL` worlds as
:meth:`determinize` deals them, plays the round again in each from its first lead — every hand
holding what it holds in that world and what it played since — and counts the moves of the other
players that the greedy policy (:mod:`furuba.daihinmin.greedy`) would not have made with those
hands (:func:`slips`). A world is weighed :data:`SLIP` to the power of its slips, and every
sample is a copy of one of the pool drawn by weight. On 100 positions of games between search
bots, the worlds drawn this way put 55% of the hidden cards' ranks in the right hands, against
52% for uniform deals (``python -m benchmarks.hand_reading``; docs/experiments/daihinmin-hand-inference.md).

Everything here is read from the public log and from worlds :meth:`determinize` dealt, so a
sampled world still depends only on what the searching player may know. Under the house rules
(D13–D18) a move may be forced by a lock, 11-back or a run on the pile, and the greedy policy
plays by other rules: worlds are dealt uniformly.

>>> from furuba.daihinmin import new_game
>>> import random
>>> s = new_game(players=4, seed=3)
>>> sample = world_sampler(s, s.current_player)
>>> sample(random.Random(0)).view(s.current_player) == s.view(s.current_player)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from furuba.daihinmin import events
from furuba.daihinmin.greedy import greedy_action
from furuba.daihinmin.moves import PASS
from furuba.daihinmin.phases import NO_PILE
from furuba.daihinmin.ranks import counts_of

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

S = TypeVar("S", bound="GameState")


def this_round(state: GameState) -> list[events.Entry]:
    """The public events of the round being played, oldest first."""
    out = []
    log = state.log
    while log is not None:
        entry, log = log
        if entry[0] == "round":
            break
        out.append(entry)
    out.reverse()
    return out


_NO_DRAWS = random.Random(0)
"""The greedy policy draws nothing; its signature asks for a generator."""
POOL = 48
"""Worlds dealt per search for :func:`world_sampler` to weigh."""
SLIP = 0.3
"""What a world's weight is multiplied by for each move of another player it does not explain
(a world with two more such moves than another is drawn a tenth as often)."""


def round_moves(state: GameState) -> list[tuple[int, int, int]]:
    """This round's plays and passes, oldest first: ``(player, action, cards)`` (a pass: ``PASS``
    and no cards)."""
    out = []
    for entry in this_round(state):
        if entry[0] == "play":
            out.append((entry[1], entry[2], entry[3]))
        elif entry[0] == "pass":
            out.append((entry[1], PASS, 0))
    return out


def slips(world: GameState, moves: list[tuple[int, int, int]], judged: frozenset[int]) -> int:
    """How many of ``judged`` players' moves this round differ from the greedy policy's, had the
    hands been ``world``'s: the round is played again from its first lead, every hand holding what
    it holds in ``world`` and what it played since."""
    played = [0] * world.num_players
    for q, _action, cards in moves:
        played[q] |= cards
    s = world.clone()
    s.hands = tuple(hand | more for hand, more in zip(world.hands, played, strict=True))
    s.counts = tuple(counts_of(hand) for hand in s.hands)
    s.pile, s.top_level, s.top_total, s.passes = (), NO_PILE, 0, 0
    s.finished = ()
    s.current = moves[0][0]
    count = 0
    for q, action, _cards in moves:
        if q in judged and greedy_action(s, _NO_DRAWS) != action:
            count += 1
        s.apply(action)
    return count


def world_sampler(state: S, player: int) -> Callable[[random.Random], S]:
    """A function that samples worlds for ``player``, weighed by how the other players played
    this round (see the module docstring); before the round's first play, and under the house
    rules, :meth:`determinize`'s."""
    uniform = state.sampler(player)
    moves = round_moves(state) if state.phase == "play" and not state.rules.house else []
    if not moves:
        return uniform
    judged = frozenset(q for q in range(state.num_players) if q != player)
    pool: list[S] = []
    weights: list[float] = []

    def sample(rng: random.Random) -> S:
        if not pool:
            for _ in range(POOL):
                world = uniform(rng)
                pool.append(world)
                weights.append(SLIP ** slips(world, moves, judged))
            total = 0.0
            for i, w in enumerate(weights):
                total += w
                weights[i] = total
        return rng.choices(pool, cum_weights=weights)[0].clone()

    return sample
