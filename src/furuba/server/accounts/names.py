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
furuba.server.accounts.names.WeakPasswordError: a password has at least 8 characters
>>> check_password("I Love You", "Ann")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
furuba.server.accounts.names.WeakPasswordError: this password is one of the most common ones, ...
>>> check_password("tohru honda", "Tohru Honda")
Traceback (most recent call last):
...
furuba.server.accounts.names.WeakPasswordError: a password must not be the account's name
"""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib import resources

from furuba.tables.names import clean_name
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


class WeakPasswordError(ValueError):
    """A password refused: the sentence that says why, and why in one word for the log
    (``short``, ``long``, ``spaces``, ``name`` or ``common``) — never the password."""

    def __init__(self, sentence: str, reason: str) -> None:
        super().__init__(sentence)
        self.reason = reason


@cache
def common_passwords() -> frozenset[str]:
    """The passwords refused as too common (``data/common-passwords.txt``: its source and
    license are in ``data/README.md`` beside it), lower case."""
    listed = resources.files("furuba.server.accounts").joinpath("data", "common-passwords.txt")
    return frozenset(listed.read_text(encoding="utf-8").split())


def _compared(text: str) -> str:
    """How a password is compared with the account's name and the common passwords: as names
    compare, without spaces."""
    return "".join(name_key(text).split())


def check_password(password: str, name: str) -> None:
    """:class:`WeakPasswordError` with a reason when ``password`` is too weak for ``name``'s
    account: too short or too long, only spaces, the account's name, or a common password."""
    if len(password) < PASSWORD_LOW:
        raise WeakPasswordError(_("a password has at least {password_low} characters").format(
            password_low=PASSWORD_LOW), "short")
    if len(password) > PASSWORD_HIGH:
        raise WeakPasswordError(_("a password has at most {password_high} characters").format(
            password_high=PASSWORD_HIGH), "long")
    compared = _compared(password)
    if not compared:
        raise WeakPasswordError(_("a password cannot be only spaces"), "spaces")
    if compared == _compared(name):
        raise WeakPasswordError(_("a password must not be the account's name"), "name")
    if compared in common_passwords():
        raise WeakPasswordError(_("this password is one of the most common ones, which are "
                                  "tried first: choose another"), "common")
