"""Password hashes: argon2id (argon2-cffi's defaults, RFC 9106's second recommendation).

A sign-in with an unknown name checks the password against a hash of nothing, so that it takes
as long as one with a known name: the time of an answer does not tell whether a name exists.

>>> stored = hash_password("correct horse")
>>> stored.startswith("$argon2id$"), verify(stored, "correct horse"), verify(stored, "wrong horse")
(True, True, False)
>>> verify(None, "anything")          # no such account: as slow, and never true
False
"""

from __future__ import annotations

import functools

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

HASHER = PasswordHasher()


def hash_password(password: str) -> str:
    return HASHER.hash(password)


@functools.cache
def _nobody() -> str:
    return HASHER.hash("no account has this password")


def verify(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored`` (``None``: no such account, checked all the same)."""
    try:
        return HASHER.verify(stored or _nobody(), password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether ``stored`` was made with weaker parameters than today's."""
    return HASHER.check_needs_rehash(stored)
