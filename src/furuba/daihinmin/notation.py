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
    ACTION_NAMES,
    DECLARE,
    GIFT_CARD,
    GIVE_BASE,
    GIVE_JOKER,
    KEEP_QUIET,
    MAX_JOKERS,
    MAX_NATURALS,
    PASS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_NATURALS,
    PLAY_RUN,
    give_id,
    is_gift,
    is_play,
    is_suited,
    play_id,
)
from furuba.daihinmin.ranks import CARD_NAMES, JOKER, JOKERS_ONLY_LEVEL, RANK_NAMES, parse_card
from furuba.daihinmin.text import _, joker_word, set_text
from furuba.i18n import N_

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

HELP = N_("try 'pass', 'play 7x2+joker', cards such as '7 7 joker', 'give K' or 'keep quiet'")
"""What one may type, said after a name no action has."""


def help_suffix() -> str:
    """The end of a message about an unknown action: what one may type (a screen that lists the
    commands itself leaves it out)."""
    return _("{reason}; {help}").format(reason="", help=_(HELP))


def unknown(text: str, why: str = "") -> IllegalActionError:
    """The error for ``text``, which names no action (``why``: the reason, when known)."""
    reason = _("unknown action {text}").format(text=repr(text))
    if why:
        reason = _("{reason}: {why}").format(reason=reason, why=why)
    return IllegalActionError(_("{reason}; {help}").format(reason=reason, help=_(HELP)))


def suited_text(action: int) -> str:
    """A play that names its cards (suits matter: house rules D14, D17, D18), in words:
    ``play 7♦ 7♠ joker``, ``play the run 5♠ 6♠ 7♠``; 「7♦ 7♠ ジョーカーを出す」.

    >>> from furuba.daihinmin.moves import SUITED
    >>> suited_text(SUITED.run_id(2, 2, 3, 0)), suited_text(SUITED.set_id(4, 0b0101, 1))
    ('play the run 5♠ 6♠ 7♠', 'play 7♦ 7♠ joker')
    """
    words = [joker_word() if word == "joker" else word
             for word in ACTION_NAMES[action].split()[1:] if word != "run"]
    cards = " ".join(words)
    if PLAY_RUN[action]:
        return _("play the run {cards}").format(cards=cards)
    return _("play {cards}").format(cards=cards)


def action_text(action: int) -> str:
    """An action in words, the way a menu lists it (and a person may type it).

    >>> from furuba.i18n import speaking
    >>> [action_text(ACTION_IDS[n]) for n in ("play 7x2+joker", "give K", "pass", "keep quiet")]
    ['play 7 7 joker', 'give K', 'pass', 'keep quiet']
    >>> with speaking("ja"):
    ...     [action_text(ACTION_IDS[n]) for n in ("play joker x2", "give joker", "pass")]
    ['ジョーカー ジョーカーを出す', 'ジョーカーを渡す', 'パスする']
    """
    if action == PASS:
        return _("pass")
    if action == DECLARE:
        return _("declare revolution")
    if action == KEEP_QUIET:
        return _("keep quiet")
    if action in GIFT_CARD:
        return _("give {card}").format(card=CARD_NAMES[GIFT_CARD[action]])
    if is_gift(action):
        card = joker_word() if action == GIVE_JOKER else RANK_NAMES[action - GIVE_BASE]
        return _("give {card}").format(card=card)
    if is_suited(action):
        return suited_text(action)
    if is_play(action):
        level = PLAY_LEVEL[action]
        rank = RANK_NAMES[level] if level >= 0 else None
        return _("play {cards}").format(
            cards=set_text(rank, PLAY_NATURALS[action], PLAY_JOKERS[action]))
    return str(action)


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
                raise ValueError(_("{token} repeats nothing").format(token=repr(token)))
            counts[last] += times - 1
            last_times = times
            continue
        level, _exact = parse_card(card_text)
        counts[level] = counts.get(level, 0) + times
        last, last_times = level, times
    jokers = counts.pop(JOKER, 0)
    if len(counts) > 1:
        ranks = ", ".join(RANK_NAMES[lv] for lv in sorted(counts))
        raise ValueError(_("a set is one rank (jokers aside), not {ranks}").format(ranks=ranks))
    if jokers > MAX_JOKERS:
        raise ValueError(_("there are only {count} jokers").format(count=MAX_JOKERS))
    if not counts:
        if not jokers:
            raise ValueError(_("no cards"))
        return JOKERS_ONLY_LEVEL, 0, jokers
    ((level, naturals),) = counts.items()
    if naturals > MAX_NATURALS:
        raise ValueError(_("a rank has only {count} cards").format(count=MAX_NATURALS))
    return level, naturals, jokers


def checked_text(text: object) -> str:
    """``text`` if it is text; :class:`IllegalActionError` otherwise."""
    if not isinstance(text, str):
        raise IllegalActionError(_("an action name must be text, not {value}").format(
            value=repr(text)))
    return text


def parse_action(text: str, context: str | None) -> int:
    """The action id ``text`` names; ``context`` is the phase (``"exchange"`` makes a lone card a
    gift). Raises :class:`IllegalActionError` for a name no action has."""
    text = checked_text(text)
    key = " ".join(text.strip().lower().split())
    if key in _LOWER_IDS:
        return _LOWER_IDS[key]
    if key in _WORDS:
        return _WORDS[key]
    if not key:
        raise unknown(text, _("it is empty"))
    gift = context == "exchange"
    if key.startswith("give "):
        key, gift = key[5:], True
    elif key.startswith("play "):
        key, gift = key[5:], False
    try:
        level, naturals, jokers = parse_cards(key)
    except ValueError as exc:
        raise unknown(text, str(exc)) from None
    if gift:
        if naturals + jokers != 1:
            raise unknown(text, _("a gift is one card at a time"))
        return give_id(JOKER if jokers else level)
    return play_id(level, naturals, jokers)
