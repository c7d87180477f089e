"""The translations of a card set's words as pydantic checks them (:mod:`furuba.zodiac.cardset_words`
says what a translation is; :mod:`furuba.zodiac.cardset_schema` checks the rest of a file).

A table with words may carry one sub-table per language with the same word fields; any other
extra key is a fault, named at its place with what is wrong.
"""

from __future__ import annotations

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

from furuba.zodiac.cardset_words import is_language_code


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
