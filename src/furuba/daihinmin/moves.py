"""The fixed action table and move generation on rank-count vectors (D3, D4, D5).

Every state of every Dai Hin Min game shares one table of :data:`NUM_ACTIONS` ids:

* ``0`` — ``pass``;
* ``1``, ``2`` — ``play joker``, ``play joker x2`` (a set of jokers alone, the lowest rank, D3);
* ``3 …`` — one play per (rank, naturals 1–4, jokers 0–2), e.g. ``play 7x2+joker``;
* the gifts of the exchange by rank (``give 7``, ``give joker``, D9);
* ``declare revolution`` and ``keep quiet`` (D10).

Plays are abstract over suits (suits never matter); the state picks the concrete cards.
Ids grow with the rank, then the number of naturals, then the jokers, so generating plays rank by
rank gives a sorted list.

When a house rule makes the suits count (D14 sequences, D17 suit lock, D18 spade 3), the plays
that name their cards follow these ids (:mod:`furuba.daihinmin.suited`; generated in
:mod:`furuba.daihinmin.house_plays`): the tables below cover every id, :func:`num_actions` says how
many a game uses.

>>> NUM_ACTIONS
175
>>> [ACTION_NAMES[a] for a in (PASS, PLAY_JOKER, PLAY_JOKER_X2, play_id(4, 2, 1), play_id(7, 3, 0))]
['pass', 'play joker', 'play joker x2', 'play 7x2+joker', 'play 10x3']
>>> ACTION_NAMES[give_id(10)], ACTION_NAMES[GIVE_JOKER], ACTION_NAMES[DECLARE], ACTION_NAMES[KEEP_QUIET]
('give K', 'give joker', 'declare revolution', 'keep quiet')
>>> hand = (0,) * 4 + (2,) + (0,) * 8 + (1,)          # two 7s and a joker
>>> [ACTION_NAMES[a] for a in legal_plays(hand, 0, 0)]
['play joker', 'play 7', 'play 7+joker', 'play 7x2', 'play 7x2+joker']
>>> [ACTION_NAMES[a] for a in legal_plays(hand, 3, 2)]  # on a pair of 6s
['pass', 'play 7+joker', 'play 7x2']
"""

from __future__ import annotations

from typing import Final

from furuba.daihinmin.ranks import JOKER, JOKERS_ONLY_LEVEL, NUM_LEVELS, RANK_NAMES
from furuba.daihinmin.suited import NO_PLAY, Layout

PASS: Final = 0
PLAY_JOKER: Final = 1
PLAY_JOKER_X2: Final = 2
PLAY_BASE: Final = 3
MAX_NATURALS: Final = 4
MAX_JOKERS: Final = 2
MAX_SET: Final = MAX_NATURALS + MAX_JOKERS
GIVE_BASE: Final = PLAY_BASE + NUM_LEVELS * MAX_NATURALS * (MAX_JOKERS + 1)
GIVE_JOKER: Final = GIVE_BASE + NUM_LEVELS
DECLARE: Final = GIVE_JOKER + 1
KEEP_QUIET: Final = DECLARE + 1
NUM_ACTIONS: Final = KEEP_QUIET + 1


def play_id(level: int, naturals: int, jokers: int) -> int:
    """The id of the play of ``naturals`` cards of ``level`` plus ``jokers`` jokers.

    ``level`` :data:`~furuba.daihinmin.ranks.JOKERS_ONLY_LEVEL` with 0 naturals is a set of jokers
    alone. Raises ``ValueError`` for a set that cannot exist.
    """
    if level == JOKERS_ONLY_LEVEL and naturals == 0 and jokers in (1, 2):
        return PLAY_JOKER if jokers == 1 else PLAY_JOKER_X2
    if not (0 <= level < NUM_LEVELS and 1 <= naturals <= MAX_NATURALS
            and 0 <= jokers <= MAX_JOKERS):
        raise ValueError(f"no set has {naturals} natural card(s) of level {level} "
                         f"and {jokers} joker(s)")
    return PLAY_BASE + (level * MAX_NATURALS + naturals - 1) * (MAX_JOKERS + 1) + jokers


def give_id(level: int) -> int:
    """The id of giving one card of ``level`` (:data:`~furuba.daihinmin.ranks.JOKER`: a joker)."""
    if level == JOKER:
        return GIVE_JOKER
    if not 0 <= level < NUM_LEVELS:
        raise ValueError(f"no rank has level {level}")
    return GIVE_BASE + level


def _play_name(level: int, naturals: int, jokers: int) -> str:
    if naturals == 0:
        return "play joker" + (" x2" if jokers == 2 else "")
    rank = RANK_NAMES[level]
    text = f"play {rank}" + (f"x{naturals}" if naturals > 1 else "")
    if jokers:
        text += "+joker" + (" x2" if jokers == 2 else "")
    return text


def _build() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[str, ...]]:
    level = [-2] * NUM_ACTIONS
    nat = [0] * NUM_ACTIONS
    jok = [0] * NUM_ACTIONS
    names = [""] * NUM_ACTIONS
    names[PASS] = "pass"
    for j in (1, 2):
        a = play_id(JOKERS_ONLY_LEVEL, 0, j)
        level[a], nat[a], jok[a], names[a] = JOKERS_ONLY_LEVEL, 0, j, _play_name(-1, 0, j)
    for lv in range(NUM_LEVELS):
        for n in range(1, MAX_NATURALS + 1):
            for j in range(MAX_JOKERS + 1):
                a = play_id(lv, n, j)
                level[a], nat[a], jok[a], names[a] = lv, n, j, _play_name(lv, n, j)
        names[give_id(lv)] = f"give {RANK_NAMES[lv]}"
    names[GIVE_JOKER] = "give joker"
    names[DECLARE] = "declare revolution"
    names[KEEP_QUIET] = "keep quiet"
    return tuple(level), tuple(nat), tuple(jok), tuple(names)


_LEVEL, _NATURALS, _JOKERS, _NAMES = _build()

SUITED: Final = Layout(NUM_ACTIONS)
"""The ids of the plays that name their cards, after the rulebook's (:mod:`furuba.daihinmin.suited`)."""
SUITED_BASE: Final = SUITED.set_base
SUITED_GIFT_BASE: Final = SUITED.gift_base
RUN_BASE: Final = SUITED.run_base
NAMED_BASE: Final = SUITED.named_base
EDGE_BASE: Final = SUITED.edge_base
ALL_ACTIONS: Final = SUITED.end
"""The size of the whole table: the rulebook's ids, then the suited sets, the runs, the sets
whose jokers name their suits and the runs past the ends (D21)."""

PLAY_LEVEL: Final[tuple[int, ...]] = (*_LEVEL, *SUITED.levels)
"""Per action id: the play's level (a run's lowest; -1 jokers alone; -2 when the action is no
play)."""
PLAY_NATURALS: Final[tuple[int, ...]] = (*_NATURALS, *SUITED.naturals)
PLAY_JOKERS: Final[tuple[int, ...]] = (*_JOKERS, *SUITED.jokers)
ACTION_NAMES: Final[tuple[str, ...]] = (*_NAMES, *SUITED.names)
"""Per action id: the natural cards and jokers it plays; its name."""
PLAY_TOTAL: Final[tuple[int, ...]] = tuple(n + j for n, j in zip(PLAY_NATURALS, PLAY_JOKERS, strict=True))
"""Per action id: the number of cards played (0 when the action is no play)."""
PLAY_SUITS: Final[tuple[int, ...]] = (0,) * NUM_ACTIONS + tuple(SUITED.suits)
"""Per action id: the suits of the natural cards a suited play takes (a 4-bit mask; 0: none
named)."""
PLAY_JOKER_SUITS: Final[tuple[int, ...]] = (0,) * NUM_ACTIONS + tuple(SUITED.joker_suits)
"""Per action id: the suits its jokers name (D21; 0: none named)."""
PLAY_EDGES: Final[tuple[int, ...]] = (0,) * NUM_ACTIONS + tuple(SUITED.edges)
"""Per action id: whether a run's joker stands below the 3 (bit 1) or above the 2 (bit 2)."""
BEYOND_SUITS: Final = 16
"""The bit of :data:`PLAY_DECLARED` for a set of more than four cards (a joker with no suit
left to name)."""
PLAY_RUN: Final[tuple[int, ...]] = (0,) * NUM_ACTIONS + tuple(SUITED.run_lengths)
"""Per action id: a run's length (0: not a run)."""
PLAY_DECLARED: Final[tuple[int, ...]] = tuple(
    (suits | named | (BEYOND_SUITS if total > 4 and not run else 0)) if suits or named else 0
    for suits, named, total, run in zip(PLAY_SUITS, PLAY_JOKER_SUITS, PLAY_TOTAL, PLAY_RUN,
                                        strict=True))
"""Per action id: the suits a play counts as for the suit lock when jokers name theirs (D21):
its natural cards' and its named jokers' (a 4-bit mask, :data:`BEYOND_SUITS` added for a set of
five or more); 0 for what names no suit."""
PLAY_CARDS: Final[tuple[int, ...]] = (0,) * NUM_ACTIONS + tuple(
    0 if level == NO_PLAY else cards for level, cards in zip(SUITED.levels, SUITED.cards,
                                                             strict=True))
"""Per action id: the natural cards a suited play takes (a deck mask; 0: the engine picks)."""
GIFT_CARD: Final[dict[int, int]] = {a: (SUITED.cards[a - SUITED_BASE]).bit_length() - 1
                             for a in range(SUITED_GIFT_BASE, RUN_BASE)}
"""Per suited gift id: the card it gives."""
PLAY_JOKER_LEVELS: Final[tuple[int, ...]] = (0,) * NUM_ACTIONS + tuple(SUITED.joker_levels)
"""Per action id: the ranks a run's jokers stand for (a 13-bit mask of levels)."""
PLAY_COVERS: Final[tuple[int, ...]] = tuple(1 << lv if lv >= 0 else 0 for lv in _LEVEL) + tuple(
    SUITED.covers)
"""Per action id: the ranks the play counts as (a 13-bit mask of levels: a set's rank, every
rank of a run, a joker's too; 0 for jokers alone and for what is no play)."""

ACTION_IDS: Final[dict[str, int]] = {name: a for a, name in enumerate(ACTION_NAMES)}
"""Canonical name → id."""


def num_actions(suited: bool, sequences: bool, named: bool = False) -> int:
    """The size of the table a game uses: the rulebook's 175 ids; up to the last suited set when
    suits matter; up to the last run with sequences (D14); with named jokers (D21), up to the
    last set naming its jokers' suits, or every id with sequences too.

    >>> num_actions(False, False), num_actions(True, False), num_actions(True, True)
    (175, 812, 8160)
    >>> num_actions(True, False, True), num_actions(True, True, True)
    (8758, 9578)
    """
    if named:
        return ALL_ACTIONS if sequences else EDGE_BASE
    if sequences:
        return NAMED_BASE
    return RUN_BASE if suited else NUM_ACTIONS


def is_suited(action: int) -> bool:
    """Whether ``action`` is a play that names its cards (a suited set or a run)."""
    return SUITED_BASE <= action < SUITED_GIFT_BASE or RUN_BASE <= action < ALL_ACTIONS


def is_play(action: int) -> bool:
    """Whether ``action`` plays cards."""
    return PLAY_JOKER <= action < GIVE_BASE or is_suited(action)


def is_gift(action: int) -> bool:
    """Whether ``action`` gives a card in the exchange (by rank, or a card named, D9)."""
    return GIVE_BASE <= action <= GIVE_JOKER or SUITED_GIFT_BASE <= action < RUN_BASE


def gift_level(action: int) -> int:
    """The level of the card a gift gives (:data:`~furuba.daihinmin.ranks.JOKER` for a joker)."""
    if action >= SUITED_GIFT_BASE:
        return (action - SUITED_GIFT_BASE) // 4
    return action - GIVE_BASE


# LEAD[level][naturals held][jokers held]: the plays of that rank open to a leader.
_LEAD: Final[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(
            tuple(play_id(lv, n, j) for n in range(1, held + 1) for j in range(jh + 1))
            for jh in range(MAX_JOKERS + 1)
        )
        for held in range(MAX_NATURALS + 1)
    )
    for lv in range(NUM_LEVELS)
)

# FOLLOW[level][naturals held][jokers held][set size]: the plays of that rank making a set of
# exactly that size.
_FOLLOW: Final[tuple[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(
            tuple(
                tuple(play_id(lv, n, size - n)
                      for n in range(max(1, size - jh), min(held, size) + 1))
                for size in range(MAX_SET + 1)
            )
            for jh in range(MAX_JOKERS + 1)
        )
        for held in range(MAX_NATURALS + 1)
    )
    for lv in range(NUM_LEVELS)
)
_JOKER_LEADS: Final[tuple[tuple[int, ...], ...]] = ((), (PLAY_JOKER,), (PLAY_JOKER, PLAY_JOKER_X2))


def legal_plays(counts: tuple[int, ...], top_level: int, top_total: int) -> list[int]:
    """The sorted legal actions of a hand with rank-count vector ``counts`` in the play.

    ``top_total`` is the size of the set on the pile (0: the pile is empty and the player leads)
    and ``top_level`` its level. A leader must play (D4); a follower may always pass (D5) or play
    the same number of cards of a strictly higher rank. A set of jokers alone has the lowest
    rank, so it only ever leads.
    """
    jokers = counts[JOKER]
    if top_total == 0:
        out = list(_JOKER_LEADS[jokers])
        for lv in range(NUM_LEVELS):
            held = counts[lv]
            if held:
                out += _LEAD[lv][held][jokers]
        return out
    out = [PASS]
    for lv in range(top_level + 1, NUM_LEVELS):
        held = counts[lv]
        if held:
            out += _FOLLOW[lv][held][jokers][top_total]
    return out


def can_play(counts: tuple[int, ...], top_level: int, top_total: int, action: int) -> bool:
    """Whether play ``action`` is legal for ``counts`` on the pile (the same rule, without a list)."""
    level = PLAY_LEVEL[action]
    if level < JOKERS_ONLY_LEVEL:
        return False
    if counts[JOKER] < PLAY_JOKERS[action]:
        return False
    if level >= 0 and counts[level] < PLAY_NATURALS[action]:
        return False
    if top_total == 0:
        return True
    return PLAY_TOTAL[action] == top_total and level > top_level
