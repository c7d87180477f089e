"""Friends of the Zodiac's words in the reader's language: its gettext catalog (domain
``zodiac``), the Sohmas' names, who did something, and a card set's own texts.

Views and log entries carry data (Sohma indexes, card names, message ids); the terminal, the
hints and the errors say them here, in the language of the current context
(:func:`furuba.i18n.current`). A card set's words (card names, symbols, memory texts, prompts,
event texts, Tohru's sides) are translated by the card set itself (:func:`card_text`); the
game's own sentences by this package's catalog.

>>> from furuba.i18n import speaking
>>> sohma_name(12), side_word("animal")
('Kyo', 'animal')
>>> with speaking("ja"):
...     sohma_name(12), side_word("animal"), who(["Aoi", "You"], 0, you=1), who(["Aoi"], 0, you=0)
('夾', '動物', 'Aoiさん', 'あなた')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from furuba.i18n import N_, Catalog, current

if TYPE_CHECKING:
    from furuba.zodiac.cardset import CardSet
    from furuba.zodiac.view_types import ConditionView

CATALOG = Catalog(__file__, "zodiac")
"""The catalog of the ``zodiac`` domain (``zodiac/locale/``)."""
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
pgettext = CATALOG.pgettext


def sohma_names() -> tuple[str, ...]:
    """The 13 Sohmas' names in circle order, in the current language (the series' names)."""
    return (pgettext("Sohma", "Yuki"), pgettext("Sohma", "Hatsuharu"), pgettext("Sohma", "Kisa"),
            pgettext("Sohma", "Momiji"), pgettext("Sohma", "Hatori"), pgettext("Sohma", "Ayame"),
            pgettext("Sohma", "Horse"), pgettext("Sohma", "Hiro"), pgettext("Sohma", "Ritsu"),
            pgettext("Sohma", "Bird"), pgettext("Sohma", "Shigure"), pgettext("Sohma", "Kagura"),
            pgettext("Sohma", "Kyo"))


def sohma_name(index: int) -> str:
    """The name of the Sohma at ``index`` in the circle (0 Yuki … 12 Kyo)."""
    return sohma_names()[index]


def side_word(side: str) -> str:
    """A Sohma card's side, ``"human"`` or ``"animal"``, in words."""
    return pgettext("Sohma side", "animal") if side == "animal" else pgettext("Sohma side", "human")


def tohru_side_word(side: str) -> str:
    """A side of Tohru's card, ``"front"`` or ``"back"``, in words."""
    return pgettext("Tohru's side", "back") if side == "back" else pgettext("Tohru's side", "front")


def tohru() -> str:
    """Tohru's name."""
    return pgettext("Tohru", "Tohru")


def player_name(names: Sequence[str] | None, player: int) -> str:
    """The name of ``player``'s seat, or ``Player N`` (counted from 1) without one."""
    if names is not None and 0 <= player < len(names):
        return names[player]
    return _("Player {number}").format(number=player + 1)


def who(names: Sequence[str] | None, player: int, you: int | None) -> str:
    """``player`` as the subject of a sentence: ``You`` for the reader's seat ``you``, else the
    seat's name (``Aoiさん`` in Japanese)."""
    if player == you:
        return _("You")
    if names is None or not 0 <= player < len(names):
        return player_name(names, player)
    return pgettext("someone", "{name}").format(name=names[player])


def condition_words(condition: ConditionView | None, short: bool = False) -> str | None:
    """A Sohma side's condition in words (``short``: for a table cell); ``None`` for none.

    >>> condition_words({"code": "min_friendships", "args": {"count": 3}})
    'at least 3 friendships already'
    >>> condition_words({"code": "center_between", "args": {"low": 1, "high": 2}}, short=True)
    '1-2 in the center'
    """
    if condition is None:
        return None
    code, args = condition["code"], condition["args"]
    if code == "friend_of":
        name = sohma_name(args.get("sohma", 0))
        return (_("friend of {sohma}") if short
                else _("already a friend of {sohma}")).format(sohma=name)
    if code == "min_friendships":
        count = args.get("count", 0)
        if short:
            return _("≥{count} friendships").format(count=count)
        return ngettext("at least {count} friendship already",
                        "at least {count} friendships already", count).format(count=count)
    if code == "tohru_side":
        side = tohru_side_word(args.get("side", "front"))
        return (_("Tohru {side} up") if short
                else _("Tohru's {side} side up")).format(side=side)
    if code == "center_at_least":
        count = args.get("count", 0)
        return (_("≥{count} in the center") if short
                else ngettext("at least {count} memory in the center",
                              "at least {count} memories in the center", count)).format(count=count)
    low, high = args.get("low", 0), args.get("high", 0)
    if short:
        return _("{low}-{high} in the center").format(low=low, high=high)
    if low == high:
        return ngettext("exactly {count} memory in the center",
                        "exactly {count} memories in the center", low).format(count=low)
    return ngettext("{low} to {high} memory in the center", "{low} to {high} memories in the center",
                    high).format(low=low, high=high)


# -- a card set's own words ------------------------------------------------------------------
_TEXTS: dict[int, tuple[CardSet, dict[str, dict[str, str]]]] = {}


def cardset_texts(cardset: CardSet) -> dict[str, dict[str, str]]:
    """Language → {a text of ``cardset`` in its own words: its translation}, worked out once per
    card set (:meth:`~furuba.zodiac.cardset.CardSet.translations`)."""
    found = _TEXTS.get(id(cardset))
    if found is None or found[0] is not cardset:
        if len(_TEXTS) > 64:
            _TEXTS.clear()
        found = (cardset, cardset.translations())
        _TEXTS[id(cardset)] = found
    return found[1]


def card_text(cardset: CardSet, text: str) -> str:
    """``text``, a text of ``cardset`` (a card's name, a symbol's name, a memory's text, an
    option's label …), in the current language; as written when the set has no translation."""
    return cardset_texts(cardset).get(current(), {}).get(text, text)


# -- the variants ------------------------------------------------------------------------------
VARIANT_LABELS: tuple[tuple[str, str], ...] = (
    ("standard", N_("Standard")), ("long", N_("the Long Game")),
    ("coop", N_("Bestest Friends (co-op)")), ("true-friends", N_("True Friends prompts")))
"""What a menu calls each variant (the ``variant`` option's choice labels)."""


def variant_words(variant: str) -> str:
    """A variant option's value (``"long,true-friends"``) in words, in the current language."""
    labels = dict(VARIANT_LABELS)
    return pgettext("list", ", ").join(_(labels[v]) if v in labels else v
                                       for v in variant.split(","))
