"""Dai Hin Min's words in the player's language: its gettext catalog (domain ``daihinmin``) and the
phrases every screen of the game shares — titles, places, cards and "you" (actions are said by
:func:`furuba.daihinmin.notation.action_text`).

Titles, card names and action names stay English data in views, logs and records (``"Poor Man"``,
``"7♦"``, ``"play 7x2+joker"``); they are put into words only where a person reads them.

>>> from furuba.i18n import speaking
>>> title_words("Poor Man"), place_words(2), set_text("7", 2, 1)
('Poor Man', '2nd', '7 7 joker')
>>> with speaking("ja"):
...     title_words("Poor Man"), place_words(2), set_text("7", 2, 1)
('大貧民', '2位', '7 7 ジョーカー')
>>> subject("You"), subject("Ann"), whom("You")
('You', 'Ann', 'you')
>>> with speaking("ja"):
...     subject("You"), subject("Ann"), whom("You")
('あなた', 'Annさん', 'あなた')
"""

from __future__ import annotations

from collections.abc import Sequence

from furuba.core.deck import SUITS
from furuba.daihinmin.catalog import CATALOG as CATALOG
from furuba.daihinmin.catalog import _ as _
from furuba.daihinmin.catalog import ngettext as ngettext
from furuba.daihinmin.catalog import pgettext as pgettext
from furuba.daihinmin.ranks import RANK_NAMES
from furuba.i18n import N_
from furuba.text import is_you as is_you
from furuba.text import you

TITLES: dict[str, str] = {
    "Rich Man": N_("Rich Man"),
    "Second Richest": N_("Second Richest"),
    "Merchant": N_("Merchant"),
    "Second Poorest": N_("Second Poorest"),
    "Poor Man": N_("Poor Man"),
}
"""The titles of D7 as data (:data:`furuba.daihinmin.scoring.TITLE_NAMES`), marked for the
catalog: 大富豪, 富豪, 平民, 貧民, 大貧民 in Japanese."""

PLACES: tuple[str, ...] = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"),
                           N_("7th"))
"""Places in the order of going out."""

HOUSE_RULE_NAMES: dict[str, str] = {
    "eight_cut": N_("8-cut"),
    "sequences": N_("sequences"),
    "fallen_capital": N_("fallen capital"),
    "eleven_back": N_("11-back"),
    "suit_lock": N_("suit lock"),
    "spade_three": N_("spade 3"),
    "strong_joker": N_("strong joker"),
    "rank_revolution": N_("revolution"),
    "named_joker": N_("named joker"),
    "pass_out": N_("passing is final"),
    "diamond_three": N_("3♦ leads"),
    "exchange_after": N_("Rich choose after"),
    "place_points": N_("points by place"),
    "run_above": N_("runs from above"),
}
"""The house rules (D13–D25, D30) by option name, as players call them: 八切り, 階段, 都落ち,
イレブンバック, 縛り, スペ3, 革命 … in Japanese."""


def house_rule_words(name: str) -> str:
    """A house rule's option name in words: ``"8-cut"``, 「八切り」."""
    return _(HOUSE_RULE_NAMES[name]) if name in HOUSE_RULE_NAMES else name


def title_words(title: str | None) -> str:
    """A title (English data, or ``None``: none yet) in the current language; ``""`` for none."""
    return _(TITLES.get(title, title)) if title else ""


def place_words(place: int) -> str:
    """A finishing place (1 for the first) in words: ``"1st"``, ``"1位"``."""
    return _(PLACES[place - 1]) if 1 <= place <= len(PLACES) else str(place)


def shown(name: str) -> str:
    """A seat's name as a table shows it: the names players chose; "You" in the current language."""
    return you() if is_you(name) else name


def subject(name: str) -> str:
    """A player as the subject of a sentence: ``"You"``, ``"Ann"``; 「あなた」, 「Annさん」."""
    if is_you(name):
        return you()
    return pgettext("another player", "{name}").format(name=name)


def whom(name: str) -> str:
    """A player anywhere else in a sentence: ``"you"``, ``"Ann"``; 「あなた」, 「Annさん」."""
    if is_you(name):
        return pgettext("object", "you")
    return pgettext("another player", "{name}").format(name=name)


def joker_word() -> str:
    """``"joker"``, 「ジョーカー」."""
    return _("joker")


def separated(items: Sequence[str]) -> str:
    """Items one after the other: ``"a, b, c"``; 「a、b、c」."""
    return _(", ").join(items)


def listed(items: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``; 「a」, 「aとb」, 「a、bとc」."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=separated(items[:-1]), last=items[-1])


def suits_text(suits: int) -> str:
    """The suits of a 4-bit mask: ``"♠"``, ``"♦ and ♠"``; 「♦と♠」."""
    return listed([SUITS[s] for s in range(4) if suits >> s & 1])


def set_text(rank: str | None, naturals: int, jokers: int) -> str:
    """A set as a person types it: ``"7 7 joker"``, ``"joker joker"``; 「7 7 ジョーカー」."""
    return " ".join([rank or ""] * naturals + [joker_word()] * jokers)


ONE: tuple[str, ...] = (N_("a 3"), N_("a 4"), N_("a 5"), N_("a 6"), N_("a 7"), N_("an 8"), N_("a 9"),
                        N_("a 10"), N_("a Jack"), N_("a Queen"), N_("a King"), N_("an Ace"),
                        N_("a 2"), N_("a joker"))
"""One card of each level, jokers last: ``"an 8"``, ``"an Ace"``; 「8」, 「A」."""
SEVERAL: tuple[str, ...] = (N_("3s"), N_("4s"), N_("5s"), N_("6s"), N_("7s"), N_("8s"), N_("9s"),
                            N_("10s"), N_("Jacks"), N_("Queens"), N_("Kings"), N_("Aces"),
                            N_("2s"), N_("jokers"))
"""Several cards of each level, jokers last: ``"7s"``, ``"Kings"``; 「7」, 「K」."""


def one_card(level: int) -> str:
    """One card of ``level`` (13: a joker) with its article: ``"a 7"``, ``"an Ace"``; 「A」."""
    return _(ONE[level])


def cards_of_rank(level: int) -> str:
    """Cards of ``level`` (13: jokers) in the plural: ``"7s"``, ``"Aces"``; 「7」, 「A」."""
    return _(SEVERAL[level])


def player_words(player: int) -> str:
    """A player the engine names by id: ``"player 2"``, 「プレイヤー2」 (screens put names)."""
    return _("player {n}").format(n=player)


FACES: dict[str, str] = {"J": N_("Jack"), "Q": N_("Queen"), "K": N_("King"), "A": N_("Ace")}
"""The ranks with a name of their own (the others are their numbers)."""


def rank_word(level: int) -> str:
    """One card of ``level`` (13: a joker) without an article: ``"7"``, ``"Ace"``; 「A」."""
    if level >= len(RANK_NAMES):
        return joker_word()
    name = RANK_NAMES[level]
    return _(FACES[name]) if name in FACES else name
