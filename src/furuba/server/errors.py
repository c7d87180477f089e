"""The one refusal the server's pieces raise: :class:`RoomError`, sent to one client."""

from __future__ import annotations

import math

from furuba.text import ngettext


class RoomError(Exception):
    """A refusal sent to one client as an ``error`` message (nothing changed).

    ``code`` is one of the error codes of ``docs/WEB-API.md``; ``message`` a sentence for a person,
    in the language of the client it is sent to (it is said where it is raised: in the context of
    that client's request or socket).
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def in_words(seconds: float) -> str:
    """A time as a refusal says it, rounded up to a whole second, minute or hour, in the
    context's language.

    >>> in_words(4 * 3600), in_words(3600), in_words(90), in_words(0.2), in_words(59.5)
    ('4 hours', '1 hour', '2 minutes', '1 second', '60 seconds')
    >>> from furuba.i18n import speaking
    >>> with speaking("ja"):
    ...     in_words(4 * 3600), in_words(90), in_words(0.2)
    ('4時間', '2分', '1秒')
    """
    if seconds >= 3600:
        n = math.ceil(seconds / 3600 - 1e-9)
        return ngettext("{n} hour", "{n} hours", n).format(n=n)
    if seconds >= 60:
        n = math.ceil(seconds / 60 - 1e-9)
        return ngettext("{n} minute", "{n} minutes", n).format(n=n)
    n = max(1, math.ceil(seconds - 1e-9))
    return ngettext("{n} second", "{n} seconds", n).format(n=n)
