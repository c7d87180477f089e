"""Legal plays under the house rules: the order 11-back reverses (D16), the suits a lock allows
(D17), the spade 3 (D18) and, when suits matter, plays that name their cards — suited sets and
runs (D14; ids in :mod:`furuba.daihinmin.suited`).

A play beats the one on the pile when it is of the same shape (a set of as many cards, or a run
as long) and *stronger*: of a higher rank, or of a lower one while 11-back is in force (D16). A
run's strength is that of its top card in the order in force. Jokers alone stay the weakest of
all (D3), so they only ever lead. In a locked trick every natural card must be of a locked suit;
jokers stand in for any (D17).

>>> from furuba.daihinmin.moves import ACTION_NAMES, play_id
>>> from furuba.daihinmin.ranks import counts_of, mask_of
>>> hand = mask_of([4 * 6, 4 * 6 + 2, 4 * 7 + 2, 4 * 8 + 2, 52])   # 7♦ 7♠ 8♠ 9♠, a joker
>>> rules = PlayRules(suited=True, sequences=True, spade_three=False)
>>> plays = legal_house_plays(hand, counts_of(hand), -1, False, 0, rules)
>>> [ACTION_NAMES[a] for a in plays if "run" in ACTION_NAMES[a]]   # doctest: +NORMALIZE_WHITESPACE
['play run joker 7♠ 8♠', 'play run 7♠ 8♠ 9♠', 'play run 8♠ 9♠ joker',
 'play run joker 7♠ 8♠ 9♠', 'play run 7♠ 8♠ 9♠ joker']
>>> [ACTION_NAMES[a] for a in legal_house_plays(hand, counts_of(hand), play_id(6, 1, 0), True, 0,
...                                               rules)]       # on a 9, 11-back in force
['pass', 'play 7♦', 'play 7♠', 'play 8♠']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from furuba.daihinmin.moves import (
    PASS,
    PLAY_DECLARED,
    PLAY_JOKER,
    PLAY_JOKER_X2,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_NATURALS,
    PLAY_RUN,
    PLAY_SUITS,
    PLAY_TOTAL,
    SUITED,
    legal_plays,
    play_id,
)
from furuba.daihinmin.ranks import JOKER, NUM_LEVELS, SHIFT
from furuba.daihinmin.suited import MAX_RUN_JOKERS, MIN_RUN, SPADE, SUIT_MASKS, card_id

TOP_LEVEL: Final = NUM_LEVELS - 1
"""The level of the 2, the highest rank (D3)."""
THREE: Final = 0
"""The level of the 3."""
SPADE_THREE: Final = SUITED.set_id(THREE, 1 << SPADE, 0)
"""The play of the 3♠ alone (D18)."""
NO_TOP: Final = -1
"""``top`` when the pile is empty."""

_SUBSETS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(sub for sub in range(1, SUIT_MASKS + 1) if sub & ~held == 0
                and sub.bit_count() == size) for size in range(5))
    for held in range(SUIT_MASKS + 1))
"""``_SUBSETS[held][k]``: the sets of ``k`` suits within the suits ``held`` (masks), ascending."""
_ALL_SUBSETS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sub for sub in range(1, SUIT_MASKS + 1) if sub & ~held == 0)
    for held in range(SUIT_MASKS + 1))


@dataclass(frozen=True, slots=True)
class PlayRules:
    """What move generation needs to know of the house rules in force."""

    suited: bool
    """Plays name their cards (D14, D17, D18)."""
    sequences: bool
    """Runs may be played (D14)."""
    spade_three: bool
    """The 3♠ beats a lone 2 (D18), or a lone joker when it is strong (D19)."""
    strong_joker: bool = False
    """A set of jokers alone beats every set of its size (D19)."""
    named_joker: bool = False
    """Jokers name the card they stand for: a suit in a set, any rank of a run, even past its
    ends (D21)."""
    lead_pass: bool = False
    """A leader may pass (D22)."""
    run_above: bool = False
    """A run beats a run only with every rank beyond the other's (D30)."""


def stronger(level: int, than: int, back: bool, strong: bool = False) -> bool:
    """Whether ``level`` beats ``than`` (-1: jokers alone, the weakest either way — the strongest
    when ``strong``, D19) in the order in force: higher normally, lower while 11-back or a
    revolution reverses it (D16, D20).

    >>> stronger(5, 3, False), stronger(5, 3, True), stronger(0, -1, True), stronger(-1, 0, False)
    (True, False, True, False)
    >>> stronger(-1, 12, False, strong=True), stronger(12, -1, True, strong=True)
    (True, False)
    """
    if strong:
        return level < 0 <= than
    if level < 0:
        return False
    if than < 0:
        return True
    return level < than if back else level > than


def is_spade_counter(action: int, top: int, back: bool, strong: bool = False) -> bool:
    """Whether ``action`` on ``top`` is the spade 3 beating a lone 2 (D18): only in the usual
    order, where nothing else beats a 2; or, where the joker is strong (D19), beating a lone
    joker in any order."""
    if strong:
        return action == SPADE_THREE and top == PLAY_JOKER
    return (action == SPADE_THREE and not back and top >= 0 and PLAY_TOTAL[top] == 1
            and PLAY_NATURALS[top] == 1 and PLAY_LEVEL[top] == TOP_LEVEL and not PLAY_RUN[top])


def is_jokers_alone(action: int) -> bool:
    """Whether ``action`` plays jokers and nothing else."""
    return action in (PLAY_JOKER, PLAY_JOKER_X2)


def legal_house_plays(hand: int, counts: tuple[int, ...], top: int, back: bool, lock: int,
                      rules: PlayRules) -> list[int]:
    """The sorted legal plays (and ``pass`` when following) of ``hand`` (a deck mask, with its
    rank-count vector ``counts``) on ``top`` (the action on the pile, :data:`NO_TOP` when empty),
    with the order of the ranks reversed or not (11-back, a revolution) and the trick locked to
    the suits of ``lock`` (0: unlocked)."""
    if not rules.suited:
        out = _unsuited(counts, top, back, rules.strong_joker)
        return [PASS, *out] if rules.lead_pass and top == NO_TOP else out
    jokers = counts[JOKER]
    named = rules.named_joker
    if top == NO_TOP:
        out = [PASS] if rules.lead_pass else []
        out += [PLAY_JOKER, PLAY_JOKER_X2][:jokers]
        for level in range(NUM_LEVELS):
            held = (hand >> SHIFT[level]) & 15
            if held:
                for sub in _ALL_SUBSETS[held]:
                    for j in range(jokers + 1):
                        out += _sets(level, sub, j, 0) if named else \
                            (SUITED.set_id(level, sub, j),)
        if rules.sequences:
            out += _runs(hand, jokers, -1, 0, back, 15, named)
        if named:
            out.sort()
        return out
    out = [PASS]
    if is_jokers_alone(top) and rules.strong_joker:
        if rules.spade_three and top == PLAY_JOKER and hand >> card_id(THREE, SPADE) & 1:
            out.append(SPADE_THREE)
        return out
    length = PLAY_RUN[top]
    if length:
        top_low = PLAY_LEVEL[top]
        if rules.run_above:     # D30: the run to beat spans its whole length
            top_low = top_low - length + 1 if back else top_low + length - 1
        return out + _runs(hand, jokers, length, top_low, back, (lock & 15) or 15, named)
    size, top_level = PLAY_TOTAL[top], PLAY_LEVEL[top]
    if rules.strong_joker and size <= jokers:
        out.append(PLAY_JOKER if size == 1 else PLAY_JOKER_X2)
    for level in range(NUM_LEVELS):
        if not stronger(level, top_level, back):
            continue
        held = (hand >> SHIFT[level]) & 15
        if lock:
            held &= lock
        if held:
            for n in range(max(1, size - jokers), min(size, 4) + 1):
                for sub in _SUBSETS[held][n]:
                    if named:
                        out += _sets(level, sub, size - n, lock)
                    else:
                        out.append(SUITED.set_id(level, sub, size - n))
    if rules.spade_three and not rules.strong_joker and is_spade_counter(SPADE_THREE, top, back) \
            and hand >> card_id(THREE, SPADE) & 1 and (not lock or lock >> SPADE & 1):
        out.append(SPADE_THREE)
    out.sort()
    return out


def _sets(level: int, suits: int, jokers: int, lock: int) -> tuple[int, ...]:
    """The sets of ``level`` with natural cards in ``suits`` and ``jokers`` jokers, each naming
    the suit it stands for while there is one left (D21); all of the ``lock``'s suits when the
    trick is locked."""
    if not jokers:
        return (SUITED.set_id(level, suits, 0),)
    if suits.bit_count() + jokers > 4:
        return (SUITED.set_id(level, suits, jokers),)
    if lock:
        wild = lock & 15 & ~suits
        return (SUITED.named_id(level, suits, wild),) if wild.bit_count() == jokers else ()
    return tuple(SUITED.named_id(level, suits, wild) for wild in _SUBSETS[15 & ~suits][jokers])


def _unsuited(counts: tuple[int, ...], top: int, back: bool, strong: bool) -> list[int]:
    """The rulebook's plays, the order reversed while 11-back is in force (D16), jokers alone the
    strongest when ``strong`` (D19)."""
    if strong and top != NO_TOP:
        if is_jokers_alone(top):
            return [PASS]
        out = _unsuited(counts, top, back, False)
        size = PLAY_TOTAL[top]
        if size <= counts[JOKER]:
            out.insert(1, PLAY_JOKER if size == 1 else PLAY_JOKER_X2)
        return out
    if top == NO_TOP or not back:
        level = PLAY_LEVEL[top] if top != NO_TOP else 0
        return legal_plays(counts, level, PLAY_TOTAL[top] if top != NO_TOP else 0)
    size, top_level = PLAY_TOTAL[top], PLAY_LEVEL[top]
    jokers = counts[JOKER]
    out = [PASS]
    for level in range(NUM_LEVELS):
        held = counts[level]
        if held and stronger(level, top_level, back):
            for n in range(max(1, size - jokers), min(held, size) + 1):
                out.append(play_id(level, n, size - n))
    return out


def _runs(hand: int, jokers: int, length: int, top_low: int, back: bool, suits: int,
          named: bool = False) -> list[int]:
    """The runs ``hand`` can make with at most ``jokers`` jokers, each standing for a rank the hand
    lacks in that suit (D14) — or, when jokers are ``named`` (D21), for any rank of the run, even
    one below the 3 or above the 2: any length when leading (``length`` -1), else that length
    and stronger than the run from ``top_low``; only in ``suits``. Sorted."""
    out: list[int] = []
    jokers = min(jokers, MAX_RUN_JOKERS)
    edge = 1 if named and jokers else 0
    lengths = range(MIN_RUN, NUM_LEVELS + 1 + 2 * edge) if length < 0 else (length,)
    for suit in range(4):
        if not suits >> suit & 1:
            continue
        held = 0
        for level in range(NUM_LEVELS):
            if hand >> card_id(level, suit) & 1:
                held |= 1 << level
        most = held.bit_count() + jokers     # no run is longer than its cards
        if most < MIN_RUN:
            continue
        for size in lengths:
            if size > most:
                break
            window = (1 << size) - 1
            for low in range(-edge, NUM_LEVELS - size + 1 + edge):
                if length >= 0 and not _run_beats(low, top_low, back):
                    continue
                if named:
                    out += _named_runs(suit, low, size, held, jokers)
                    continue
                missing = (window << low) & ~held
                if missing.bit_count() <= jokers:
                    out.append(SUITED.run_id(suit, low, size, missing))
    out.sort()
    return out


_FULL_LEVELS: Final = (1 << NUM_LEVELS) - 1


def _named_runs(suit: int, low: int, size: int, held: int, jokers: int) -> list[int]:
    """The runs of ``suit`` from ``low`` (-1: below the 3), ``size`` long, that ``held`` (a mask
    of levels) and ``jokers`` make, the jokers standing for any of its ranks (D21)."""
    high = low + size - 1
    edges = (low < 0) + (high >= NUM_LEVELS)
    if edges > jokers or high > NUM_LEVELS or size - edges < 1:
        return []
    inner = ((1 << size) - 1) << low if low >= 0 else ((1 << size) - 1) >> 1
    inner &= _FULL_LEVELS
    missing = inner & ~held
    spare = jokers - edges - missing.bit_count()
    if spare < 0:
        return []
    out = []
    present = inner & held
    choices: list[int] = [0]
    if spare >= 1:
        bits = [1 << lv for lv in range(NUM_LEVELS) if present >> lv & 1]
        choices += bits
        if spare >= 2:
            choices += [a | b for i, a in enumerate(bits) for b in bits[i + 1:]]
    for extra in choices:
        wild = missing | extra
        if (inner & ~wild) == 0:
            continue
        if edges:
            out.append(SUITED.edge_run_id(suit, low, size, wild))
        else:
            out.append(SUITED.run_id(suit, low, size, wild))
    return out


def _run_beats(low: int, top_low: int, back: bool) -> bool:
    """Whether the run from ``low`` beats the run of the same length from ``top_low``: a higher
    top card, or a lower bottom one while 11-back is in force (D16). Under D30 ``top_low`` is
    moved by the caller, so that the run must clear the other's whole span."""
    return low < top_low if back else low > top_low


def same_suits(action: int, before: int, named: bool = False) -> bool:
    """Whether two suited plays without jokers have the same suits: a suit lock starts (D17);
    with named jokers (D21), two plays with the same suits, jokers' named suits included."""
    if named:
        suits = PLAY_DECLARED[action]
        return bool(suits) and suits == PLAY_DECLARED[before]
    suits = PLAY_SUITS[action]
    return bool(suits) and suits == PLAY_SUITS[before] and not PLAY_JOKERS[action] \
        and not PLAY_JOKERS[before]
