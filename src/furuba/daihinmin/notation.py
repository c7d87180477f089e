"""Reading actions a person types: canonical names, card lists and a few short words.

Canonical names (:data:`~furuba.daihinmin.moves.ACTION_NAMES`) are always understood, in any
case. So are card lists such as ``7 7 joker``, ``10 10``, ``j`` (a Jack — a joker is ``joker``),
``7x2+joker`` or ``q♦ q♠``; suits are accepted and ignored, since suits never matter (D3) and the
engine picks the concrete cards. In the exchange a single card means giving it.

>>> from furuba.daihinmin.moves import ACTION_NAMES
>>> [ACTION_NAMES[parse_action(t, "play")] for t in ("7 7 joker", "10 10", "j", "joker joker")]
['play 7x2+joker', 'play 10x2', 'play J', 'play joker x2']
>>> [ACTION_NAMES[parse_action(t, "exchange")] for t in ("k", "joker", "give 3")]
['give K', 'give joker', 'give 3']
>>> ACTION_NAMES[parse_action("PLAY 7x2+JOKER", None)], ACTION_NAMES[parse_action("p", None)]
('play 7x2+joker', 'pass')
"""

from __future__ import annotations

import re

from furuba.core.errors import IllegalActionError
from furuba.daihinmin.moves import (
    ACTION_IDS,
    DECLARE,
    KEEP_QUIET,
    MAX_JOKERS,
    MAX_NATURALS,
    PASS,
    give_id,
    play_id,
)
from furuba.daihinmin.ranks import JOKER, JOKERS_ONLY_LEVEL, RANK_NAMES, parse_card

_LOWER_IDS = {name.lower(): a for name, a in ACTION_IDS.items()}
_WORDS = {
    "p": PASS,
    "pass": PASS,
    "declare": DECLARE,
    "revolution": DECLARE,
    "declare a revolution": DECLARE,
    "quiet": KEEP_QUIET,
    "keep quiet": KEEP_QUIET,
    "stay quiet": KEEP_QUIET,
    "no revolution": KEEP_QUIET,
}
_TIMES = re.compile(r"(.*?)x(\d+)")

_HELP = "try 'pass', 'play 7x2+joker', cards such as '7 7 joker', 'give K' or 'keep quiet'"


def _unknown(text: str, why: str = "") -> IllegalActionError:
    return IllegalActionError(f"unknown action {text!r}{': ' + why if why else ''}; {_HELP}")


def parse_cards(text: str) -> tuple[int, int, int]:
    """``(level, naturals, jokers)`` of a typed set such as ``"7 7 joker"`` or ``"7x2+joker"``.

    A set of jokers alone has level :data:`~furuba.daihinmin.ranks.JOKERS_ONLY_LEVEL`.
    Raises ``ValueError`` with the reason when the cards make no set.
    """
    counts: dict[int, int] = {}
    last: int | None = None
    last_times = 0
    for token in text.replace("+", " ").replace(",", " ").split():
        match = _TIMES.fullmatch(token)
        card_text, times = (match.group(1), int(match.group(2))) if match else (token, 1)
        if not card_text:
            if last is None or last_times != 1:
                raise ValueError(f"{token!r} repeats nothing")
            counts[last] += times - 1
            last_times = times
            continue
        level, _ = parse_card(card_text)
        counts[level] = counts.get(level, 0) + times
        last, last_times = level, times
    jokers = counts.pop(JOKER, 0)
    if len(counts) > 1:
        ranks = ", ".join(RANK_NAMES[lv] for lv in sorted(counts))
        raise ValueError(f"a set is one rank (jokers aside), not {ranks}")
    if jokers > MAX_JOKERS:
        raise ValueError(f"there are only {MAX_JOKERS} jokers")
    if not counts:
        if not jokers:
            raise ValueError("no cards")
        return JOKERS_ONLY_LEVEL, 0, jokers
    ((level, naturals),) = counts.items()
    if naturals > MAX_NATURALS:
        raise ValueError(f"a rank has only {MAX_NATURALS} cards")
    return level, naturals, jokers


def parse_action(text: str, context: str | None) -> int:
    """The action id ``text`` names; ``context`` is the phase (``"exchange"`` makes a lone card a
    gift). Raises :class:`IllegalActionError` for a name no action has."""
    if not isinstance(text, str):
        raise IllegalActionError(f"an action name must be text, not {text!r}")
    key = " ".join(text.strip().lower().split())
    if key in _LOWER_IDS:
        return _LOWER_IDS[key]
    if key in _WORDS:
        return _WORDS[key]
    if not key:
        raise _unknown(text, "it is empty")
    gift = context == "exchange"
    if key.startswith("give "):
        key, gift = key[5:], True
    elif key.startswith("play "):
        key, gift = key[5:], False
    try:
        level, naturals, jokers = parse_cards(key)
    except ValueError as exc:
        raise _unknown(text, str(exc)) from None
    if gift:
        if naturals + jokers != 1:
            raise _unknown(text, "a gift is one card at a time")
        return give_id(JOKER if jokers else level)
    return play_id(level, naturals, jokers)
