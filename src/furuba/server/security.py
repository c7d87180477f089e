"""Unguessable ids and tokens, and the cleaning of chat (names are cleaned by the rules of any
table: :func:`furuba.tables.names.clean_name`).

>>> len(new_table_id()), len(new_token())
(16, 32)
>>> token_hash("abc") == token_hash("abc"), token_hash("abc") == token_hash("abd")
(True, False)
>>> len(address_hash("203.0.113.7", "")), address_hash("203.0.113.7", "k") == address_hash("203.0.113.7", "")
(64, False)
>>> clean_chat("<b>hi</b>\\x07", 500)
'&lt;b&gt;hi&lt;/b&gt;'
"""

from __future__ import annotations

import hashlib
import hmac
import html
import secrets

from furuba.tables.names import printable
from furuba.text import _


def new_table_id() -> str:
    """A table id nobody can guess (96 random bits)."""
    return secrets.token_urlsafe(12)


def new_token() -> str:
    """A seat token nobody can guess (192 random bits)."""
    return secrets.token_urlsafe(24)


def new_seed() -> int:
    """A random deal for a table whose creator did not choose one (fits a signed 64-bit int)."""
    return secrets.randbits(62)


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256, hex."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


ADDRESS_HASH_KEY = "furuba:address"
"""The key of :func:`address_hash` when the server was given none."""


def address_hash(address: str, key: str) -> str:
    """What a table keeps of its creator's network address: its HMAC-SHA-256 under ``key``
    (``ServerConfig.address_key``), hex."""
    secret = (key or ADDRESS_HASH_KEY).encode("utf-8", "replace")
    return hmac.new(secret, address.encode("utf-8", "replace"), hashlib.sha256).hexdigest()


def same_hash(a: str | None, b: str | None) -> bool:
    """Constant-time comparison of two token hashes (``None`` never matches)."""
    return a is not None and b is not None and hmac.compare_digest(a, b)


def clean_chat(text: str, limit: int) -> str:
    """A chat line: control characters dropped, whitespace collapsed, HTML-escaped.

    :class:`ValueError` when empty or longer than ``limit`` characters (before escaping).
    """
    plain = " ".join(printable(str(text)).split())
    if not plain:
        raise ValueError(_("an empty chat message"))
    if len(plain) > limit:
        raise ValueError(_("a chat message has at most {limit} characters").format(limit=limit))
    return html.escape(plain, quote=True)
