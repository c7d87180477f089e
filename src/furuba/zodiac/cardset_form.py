"""The card-set editor's form: the card set's JSON Schema and the hints a browser form needs.

The schema is the one the game validates with (:class:`~furuba.zodiac.cardset.CardSet`, through
pydantic), so the effect vocabulary, the conditions and every bound are read from the models,
never written twice. The hints say what the schema cannot: labels and help in the reader's
language, which fields refer to another part of the set (a memory's symbol to a symbol's id), the
13 Sohmas a set must hold, the languages a set may be translated into, and the items a new card
starts from. A hint is keyed by a model's name and field (``"Memory.prompt"``), or by a model's
name alone for a choice among models (``"Move"``, one step of an effect).

>>> from furuba.i18n import speaking
>>> with speaking("en"):
...     hints = form()
>>> hints["labels"]["Memory.prompt"], hints["refs"]["Memory.symbol"]
('True Friends prompt', 'symbols')
>>> sorted(hints["schema"]["$defs"]["Draw"]["properties"])
['count', 'op', 'who']
"""

from __future__ import annotations

from functools import cache
from typing import Any

from furuba.core.deck import SOHMAS
from furuba.i18n import N_
from furuba.zodiac.cardset_schema import (
    CardSet,
    Event,
    Memory,
    Option,
    SohmaSide,
    Symbol,
    TohruSideCard,
)
from furuba.zodiac.cardset_schema_words import Worded
from furuba.zodiac.text import _, sohma_names

JSON = dict[str, Any]

LABELS: dict[str, str] = {
    "CardSet.name": N_("Name of the set"), "CardSet.description": N_("Description"),
    "CardSet.language": N_("Language it is written in"), "CardSet.deck_size": N_("Cards in one set"),
    "CardSet.symbols": N_("Symbols"), "CardSet.memories": N_("Memories"),
    "CardSet.events": N_("Events"), "CardSet.sohmas": N_("Sohma cards"),
    "CardSet.tohru": N_("Tohru's card"),
    "Symbol": N_("Symbol"), "Symbol.id": N_("Id"), "Symbol.name": N_("Name"),
    "Symbol.glyph": N_("Glyph"), "Symbol.color": N_("Colour"),
    "Memory": N_("Memory"), "Memory.name": N_("Name"), "Memory.symbol": N_("Symbol"),
    "Memory.text": N_("Text"), "Memory.prompt": N_("True Friends prompt"),
    "Memory.count": N_("Copies"),
    "Event": N_("Event"), "Event.name": N_("Name"), "Event.text": N_("Text"),
    "Event.effect": N_("Effect"), "Event.count": N_("Copies"),
    "Option": N_("Option"), "Option.label": N_("Label"), "Option.effect": N_("Effect"),
    "Move": N_("Move Tohru"), "Move.steps": N_("Sohmas"), "Move.direction": N_("Direction"),
    "MoveTo": N_("Move Tohru straight to a Sohma"), "MoveTo.sohma": N_("Sohma"),
    "FlipSohma": N_("Flip a Sohma"), "FlipSohma.target": N_("Which Sohma"),
    "FlipTohru": N_("Turn Tohru's card over"),
    "Draw": N_("Draw cards"), "Draw.count": N_("Cards"), "Draw.who": N_("Who draws"),
    "DiscardCenter": N_("Discard a memory from the center"),
    "TakeFromDiscard": N_("Take a memory from the discard pile"),
    "Choice": N_("The player chooses"), "Choice.options": N_("Options"),
    "SohmaCard.human": N_("Human side"), "SohmaCard.animal": N_("Animal side"),
    "SohmaSide.needs": N_("Symbols it needs"), "SohmaSide.condition": N_("Condition"),
    "SohmaSide.text": N_("Text"),
    "FriendOf": N_("Already a friend of a Sohma"), "FriendOf.sohma": N_("Sohma"),
    "MinFriendships": N_("At least some friendships"), "MinFriendships.count": N_("Friendships"),
    "TohruSide": N_("Tohru's card shows a side"), "TohruSide.side": N_("Side"),
    "CenterCount": N_("Memories in the center"), "CenterCount.at_least": N_("At least"),
    "CenterCount.at_most": N_("At most"),
    "TohruCard.front": N_("Front"), "TohruCard.back": N_("Back"),
    "TohruSideCard.name": N_("Name"), "TohruSideCard.text": N_("Text"),
    "TohruSideCard.effect": N_("Effect"),
}
"""What a form calls each field (and each kind of step or condition)."""

HELP: dict[str, str] = {
    "CardSet.language": N_("a language code such as en or ja; card names in it are the cards' "
                           "identities"),
    "CardSet.deck_size": N_("the copies of every memory and event must add up to this (53 in "
                            "the real game)"),
    "Symbol.id": N_("lower case letters, digits, - and _: what memories and Sohma sides refer to"),
    "Symbol.glyph": N_("one or two characters drawn on the cards"),
    "Memory.prompt": N_("the question players may answer in the True Friends variant"),
    "Memory.count": N_("copies of this card in one set"),
    "Event.effect": N_("the steps, done in order; a step that cannot be done is skipped"),
    "Event.count": N_("copies of this card in one set"),
    "SohmaSide.needs": N_("the large symbols: a symbol listed twice needs two memories with it"),
}
"""A line of help under some fields."""

VALUES: dict[str, dict[str, str]] = {
    "Move.direction": {"clockwise": N_("clockwise"), "counterclockwise": N_("counterclockwise")},
    "FlipSohma.target": {"tohru": N_("the one Tohru is next to"),
                         "chosen": N_("one the player chooses")},
    "Draw.who": {"self": N_("the player"), "each": N_("every player, in turn")},
    "TohruSide.side": {"front": N_("front"), "back": N_("back")},
    "TohruSideCard.effect": {"flip_at_end_of_turn": N_("flip the Sohma Tohru is next to at the "
                                                       "end of each turn"),
                             "wild_symbol": N_("a wild memory symbol"), "none": N_("nothing")},
}
"""What a form calls the values of some fields."""

WIDGETS = {"CardSet.description": "textarea", "Memory.text": "textarea",
           "Memory.prompt": "textarea", "Event.text": "textarea", "SohmaSide.text": "textarea",
           "TohruSideCard.text": "textarea", "Symbol.color": "color"}
"""Fields drawn with another input than a line of text."""

REFS = {"Memory.symbol": "symbols", "SohmaSide.needs": "symbols", "MoveTo.sohma": "sohma_or_chosen",
        "FriendOf.sohma": "sohmas"}
"""Fields whose values are chosen from a list (``lists``)."""

TITLES = {"Symbol": "name", "Memory": "name", "Event": "name", "Option": "label"}
"""The field that names an item of a list (in the item's heading)."""

KEYS = {"CardSet.sohmas": "sohmas"}
"""Tables whose keys are fixed: every value of a list (``lists``), in its order."""

WORDED: tuple[type[Worded], ...] = (CardSet, Symbol, Memory, Event, Option, SohmaSide,
                                    TohruSideCard)
LANGUAGES = {"en": "English", "ja": "日本語"}
"""The languages a set may be translated into from the form (a set may hold others)."""


def said(texts: dict[str, str]) -> dict[str, str]:
    """Each text in the current language."""
    return {key: _(text) for key, text in texts.items()}


@cache
def schema() -> JSON:
    """The card set's JSON Schema, as pydantic makes it from the models the game validates with."""
    return CardSet.model_json_schema()


def lists() -> JSON:
    """The lists fields choose from: the set's own symbols (by id, named by name) and the 13
    Sohmas (with ``chosen``, "one the player chooses", for a move)."""
    names = sohma_names()
    sohmas = [{"value": s.name, "label": names[s.index]} for s in SOHMAS]
    return {"symbols": {"from": "symbols", "value": "id", "label": "name"},
            "sohmas": sohmas,
            "sohma_or_chosen": [{"value": "chosen", "label": _("one the player chooses")},
                                *sohmas]}


def new_items() -> JSON:
    """What a new symbol, memory or event starts as."""
    return {"Symbol": {"id": "", "name": "", "glyph": "●", "color": "#888888"},
            "Memory": {"name": "", "symbol": "", "text": "", "prompt": "", "count": 1},
            "Event": {"name": "", "text": "", "effect": [{"op": "draw", "count": 1}], "count": 1},
            "Option": {"label": "", "effect": [{"op": "flip_tohru"}]}}


def form() -> JSON:
    """The form of a card set (:attr:`furuba.spec.FileEditor.form`), its words said in the
    current language."""
    return {
        "schema": schema(),
        "labels": said(LABELS), "help": said(HELP),
        "values": {key: said(values) for key, values in VALUES.items()},
        "widgets": WIDGETS, "refs": REFS, "lists": lists(), "titles": TITLES,
        "keys": KEYS,
        "words": {model.__name__: list(model.WORDS) for model in WORDED},
        "languages": LANGUAGES, "base": "language",
        "new": new_items(),
        "catalog": {"sohmas": [{"index": s.index, "name": s.name, "animal": s.animal}
                               for s in SOHMAS]},
    }
