"""The greedy Friends of the Zodiac bot: one action ahead, scored by a plain-words heuristic.

It befriends whenever it can, moves Tohru toward a Sohma it can befriend within the actions it
has left, plays the memories that complete such a Sohma's needs, and avoids leaving Tohru next to
a Sohma the next player could befriend straight away when that is cheap.

It is honest: it looks ahead in a world re-dealt with :meth:`GameState.determinize`, so a draw
in its look-ahead never shows it the real top of the deck.
"""

from __future__ import annotations

import random
from typing import Final

from furuba.core.deck import NUM_SOHMAS
from furuba.zodiac.befriend import condition_met, missing_symbols
from furuba.zodiac.codes import ACTIONS_PER_TURN
from furuba.zodiac.state import GameState

FRIEND: Final = 1000.0
RIVAL: Final = 350.0


def _coverable(state: GameState, hand: tuple[int, ...], sohma: int) -> tuple[int, int]:
    """(symbols still missing after the center and the wild, how many the hand can supply)."""
    rules = state.rules
    side = state.flipped >> sohma & 1
    need = list(rules.needs[sohma][side])
    sym = rules.memory_symbol
    for kind in state.center:
        s = sym[kind]
        if need[s]:
            need[s] -= 1
    missing = sum(need)
    if rules.tohru_wild[int(state.tohru_back)] and missing:
        missing -= 1
    if not missing:
        return 0, 0
    supply = 0
    m = rules.num_memory_kinds
    for kind in hand:
        if kind < m:
            s = sym[kind]
            if need[s]:
                need[s] -= 1
                supply += 1
    return missing, supply


def evaluate(state: GameState, me: int) -> float:
    """How good ``state`` looks for ``me`` (bigger is better)."""
    if state.is_terminal():
        return 100_000.0 * state.returns()[me] + FRIEND * state.friendship_count(me)
    team = state.team_of(me)
    value = FRIEND * len(state.friends[team])
    if not state.coop:
        value -= RIVAL * max((len(f) for i, f in enumerate(state.friends) if i != me), default=0)
    hand = state.hands[me]
    m = state.rules.num_memory_kinds
    value += sum(3.0 if k < m else 1.5 for k in hand)
    if state.turn == me:
        cost = cheapest_befriending(state, me)
        if cost is not None:
            value += 400.0 - 40.0 * cost
    elif not state.coop:
        value -= _exposure(state, state.turn, me)
    return value


def cheapest_befriending(state: GameState, me: int) -> int | None:
    """The fewest actions (moves of Tohru and memories played) that befriend a Sohma within what
    is left of ``me``'s turn, with the cards in ``me``'s hand; ``None``: no Sohma is in reach."""
    team = state.team_of(me)
    hand = state.hands[me]
    left = ACTIONS_PER_TURN - state.actions_taken
    cheapest: int | None = None
    for d in range(left + 1):
        s = (state.tohru + d) % NUM_SOHMAS
        if state.fmask[team] >> s & 1 or not state.stacks[s]:
            continue
        missing, supply = _coverable(state, hand, s)
        if supply < missing or d + missing > left:
            continue
        if condition_met(state, team, s, state.flipped >> s & 1) and (
                cheapest is None or d + missing < cheapest):
            cheapest = d + missing
    return cheapest


def _exposure(state: GameState, nxt: int, me: int) -> float:
    """Penalty for Sohmas the next player could befriend with the center alone."""
    if nxt == me:
        return 0.0
    rules = state.rules
    wild = 1 if rules.tohru_wild[int(state.tohru_back)] else 0
    penalty = 0.0
    for d in range(ACTIONS_PER_TURN):
        s = (state.tohru + d) % NUM_SOHMAS
        if state.fmask[nxt] >> s & 1 or not state.stacks[s]:
            continue
        side = state.flipped >> s & 1
        if missing_symbols(rules, state.center, s, side) <= wild:
            penalty += 60.0 - 15.0 * d
    return penalty


def greedy_action(state: GameState, rng: random.Random) -> int:
    """The action the greedy bot takes for ``state.current_player``."""
    return greedy_among(state, state.legal_actions(), rng)


def greedy_among(state: GameState, legal: list[int], rng: random.Random) -> int:
    """The greedy choice among ``legal``, some of the legal actions (all of them for
    :func:`greedy_action`): the one whose result :func:`evaluate` rates best, in a world re-dealt
    from what the player knows."""
    me = state.current_player
    if len(legal) == 1:
        return legal[0]
    world = state.determinize(me, rng)
    best_value, best = float("-inf"), legal[0]
    for action in legal:
        child = world.clone()
        child.apply(action)
        value = evaluate(child, me) + rng.random() * 1e-3
        if value > best_value:
            best_value, best = value, action
    return best
