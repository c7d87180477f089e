"""The words of furuba's own modules — the command line, the server, the bots, the simulator —
in the language of the current context: the ``furuba`` gettext domain.

A module of ``src/furuba`` outside the game packages says its texts through these functions
(the games keep catalogs of their own)::

    from furuba.text import N_, _, ngettext

    raise OptionsError(_("option {name} needs a value").format(name=name))

>>> from furuba.i18n import speaking
>>> _("You"), ngettext("{n} second", "{n} seconds", 2).format(n=2)
('You', '2 seconds')
>>> with speaking("ja"):
...     _("You"), listing(["a", "b", "c"]), either(["a", "b"])
('あなた', 'a、b、c', 'aまたはb')
>>> listing(["a", "b"]), either(["a", "b", "c"]), together(["Ann", "Bo", "Cy"])
('a, b', 'a, b or c', 'Ann, Bo and Cy')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from furuba.i18n import N_, Catalog

__all__ = ["CATALOG", "N_", "_", "deals_count", "either", "games_count", "listing", "ngettext",
           "pgettext", "players_count", "sentence", "together"]

CATALOG = Catalog(__file__, "furuba")
"""The ``furuba`` domain (``src/furuba/locale/<lang>/LC_MESSAGES/furuba.po``)."""
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
pgettext = CATALOG.pgettext


def sentence(text: str) -> str:
    """A phrase as a sentence: a capital first letter and a full stop (「。」 in Japanese), unless
    it ends with one.

    >>> sentence("passes rather than break up a set"), sentence("Wins!"), sentence("")
    ('Passes rather than break up a set.', 'Wins!', '')
    """
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?。！？" else text + pgettext("end of a sentence", ".")


def listing(items: Iterable[str]) -> str:
    """``items`` as a list: ``a, b, c`` (「a、b、c」)."""
    return pgettext("list", ", ").join(items)


def either(items: Sequence[str]) -> str:
    """``items`` as choices: ``a, b or c`` (「a、bまたはc」)."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} or {last}").format(items=listing(items[:-1]), last=items[-1])


def together(items: Sequence[str]) -> str:
    """``items`` all of them: ``a, b and c`` (「a、bとc」)."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=listing(items[:-1]), last=items[-1])


def games_count(n: int) -> str:
    """``n`` games, in the singular for one: ``1 game``, ``1,200 games`` (「1,200ゲーム」).

    >>> games_count(1), games_count(1200)
    ('1 game', '1,200 games')
    """
    return ngettext("{n} game", "{n} games", n).format(n=f"{n:,}")


def players_count(n: int) -> str:
    """``n`` players: ``1 player``, ``4 players`` (「4人」)."""
    return ngettext("{n} player", "{n} players", n).format(n=f"{n:,}")


def deals_count(n: int) -> str:
    """``n`` deals: ``1 deal``, ``300 deals`` (「配り札300通り」)."""
    return ngettext("{n} deal", "{n} deals", n).format(n=f"{n:,}")


YOU = N_("You")
"""What a lone human at the keyboard is called (a seat's name, in the terminal's language)."""


def you() -> str:
    """What a lone human at the keyboard is called, in the context's language ("You", 「あなた」)."""
    return _(YOU)


def is_you(name: str) -> bool:
    """Whether ``name`` is the lone human at the keyboard (so a screen says "your hand",
    「あなたの手札」, rather than "You's hand").

    >>> is_you("You"), is_you("Kaito")
    (True, False)
    """
    return name in (YOU, you())
