"""What search bots need from Friends of the Zodiac: a fast playout policy and an evaluation.

:func:`rollout_action` is the greedy bot's plan without its look-ahead: it plays inside a world
that a search has already sampled, so it neither re-deals nor clones for its main decisions. It
befriends the nearest Sohma it can reach this turn (playing the memories that Sohma still needs,
then moving Tohru), draws while its hand has room, and on its last action keeps Tohru away from a
Sohma the next player could befriend with the center alone.

:func:`evaluate` estimates each player's win share from friendships, hands and the turn: a
softmax over per-player scores whose weights were fitted to greedy self-play (see docs/BOTS.md).

>>> import random
>>> from furuba.zodiac import new_game
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
from furuba.core.deck import NUM_SOHMAS
from furuba.i18n import N_
from furuba.zodiac.actions import DRAW, MOVE
from furuba.zodiac.befriend import condition_met
from furuba.zodiac.codes import (
    ACTIONS_PER_TURN,
    HAND_LIMIT,
    P_CENTER,
    P_HAND,
    P_MAIN,
    P_TAKE,
)

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState

SEARCH_DEFAULTS: Final[dict[str, Any]] = {
    "c": 0.25, "bias": 1.0, "opp": "policy", "depth": 5,
    "levels": {"expert": {"sims": 400, "opp": "best", "eval": "learned"}}}
"""The search settings tuned for this game (docs/BOTS.md): UCT's ``c``, the progressive ``bias``
toward :func:`rollout_action`, the opponents' moves in the tree by that policy, and the rollout
steps after the tree (the rest of a turn and the start of the next). The ``expert`` level
searches as many simulations as ``hard`` but plans against the other players' likeliest moves
by the learned policy (``opp=best``), and judges the playouts it cuts short by the learned
outlook (``eval=learned``, :mod:`furuba.zodiac.outlook`): against three ``hard`` it won
35.7% [33.7%, 37.7%] of the games over 351 duplicate deals, +8.7 points [+6.2, +11.2] over the
hand-made evaluation on the same deals
(docs/experiments/zodiac-learned-outlook.md)."""
LEVEL_SUMMARIES: Final = {
    "expert": N_("Thinks as hard and knows more: tries its moves in four hundred imagined deals, "
                 "guided by the best of what it learned from thousands of games, plans for each "
                 "other player's likeliest reply, and judges each imagined game by what it "
                 "learned of who wins in Hard's games."),
}
"""How ``expert`` plays here, where this game tunes it its own way (the sentence all games
share does not speak of the learned outlook)."""
LADDER: Final = tuple(Rung(level, below, share, setting=N_("games to 4 friendships"))
               for level, below, share in (("beginner", "easy", 0.209), ("normal", "easy", 0.389),
                                           ("hard", "normal", 0.283), ("expert", "hard", 0.357)))
"""How strong the levels measured here: each level's share of the wins against three of the
level below, on duplicate deals of games to 4 friendships (docs/BOTS.md, *The ladder*); the
ratings rate a bot of a level from it."""
REACH: Final = 3
"""How far ahead of Tohru a Sohma counts as within reach (the moves of one turn)."""


# -- plans ---------------------------------------------------------------------------------------
def plan(state: GameState, player: int, left: int) -> tuple[int, int, int] | None:
    """The cheapest befriending ``player`` can complete with ``left`` actions of this turn.

    Returns ``(cost, action, sohma)``: the number of actions it takes (moves plus memories to
    play), the first of them and the Sohma befriended, or ``None`` when no Sohma within reach can
    be befriended.
    """
    rules = state.rules
    team = state.team_of(player)
    m = rules.num_memory_kinds
    sym = rules.memory_symbol
    symbols = len(rules.symbol_ids)
    have = [0] * symbols
    for kind in state.center:
        have[sym[kind]] += 1
    held = [0] * symbols
    first_of = [-1] * symbols
    for kind in state.hands[player]:
        if kind < m:
            i = sym[kind]
            held[i] += 1
            if first_of[i] < 0:
                first_of[i] = kind
    wild = 1 if rules.tohru_wild[int(state.tohru_back)] else 0
    fmask, stacks, flipped = state.fmask[team], state.stacks, state.flipped
    needs = rules.need_pairs
    best: tuple[int, int, int] | None = None
    for d in range(left + 1):
        s = (state.tohru + d) % NUM_SOHMAS
        if fmask >> s & 1 or not stacks[s]:
            continue
        side = flipped >> s & 1
        gaps = supplied = 0
        first = -1
        for i, n in needs[s][side]:
            gap = n - have[i]
            if gap > 0:
                gaps += gap
                give = held[i] if held[i] < gap else gap
                if give:
                    supplied += give
                    if first < 0:
                        first = first_of[i]
        missing = gaps - wild if gaps > wild else 0
        cost = d + missing
        if cost > left or cost == 0 or (best is not None and cost >= best[0]):
            continue
        if supplied < missing or not condition_met(state, team, s, side):
            continue
        best = (cost, rules.actions.play(first) if missing else MOVE, s)
    return best


def open_sohmas(state: GameState, player: int) -> list[int]:
    """The Sohmas within reach that ``player`` could befriend with the center alone."""
    rules = state.rules
    team = state.team_of(player)
    sym = rules.memory_symbol
    wild = 1 if rules.tohru_wild[int(state.tohru_back)] else 0
    have = [0] * len(rules.symbol_ids)
    for kind in state.center:
        have[sym[kind]] += 1
    out = []
    for d in range(REACH):
        s = (state.tohru + d) % NUM_SOHMAS
        if state.fmask[team] >> s & 1 or not state.stacks[s]:
            continue
        side = state.flipped >> s & 1
        missing = 0
        for i, n in rules.need_pairs[s][side]:
            if n > have[i]:
                missing += n - have[i]
        if missing <= wild and condition_met(state, team, s, side):
            out.append(s)
    return out


def _usefulness(state: GameState, player: int) -> list[int]:
    """Per symbol: how many of it the Sohmas within reach still ask for (beyond the center)."""
    rules = state.rules
    team = state.team_of(player)
    useful = [0] * len(rules.symbol_ids)
    for d in range(REACH + 1):
        s = (state.tohru + d) % NUM_SOHMAS
        if state.fmask[team] >> s & 1 or not state.stacks[s]:
            continue
        for i, n in rules.need_pairs[s][state.flipped >> s & 1]:
            useful[i] += n
    for kind in state.center:
        useful[rules.memory_symbol[kind]] -= 1
    return useful


# -- the rollout policy --------------------------------------------------------------------------
def rollout_action(state: GameState, rng: random.Random) -> int:
    """A fast greedy action for ``state.current_player`` in an already sampled world."""
    pending = state.pending
    if pending == P_MAIN:
        return _main_action(state, rng)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player = state.current_player
    rules = state.rules
    m = rules.num_memory_kinds
    if pending in (P_CENTER, P_TAKE, P_HAND):
        useful = _usefulness(state, player)
        sym = rules.memory_symbol
        kinds = [rules.actions.decode(a)[1] for a in legal]

        def worth(kind: int) -> float:
            return (useful[sym[kind]] if kind < m else -0.5) + rng.random() * 0.1

        pick = max(kinds, key=worth) if pending == P_TAKE else min(kinds, key=worth)
        return legal[kinds.index(pick)]
    return _look_one_ahead(state, legal, rng)


def _main_action(state: GameState, rng: random.Random) -> int:
    player = state.turn
    hand = state.hands[player]
    can_draw = len(hand) < HAND_LIMIT and state.can_draw()
    if not hand and not can_draw:
        return MOVE  # the only legal action
    left = ACTIONS_PER_TURN - state.actions_taken
    found = plan(state, player, left)
    if found is not None:
        return found[1]
    if left == 1 and not state.coop:
        nxt = (player + 1) % state.num_players
        if open_sohmas(state, nxt):
            after = state.clone()
            after.apply(MOVE)
            if after.is_terminal() or not open_sohmas(after, nxt):
                return MOVE
    if can_draw and len(hand) < HAND_LIMIT - 1:
        return DRAW
    if can_draw and rng.random() < 0.7:
        return DRAW
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def _look_one_ahead(state: GameState, legal: list[int], rng: random.Random) -> int:
    """For the rare sub-choices of events (an option, a Sohma): try each, keep the best."""
    player = state.current_player
    best_value, best = -math.inf, legal[0]
    for action in legal:
        child = state.clone()
        child.apply(action)
        value = 10.0 * child.friendship_count(player) + rng.random()
        if not child.is_terminal() and child.turn == player and child.pending == P_MAIN:
            found = plan(child, player, ACTIONS_PER_TURN - child.actions_taken)
            if found is not None:
                value += 5.0 - found[0]
        if value > best_value:
            best_value, best = value, action
    return best


# -- the evaluation ------------------------------------------------------------------------------
W_FRIENDS: Final = 0.254
W_FRIENDS_LATE: Final = 0.832
"""Per friendship, plus this much times the leader's progress toward the target."""
W_MEMORIES: Final = 0.057
W_EVENTS: Final = -0.068
W_SEAT: Final = (0.0, 0.158, 0.098, -0.071)
"""By place in turn order after the player on turn (0: on turn; 4 players, more reuse the last)."""
W_PLAN: Final = 0.445
"""The player on turn can befriend a Sohma with the actions left this turn."""
W_OPEN: Final = 0.257
"""The next player could befriend a Sohma within reach with the center alone."""
W_REACHED: Final = -0.491
"""The player reached the target (the others still get their last turns)."""


def scores_for_evaluation(state: GameState) -> list[float]:
    """Each player's score before the softmax of :func:`evaluate` (weights fitted to 40,000
    positions of 1,500 four-player greedy games by a conditional logit, docs/BOTS.md)."""
    n = state.num_players
    target = state.rules.options.target
    counts = [state.friendship_count(p) for p in range(n)]
    progress = max(counts) / target
    m = state.rules.num_memory_kinds
    turn = state.turn
    per_friend = W_FRIENDS + W_FRIENDS_LATE * progress
    ended = state.ender >= 0
    out = []
    for p in range(n):
        hand = state.hands[p]
        memories = sum(1 for k in hand if k < m)
        x = per_friend * counts[p] + W_MEMORIES * memories + W_EVENTS * (len(hand) - memories)
        x += W_SEAT[min((p - turn) % n, 3)]
        if ended and counts[p] >= target:
            x += W_REACHED
        out.append(x)
    if state.pending == P_MAIN and plan(state, turn, ACTIONS_PER_TURN - state.actions_taken):
        out[turn] += W_PLAN
    nxt = (turn + 1) % n
    if nxt != turn and open_sohmas(state, nxt):
        out[nxt] += W_OPEN
    return out


def evaluate(state: GameState) -> list[float]:
    """Each player's estimated win share (co-op: everyone's chance that the team wins)."""
    n = state.num_players
    if state.is_terminal():
        return state.returns()
    if state.coop:
        done = state.friendship_count(0) / NUM_SOHMAS
        used = 1.0 - len(state.deck) / max(1, len(state.rules.deck))
        chance = 1.0 / (1.0 + math.exp(-6.0 * (done - used)))
        return [chance] * n
    xs = scores_for_evaluation(state)
    top = max(xs)
    es = [math.exp(x - top) for x in xs]
    total = sum(es)
    return [e / total for e in es]
