"""A card set as the game reads it: plain frozen dataclasses, built from a checked document.

These are the objects every part of the game consumes (:mod:`furuba.zodiac.cardset` names
them); they need nothing beyond the standard library. :func:`build_cardset` builds them from a
document that has passed the checks of :mod:`furuba.zodiac.cardset_schema` (or from the card set
furuba ships, checked by a test): it fills in the format's defaults and checks nothing itself.
:meth:`Table.model_dump` gives the document back as the file would write it, translations
included (a game saved with its own card set keeps it so).

>>> cs = build_cardset({"name": "tiny", "symbols": [{"id": "star", "name": "Star", "glyph": "*",
...     "ja": {"name": "星"}}], "memories": [], "sohmas": {}})
>>> cs.symbols[0].color, cs.symbols[0].model_dump()["ja"], cs.text("Star", "ja")
('#888888', {'name': '星'}, '星')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Literal, TypeVar

from furuba.zodiac.cardset_words import Worded, Words, base_texts, collect_translations

MAX_OPTIONS = 6
"""The most options one ``choice`` effect may offer (the action table reserves this many)."""
MAX_NEEDS = 5
"""4 memories in the center plus Tohru's wild symbol: no side can ever ask for more."""
CENTER_LIMIT = 4
EFFECT_OPS = ("move", "move_to", "flip_sohma", "flip_tohru", "draw", "discard_center",
              "take_from_discard", "choice")
CONDITION_KINDS = ("friend_of", "min_friendships", "tohru_side", "center_count")


class Table:
    """What every table of a card set can do: give itself back as a document."""

    def model_dump(self, mode: str = "python") -> dict[str, Any]:
        """The table as a document (``mode`` is pydantic's; both modes give the same here)."""
        out = {f.name: _dump(getattr(self, f.name)) for f in fields(self)  # type: ignore[arg-type]
               if f.init and f.name != "translated_words"}
        if isinstance(self, Worded):
            out.update((language, words.model_dump()) for language, words
                       in self.translated_words.items())
        return out


def _dump(value: Any) -> Any:
    if isinstance(value, Table):
        return value.model_dump()
    if isinstance(value, list):
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    return value


# -- effects -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Move(Table):
    """Move Tohru ``steps`` Sohmas clockwise or counterclockwise."""

    op: Literal["move"]
    steps: int
    direction: Literal["clockwise", "counterclockwise"] = "clockwise"


@dataclass(frozen=True)
class MoveTo(Table):
    """Move Tohru straight to a named Sohma, or to one the player chooses (``"chosen"``)."""

    op: Literal["move_to"]
    sohma: str = "chosen"


@dataclass(frozen=True)
class FlipSohma(Table):
    """Flip the Sohma Tohru is next to (``"tohru"``) or one the player chooses (``"chosen"``)."""

    op: Literal["flip_sohma"]
    target: Literal["tohru", "chosen"] = "tohru"


@dataclass(frozen=True)
class FlipTohru(Table):
    """Turn Tohru's card over."""

    op: Literal["flip_tohru"]


@dataclass(frozen=True)
class Draw(Table):
    """Draw ``count`` cards: the player (``"self"``) or every player in turn order (``"each"``)."""

    op: Literal["draw"]
    count: int = 1
    who: Literal["self", "each"] = "self"


@dataclass(frozen=True)
class DiscardCenter(Table):
    """The player chooses a memory in the center and puts it on the discard pile."""

    op: Literal["discard_center"]


@dataclass(frozen=True)
class TakeFromDiscard(Table):
    """The player chooses a memory from the discard pile and takes it into their hand."""

    op: Literal["take_from_discard"]


@dataclass(frozen=True)
class Option(Worded, Table):
    """One option of a choice: a label players read and the effect it has."""

    WORDS: ClassVar[tuple[str, ...]] = ("label",)
    KIND: ClassVar[str] = "an option"

    label: str
    effect: list[Step]


@dataclass(frozen=True)
class Choice(Table):
    """The player picks one of the options."""

    op: Literal["choice"]
    options: list[Option]


Step = Move | MoveTo | FlipSohma | FlipTohru | Draw | DiscardCenter | TakeFromDiscard | Choice


# -- conditions ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class FriendOf(Table):
    """The player is already a friend of the named Sohma."""

    kind: Literal["friend_of"]
    sohma: str


@dataclass(frozen=True)
class MinFriendships(Table):
    """The player already has at least ``count`` friendships."""

    kind: Literal["min_friendships"]
    count: int


@dataclass(frozen=True)
class TohruSide(Table):
    """Tohru's card shows the given side."""

    kind: Literal["tohru_side"]
    side: Literal["front", "back"]


@dataclass(frozen=True)
class CenterCount(Table):
    """The center holds at least ``at_least`` (and at most ``at_most``) memories."""

    kind: Literal["center_count"]
    at_least: int = 0
    at_most: int = CENTER_LIMIT


Condition = FriendOf | MinFriendships | TohruSide | CenterCount


# -- cards ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Symbol(Worded, Table):
    """A kind of memory symbol (the riceball in a memory card's corner)."""

    WORDS: ClassVar[tuple[str, ...]] = ("name",)
    KIND: ClassVar[str] = "a symbol"

    id: str
    name: str
    glyph: str
    color: str = "#888888"


@dataclass(frozen=True)
class Memory(Worded, Table):
    """A memory card: one symbol, a text, and its True Friends prompt."""

    WORDS: ClassVar[tuple[str, ...]] = ("name", "text", "prompt")
    KIND: ClassVar[str] = "a memory"

    name: str
    symbol: str
    text: str = ""
    prompt: str = ""
    count: int = 1


@dataclass(frozen=True)
class Event(Worded, Table):
    """An event card: the text players read and what it does."""

    WORDS: ClassVar[tuple[str, ...]] = ("name", "text")
    KIND: ClassVar[str] = "an event"

    name: str
    text: str
    effect: list[Step]
    count: int = 1


@dataclass(frozen=True)
class SohmaSide(Worded, Table):
    """What one side of a Sohma card asks for: symbols (counted) and an optional condition."""

    WORDS: ClassVar[tuple[str, ...]] = ("text",)
    KIND: ClassVar[str] = "a Sohma side"

    needs: list[str]
    condition: Condition | None = None
    text: str = ""


@dataclass(frozen=True)
class SohmaCard(Table):
    """Both sides of one Sohma card."""

    human: SohmaSide
    animal: SohmaSide


@dataclass(frozen=True)
class TohruSideCard(Worded, Table):
    """One side of Tohru's card and its effect while face up."""

    WORDS: ClassVar[tuple[str, ...]] = ("name", "text")
    KIND: ClassVar[str] = "a side of Tohru's card"

    name: str
    text: str
    effect: Literal["flip_at_end_of_turn", "wild_symbol", "none"]


def _front() -> TohruSideCard:
    return TohruSideCard(name="Blue ribbons", effect="flip_at_end_of_turn",
                         text="At the end of each turn, flip the Sohma Tohru is next to.")


def _back() -> TohruSideCard:
    return TohruSideCard(name="Wild memory", effect="wild_symbol",
                         text="Tohru adds one wild memory symbol: it stands in for any one "
                              "missing symbol.")


@dataclass(frozen=True)
class TohruCard(Table):
    """Tohru's card: both sides (the format's defaults unless the set says otherwise)."""

    front: TohruSideCard = field(default_factory=_front)
    back: TohruSideCard = field(default_factory=_back)


@dataclass(frozen=True, kw_only=True)
class CardSet(Worded, Table):
    """A whole card set. See ``docs/CARDSET.md`` for the format with a full example."""

    WORDS: ClassVar[tuple[str, ...]] = ("name", "description")
    KIND: ClassVar[str] = "a card set"

    language: str = "en"
    """The language the set is written in (its base language): a card's name in it is its id."""
    name: str
    description: str = ""
    deck_size: int = 53
    symbols: list[Symbol]
    memories: list[Memory]
    events: list[Event] = field(default_factory=list)
    sohmas: dict[str, SohmaCard]
    tohru: TohruCard = field(default_factory=TohruCard)
    _translations: dict[str, dict[str, str]] = field(init=False, repr=False, compare=False)
    """Language → {base text: translation}, worked out once when the set is built."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_translations", collect_translations(self, self.language))

    def play_card_count(self) -> int:
        """How many play cards one set holds."""
        return sum(m.count for m in self.memories) + sum(e.count for e in self.events)

    def sohma(self, name: str) -> SohmaCard:
        return self.sohmas[name]

    def languages(self) -> tuple[str, ...]:
        """The languages the set speaks: its base language first, then its translations."""
        return (self.language, *sorted(self._translations))

    def translations(self) -> dict[str, dict[str, str]]:
        """Per language other than the base: each base-language text → its translation.

        A text a translation leaves out is missing from its dictionary (say the base text).
        """
        return {language: dict(texts) for language, texts in sorted(self._translations.items())}

    def texts(self) -> tuple[str, ...]:
        """Every base-language text players may read in the set, once each, in file order."""
        return base_texts(self)

    def text(self, english: str, language: str) -> str:
        """``english`` (a base-language text of the set) in ``language``, if the set has it.

        A regional language falls back to its primary one (``ja-JP`` → ``ja``), then to the base.
        """
        texts = self._translations.get(language) or self._translations.get(
            language.split("-")[0], {})
        return texts.get(english, english)


# -- building ------------------------------------------------------------------------------------
T = TypeVar("T", bound=Table)
Doc = Mapping[str, Any]


def _make(cls: type[T], data: Doc, **built: Any) -> T:
    """A ``cls`` from ``data``'s fields (the nested ones already ``built``), its other keys —
    for a table with words — its translations."""
    names = {f.name for f in fields(cls)  # type: ignore[arg-type]
             if f.init and f.name != "translated_words"}
    kwargs = {key: value for key, value in data.items() if key in names}
    kwargs.update(built)
    if issubclass(cls, Worded):
        kwargs["translated_words"] = {key: Words(**value) for key, value in data.items()
                                      if key not in names}
    return cls(**kwargs)


_PLAIN_STEPS: dict[str, type[Table]] = {
    "move": Move, "move_to": MoveTo, "flip_sohma": FlipSohma, "flip_tohru": FlipTohru,
    "draw": Draw, "discard_center": DiscardCenter, "take_from_discard": TakeFromDiscard}
_CONDITIONS: dict[str, type[Table]] = {
    "friend_of": FriendOf, "min_friendships": MinFriendships, "tohru_side": TohruSide,
    "center_count": CenterCount}


def _steps(data: list[Doc]) -> list[Step]:
    out: list[Step] = []
    for step in data:
        if step["op"] == "choice":
            out.append(_make(Choice, step, options=[
                _make(Option, option, effect=_steps(option["effect"]))
                for option in step["options"]]))
        else:
            out.append(_make(_PLAIN_STEPS[step["op"]], step))  # type: ignore[arg-type]
    return out


def _side(data: Doc) -> SohmaSide:
    condition = data.get("condition")
    made = None if condition is None else _make(_CONDITIONS[condition["kind"]], condition)
    return _make(SohmaSide, data, needs=list(data["needs"]), condition=made)


def _tohru(data: Doc | None) -> TohruCard:
    sides: dict[str, Callable[[], TohruSideCard]] = {"front": _front, "back": _back}
    if data is None:
        return TohruCard()
    return TohruCard(**{side: _make(TohruSideCard, data[side]) if side in data else make()
                        for side, make in sides.items()})


def build_cardset(data: Doc) -> CardSet:
    """The card set of a checked document (see the module): its defaults filled in."""
    return _make(
        CardSet, data,
        symbols=[_make(Symbol, s) for s in data["symbols"]],
        memories=[_make(Memory, m) for m in data["memories"]],
        events=[_make(Event, e, effect=_steps(e["effect"])) for e in data.get("events", [])],
        sohmas={name: _make(SohmaCard, card, human=_side(card["human"]),
                            animal=_side(card["animal"]))
                for name, card in data["sohmas"].items()},
        tohru=_tohru(data.get("tohru")))
