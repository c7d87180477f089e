"""Checking a card-set file: the card-set format as pydantic models, and its faults in words.

A card set a user wrote is validated here (:func:`parse_cardset`, :func:`cardset_problems`):
every fault becomes a :class:`CardSetError` whose message names the file, the field and what is
wrong — never a traceback — and the card-set editor's form is this schema
(:mod:`furuba.zodiac.cardset_form`). What passes is handed to the game as the plain objects of
:mod:`furuba.zodiac.cardset` (:func:`~furuba.zodiac.cardset_model.build_cardset`), which the engine
reads with or without pydantic installed; this module is the only one that needs pydantic.

>>> from furuba.zodiac.cardset import default_cardset, default_text
>>> cs = parse_cardset(tomllib.loads(default_text()))
>>> cs == default_cardset(), type(cs).__module__
(True, 'furuba.zodiac.cardset_model')
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from furuba.core import bounded_toml
from furuba.core.deck import SOHMA_NAMES
from furuba.core.errors import CardSetError
from furuba.zodiac import cardset_model as plain
from furuba.zodiac.cardset_model import (
    CENTER_LIMIT,
    CONDITION_KINDS,
    EFFECT_OPS,
    MAX_OPTIONS,
    build_cardset,
)
from furuba.zodiac.cardset_schema_words import Worded
from furuba.zodiac.cardset_words import collect_translations, is_language_code
from furuba.zodiac.text import _, ngettext


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- effects -------------------------------------------------------------------------------------
class Move(_Model):
    """Move Tohru ``steps`` Sohmas clockwise or counterclockwise."""

    op: Literal["move"]
    steps: Annotated[int, Field(ge=1, le=12)]
    direction: Literal["clockwise", "counterclockwise"] = "clockwise"


class MoveTo(_Model):
    """Move Tohru straight to a named Sohma, or to one the player chooses (``"chosen"``)."""

    op: Literal["move_to"]
    sohma: str = "chosen"


class FlipSohma(_Model):
    """Flip the Sohma Tohru is next to (``"tohru"``) or one the player chooses (``"chosen"``)."""

    op: Literal["flip_sohma"]
    target: Literal["tohru", "chosen"] = "tohru"


class FlipTohru(_Model):
    """Turn Tohru's card over."""

    op: Literal["flip_tohru"]


class Draw(_Model):
    """Draw ``count`` cards: the player (``"self"``) or every player in turn order (``"each"``)."""

    op: Literal["draw"]
    count: Annotated[int, Field(ge=1, le=4)] = 1
    who: Literal["self", "each"] = "self"


class DiscardCenter(_Model):
    """The player chooses a memory in the center and puts it on the discard pile."""

    op: Literal["discard_center"]


class TakeFromDiscard(_Model):
    """The player chooses a memory from the discard pile and takes it into their hand."""

    op: Literal["take_from_discard"]


class Option(Worded):
    """One option of a choice: a label players read and the effect it has."""

    WORDS: ClassVar[tuple[str, ...]] = ("label",)
    KIND: ClassVar[str] = "an option"

    label: str = Field(min_length=1)
    effect: list[Step] = Field(min_length=1)


class Choice(_Model):
    """The player picks one of the options."""

    op: Literal["choice"]
    options: list[Option] = Field(min_length=2, max_length=MAX_OPTIONS)


Step = Annotated[
    Move | MoveTo | FlipSohma | FlipTohru | Draw | DiscardCenter | TakeFromDiscard | Choice,
    Field(discriminator="op"),
]
Option.model_rebuild()


# -- conditions ----------------------------------------------------------------------------------
class FriendOf(_Model):
    """The player is already a friend of the named Sohma."""

    kind: Literal["friend_of"]
    sohma: str


class MinFriendships(_Model):
    """The player already has at least ``count`` friendships."""

    kind: Literal["min_friendships"]
    count: Annotated[int, Field(ge=1, le=12)]


class TohruSide(_Model):
    """Tohru's card shows the given side."""

    kind: Literal["tohru_side"]
    side: Literal["front", "back"]


class CenterCount(_Model):
    """The center holds at least ``at_least`` (and at most ``at_most``) memories."""

    kind: Literal["center_count"]
    at_least: Annotated[int, Field(ge=0, le=CENTER_LIMIT)] = 0
    at_most: Annotated[int, Field(ge=0, le=CENTER_LIMIT)] = CENTER_LIMIT


Condition = Annotated[FriendOf | MinFriendships | TohruSide | CenterCount,
                      Field(discriminator="kind")]


# -- cards ---------------------------------------------------------------------------------------
class Symbol(Worded):
    """A kind of memory symbol (the riceball in a memory card's corner)."""

    WORDS: ClassVar[tuple[str, ...]] = ("name",)
    KIND: ClassVar[str] = "a symbol"

    id: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
    name: str
    glyph: str = Field(min_length=1, max_length=2)
    color: str = Field(default="#888888", pattern=r"^#[0-9a-fA-F]{6}$")


class Memory(Worded):
    """A memory card: one symbol, a text, and its True Friends prompt."""

    WORDS: ClassVar[tuple[str, ...]] = ("name", "text", "prompt")
    KIND: ClassVar[str] = "a memory"

    name: str = Field(min_length=1)
    symbol: str
    text: str = ""
    prompt: str = ""
    count: Annotated[int, Field(ge=1, le=20)] = 1


class Event(Worded):
    """An event card: the text players read and what it does."""

    WORDS: ClassVar[tuple[str, ...]] = ("name", "text")
    KIND: ClassVar[str] = "an event"

    name: str = Field(min_length=1)
    text: str
    effect: list[Step] = Field(min_length=1)
    count: Annotated[int, Field(ge=1, le=20)] = 1


class SohmaSide(Worded):
    """What one side of a Sohma card asks for: symbols (counted) and an optional condition."""

    WORDS: ClassVar[tuple[str, ...]] = ("text",)
    KIND: ClassVar[str] = "a Sohma side"

    needs: list[str] = Field(min_length=1)
    condition: Condition | None = None
    text: str = ""


class SohmaCard(_Model):
    """Both sides of one Sohma card."""

    human: SohmaSide
    animal: SohmaSide


class TohruSideCard(Worded):
    """One side of Tohru's card and its effect while face up."""

    WORDS: ClassVar[tuple[str, ...]] = ("name", "text")
    KIND: ClassVar[str] = "a side of Tohru's card"

    name: str
    text: str
    effect: Literal["flip_at_end_of_turn", "wild_symbol", "none"]


class TohruCard(_Model):
    front: TohruSideCard = TohruSideCard(
        name="Blue ribbons", effect="flip_at_end_of_turn",
        text="At the end of each turn, flip the Sohma Tohru is next to.")
    back: TohruSideCard = TohruSideCard(
        name="Wild memory", effect="wild_symbol",
        text="Tohru adds one wild memory symbol: it stands in for any one missing symbol.")


class CardSet(Worded):
    """A whole card set. See ``docs/CARDSET.md`` for the format with a full example."""

    WORDS: ClassVar[tuple[str, ...]] = ("name", "description")
    KIND: ClassVar[str] = "a card set"

    language: str = "en"
    """The language the set is written in (its base language): a card's name in it is its id."""
    name: str
    description: str = ""
    deck_size: Annotated[int, Field(ge=10, le=200)] = 53
    symbols: list[Symbol] = Field(min_length=1, max_length=12)
    memories: list[Memory] = Field(min_length=1)
    events: list[Event] = Field(default_factory=list)
    sohmas: dict[str, SohmaCard]
    tohru: TohruCard = TohruCard()

    def play_card_count(self) -> int:
        """How many play cards one set holds."""
        return sum(m.count for m in self.memories) + sum(e.count for e in self.events)

    @field_validator("language")
    @classmethod
    def _language_code(cls, language: str) -> str:
        if not is_language_code(language):
            raise ValueError(_("{language!r} is not a language code such as 'en', 'ja' or "
                               "'pt-BR'").format(language=language))
        return language

    @model_validator(mode="after")
    def _check_consistency(self) -> CardSet:
        _check(self)
        collect_translations(self, self.language)   # a text translated two ways is a fault
        return self


def _check(cs: CardSet) -> None:
    """Cross-field checks; each fault raises ``ValueError`` naming the field."""
    symbol_ids = [s.id for s in cs.symbols]
    first_symbol: dict[str, int] = {}
    for i, sid in enumerate(symbol_ids):
        if sid in first_symbol:
            # Both places are named, so that an editor can show the fault at each of them.
            raise ValueError(f"symbols[{i}].id: " + _(
                "symbol {symbol!r} is defined twice, by {first} and {second}").format(
                symbol=sid, first=f"symbols[{first_symbol[sid]}]", second=f"symbols[{i}]"))
        first_symbol[sid] = i
    places = [f"memories[{i}]" for i in range(len(cs.memories))] + \
        [f"events[{i}]" for i in range(len(cs.events))]
    names = [m.name for m in cs.memories] + [e.name for e in cs.events]
    seen: dict[str, str] = {}
    for place, name in zip(places, names, strict=True):
        if name.lower() in seen:
            raise ValueError(f"{place}.name: " + _(
                "card name {name!r} is used by two cards, {first} and {second}: give each card "
                "its own name, or give one card more copies").format(
                name=name.lower(), first=seen[name.lower()], second=place))
        seen[name.lower()] = place
    carried: Counter[str] = Counter()
    for i, memory in enumerate(cs.memories):
        if memory.symbol not in symbol_ids:
            raise ValueError(f"memories[{i}] ({memory.name}).symbol: " + _(
                "unknown symbol {symbol!r}; the symbols are {symbols}").format(
                symbol=memory.symbol, symbols=symbol_ids))
        carried[memory.symbol] += memory.count
    for sid in symbol_ids:
        if not carried[sid]:
            raise ValueError("symbols: " + _("no memory carries the symbol {symbol!r}").format(
                symbol=sid))
    total = cs.play_card_count()
    if total != cs.deck_size:
        raise ValueError("deck_size: " + _("wrong card count: the memories and events add up to "
                                           "{total} play cards, but deck_size says {deck_size}")
                         .format(total=total, deck_size=cs.deck_size))
    missing = [n for n in SOHMA_NAMES if n not in cs.sohmas]
    if missing:
        raise ValueError("sohmas: " + _("missing {missing} (all 13 are needed: {sohmas})").format(
            missing=", ".join(missing), sohmas=", ".join(SOHMA_NAMES)))
    unknown = [n for n in cs.sohmas if n not in SOHMA_NAMES]
    if unknown:
        raise ValueError("sohmas: " + _("unknown Sohma {name!r}; the Sohmas are {sohmas}").format(
            name=unknown[0], sohmas=", ".join(SOHMA_NAMES)))
    has_wild = "wild_symbol" in (cs.tohru.front.effect, cs.tohru.back.effect)
    for name, card in cs.sohmas.items():
        for side_name in ("human", "animal"):
            side: SohmaSide = getattr(card, side_name)
            _check_side(f"sohmas.{name}.{side_name}", side, symbol_ids, carried, has_wild, cs)
    for i, event in enumerate(cs.events):
        _check_steps(f"events[{i}] ({event.name}).effect", event.effect)


def _check_side(where: str, side: SohmaSide, symbol_ids: list[str], carried: Counter[str],
                has_wild: bool, cs: CardSet) -> None:
    for sym in side.needs:
        if sym not in symbol_ids:
            raise ValueError(f"{where}.needs: " + _("unknown symbol {symbol!r}; the symbols are "
                                                    "{symbols}").format(symbol=sym,
                                                                        symbols=symbol_ids))
    need = Counter(side.needs)
    wild_possible = has_wild
    if isinstance(side.condition, TohruSide):
        effect = getattr(cs.tohru, side.condition.side).effect
        wild_possible = effect == "wild_symbol"
    if isinstance(side.condition, FriendOf) and side.condition.sohma not in SOHMA_NAMES:
        raise ValueError(f"{where}.condition.sohma: " + _("unknown Sohma {name!r}").format(
            name=side.condition.sohma))
    if isinstance(side.condition, CenterCount) and side.condition.at_least > side.condition.at_most:
        raise ValueError(f"{where}.condition: " + _("at_least is more than at_most"))
    shortfall = sum(max(0, n - carried[s]) for s, n in need.items())
    cap = CENTER_LIMIT + (1 if wild_possible else 0)
    if isinstance(side.condition, CenterCount):
        cap = side.condition.at_most + (1 if wild_possible else 0)
    if len(side.needs) > cap or shortfall > (1 if wild_possible else 0):
        words = (_("no {count} memories plus a wild could ever satisfy {needs}") if wild_possible
                 else _("no {count} memories could ever satisfy {needs}"))
        raise ValueError(f"{where}.needs: " + words.format(count=CENTER_LIMIT, needs=side.needs))


def _check_steps(where: str, steps: list[Step]) -> None:
    """Each step's faults; a step's place names its op, as pydantic names a tagged union's member
    (``effect[0].move_to.sohma``)."""
    for j, step in enumerate(steps):
        if isinstance(step, MoveTo) and step.sohma != "chosen" and step.sohma not in SOHMA_NAMES:
            raise ValueError(f"{where}[{j}].move_to.sohma: " + _(
                "unknown Sohma {name!r}; use a name ({sohmas}) or 'chosen'").format(
                name=step.sohma, sohmas=", ".join(SOHMA_NAMES)))
        if isinstance(step, Choice):
            for k, option in enumerate(step.options):
                _check_steps(f"{where}[{j}].choice.options[{k}].effect", option.effect)


# -- loading -------------------------------------------------------------------------------------
def _describe(error: dict[str, Any]) -> str:
    loc, msg = _place_and_fault(error)
    return f"{loc}: {msg}" if loc else msg


def _place_and_fault(error: dict[str, Any]) -> tuple[str, str]:
    """Where a pydantic error is (``memories[3].symbol``) and what is wrong there."""
    loc = ""
    for part in error["loc"]:
        if isinstance(part, int):
            loc += f"[{part}]"
        elif not str(part).startswith("function-"):
            loc += f".{part}" if loc else str(part)
    msg = str(error["msg"])
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind == "union_tag_invalid":
        tag = ctx.get("tag")
        field = ctx.get("discriminator", "").strip("'")
        if field == "op":
            msg = _("unknown effect {tag!r}; known: {known}").format(
                tag=tag, known=", ".join(EFFECT_OPS))
        else:
            msg = _("unknown condition {tag!r}; known: {known}").format(
                tag=tag, known=", ".join(CONDITION_KINDS))
    elif kind == "union_tag_not_found":
        msg = _("missing {field}").format(field=str(ctx.get("discriminator", "tag")).strip("'"))
    elif kind == "value_error":
        msg = msg.removeprefix("Value error, ")
    elif kind in _FAULTS:
        msg = _FAULTS[kind](ctx).format(**{k: _shown(v) for k, v in ctx.items()})
    return loc, msg


def _shown(value: Any) -> str:
    """A bound or an expected value of a fault as it is written in the file."""
    return str(value).replace("'", "") if isinstance(value, str) else str(value)


_FAULTS: dict[str, Callable[[dict[str, Any]], str]] = {
    "missing": lambda ctx: _("this field is needed"),
    "extra_forbidden": lambda ctx: _("no such field here (a misspelt name?)"),
    "string_type": lambda ctx: _("should be text in quotes"),
    "int_type": lambda ctx: _("should be a whole number"),
    "int_parsing": lambda ctx: _("should be a whole number"),
    "int_from_float": lambda ctx: _("should be a whole number"),
    "bool_type": lambda ctx: _("should be true or false"),
    "bool_parsing": lambda ctx: _("should be true or false"),
    "list_type": lambda ctx: _("should be a list in [brackets]"),
    "dict_type": lambda ctx: _("should be a table"),
    "model_type": lambda ctx: _("should be a table"),
    "model_attributes_type": lambda ctx: _("should be a table"),
    "too_short": lambda ctx: ngettext("should have at least {min_length} item, not {actual_length}",
                                      "should have at least {min_length} items, not "
                                      "{actual_length}", int(ctx.get("min_length", 0))),
    "too_long": lambda ctx: ngettext("should have at most {max_length} item, not {actual_length}",
                                     "should have at most {max_length} items, not {actual_length}",
                                     int(ctx.get("max_length", 0))),
    "string_too_short": lambda ctx: _("should not be empty") if ctx.get("min_length") == 1
    else ngettext("should have at least {min_length} character",
                  "should have at least {min_length} characters", int(ctx.get("min_length", 0))),
    "string_too_long": lambda ctx: ngettext("should have at most {max_length} character",
                                            "should have at most {max_length} characters",
                                            int(ctx.get("max_length", 0))),
    "greater_than_equal": lambda ctx: _("should be at least {ge}"),
    "greater_than": lambda ctx: _("should be more than {gt}"),
    "less_than_equal": lambda ctx: _("should be at most {le}"),
    "less_than": lambda ctx: _("should be less than {lt}"),
    "literal_error": lambda ctx: _("should be {expected}"),
    "string_pattern_mismatch": lambda ctx: _("should match the pattern {pattern}"),
}
"""pydantic's faults said in the reader's language (by the fault's type; the others as pydantic
words them), with the bounds its context gives."""


def parse_cardset(data: dict[str, Any], source: str = "<card set>") -> plain.CardSet:
    """Validate ``data`` (a parsed TOML document) as a card set: the game's card set, or a
    :class:`CardSetError` naming its first faults."""
    try:
        checked = CardSet.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(_describe(dict(e)) for e in exc.errors()[:5])
        more = len(exc.errors()) - 5
        if more > 0:
            problems += f"; and {more} more"
        raise CardSetError(f"{source}: {problems}") from None
    return build_cardset(checked.model_dump())


def cardset_problems(text: str) -> tuple[plain.CardSet | None, list[tuple[str, str]]]:
    """The card set in ``text`` (a TOML document) and every fault in it, each at its place
    (``("memories[3].symbol", "unknown symbol 'moon'…")``; the place empty for bad TOML).

    >>> cardset_problems('name = [')[1][0][1].startswith("not valid TOML")
    True
    """
    try:
        data = bounded_toml.loads(text)
    except bounded_toml.TOMLBoundsError as exc:
        return None, [("", str(exc))]
    except tomllib.TOMLDecodeError as exc:
        return None, [("", f"not valid TOML: {exc}")]
    try:
        return build_cardset(CardSet.model_validate(data).model_dump()), []
    except ValidationError as exc:
        return None, [_placed(*_place_and_fault(dict(e))) for e in exc.errors()]


_PLACE = re.compile(r"^((?:[a-z_]+|\[\d+\])(?:\.[\w-]+|\[\d+\]| \([^()]*\))*): (.+)$", re.S)
"""A fault found across fields, whose message starts with its place (``memories[0] (Trust).symbol:
…``)."""


def _placed(place: str, fault: str) -> tuple[str, str]:
    """A fault at its field: one found across fields (no place of its own) is placed where its
    message says, the card's name in brackets left out (``memories[0].symbol``).

    >>> _placed("", "memories[0] (Trust).symbol: unknown symbol 'moon'")
    ('memories[0].symbol', "unknown symbol 'moon'")
    >>> _placed("", "card name 'trust' is used by two cards, memories[0] and memories[3]")[0]
    ''
    """
    found = _PLACE.match(fault) if not place else None
    if found is None:
        return place, fault
    return re.sub(r" \([^()]*\)", "", found.group(1)), found.group(2)
