"""Reading the table: what the plays of this round suggest about the hands a player cannot see.

:meth:`~furuba.daihinmin.state.GameState.determinize` deals the unseen cards uniformly. Players
are not random, though: most lead their lowest set and follow with a cheap card when they have
one. From the public log of the current round this module infers, for each other player, how many
cards of each rank they probably hold at most (*caps*):

* a player who passed on a set of ``k`` cards of a rank below the Ace holds fewer than ``k``
  cards of each rank from just above it up to the King (they would have followed cheaply);
* a player who led a natural set below the Ace holds no card of a lower rank.

A hand only shrinks during the play, so a cap read early in the round still holds later. A player
whose later plays break one of their caps is not playing that way, and their caps are dropped.
Under the house rules (D13–D18) a pass may be forced by a lock, 11-back or a run on the pile, so
no caps are read: worlds are dealt uniformly.

:func:`world_sampler` keeps a world :meth:`determinize` dealt when it fits the caps; otherwise it
deals the freely dealt hidden cards again, most constrained card first, each to a player whose
caps allow it (any player with room when none does). Everything here is
read from the public log and from a world :meth:`determinize` dealt, so a sampled world still
depends only on what the searching player may know.

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
from furuba.daihinmin.greedy import KEEPER_LEVEL
from furuba.daihinmin.knowledge import ceiling, known_cards
from furuba.daihinmin.moves import PLAY_JOKERS, PLAY_LEVEL, PLAY_NATURALS, PLAY_TOTAL
from furuba.daihinmin.ranks import CARD_LEVEL, NUM_LEVELS, cards_of, counts_of

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

S = TypeVar("S", bound="GameState")
NO_CAP = 4
Caps = list[list[int]]


def this_round(state: GameState) -> list[events.Entry]:
    """The public events of the round being played, oldest first."""
    out = []
    log = state._log
    while log is not None:
        entry, log = log
        if entry[0] == "round":
            break
        out.append(entry)
    out.reverse()
    return out


def read_caps(state: GameState, player: int) -> dict[int, list[int]]:
    """Per other player: the most cards of each level (3 … 2) they probably hold."""
    n = state.num_players
    caps = [[NO_CAP] * NUM_LEVELS for _ in range(n)]
    broken = [False] * n
    top_level, top_size = -2, 0
    for entry in this_round(state):
        kind = entry[0]
        if kind == "clear":
            top_level, top_size = -2, 0
        elif kind == "pass":
            q = entry[1]
            if top_size and top_level < KEEPER_LEVEL:
                for lv in range(top_level + 1, KEEPER_LEVEL):
                    caps[q][lv] = min(caps[q][lv], top_size - 1)
        elif kind == "play":
            q, action = entry[1], entry[2]
            level, naturals = PLAY_LEVEL[action], PLAY_NATURALS[action]
            if naturals and caps[q][level] < naturals:
                broken[q] = True
            if not top_size and naturals and not PLAY_JOKERS[action] and level < KEEPER_LEVEL:
                for lv in range(level):
                    caps[q][lv] = 0
            top_level, top_size = level, PLAY_TOTAL[action]
    return {q: caps[q] for q in range(n) if q != player and not broken[q]
            and any(c < NO_CAP for c in caps[q])}


class Dealer:
    """Deals hidden cards within fixed caps; built once per search, used for every world."""

    def __init__(self, players: list[int], caps: dict[int, list[int]]) -> None:
        self.players = players
        self.caps = {q: caps[q] for q in players if q in caps}
        self.eligible = [[q for q in players if q not in caps or caps[q][lv] > 0]
                         for lv in range(NUM_LEVELS)]
        self.capped = [lv for lv in range(NUM_LEVELS)
                       if any(cap[lv] < NO_CAP for cap in self.caps.values())]
        self.capped.sort(key=lambda lv: len(self.eligible[lv]))
        self.is_capped = [lv in self.capped for lv in range(NUM_LEVELS + 1)]

    def deal(self, pool: list[int], room: dict[int, int], rng: random.Random) -> dict[int, int]:
        """Deal ``pool`` into ``room[q]`` cards per player, within the caps where
        possible: capped ranks first, most constrained first; the rest fill what room is left."""
        caps = self.caps
        buckets: list[list[int]] = [[] for _ in range(NUM_LEVELS + 1)]
        free = []
        for card in pool:
            level = CARD_LEVEL[card]
            if self.is_capped[level]:
                buckets[level].append(card)
            else:
                free.append(card)
        held = {q: [0] * NUM_LEVELS for q in caps}
        hands = dict.fromkeys(self.players, 0)
        for level in self.capped:
            for card in buckets[level]:
                fits = [q for q in self.eligible[level]
                        if room[q] and (q not in held or held[q][level] < caps[q][level])]
                if not fits:
                    fits = [q for q in self.players if room[q]]
                q = fits[rng.randrange(len(fits))] if len(fits) > 1 else fits[0]
                room[q] -= 1
                hands[q] |= 1 << card
                if q in held:
                    held[q][level] += 1
        slots = [q for q in self.players for _ in range(room[q])]
        rng.shuffle(slots)
        for card, q in zip(free, slots, strict=True):
            hands[q] |= 1 << card
        return hands


def within(counts: tuple[int, ...], cap: list[int]) -> bool:
    """Whether a hand's rank counts respect ``cap``."""
    return all(counts[lv] <= cap[lv] for lv in range(NUM_LEVELS))


def world_sampler(state: S, player: int) -> Callable[[random.Random], S]:
    """A function that samples worlds for ``player``: :meth:`determinize`, then the cards it
    dealt freely dealt again within the caps this round's plays suggest."""
    caps = read_caps(state, player) if state.phase == "play" and not state._house else {}
    uniform = state.sampler(player)
    if not caps:
        return uniform
    known = known_cards(state, player)
    limit = ceiling(state, player)
    fixed = {player} | ({limit[0]} if limit is not None else set())
    free = [q for q in range(state.num_players) if q not in fixed and state.hand_sizes()[q]]
    dealer = Dealer(free, caps)

    def sample(rng: random.Random) -> S:
        world = uniform(rng)
        if all(within(world._counts[q], cap) for q, cap in caps.items() if q not in fixed):
            return world  # the uniform deal already fits: keep it (rejection sampling's answer)
        hands = list(world._hands)
        pool: list[int] = []
        room = {}
        for q in free:
            loose = hands[q] & ~known.get(q, 0)
            pool.extend(cards_of(loose))
            room[q] = loose.bit_count()
        for q, dealt in dealer.deal(pool, room, rng).items():
            hands[q] = known.get(q, 0) | dealt
        world._hands = tuple(hands)
        counts = list(world._counts)
        for q in free:
            counts[q] = counts_of(hands[q])
        world._counts = tuple(counts)
        return world

    return sample
