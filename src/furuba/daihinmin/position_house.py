"""Reading the house-rule parts of a Dai Hin Min position (D13–D18): the options, the sets and
runs on the pile as their plays name them, and the state of the trick and the round — 11-back
in force (``back``), the suits it is locked to (``lock``) and the fallen Rich Man (``fallen``).

A set on the pile may say its ``play`` (``"play run 5♠ joker 7♠"``); without it, a set of one
rank is read as the set of those cards, and cards of several ranks as a run of their suit, its
jokers filling the gaps first, then standing above its highest card (below, when the 2 is
reached).

>>> from furuba.daihinmin import GameState
>>> s = GameState.from_json({"players": 4, "sequences": "on", "hands": [["3", "5♠", "6♠"],
...     ["4"], ["5"], ["6"]], "pile": [{"player": 3, "cards": ["7♥", "joker", "9♥"]}], "turn": 0})
>>> s.to_json()["pile"][0]["play"], s.legal_action_strings()
('play run 7♥ joker 9♥', ['pass'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from furuba.core.deck import SUITS
from furuba.core.protocol import JSON
from furuba.daihinmin.house import (
    ELEVEN_BACK,
    FALLEN_CAPITAL,
    NO_ONE,
    PASS_OUT,
    RANK_REVOLUTION,
    SUIT_LOCK,
)
from furuba.daihinmin.moves import (
    ACTION_IDS,
    PLAY_CARDS,
    PLAY_JOKERS,
    PLAY_RUN,
    PLAY_TOTAL,
    SUITED,
    is_play,
    is_suited,
)
from furuba.daihinmin.options import HOUSE_RULES, SETTINGS
from furuba.daihinmin.phases import PLAY
from furuba.daihinmin.ranks import CARD_LEVEL, JOKER_MASK, NUM_LEVELS, cards_of
from furuba.daihinmin.reading import fail, is_int
from furuba.daihinmin.scoring import RICH_MAN
from furuba.daihinmin.suited import MIN_RUN

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

STATE_KEYS = frozenset({"back", "lock", "fallen", "reversed", "passed", "leader"})
"""The fields of the trick and the round under the house rules."""


def house_options(data: JSON) -> dict[str, Any]:
    """The house rules a position names (each ``"on"``/``"off"``; checked by ``validate``)."""
    return {name: data[name] for name in (*HOUSE_RULES, *SETTINGS) if name in data}


def suited_pile_action(where: str, entry: JSON, mask: int) -> int:
    """The play of a set on the pile of a game where suits matter: the ``play`` it names, which
    must take exactly its cards, or the set or run its cards make."""
    naturals = mask & ~JOKER_MASK
    jokers = (mask & JOKER_MASK).bit_count()
    named = entry.get("play")
    if named is not None:
        action = ACTION_IDS.get(named) if isinstance(named, str) else None
        if action is None or not is_suited(action):
            raise fail(f"{where}: 'play' must be a play naming its cards such as "
                       f"'play 7♦ 7♠' or 'play run 5♠ 6♠ 7♠', not {named!r}")
        if PLAY_CARDS[action] != naturals or PLAY_JOKERS[action] != jokers:
            raise fail(f"{where}: {named!r} does not play these cards")
        return action
    cards = cards_of(naturals)
    levels = sorted({CARD_LEVEL[c] for c in cards})
    if not cards:
        raise fail(f"{where}: jokers alone are read as 'play joker', not a suited play")
    if len(levels) == 1:
        return SUITED.set_id(levels[0], sum(1 << (c % 4) for c in cards), jokers)
    suits = {c % 4 for c in cards}
    if len(suits) > 1 or len(cards) != len(levels):
        raise fail(f"{where}: a run is of one suit, each rank once (D14)")
    low, high = levels[0], levels[-1]
    gaps = (high - low + 1) - len(levels)
    extra = jokers - gaps
    if extra < 0:
        raise fail(f"{where}: not a run: {gaps} rank(s) missing and {jokers} joker(s)")
    top = min(NUM_LEVELS - 1, high + extra)
    low = top - (high - low + extra)
    if low < 0 or top - low + 1 < MIN_RUN:
        raise fail(f"{where}: not a run of at least {MIN_RUN} ranks (D14)")
    wild = sum(1 << lv for lv in range(low, top + 1) if lv not in levels)
    return SUITED.run_id(suits.pop(), low, top - low + 1, wild)


def same_shape(action: int, before: int) -> bool:
    """Whether ``action`` has the shape of ``before`` (as many cards; a run on a run as long)."""
    return PLAY_TOTAL[action] == PLAY_TOTAL[before] and PLAY_RUN[action] == PLAY_RUN[before]


def read_house_state(s: GameState, data: JSON) -> None:
    """``back``, ``lock`` and ``fallen``, which the rules in force and the position must allow."""
    bits = s.rules.house
    present = STATE_KEYS & set(data)
    if present and not bits:
        raise fail(f"{', '.join(sorted(present))} need the house rules (D13-D18)")
    back = data.get("back", False)
    if not isinstance(back, bool):
        raise fail(f"'back' must be true or false, not {back!r}")
    if back and (not bits & ELEVEN_BACK or not s.pile):
        raise fail("11-back needs the eleven_back rule and a trick in play (D16)")
    s.back = back
    lock = data.get("lock", [])
    if not isinstance(lock, list) or any(x not in SUITS for x in lock) \
            or len(set(lock)) < len(lock):
        raise fail(f"'lock' must list suits ({', '.join(SUITS)}), not {lock!r}")
    if lock and (not bits & SUIT_LOCK or not s.pile):
        raise fail("a lock needs the suit_lock rule and a trick in play (D17)")
    s.lock = sum(1 << SUITS.index(x) for x in lock)
    _read_uecda_state(s, data)
    fallen = data.get("fallen")
    if fallen is None:
        s.fallen = NO_ONE
        return
    if not bits & FALLEN_CAPITAL or not is_int(fallen) or not 0 <= fallen < s.num_players:
        raise fail(f"'fallen' must be a player id (with the fallen_capital rule), not {fallen!r}")
    if s.titles[fallen] != RICH_MAN or s.hands[fallen] or fallen in s.finished \
            or not s.finished or s.phase_code != PLAY:
        raise fail("'fallen' must be the last round's Rich Man, out of the round with no cards "
                   "while someone else went out first (D15)")
    s.fallen = fallen


def _read_uecda_state(s: GameState, data: JSON) -> None:
    """``reversed`` (D20), ``passed`` and ``leader`` (D22)."""
    bits = s.rules.house
    reversed_ = data.get("reversed", False)
    if not isinstance(reversed_, bool) or (reversed_ and not bits & RANK_REVOLUTION):
        raise fail(f"'reversed' must be true or false, true only with the rank_revolution rule "
                   f"(D20), not {reversed_!r}")
    s.ranks_reversed = reversed_
    n = s.num_players
    passed = data.get("passed", [])
    if not isinstance(passed, list) or any(not is_int(p) or not 0 <= p < n for p in passed) \
            or (passed and not bits & PASS_OUT):
        raise fail(f"'passed' must list player ids (with the pass_out rule, D22), not "
                   f"{passed!r}")
    s.passed = sum(1 << p for p in set(passed))
    leader = data.get("leader", s.pile[0][0] if s.pile else None)
    if leader is not None and (not is_int(leader) or not 0 <= leader < n):
        raise fail(f"'leader' must be a player id, not {leader!r}")
    s.leader = leader if leader is not None else 0


def check_house_pile(s: GameState, actions: list[int]) -> None:
    """The sets on the pile under the house rules: each of the shape of the one under it (their
    strength depends on the trick's history — 11-back, the spade 3 — and is not checked)."""
    for i in range(1, len(actions)):
        if not same_shape(actions[i], actions[i - 1]):
            raise fail(f"pile[{i}] does not follow the set under it (the same number of "
                       "cards; a run of the same length on a run)")
    for i, action in enumerate(actions):
        if not is_play(action):
            raise fail(f"pile[{i}] is not a play")
