"""The one refusal the server's pieces raise: :class:`RoomError`, sent to one client."""

from __future__ import annotations


class RoomError(Exception):
    """A refusal sent to one client as an ``error`` message (nothing changed).

    ``code`` is one of the error codes of ``docs/WEB-API.md``; ``message`` a sentence for a person.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
