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
from furuba.text import _

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
        raise ValueError(_("an account name has {name_low} to {name_high} characters").format(
            name_low=NAME_LOW, name_high=NAME_HIGH))
    if not (name[0].isalnum() and name[-1].isalnum()):
        raise ValueError(_("an account name starts and ends with a letter or a digit"))
    key = name_key(name)
    if key in RESERVED:
        raise ValueError(_("“{name}” cannot be an account name").format(name=name))
    return name, key


def check_password(password: str, name: str) -> None:
    """:class:`ValueError` with a reason when ``password`` is too weak for ``name``'s account."""
    if len(password) < PASSWORD_LOW:
        raise ValueError(_("a password has at least {password_low} characters").format(
            password_low=PASSWORD_LOW))
    if len(password) > PASSWORD_HIGH:
        raise ValueError(_("a password has at most {password_high} characters").format(
            password_high=PASSWORD_HIGH))
    if name_key(password) == name_key(name):
        raise ValueError(_("a password must not be the account's name"))
