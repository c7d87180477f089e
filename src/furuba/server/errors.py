"""The one refusal the server's pieces raise: :class:`RoomError`, sent to one client."""

from __future__ import annotations

import math


class RoomError(Exception):
    """A refusal sent to one client as an ``error`` message (nothing changed).

    ``code`` is one of the error codes of ``docs/WEB-API.md``; ``message`` a sentence for a person.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def in_words(seconds: float) -> str:
    """A time as a refusal says it, rounded up to a whole second, minute or hour.

    >>> in_words(4 * 3600), in_words(3600), in_words(90), in_words(0.2), in_words(59.5)
    ('4 hours', '1 hour', '2 minutes', '1 second', '60 seconds')
    """
    if seconds >= 3600:
        n, unit = math.ceil(seconds / 3600 - 1e-9), "hour"
    elif seconds >= 60:
        n, unit = math.ceil(seconds / 60 - 1e-9), "minute"
    else:
        n, unit = max(1, math.ceil(seconds - 1e-9)), "second"
    return f"{n} {unit}{'' if n == 1 else 's'}"
