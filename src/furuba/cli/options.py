"""Game options on the command line: ``-o key=value`` and the shorthand flags.

Every option of a game can be set with ``-o key=value`` (read by the option's own
:meth:`~furuba.spec.Option.parse`). A few options that many games share also have a flag of
their own (``--target 5``); a flag stands for the option of that name (:data:`SHORTHANDS`) and
is refused, with the options the game does have, when the chosen game has no such option.

>>> from furuba import games
>>> game_options(games.spec("daihinmin"), {"target": 5, "rounds": None}, ["max-rounds=3"])
{'target': 5, 'max_rounds': 3}
>>> game_options(games.spec("daihinmin"), {"sets": 2}, [])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: the game Dai Hin Min has no option sets (--sets is a ...)...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from furuba import games
from furuba.core.errors import OptionsError
from furuba.spec import GameSpec, Option
from furuba.text import N_, _, listing, together

SHORTHANDS: dict[str, str] = {"cardset": "cardset", "variant": "variant", "sets": "sets",
                              "target": "target", "rounds": "max_rounds"}
"""Flags that stand for a game option: flag (without ``--``) → the option's name."""
SHORTHAND_HELP = {"cardset": N_("the card set: a file, or a name"), "variant": N_("the variant"),
                  "sets": N_("copies of the game"), "target": N_("the score that ends the game"),
                  "rounds": N_("the round limit")}


def flag_help(flag: str) -> str:
    """The help line of the shorthand ``--flag``: what it sets and which games have it.

    >>> flag_help("rounds")
    'the round limit (-o max_rounds=…; Friends of the Zodiac, Dai Hin Min)'
    """
    name = SHORTHANDS[flag]
    titles = listing([s.gettext(s.title) for s in games.specs() if _find(s, name) is not None])
    return _("{what} (-o {name}=…; {games})").format(
        what=_(SHORTHAND_HELP[flag]), name=name, games=titles or _("no game yet"))


def game_options(spec: GameSpec, flags: Mapping[str, Any],
                 pairs: Sequence[str] | None) -> dict[str, Any]:
    """The options of ``spec``'s game given by shorthand ``flags`` (flag → value, ``None``:
    not given) and ``-o`` ``pairs``, as ``new_game`` takes them (names given for
    :attr:`~furuba.spec.Option.named` values are resolved).

    A flag's value is passed on as given, for the game to check; a pair's text is read by the
    option's :meth:`~furuba.spec.Option.parse`.
    """
    out: dict[str, Any] = {}
    for flag, value in flags.items():
        if value is not None:
            name = SHORTHANDS[flag]
            option_of(spec, name, f"--{flag}")
            out[name] = value
    for pair in pairs or []:
        key, eq, text = pair.partition("=")
        if not eq or not key.strip():
            raise OptionsError(_("-o needs key=value, not {pair!r}").format(pair=pair))
        name = key.strip().replace("-", "_")
        option = option_of(spec, name, name)
        if name in out:
            raise OptionsError(_("the option {name} is given twice").format(name=name))
        out[name] = option.parse(text)
    return spec.game_kwargs(out)


def option_of(spec: GameSpec, name: str, given: str) -> Option:
    """``spec``'s option ``name``; an :class:`OptionsError` naming its options when it has none
    (and the games that have it: ``given`` is what the user typed)."""
    option = _find(spec, name)
    if option is not None:
        return option
    others = [s.gettext(s.title) for s in games.specs() if s.name != spec.name and _find(s, name)]
    its = listing([o.name for o in spec.options]) or _("none")
    title = spec.gettext(spec.title)
    if others:
        raise OptionsError(_("the game {title} has no option {name} ({given} is a {games} option); "
                             "its options are {options}").format(
            title=title, name=name, given=given, games=together(others), options=its))
    raise OptionsError(_("the game {title} has no option {name}; its options are "
                         "{options}").format(title=title, name=name, options=its))


def _find(spec: GameSpec, name: str) -> Option | None:
    return next((o for o in spec.options if o.name == name), None)
