"""Account names and passwords: what is accepted, and how names compare.

>>> account_name("  Tohru  Honda ")
('Tohru Honda', 'tohru honda')
>>> account_name("ＫＹＯ")[1]            # full-width letters compare as their plain form
'kyo'
>>> account_name("x")
Traceback (most recent call last):
...
ValueError: an account name has 3 to 24 characters
>>> check_password("correct horse", "Ann")
>>> check_password("short", "Ann")
Traceback (most recent call last):
...
ValueError: a password has at least 8 characters
"""

from __future__ import annotations

import unicodedata

from furuba.server.security import clean_name

NAME_LOW, NAME_HIGH = 3, 24
PASSWORD_LOW, PASSWORD_HIGH = 8, 256
DELETED = "deleted player"
"""The name a deleted account's seats keep."""
RESERVED = frozenset({DELETED, "guest", "bot", "admin", "furuba"})


def name_key(name: str) -> str:
    """How names compare: NFKC, case-folded (``Kyo``, ``KYO`` and ``ＫＹＯ`` are one name)."""
    return unicodedata.normalize("NFKC", name).casefold()


def account_name(text: str) -> tuple[str, str]:
    """The name as it will show, and its key; :class:`ValueError` with a reason when unusable."""
    name = clean_name(text)
    if not NAME_LOW <= len(name) <= NAME_HIGH:
        raise ValueError(f"an account name has {NAME_LOW} to {NAME_HIGH} characters")
    if not (name[0].isalnum() and name[-1].isalnum()):
        raise ValueError("an account name starts and ends with a letter or a digit")
    key = name_key(name)
    if key in RESERVED:
        raise ValueError(f"“{name}” cannot be an account name")
    return name, key


def check_password(password: str, name: str) -> None:
    """:class:`ValueError` with a reason when ``password`` is too weak for ``name``'s account."""
    if len(password) < PASSWORD_LOW:
        raise ValueError(f"a password has at least {PASSWORD_LOW} characters")
    if len(password) > PASSWORD_HIGH:
        raise ValueError(f"a password has at most {PASSWORD_HIGH} characters")
    if name_key(password) == name_key(name):
        raise ValueError("a password must not be the account's name")
