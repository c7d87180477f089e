"""Sessions and the CSRF guard.

A signed-in browser holds the cookie ``furuba_session``: a random secret (HttpOnly, SameSite=Lax,
Secure when the site is served over TLS). The database keeps only its SHA-256, so a copy of the
database signs nobody in. Every sign-in makes a new secret (no session fixation) and drops the
one the browser presented.

A request that changes something (any method but GET, HEAD and OPTIONS) is refused with ``403``:

- when it carries an ``Origin`` header naming another site (a page elsewhere posting here);
- when it carries the session cookie without the header ``X-CSRF-Token`` holding the session's
  CSRF token. The token is derived from the session's secret, so only a page that can read the
  cookie ``furuba_csrf`` (this site's own pages; it is not HttpOnly) can send it.

Requests without the session cookie (guests, scripts) need no token: they carry no authority
that another site could borrow.

>>> token = new_secret()
>>> csrf_token(token) == csrf_token(token), csrf_token(token) == csrf_token(new_secret())
(True, False)
>>> host = "localhost:8000"
>>> same_origin("http://localhost:8000", host), same_origin("https://evil.example", host)
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from furuba.text import _

SESSION_COOKIE = "furuba_session"
CSRF_COOKIE = "furuba_csrf"
CSRF_HEADER = "x-csrf-token"
SESSION_DAYS = 30
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SECRET_MAX = 100
"""Longer cookie values are not looked up."""


def new_secret() -> str:
    """A session's secret (256 random bits)."""
    return secrets.token_urlsafe(32)


def secret_hash(secret: str) -> str:
    """What the database keeps of a session's secret."""
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def csrf_token(secret: str) -> str:
    """The CSRF token of the session whose secret is ``secret``."""
    return hmac.new(b"furuba:csrf", secret.encode("utf-8", "replace"), hashlib.sha256).hexdigest()


def session_secret(conn: HTTPConnection) -> str | None:
    """The session secret the request's cookie holds, if it looks like one."""
    secret = conn.cookies.get(SESSION_COOKIE)
    return secret if secret and len(secret) <= SECRET_MAX else None


def is_secure(conn: HTTPConnection) -> bool:
    """Served over TLS (directly, or behind a proxy that says so)."""
    return conn.url.scheme in ("https", "wss")


def set_session(response: Response, secret: str, secure: bool) -> None:
    """Give the browser its new session: the secret, and the CSRF token its pages send back."""
    age = SESSION_DAYS * 86400
    response.set_cookie(SESSION_COOKIE, secret, max_age=age, httponly=True, samesite="lax",
                        secure=secure, path="/")
    response.set_cookie(CSRF_COOKIE, csrf_token(secret), max_age=age, httponly=False,
                        samesite="strict", secure=secure, path="/")


def clear_session(response: Response, secure: bool) -> None:
    """Make the browser forget its session."""
    response.delete_cookie(SESSION_COOKIE, path="/", secure=secure, httponly=True, samesite="lax")
    response.delete_cookie(CSRF_COOKIE, path="/", secure=secure, samesite="strict")


def same_origin(origin: str, host: str) -> bool:
    """Whether the ``Origin`` header ``origin`` names the site at ``host`` (``Host`` header)."""
    try:
        return bool(host) and urlsplit(origin).netloc.lower() == host.lower()
    except ValueError:
        return False


def cross_site_problem(conn: HTTPConnection) -> str | None:
    """Why a request that changes something is refused (``None``: it is not).

    The session is found as the routes find it (:func:`session_secret`, through Starlette's
    cookie parser, the app's one): whatever cookie a route would sign in with, the guard asks
    its token for, however malformed the cookies around it.
    """
    headers = conn.headers
    origin = headers.get("origin")
    if origin is not None and not same_origin(origin, headers.get("host", "")):
        return _("a request from another site is refused")
    secret = session_secret(conn)
    if secret is None:
        return None
    sent = headers.get(CSRF_HEADER, "")
    if not hmac.compare_digest(sent.encode(), csrf_token(secret).encode()):
        return _("this request lacks its CSRF token (the header X-CSRF-Token, with the value of "
                 "the cookie furuba_csrf): reload the page and try again")
    return None


class CsrfGuard:
    """ASGI middleware: refuses with ``403`` the requests that change something and fail
    :func:`cross_site_problem`, before any route runs."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            problem = cross_site_problem(HTTPConnection(scope))
            if problem is not None:
                body: dict[str, Any] = {"detail": problem}
                response = Response(json.dumps(body), status_code=403,
                                    media_type="application/json")
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
