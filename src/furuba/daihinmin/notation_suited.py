"""Plays that name their cards, as a person reads and types them (games where suits matter:
D14 sequences, D17 suit lock, D18 spade 3).

Canonical names list the cards: ``play 7♦ 7♠ joker`` for a set, ``play run 5♠ 6♠ joker 8♠`` for a
run (each joker in the place of the rank it stands for). A person may also type the cards alone
(``7d 7s joker``, ``5s 6s joker 8s``), a run with ``run`` before it to make a joker's place plain
(``run 7s joker joker`` is 7♠ to 9♠, where ``7s joker joker`` is a set of three 7s), and a rank
without a suit (``7 7``, ``play 7x2``): it takes the lowest suits held. A run needs a suit on at
least one card; the others follow it.

>>> from furuba.daihinmin.moves import ACTION_NAMES
>>> from furuba.daihinmin.ranks import mask_of
>>> hand = mask_of([4 * 6, 4 * 6 + 2, 4 * 7 + 2, 52])        # 7♦ 7♠ 8♠ and a joker
>>> [ACTION_NAMES[parse_suited(t, "play", hand)] for t in ("7 7", "7s joker", "run 7s 8s joker",
...  "joker 7s 8s", "play 7x2+joker")]   # doctest: +NORMALIZE_WHITESPACE
['play 7♦ 7♠', 'play 7♠ joker', 'play run 7♠ 8♠ joker', 'play run joker 7♠ 8♠',
 'play 7♦ 7♠ joker']
>>> from furuba.daihinmin.notation import suited_text
>>> suited_text(parse_suited("7s 8s joker", "play", hand))
'play the run 7♠ 8♠ joker'
>>> [ACTION_NAMES[parse_suited(t, "exchange", hand)] for t in ("7", "give 7♠", "8s", "joker")]
['give 7♦', 'give 7♠', 'give 8♠', 'give joker']
"""

from __future__ import annotations

import re

from furuba.core.errors import IllegalActionError
from furuba.daihinmin.moves import (
    ACTION_IDS,
    GIVE_JOKER,
    PLAY_CARDS,
    PLAY_JOKER_SUITS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_NATURALS,
    PLAY_RUN,
    SUITED,
    is_gift,
    is_play,
    is_suited,
)
from furuba.daihinmin.notation import parse_action, unknown
from furuba.daihinmin.ranks import CARD_NAMES, JOKER, NUM_LEVELS, SHIFT, parse_card
from furuba.daihinmin.suited import MAX_RUN_JOKERS, MIN_RUN
from furuba.daihinmin.text import _

_TIMES = re.compile(r"(.*?)x(\d+)")
Token = tuple[int, int | None]


def _tokens(text: str) -> tuple[bool, list[Token]]:
    """Whether the text says ``run``, and its cards in order (``7x2`` is two 7s)."""
    run = False
    out: list[Token] = []
    for word in text.replace("+", " ").replace(",", " ").split():
        if word == "run":
            run = True
            continue
        match = _TIMES.fullmatch(word)
        card_text, times = (match.group(1), int(match.group(2))) if match else (word, 1)
        if not card_text:
            if not out:
                raise ValueError(_("{token} repeats nothing").format(token=repr(word)))
            out += [out[-1]] * (times - 1)
            continue
        out += [parse_card(card_text)] * times
    if not out:
        raise ValueError(_("no cards"))
    return run, out


def _set(tokens: list[Token], hand: int) -> int:
    """The set ``tokens`` name: exact cards as named, ranks alone the lowest suits held."""
    jokers = sum(1 for level, _card in tokens if level == JOKER)
    naturals = [(level, card) for level, card in tokens if level != JOKER]
    levels = {level for level, _card in naturals}
    if len(levels) != 1:
        raise ValueError(_("a set is one rank (jokers aside)"))
    level = levels.pop()
    if jokers > MAX_RUN_JOKERS or len(naturals) > 4:
        raise ValueError(_("a set has at most 4 cards of a rank and 2 jokers"))
    suits = 0
    for _level, card in naturals:
        if card is not None:
            if suits >> (card % 4) & 1:
                raise ValueError(_("{card} is named twice").format(card=CARD_NAMES[card]))
            suits |= 1 << (card % 4)
    spare = [s for s in range(4) if hand >> (SHIFT[level] + s) & 1 and not suits >> s & 1]
    spare += [s for s in range(4) if not hand >> (SHIFT[level] + s) & 1 and not suits >> s & 1]
    for _i in range(sum(1 for _level, card in naturals if card is None)):
        suits |= 1 << spare.pop(0)
    return SUITED.set_id(level, suits, jokers)


def _run(tokens: list[Token]) -> int:
    """The run ``tokens`` name in order, jokers in the places of the ranks they stand for."""
    suits = {card % 4 for level, card in tokens if level != JOKER and card is not None}
    if len(suits) != 1:
        raise ValueError(_("a run is of one suit: name it on a card, such as 5♠"))
    suit = suits.pop()
    first = next(i for i, (level, _card) in enumerate(tokens) if level != JOKER)
    low = tokens[first][0] - first
    wild = 0
    for i, (level, _card) in enumerate(tokens):
        if level == JOKER:
            wild |= 1 << (low + i) if low + i >= 0 else 0
        elif level != low + i:
            raise ValueError(_("a run's cards follow one another in rank order, jokers in the "
                               "places of the ranks they stand for"))
    length = len(tokens)
    if low < 0 or low + length > NUM_LEVELS or length < MIN_RUN:
        raise ValueError(_("a run has 3 or more ranks between 3 and 2"))
    if wild.bit_count() > MAX_RUN_JOKERS:
        raise ValueError(_("there are only {count} jokers").format(count=MAX_RUN_JOKERS))
    return SUITED.run_id(suit, low, length, wild)


def _suited_equivalent(action: int, hand: int) -> int:
    """The suited set that plays a rulebook set's naturals from the lowest suits held."""
    level = PLAY_LEVEL[action]
    none: int | None = None
    tokens = [(level, none)] * PLAY_NATURALS[action] + [(JOKER, none)] * PLAY_JOKERS[action]
    return _set(tokens, hand)


def parse_suited(text: str, context: str | None, hand: int) -> int:
    """The id of the play ``text`` names for a player holding ``hand``, in a game where suits
    matter; other actions (``pass``, gifts) as :func:`~furuba.daihinmin.notation.parse_action`
    reads them. Raises :class:`IllegalActionError` for a name no action has."""
    if not isinstance(text, str):
        return parse_action(text, context)
    key = " ".join(text.strip().lower().split())
    if key in _LOWER and is_suited(_LOWER[key]):
        return _LOWER[key]
    if context == "exchange" or key.startswith("give "):
        return _gift(text, key, context, hand)
    try:
        action = parse_action(text, context)
    except IllegalActionError:
        action = -1
    if action >= 0 and not (is_play(action) and PLAY_NATURALS[action]):
        return action       # pass, jokers alone, a revolution's answer
    if action > 0 and key in _LOWER:
        return _suited_equivalent(action, hand)     # a rulebook name: "play 7x2+joker"
    body = key[5:] if key.startswith("play ") else key
    try:
        run, tokens = _tokens(body)
        if any(level == JOKER and card is not None for level, card in tokens):
            tokens = [(level, None) if level == JOKER else (level, card)
                      for level, card in tokens]
        naturals = {level for level, _card in tokens if level != JOKER}
        if not naturals:
            return parse_action(text, context)
        if run or len(naturals) > 1:
            return _run(tokens)
        return _set(tokens, hand)
    except ValueError as exc:
        raise unknown(text, str(exc)) from None


_LOWER = {name.lower(): a for name, a in ACTION_IDS.items()}


def _gift(text: str, key: str, context: str | None, hand: int) -> int:
    """A gift that names its card: ``give 7♠``; a rank alone gives its lowest suit held."""
    if key in _LOWER and is_gift(_LOWER[key]) and _LOWER[key] >= SUITED.set_base:
        return _LOWER[key]
    action = parse_action(text, context)
    if not is_gift(action) or action == GIVE_JOKER:
        return action
    body = key[5:] if key.startswith("give ") else key
    try:
        _run, tokens = _tokens(body)
    except ValueError as exc:
        raise unknown(text, str(exc)) from None
    level, card = tokens[0]
    if card is None:
        held = [c for c in range(4) if hand >> (SHIFT[level] + c) & 1]
        card = SHIFT[level] + (held[0] if held else 0)
    return SUITED.gift_id(card)


def cards_named(action: int, hand: int) -> int:
    """The cards of ``hand`` a play that names its cards takes: its natural cards and the
    lowest jokers held."""
    out = SUITED.cards[action - SUITED.set_base]
    jokers = PLAY_JOKERS[action]
    for card in (52, 53):
        if jokers and hand >> card & 1:
            out |= 1 << card
            jokers -= 1
    return out


def card_levels(action: int) -> list[int]:
    """The levels of the cards of a run in order (a joker's: the rank it stands for; none for a
    joker below the 3 or above the 2, D21)."""
    low = PLAY_LEVEL[action]
    return [lv for lv in range(low, low + PLAY_RUN[action]) if 0 <= lv < NUM_LEVELS]


_NAMED = re.compile(r"joker:(\S+)")


def parse_named(text: str, context: str | None, hand: int, legal: list[int]) -> int:
    """:func:`parse_suited` where jokers name the card they stand for (D21): ``7s joker:7d``
    names the joker's card; a set typed with a bare ``joker`` (``7s joker``) is the first of the
    legal sets it may be, its joker standing for the first suit it may.

    >>> from furuba.daihinmin.moves import ACTION_NAMES, SUITED
    >>> from furuba.daihinmin.ranks import mask_of
    >>> hand = mask_of([4 * 6 + 2, 52])                          # 7♠ and a joker
    >>> legal = [SUITED.named_id(4, 4, s) for s in (1, 2, 8)]
    >>> [ACTION_NAMES[parse_named(t, "play", hand, legal)] for t in ("7s joker:7h", "7s joker")]
    ['play 7♠ joker:7♥', 'play 7♠ joker:7♦']
    """
    if not isinstance(text, str) or context != "play":
        return parse_suited(text, context, hand)
    named = _NAMED.findall(text)
    bare = _NAMED.sub("joker", text)
    action = parse_suited(bare, context, hand)
    if not is_play(action) or not PLAY_JOKERS[action] or PLAY_RUN[action] or action in legal:
        return action
    suits = 0
    for word in named:
        level, card = parse_card(word)
        if card is None or level == JOKER:
            raise IllegalActionError(_("{word} is not a card a joker may stand for").format(
                word=repr(word)))
        suits |= 1 << (card % 4)
    for other in legal:
        if PLAY_CARDS[other] == PLAY_CARDS[action] and PLAY_JOKERS[other] == PLAY_JOKERS[action] \
                and not PLAY_RUN[other] and (not named or PLAY_JOKER_SUITS[other] == suits):
            return other
    return action
