"""Befriending (rulebook "Befriending", rulings Z3 and Z4).

A player befriends the Sohma Tohru is next to when all of these hold:

* they have no friendship card of that Sohma yet, and one is left in its stack;
* the memories in the center carry every symbol the face-up side asks for, counted (Z4) — Tohru's
  wild symbol, when her wild side is up, stands in for one missing symbol;
* the side's extra condition, if any, is met.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.zodiac.rules import (
    COND_CENTER,
    COND_FRIEND_OF,
    COND_MIN_FRIENDS,
    COND_NONE,
    COND_TOHRU_SIDE,
    Rules,
)

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState


def missing_symbols(rules: Rules, center: tuple[int, ...], sohma: int, side: int) -> int:
    """How many symbols the side of ``sohma`` asks for that the center does not show.

    >>> from furuba.zodiac import new_game
    >>> r = new_game(players=2, seed=0).rules
    >>> trust, heartache = r.kind_of("Trust"), r.kind_of("Sharing Heartache")
    >>> missing_symbols(r, (trust, heartache), 1, 0)  # Hatsuharu, human side
    1
    >>> missing_symbols(r, (trust, heartache, r.kind_of("Insecurity")), 1, 0)
    0
    """
    pairs = rules.need_pairs[sohma][side]
    if not pairs:
        return 0
    have = [0] * len(rules.symbol_ids)
    sym = rules.memory_symbol
    for kind in center:
        have[sym[kind]] += 1
    missing = 0
    for i, n in pairs:
        if n > have[i]:
            missing += n - have[i]
    return missing


def condition_met(state: GameState, team: int, sohma: int, side: int) -> bool:
    """Whether the extra condition on that side of ``sohma`` holds for ``team``."""
    code, a, b = state.rules.conditions[sohma][side]
    if code == COND_NONE:
        return True
    if code == COND_FRIEND_OF:
        return bool(state.fmask[team] >> a & 1)
    if code == COND_MIN_FRIENDS:
        return len(state.friends[team]) >= a
    if code == COND_TOHRU_SIDE:
        return int(state.tohru_back) == a
    if code == COND_CENTER:
        return a <= len(state.center) <= b
    return False  # pragma: no cover


def befriendable(state: GameState, team: int, sohma: int) -> bool:
    """Whether ``team`` (a player, or the co-op team) befriends ``sohma`` if Tohru is next to it."""
    if state.fmask[team] >> sohma & 1 or not state.stacks[sohma]:
        return False
    rules = state.rules
    side = state.flipped >> sohma & 1
    wild = 1 if rules.tohru_wild[int(state.tohru_back)] else 0
    if missing_symbols(rules, state.center, sohma, side) > wild:
        return False
    return condition_met(state, team, sohma, side)
