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

import re
from collections.abc import Iterator
from typing import Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from furuba.zodiac.text import _

LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$")
"""A BCP 47 language tag of the usual shape: ``ja``, ``pt-BR``, ``zh-Hant-TW``, ``es-419``."""


def is_language_code(tag: str) -> bool:
    """Whether ``tag`` looks like a language code (a translation's key, or a set's ``language``)."""
    return bool(LANGUAGE_CODE.match(tag))


class Words(BaseModel):
    """One table's words in one language; a field left out keeps the base-language text."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str | None = Field(default=None, min_length=1)
    description: str | None = Field(default=None, min_length=1)
    text: str | None = Field(default=None, min_length=1)
    prompt: str | None = Field(default=None, min_length=1)
    label: str | None = Field(default=None, min_length=1)

    @model_serializer(mode="wrap")
    def _only_given(self, handler: SerializerFunctionWrapHandler) -> dict[str, str]:
        """Dump only the fields the translation gives, as it was written."""
        return {k: v for k, v in handler(self).items() if v is not None}


class Worded(BaseModel):
    """A card-set table with words (:attr:`WORDS`) that may carry translations.

    The translations are the table's extra keys (language code → :class:`Words`), so a set dumps
    and reloads exactly as it was written. Any other extra key is an error, as in every table.
    """

    model_config = ConfigDict(extra="allow", frozen=True)
    __pydantic_extra__: dict[str, Words] = Field(init=False)

    WORDS: ClassVar[tuple[str, ...]] = ()
    """The fields of this table that players read, and so the ones a translation may give."""
    KIND: ClassVar[str] = "table"
    """What this table is, for error messages ("a memory's words are …")."""

    def translated(self) -> dict[str, Words]:
        """This table's translations: language code → its words."""
        return dict(self.__pydantic_extra__ or {})

    @model_validator(mode="before")
    @classmethod
    def _check_translations(cls, data: Any) -> Any:
        """Refuse extra keys that are no translations, and translations of what is no word."""
        if not isinstance(data, dict):
            return data
        errors = [error for key, value in data.items() if key not in cls.model_fields
                  for error in _translation_errors(cls, str(key), value)]
        if errors:
            raise ValidationError.from_exception_data(cls.__name__, errors)
        return data


def _translation_errors(cls: type[Worded], key: str, value: Any) -> Iterator[InitErrorDetails]:
    """What is wrong with the extra key ``key`` of a ``cls`` table, if anything."""
    words = ", ".join(cls.WORDS)
    if not isinstance(value, dict):
        if is_language_code(key):
            yield _error("translation_type", "a translation is a table of words ({words})",
                         (key,), value, words=words)
        else:
            yield InitErrorDetails(type="extra_forbidden", loc=(key,), input=value)
        return
    if not is_language_code(key):
        yield _error("language_code", "not a field of {table}, nor a language code such as 'ja' "
                     "or 'pt-BR' that a translation is keyed by", (key,), value, table=cls.KIND)
        return
    for field, text in value.items():
        if field in cls.WORDS:
            continue
        if field in cls.model_fields:
            yield _error("untranslatable", "'{field}' cannot be translated: only the words of "
                         "{table} can ({words})", (key, field), text, field=str(field),
                         table=cls.KIND, words=words)
        else:
            yield _error("unknown_word", "not a word of {table} (its words are {words})",
                         (key, field), text, table=cls.KIND, words=words)


def _error(error_type: str, message: str, loc: tuple[str, ...], value: Any,
           **context: str) -> InitErrorDetails:
    return InitErrorDetails(type=PydanticCustomError(error_type, message, context), loc=loc,
                            input=value)


# -- reading the words of a whole set ------------------------------------------------------------
def worded_tables(model: BaseModel, where: str = "") -> Iterator[tuple[str, Worded]]:
    """Every table with words inside ``model`` (itself included), with its place in the file.

    Places are written as errors name them: ``memories[3]``, ``events[0].effect[0].choice.options[1]``,
    ``sohmas.Kyo.animal``, ``tohru.front`` (the set itself is ``""``).
    """
    if isinstance(model, Worded):
        yield where, model
    for name in type(model).model_fields:
        value = getattr(model, name)
        place = f"{where}.{name}" if where else name
        if isinstance(value, BaseModel):
            yield from worded_tables(value, place)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, BaseModel):
                    # an effect's step is named by its op, as pydantic names a tagged union's member
                    op = getattr(item, "op", None)
                    yield from worded_tables(item, f"{place}[{i}].{op}" if op else f"{place}[{i}]")
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, BaseModel):
                    yield from worded_tables(item, f"{place}.{key}")


def base_texts(model: BaseModel) -> tuple[str, ...]:
    """Every base-language text players may read in ``model``, once each, in file order."""
    seen: dict[str, None] = {}
    for _where, table in worded_tables(model):
        for field in table.WORDS:
            text = getattr(table, field)
            if text:
                seen.setdefault(text, None)
    return tuple(seen)


def collect_translations(model: BaseModel, base: str) -> dict[str, dict[str, str]]:
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
