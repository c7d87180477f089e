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

A search that models the other players with a learned policy (``opp=best``, such as the
model of the UECda ``default`` client that ``furuba uecda fit`` makes) judges the worlds by that
model instead (the spec's ``model_sampler``: :func:`world_sampler` with a ``judge``), each move
it does not foresee weighing :data:`MODEL_SLIP`. Under the house rules (D13–D18) a move may be
forced by a lock, 11-back or a run on the pile, and the greedy policy plays by other rules: worlds
are then dealt uniformly unless a model judges them, and the round is played again under the
house rules — the lock, the revolutions and who went out come back as the moves bring them,
checked once against the table as it stands (:func:`reversed_at_start_of`); a round that does not
come back to it is not read.

Everything here is read from the public log and from worlds :meth:`determinize` dealt, so a
sampled world still depends only on what the searching player may know.

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

from furuba.core.errors import FurubaError
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
MODEL_SLIP = 0.1
"""The same for a move a learned model of the others does not explain: a model fitted to how
they play (``furuba uecda fit``) foresees most of their moves, so a move it does not is the
rarer. On 149 positions of recorded games between the UECda ``default`` clients, worlds judged
by its model put 37.7% of the hidden cards in the right hands (36.8% at ``SLIP``; by the greedy
policy 35.9%; uniform deals 33.0%)."""


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


Judge = Callable[["GameState", random.Random], int]
"""What a player is expected to play in a position (a policy)."""


def round_start(world: GameState, moves: list[tuple[int, int, int]],
                reversed_at_start: bool) -> GameState:
    """``world`` as it was at the round's first lead: every hand holding what it holds in
    ``world`` and what it played since, the pile empty, no lock, no 11-back, nobody out."""
    played = [0] * world.num_players
    for q, _action, cards in moves:
        played[q] |= cards
    s = world.clone()
    s.hands = tuple(hand | more for hand, more in zip(world.hands, played, strict=True))
    s.counts = tuple(counts_of(hand) for hand in s.hands)
    s.pile, s.top_level, s.top_total, s.passes = (), NO_PILE, 0, 0
    s.finished = ()
    s.current = s.leader = moves[0][0]
    s.passed, s.lock, s.back = 0, 0, False
    s.ranks_reversed = reversed_at_start
    return s


def slips(world: GameState, moves: list[tuple[int, int, int]], judged: frozenset[int],
          judge: Judge = greedy_action, reversed_at_start: bool | None = None) -> int:
    """How many of ``judged`` players' moves this round differ from ``judge``'s (the greedy
    policy's), had the hands been ``world``'s: the round is played again from its first lead
    (:func:`round_start`; the ranks reversed there as ``world``'s are unless told)."""
    start = world.ranks_reversed if reversed_at_start is None else reversed_at_start
    s = round_start(world, moves, start)
    count = 0
    for q, action, _cards in moves:
        if q in judged and judge(s, _NO_DRAWS) != action:
            count += 1
        s.apply(action)
    return count


def reversed_at_start_of(world: GameState, moves: list[tuple[int, int, int]]) -> bool | None:
    """Whether the round's moves, played again from its first lead in ``world``, come to the
    table ``world`` shows — the ranks not reversed at the start, else reversed; ``None`` when
    neither does (a round this reading cannot rebuild)."""
    for start in (False, True):
        s = round_start(world, moves, start)
        try:
            for _q, action, _cards in moves:
                s.apply(action)
        except FurubaError:
            continue
        if (s.current, s.top_level, s.top_total, s.lock, s.back, s.ranks_reversed,
                s.finished, s.passed) == (world.current, world.top_level, world.top_total,
                                          world.lock, world.back, world.ranks_reversed,
                                          world.finished, world.passed):
            return start
    return None


def world_sampler(state: S, player: int, judge: Judge | None = None,
                  pool_size: int = POOL) -> Callable[[random.Random], S]:
    """A function that samples worlds for ``player``, weighed by how the other players played
    this round (see the module docstring) as ``judge`` would have (the greedy policy); before
    the round's first play, :meth:`determinize`'s — and under the house rules too unless a
    ``judge`` is given (the greedy policy plays the rulebook's game), or when the round cannot
    be played again to the table as it stands."""
    uniform = state.sampler(player)
    if state.phase != "play" or (state.rules.house and judge is None):
        return uniform
    moves = round_moves(state)
    if not moves:
        return uniform
    judged = frozenset(q for q in range(state.num_players) if q != player)
    policy = judge or greedy_action
    slip = SLIP if judge is None else MODEL_SLIP
    pool: list[S] = []
    weights: list[float] = []
    rebuilt = [True]

    def sample(rng: random.Random) -> S:
        if not rebuilt[0]:
            return uniform(rng)
        if not pool:
            first = uniform(rng)
            start = reversed_at_start_of(first, moves) if state.rules.house else first.ranks_reversed
            if start is None:
                rebuilt[0] = False
                return first
            pool.append(first)
            while len(pool) < pool_size:
                pool.append(uniform(rng))
            total = 0.0
            for world in pool:
                total += slip ** slips(world, moves, judged, policy, start)
                weights.append(total)
        return rng.choices(pool, cum_weights=weights)[0].clone()

    return sample
