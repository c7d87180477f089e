"""The refusal an offline table answers a message with (an ``error`` frame, nothing changed).

>>> TableError("illegal", "action 99 is not legal now").frame("act")
{'type': 'error', 'code': 'illegal', 'message': 'action 99 is not legal now', 'ref': 'act'}
"""

from __future__ import annotations

from typing import Any

from furuba.core.errors import FurubaError


class TableError(FurubaError):
    """A message the table refuses: ``code`` is one of the error codes of ``docs/WEB-API.md``,
    ``message`` a sentence in the table's language (said where it is raised)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def frame(self, ref: str | None = None) -> dict[str, Any]:
        """The ``error`` frame of this refusal (``ref``: the type of the message refused)."""
        return {"type": "error", "code": self.code, "message": self.message, "ref": ref}
