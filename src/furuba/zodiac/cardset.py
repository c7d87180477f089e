"""The card-set format: memories, events, Sohma sides and Tohru's card, as a TOML file.

A card set is the plain, frozen objects of this module: the engine, the bots and the texts read
them, with the standard library alone. A file a user wrote is checked first, with pydantic
(:mod:`furuba.zodiac.cardset_schema`: :func:`parse_cardset`, :func:`load_cardset`,
:func:`cardset_problems`): any fault becomes a :class:`CardSetError` whose message names the
file, the field and what is wrong — never a traceback — and what passes is built into these
objects. The card set furuba ships was checked once and for all (a test checks that the file
still passes and gives the same objects), so :func:`default_cardset` builds it straight from
its TOML and needs no pydantic. Its words may carry translations
(:mod:`furuba.zodiac.cardset_words`); a card's identity stays its base-language name.

>>> cs = default_cardset()
>>> len(cs.symbols) in range(4, 7), cs.play_card_count()
(True, 53)
>>> cs.sohma("Hatsuharu").human.needs
['star', 'heart', 'rain']
>>> cs.languages(), cs.text("Trust", "ja")
(('en', 'ja'), '信頼')
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

from furuba.core.errors import CardSetError
from furuba.zodiac.cardset_model import (
    CENTER_LIMIT,
    CONDITION_KINDS,
    EFFECT_OPS,
    MAX_NEEDS,
    MAX_OPTIONS,
    CardSet,
    CenterCount,
    Choice,
    Condition,
    DiscardCenter,
    Draw,
    Event,
    FlipSohma,
    FlipTohru,
    FriendOf,
    Memory,
    MinFriendships,
    Move,
    MoveTo,
    Option,
    SohmaCard,
    SohmaSide,
    Step,
    Symbol,
    TakeFromDiscard,
    TohruCard,
    TohruSide,
    TohruSideCard,
    build_cardset,
)

__all__ = [
    "CENTER_LIMIT", "CONDITION_KINDS", "EFFECT_OPS", "MAX_NEEDS", "MAX_OPTIONS", "CardSet",
    "CenterCount", "Choice", "Condition", "DiscardCenter", "Draw", "Event", "FlipSohma",
    "FlipTohru", "FriendOf", "Memory", "MinFriendships", "Move", "MoveTo", "Option", "SohmaCard",
    "SohmaSide", "Step", "Symbol", "TakeFromDiscard", "TohruCard", "TohruSide", "TohruSideCard",
    "build_cardset", "cardset_problems", "default_cardset", "default_text", "load_cardset",
    "parse_cardset", "resolve_cardset",
]


def _schema() -> ModuleType:
    """The module that checks a card-set file (it needs pydantic); a :class:`CardSetError`
    saying so when pydantic is not installed."""
    try:
        from furuba.zodiac import cardset_schema
    except ImportError as exc:
        if "pydantic" not in f"{exc.name} {exc}":
            raise
        raise CardSetError("checking a card-set file needs pydantic, which is not installed "
                           "here; only the default card set can be played") from None
    return cardset_schema


def parse_cardset(data: dict[str, Any], source: str = "<card set>") -> CardSet:
    """Validate ``data`` (a parsed TOML document) as a card set (needs pydantic)."""
    cs: CardSet = _schema().parse_cardset(data, source)
    return cs


def cardset_problems(text: str) -> tuple[CardSet | None, list[tuple[str, str]]]:
    """The card set in ``text`` (a TOML document) and every fault in it, each at its place
    (``("memories[3].symbol", "unknown symbol 'moon'…")``; the place empty for bad TOML).

    >>> cardset_problems('name = [')[1][0][1].startswith("not valid TOML")
    True
    """
    found: tuple[CardSet | None, list[tuple[str, str]]] = _schema().cardset_problems(text)
    return found


def load_cardset(path: str | Path) -> CardSet:
    """Read and validate the card-set file at ``path`` (needs pydantic)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardSetError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise CardSetError(f"{path}: not a UTF-8 text file") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardSetError(f"{path}: not valid TOML: {exc}") from None
    return parse_cardset(data, str(path))


def default_text() -> str:
    """The text of the card set furuba ships (``cardsets/default.toml``)."""
    return resources.files("furuba.zodiac").joinpath("cardsets/default.toml").read_text("utf-8")


@cache
def default_cardset() -> CardSet:
    """The original card set furuba ships, built from its file without checking it again (see
    the module; no pydantic needed)."""
    data: Mapping[str, Any] = tomllib.loads(default_text())
    return build_cardset(data)


def resolve_cardset(cardset: CardSet | str | Path | None) -> CardSet:
    """A card set from a :class:`CardSet`, a file path, or ``None`` for the default."""
    if cardset is None or cardset == "default":
        return default_cardset()
    if isinstance(cardset, CardSet):
        return cardset
    return load_cardset(cardset)
