"""Players' names at a table, as a person types them.

>>> clean_name("  Ann  Marie ")
'Ann Marie'
>>> clean_name("<b>")
Traceback (most recent call last):
...
ValueError: a name may hold letters, digits, spaces and - _ . ' only
"""

from __future__ import annotations

import re
import unicodedata

from furuba.text import _

NAME_MAX = 32
_NAME_OK = re.compile(r"^[\w .'\-]+$")


def printable(text: str) -> str:
    """``text`` without its control characters (tabs and line breaks stay)."""
    return "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in " \t\n")


def clean_name(name: str) -> str:
    """A player's name, spaces collapsed; :class:`ValueError` with a reason when unusable: 1 to
    :data:`NAME_MAX` letters, digits, spaces and - _ . '."""
    text = " ".join(printable(str(name)).split())
    if not text:
        raise ValueError(_("a name needs at least one letter"))
    if len(text) > NAME_MAX:
        raise ValueError(_("a name has at most {name_max} characters").format(name_max=NAME_MAX))
    if not _NAME_OK.match(text):
        raise ValueError(_("a name may hold letters, digits, spaces and - _ . ' only"))
    return text
