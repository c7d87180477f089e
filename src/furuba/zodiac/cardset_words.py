"""The words of a card set, and their translations into other languages.

Every table of a card set that holds words players read — the set itself, a symbol, a memory, an
event, an event's option, a Sohma side, a side of Tohru's card — may carry one sub-table per
language, keyed by its language code, with the same word fields::

    [[memories]]
    name = "Trust"
    symbol = "star"
    text = "It took courage for Rin to let Tohru see what she had been hiding …"
    [memories.ja]
    name = "信頼"
    text = "…"

A translation may leave a field out: that field keeps the set's own (base-language) text. Only
words can be translated: the ids, counts and effects are the same in every language, and a card
keeps its base-language name as its identity, so a translation never changes how a game plays
or what its actions are called.

>>> is_language_code("ja"), is_language_code("pt-BR"), is_language_code("Japanese")
(True, True, False)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from furuba.zodiac.text import _

LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$")
"""A BCP 47 language tag of the usual shape: ``ja``, ``pt-BR``, ``zh-Hant-TW``, ``es-419``."""

WORD_FIELDS = ("name", "description", "text", "prompt", "label")
"""Every field a table's words may have."""


def is_language_code(tag: str) -> bool:
    """Whether ``tag`` looks like a language code (a translation's key, or a set's ``language``)."""
    return bool(LANGUAGE_CODE.match(tag))


@dataclasses.dataclass(frozen=True)
class Words:
    """One table's words in one language; a field left out (``None``) keeps the base-language
    text."""

    name: str | None = None
    description: str | None = None
    text: str | None = None
    prompt: str | None = None
    label: str | None = None

    def model_dump(self, mode: str = "python") -> dict[str, str]:
        """The fields the translation gives, as it was written."""
        return {k: v for k in WORD_FIELDS if (v := getattr(self, k)) is not None}


@dataclasses.dataclass(frozen=True)
class Worded:
    """A card-set table with words (:attr:`WORDS`) that may carry translations: ``translations``
    maps a language code to the table's :class:`Words` in it (in the file, the table's extra
    keys)."""

    WORDS: ClassVar[tuple[str, ...]] = ()
    """The fields of this table that players read, and so the ones a translation may give."""
    KIND: ClassVar[str] = "table"
    """What this table is, for error messages ("a memory's words are …")."""

    translated_words: dict[str, Words] = dataclasses.field(default_factory=dict, kw_only=True)

    def translated(self) -> dict[str, Words]:
        """This table's translations: language code → its words."""
        return dict(self.translated_words)


# -- reading the words of a whole set ------------------------------------------------------------
def _is_table(value: Any) -> bool:
    """Whether ``value`` is a table of a card set: a plain one (a dataclass) or one being checked
    (a pydantic model, :mod:`furuba.zodiac.cardset_schema`)."""
    kind = type(value)
    return dataclasses.is_dataclass(kind) or hasattr(kind, "model_fields")


def _fields(model: Any) -> Iterable[str]:
    """The fields of a table, in order (its translations apart)."""
    if dataclasses.is_dataclass(model):
        return [f.name for f in dataclasses.fields(model) if f.init and f.name != "translated_words"]
    fields: Iterable[str] = type(model).model_fields
    return fields


def worded_tables(model: Any, where: str = "") -> Iterator[tuple[str, Any]]:
    """Every table with words inside ``model`` (itself included), with its place in the file.

    Places are written as errors name them: ``memories[3]``, ``events[0].effect[0].choice.options[1]``,
    ``sohmas.Kyo.animal``, ``tohru.front`` (the set itself is ``""``). ``model`` is a plain card
    set (:mod:`furuba.zodiac.cardset`) or one being checked (its pydantic model).
    """
    if callable(getattr(model, "translated", None)):
        yield where, model
    for name in _fields(model):
        value = getattr(model, name)
        place = f"{where}.{name}" if where else name
        if _is_table(value):
            yield from worded_tables(value, place)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if _is_table(item):
                    # an effect's step is named by its op, as pydantic names a tagged union's member
                    op = getattr(item, "op", None)
                    yield from worded_tables(item, f"{place}[{i}].{op}" if op else f"{place}[{i}]")
        elif isinstance(value, dict):
            for key, item in value.items():
                if _is_table(item):
                    yield from worded_tables(item, f"{place}.{key}")


def base_texts(model: Any) -> tuple[str, ...]:
    """Every base-language text players may read in ``model``, once each, in file order."""
    seen: dict[str, None] = {}
    for _where, table in worded_tables(model):
        for field in table.WORDS:
            text = getattr(table, field)
            if text:
                seen.setdefault(text, None)
    return tuple(seen)


def collect_translations(model: Any, base: str) -> dict[str, dict[str, str]]:
    """Language → {base text: its translation} over every table of ``model``.

    Raises ``ValueError`` naming the place of a translation into the base language itself, or of
    one text translated two different ways (the browser and the terminal look a text up by its
    base-language words, so each has one translation per language).
    """
    out: dict[str, dict[str, str]] = {}
    first_place: dict[tuple[str, str], str] = {}
    for where, table in worded_tables(model):
        prefix = f"{where}." if where else ""
        for language, words in table.translated().items():
            if language == base:
                raise ValueError(f"{prefix}{language}: " + _(
                    "a translation into the set's own language {base!r}; write these words in "
                    "the table itself").format(base=base))
            texts = out.setdefault(language, {})
            for field in table.WORDS:
                english, said = getattr(table, field), getattr(words, field)
                if not english or said is None:
                    continue
                place = f"{prefix}{language}.{field}"
                if texts.setdefault(english, said) != said:
                    raise ValueError(f"{place}: " + _(
                        "{text!r} is translated as {here!r} here but as {there!r} at {other}; "
                        "one text has one translation").format(
                        text=english, here=said, there=texts[english],
                        other=first_place[language, english]))
                first_place.setdefault((language, english), place)
    return out
