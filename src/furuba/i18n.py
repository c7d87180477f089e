"""Texts in the player's language: gettext catalogs, and one language per context.

furuba speaks English and Japanese. Every package that has words for people — the command line,
the server, each game — keeps its own gettext catalog (``locale/<lang>/LC_MESSAGES/<domain>.po``
beside its code, compiled to ``.mo``), so a game plugged in from outside brings its own
translations. A module marks its texts with the functions of its package's :class:`Catalog`::

    from furuba.i18n import Catalog
    _ = Catalog(__file__, "furuba").gettext

The language is not a global: it is a :class:`~contextvars.ContextVar`, set per request and per
socket by the server and once by the command line (``--lang``, else ``LANGUAGE``/``LC_ALL``/
``LANG``), so two players of one server each read their own. Texts are translated when they are
said, so a module keeps English constants marked with :func:`N_` and translates them on use.

>>> from furuba.i18n import current, negotiate, speaking
>>> negotiate("ja-JP,ja;q=0.9,en;q=0.5"), negotiate("fr, de"), negotiate(None)
('ja', 'en', 'en')
>>> with speaking("ja"):
...     current()
'ja'
>>> current()
'en'

``make i18n`` extracts the marked texts with Babel, updates every catalog and compiles it;
``tests/test_i18n.py`` fails on a text missing from a catalog.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("en", "ja")
"""The languages furuba speaks, the source language (English) first."""
DEFAULT = "en"
NAMES = {"en": "English", "ja": "日本語"}
"""Each language in its own words, for a language switch."""

_language: ContextVar[str] = ContextVar("furuba_language", default=DEFAULT)


def current() -> str:
    """The language of the current context (``"en"`` unless something chose another)."""
    return _language.get()


def choose(language: str | None) -> str:
    """Make ``language`` (one of :data:`LANGUAGES`, else English) the language of this context."""
    chosen = language if language in LANGUAGES else DEFAULT
    _language.set(chosen)
    return chosen


@contextmanager
def speaking(language: str | None) -> Iterator[str]:
    """Speak ``language`` inside a ``with`` block, and the language of before after it."""
    token = _language.set(language if language in LANGUAGES else DEFAULT)
    try:
        yield _language.get()
    finally:
        _language.reset(token)


def supported(tag: str | None) -> str | None:
    """The language furuba speaks for a language tag (``"ja-JP"`` → ``"ja"``), or ``None``.

    >>> supported("ja_JP.UTF-8"), supported("EN-gb"), supported("fr"), supported("")
    ('ja', 'en', None, None)
    """
    if not tag:
        return None
    base = tag.replace("_", "-").split(".")[0].split("-")[0].strip().lower()
    return base if base in LANGUAGES else None


def negotiate(accept_language: str | None) -> str:
    """The best language for an HTTP ``Accept-Language`` header (English when none fits).

    >>> negotiate("en-US,en;q=0.9,ja;q=0.8"), negotiate("de;q=0.9, ja;q=0.5")
    ('en', 'ja')
    """
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        language = supported(tag)
        if language is not None and weight > 0:
            ranked.append((-weight, i, language))
    return min(ranked)[2] if ranked else DEFAULT


def from_environment(environ: dict[str, str] | None = None) -> str:
    """The language a terminal asks for: the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG`` that is set, as gettext reads them (English when it names none furuba speaks).

    >>> from_environment({"LANG": "ja_JP.UTF-8"}), from_environment({"LANGUAGE": "fr:ja"})
    ('ja', 'ja')
    >>> from_environment({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            for tag in value.split(":"):
                language = supported(tag)
                if language is not None:
                    return language
            return DEFAULT
    return DEFAULT


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for "mark, translate later"
    """Mark ``message`` for the catalogs without translating it (it is translated on use)."""
    return message


class Catalog:
    """One package's translations: ``locale/`` beside ``anchor`` (a module's ``__file__`` or a
    folder), in the gettext ``domain``; each call translates into the context's language.

    >>> import gettext
    >>> isinstance(Catalog(__file__, "furuba").translations("ja"), gettext.GNUTranslations)
    True
    """

    def __init__(self, anchor: str | Path, domain: str) -> None:
        path = Path(anchor)
        self.folder = (path if path.is_dir() else path.parent) / "locale"
        self.domain = domain

    def translations(self, language: str | None = None) -> gettext.NullTranslations:
        """The catalog of ``language`` (the context's by default); untranslated text stays English."""
        return _load(self.folder, self.domain, language or current())

    def gettext(self, message: str) -> str:
        """``message`` in the context's language."""
        return self.translations().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` that fits ``n``, in the context's language."""
        return self.translations().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the context's language, told apart from the same words elsewhere."""
        return self.translations().pgettext(context, message)


@lru_cache(maxsize=64)
def _load(folder: Path, domain: str, language: str) -> gettext.NullTranslations:
    if language == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(domain, localedir=folder, languages=[language], fallback=True)
