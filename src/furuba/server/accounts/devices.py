"""Device cookies: sign-in throttling that nobody can turn against an account's owner.

Account names are public (the leaderboard shows them), and sign-ins are throttled per name: on
its own, that throttle lets anyone keep a player out by failing to sign in with that name. So,
as OWASP's "Slow down online guessing attacks with device cookies" has it, a browser that signed
in to an account before is judged apart from every other one.

- Every successful sign-in (a password, a passkey, or signing up) gives the browser the cookie
  ``furuba_device`` (HttpOnly, SameSite=Lax, Secure over TLS, ``Path=/api``, kept
  :data:`DEVICE_DAYS` days). It holds a token for each of the last :data:`MAX_ACCOUNTS`
  accounts signed in on that browser: ``<account id>.<nonce>.<signature>``, the nonce 128
  random bits, the signature an HMAC-SHA-256 of the account's id, its name (as names compare)
  and the nonce, under the key :func:`device_key`. A token says nothing the browser does not
  know; it cannot be made for another account or name without the key.
- A sign-in whose name a token of the browser verifies for is a **known device**'s: it is
  counted against that device's own allowance only (``ServerConfig.device_signins_*``, kept in
  Redis with several processes), never by name or by address. A device that keeps trying —
  failing, say — spends its allowance; beyond it, its token is not trusted (each such attempt is
  logged as ``device_locked_out``) and it is an unknown device again until the allowance refills.
  All the known devices of one account also share a larger allowance
  (``account_device_signins_*``), which only browsers that signed in to that account can spend:
  it bounds the work an account's tokens can ask for, however many of them someone collects.
- Every other sign-in is an **unknown device**'s, throttled per address and per name
  (:func:`hold_unknown`), as before.

So someone flooding a name from anywhere holds up the unknown browsers that try that name, and
no one else: its owner, on a browser that signed in before, signs in at once. The owner on a new
browser is an unknown device like any other, and waits as it does.

A sign-in judged by a known device keeps that device's nonce (and so its allowance); any other
makes a new one. New nonces thus come only as fast as unknown devices may sign in (or sign up),
which bounds how many allowances one address can collect.

>>> key = device_key("a secret")
>>> token = sign(key, 7, "ann", "nOnce-0123456789abcdef")
>>> verified(key, token, "ann")
Device(account_id=7, nonce='nOnce-0123456789abcdef')
>>> verified(key, token, "ben") is None, verified(device_key("another"), token, "ann") is None
(True, True)
>>> device_key("") == device_key(""), device_key("") == device_key("a secret")
(True, False)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import math
import re
import secrets
from dataclasses import dataclass

from fastapi import Request
from fastapi.responses import Response

from furuba.server.accounts.names import name_key
from furuba.server.accounts.sessions import is_secure
from furuba.server.accounts.store import Account
from furuba.server.logs import security_event
from furuba.server.routing import client_address, hub_of, limits_of, spend, too_many
from furuba.server.throttle import AddressBuckets
from furuba.text import N_

DEVICE_COOKIE = "furuba_device"
DEVICE_DAYS = 365
MAX_ACCOUNTS = 4
"""Accounts a browser is remembered for (the last ones signed in on it)."""
COOKIE_MAX = 1000
"""Longer cookie values are not read."""
SIGNINS = N_("sign-ins")
"""The name of the sign-in throttles (and of their counters in Redis)."""
_TOKEN = re.compile(r"([0-9]{1,18})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})")
_PROCESS_KEY = secrets.token_bytes(32)
"""The key of a server given no secret: random, this process's alone."""


@dataclass(frozen=True)
class Device:
    """A browser that signed in to an account before, as its token names it."""

    account_id: int
    nonce: str


def device_key(secret: str) -> bytes:
    """The key that signs device cookies: derived from the server's secret
    (``ServerConfig.address_key``) so that every process given that secret trusts the same
    cookies; with no secret, a random key of this process (its cookies are trusted until it
    stops, by it alone)."""
    if not secret:
        return _PROCESS_KEY
    return hmac.new(secret.encode("utf-8", "replace"), b"furuba:device-cookies",
                    hashlib.sha256).digest()


def signature(key: bytes, account_id: int, key_of_name: str, nonce: str) -> str:
    message = json.dumps([account_id, key_of_name, nonce]).encode()
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def sign(key: bytes, account_id: int, key_of_name: str, nonce: str) -> str:
    """The token of a device of the account ``account_id`` named ``key_of_name``."""
    return f"{account_id}.{nonce}.{signature(key, account_id, key_of_name, nonce)}"


def tokens(value: str | None) -> list[str]:
    """The well-formed tokens of a ``furuba_device`` cookie (at most :data:`MAX_ACCOUNTS`)."""
    if not value or len(value) > COOKIE_MAX:
        return []
    return [t for t in value.split("~")[:MAX_ACCOUNTS] if _TOKEN.fullmatch(t)]


def verified(key: bytes, token: str, key_of_name: str) -> Device | None:
    """The device ``token`` names, if its signature holds for the name ``key_of_name``."""
    found = _TOKEN.fullmatch(token)
    if found is None:
        return None
    account_id, nonce, mac = int(found[1]), found[2], found[3]
    if hmac.compare_digest(mac, signature(key, account_id, key_of_name, nonce)):
        return Device(account_id, nonce)
    return None


def key_of(request: Request) -> bytes:
    return device_key(hub_of(request).config.address_key)


def device_for(request: Request, key_of_name: str) -> Device | None:
    """The browser's device for the name ``key_of_name``, if its cookie holds one."""
    key = key_of(request)
    for token in tokens(request.cookies.get(DEVICE_COOKIE)):
        device = verified(key, token, key_of_name)
        if device is not None:
            return device
    return None


async def known_device(request: Request, key_of_name: str) -> Device | None:
    """The known device this sign-in with the name ``key_of_name`` comes from, one attempt of
    its allowance taken; ``None`` for an unknown device, or one beyond its allowance (logged)."""
    device = device_for(request, key_of_name)
    if device is None:
        return None
    limits = limits_of(request)
    for buckets, key, whose in ((limits.device_signins, f"device:{device.nonce}", "device"),
                                (limits.account_device_signins, f"devices:{device.account_id}",
                                 "account")):
        wait = await spend(request, buckets, key, SIGNINS)
        if wait > 0:
            security_event("device_locked_out", level=logging.WARNING, name=key_of_name,
                           account=device.account_id, address=client_address(request),
                           by=whose, retry_after=math.ceil(wait))
            return None
    return device


async def hold_unknown(request: Request, key_of_name: str | None, via: str = "password") -> None:
    """Throttle a sign-in from an unknown device: per address, then per name (unless ``None``:
    a passkey names no account before it answers); ``429`` beyond either (logged)."""
    limits = limits_of(request)
    address = client_address(request)
    held: list[tuple[AddressBuckets, str, str, str]] = [
        (limits.signins, address, N_("from your address"), "address")]
    if key_of_name is not None:
        held.append((limits.account_signins, f"name:{key_of_name}", N_("with this name"), "name"))
    for buckets, key, whose, by in held:
        wait = await spend(request, buckets, key, SIGNINS)
        if wait > 0:
            security_event("signin_throttled", level=logging.WARNING, by=by, name=key_of_name or "-",
                           address=address, via=via, retry_after=math.ceil(wait))
            raise too_many(SIGNINS, whose, wait)


def remember(request: Request, response: Response, account: Account,
             device: Device | None) -> None:
    """Give the browser, signed in to ``account``, its device token (the nonce of ``device``, the
    known device the sign-in was judged by, else a new one), first among those it holds."""
    nonce = device.nonce if device is not None and device.account_id == account.id \
        else secrets.token_urlsafe(16)
    mine = sign(key_of(request), account.id, name_key(account.name), nonce)
    others = [t for t in tokens(request.cookies.get(DEVICE_COOKIE))
              if not t.startswith(f"{account.id}.")]
    response.set_cookie(DEVICE_COOKIE, "~".join([mine, *others][:MAX_ACCOUNTS]),
                        max_age=DEVICE_DAYS * 86400, httponly=True, samesite="lax",
                        secure=is_secure(request), path="/api")
