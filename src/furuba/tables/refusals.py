"""How a table's rule says no: an error code of ``docs/WEB-API.md`` and a sentence, which each
host turns into its own error (the server's ``RoomError``, the offline table's ``TableError``).

>>> Refusal("not_seated", "you do not hold seat 2")
Refusal(code='not_seated', message='you do not hold seat 2')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple


class Refusal(NamedTuple):
    """A rule's refusal: ``code`` for the client, ``message`` a sentence in the context's
    language (said where the rule refuses)."""

    code: str
    message: str


Refuse = Callable[[str, str], Exception]
"""The host's error, made from a code and a sentence (``RoomError``, ``TableError``): what a rule
that raises raises."""
