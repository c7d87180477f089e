"""Who is likely to win: each player's win share, learned from ``hard``'s games.

:func:`win_shares` is a softmax over the players of a linear score of each one's
:func:`features` — friendships and how near the target they are, the hand (memories, events, how
many of them the Sohmas ahead of Tohru still ask for), the Sohmas left to befriend, the place in
turn order, and how soon the player could befriend: with the actions left this turn, within 3
actions or within 6 of where Tohru stands, or with the center alone. The weights
(:data:`WEIGHTS`) were fitted by a conditional logit on who won, over the positions of games
played by four ``hard`` bots (``python -m furuba.zodiac.outlook_fit``;
docs/experiments/zodiac-learned-outlook.md). The hand-made :func:`furuba.zodiac.playout.evaluate` has the
same shape with fewer features, fitted to greedy games.

The game offers it to the search as the evaluation named ``learned`` (``eval=learned``), and
``expert`` judges the playouts it cuts short by it: against three ``hard`` it won 35.7% [33.7%,
37.7%] of the games over 351 duplicate deals, +8.7 points [+6.2, +11.2] over the hand-made
evaluation on the same 345 deals. The search applies it to a whole sampled world, so the
features may look at every hand of that world.

>>> from furuba.zodiac import new_game
>>> s = new_game(players=4, seed=3)
>>> round(sum(win_shares(s)), 6)
1.0
>>> len(features(s)[0]) == len(FEATURE_NAMES) == len(WEIGHTS)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from furuba.core.deck import NUM_SOHMAS
from furuba.zodiac.befriend import condition_met
from furuba.zodiac.codes import ACTIONS_PER_TURN, HAND_LIMIT, P_MAIN
from furuba.zodiac.playout import REACH, evaluate, plan

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState

NEAR: Final = 3
FAR: Final = 6
"""How many actions away a befriending counts as *within 3* and *within 6* (from where Tohru
stands, as if the player were on turn with that many actions)."""

FEATURE_NAMES: Final[tuple[str, ...]] = (
    "friendships", "friendships x the leader's progress", "one short of the target",
    "two short of the target", "memories", "events", "a full hand",
    "memories the Sohmas ahead ask for", "Sohmas left to befriend",
    "moves 2nd", "moves 3rd", "moves 4th",
    "can befriend with the actions left", "actions to spare", "actions left this turn",
    "befriends within 3 actions", "within 3 and moves 2nd", "within 3 and moves 3rd",
    "within 3 and moves 4th", "within 3 and one short", "befriends within 6 actions",
    "the center alone befriends", "moves next and the center alone befriends",
    "reached the target")
"""What :func:`features` measures of a player, in order: friendships (also times the leader's
count over the target), whether one or two friendships short of the target, the memories and
events held, a hand at the limit, the memories held that the Sohmas within reach of Tohru still
ask for beyond the center, the Sohmas the player may still befriend, the place in turn order
after the player on turn, whether the player on turn can befriend with the actions left this
turn (and how many actions that leaves, and how many are left), whether the player could
befriend within 3 actions of where Tohru stands (alone and by place in turn order, and when one
short), or within 6, whether the center alone would do for a Sohma within reach (for anyone, and
for the next player), and whether the player reached the target in a game that is ending."""

WEIGHTS: Final[tuple[float, ...]] = (
    0.148, 0.711, -0.058, -0.018, -0.083, 0.052, 0.019, 0.074, -0.148, 0.157, 0.132, 0.068,
    0.338, 0.076, 0.058, 0.102, 0.106, -0.117, -0.215, 0.292, 0.102, 0.243, -0.006, -0.220)
"""The weight of each feature (:data:`FEATURE_NAMES`) in a player's score."""


def features(state: GameState) -> list[list[float]]:
    """Each player's :data:`FEATURE_NAMES`, in order."""
    rules = state.rules
    n = state.num_players
    target = rules.options.target
    counts = [state.friendship_count(p) for p in range(n)]
    progress = max(counts) / target
    m = rules.num_memory_kinds
    sym = rules.memory_symbol
    symbols = len(rules.symbol_ids)
    center = [0] * symbols
    for kind in state.center:
        center[sym[kind]] += 1
    wild = 1 if rules.tohru_wild[int(state.tohru_back)] else 0
    turn = state.turn
    left = ACTIONS_PER_TURN - state.actions_taken
    now = plan(state, turn, left) if state.pending == P_MAIN else None
    ended = state.ender >= 0
    out = []
    for p in range(n):
        hand = state.hands[p]
        held = [0] * symbols
        for kind in hand:
            if kind < m:
                held[sym[kind]] += 1
        memories = sum(held)
        team = state.team_of(p)
        fmask = state.fmask[team]
        useful = [-c for c in center]
        best = FAR + 1
        center_alone = False
        for d in range(FAR + 1):
            s = (state.tohru + d) % NUM_SOHMAS
            if fmask >> s & 1 or not state.stacks[s]:
                continue
            side = state.flipped >> s & 1
            gaps = supplied = 0
            for i, need in rules.need_pairs[s][side]:
                if d <= REACH:
                    useful[i] += need
                gap = need - center[i]
                if gap > 0:
                    gaps += gap
                    supplied += held[i] if held[i] < gap else gap
            missing = gaps - wild if gaps > wild else 0
            cost = d + missing
            alone = d < REACH and not missing
            reach = 0 < cost < best and supplied >= missing
            if (alone or reach) and condition_met(state, team, s, side):
                center_alone = center_alone or alone
                if reach:
                    best = cost
        asked = sum(h if h < u else u for h, u in zip(held, useful, strict=True) if u > 0)
        seat = min((p - turn) % n, 3)
        near = best <= NEAR
        short = target - counts[p]
        on_turn = p == turn
        out.append([
            counts[p], counts[p] * progress, short == 1, short == 2,
            memories, len(hand) - memories, len(hand) >= HAND_LIMIT, asked,
            sum(1 for s in range(NUM_SOHMAS) if not fmask >> s & 1 and state.stacks[s]),
            seat == 1, seat == 2, seat == 3,
            on_turn and now is not None, left - now[0] if on_turn and now is not None else 0,
            left if on_turn else 0,
            near, near and seat == 1, near and seat == 2, near and seat == 3, near and short == 1,
            best <= FAR, center_alone, seat == 1 and center_alone,
            ended and counts[p] >= target])
    return out


def scores(state: GameState, weights: Sequence[float] = WEIGHTS) -> list[float]:
    """Each player's score: the weighted sum of its :func:`features`."""
    return [sum(w * x for w, x in zip(weights, row, strict=True)) for row in features(state)]


def win_shares(state: GameState, weights: Sequence[float] = WEIGHTS) -> list[float]:
    """Each player's estimated win share: a softmax of :func:`scores` (at the end, the game's
    ``returns``; in co-op, the hand-made :func:`furuba.zodiac.playout.evaluate`)."""
    if state.is_terminal() or state.coop:
        return evaluate(state)
    xs = scores(state, weights)
    top = max(xs)
    es = [math.exp(x - top) for x in xs]
    total = sum(es)
    return [e / total for e in es]
