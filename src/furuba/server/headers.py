"""Security headers on every HTTP answer: what a browser may load and run on furuba's pages, who
may frame them, what it may keep.

:class:`SecurityHeaders` (ASGI middleware, the app's outermost) adds to every answer — pages,
static files, API answers, refusals and errors alike:

- :data:`CONTENT_SECURITY_POLICY`: scripts, styles, images, sockets and the service worker from
  this site only (and WebAssembly compiled from this site's files: ``'wasm-unsafe-eval'`` lets
  the offline table's worker run Python on Pyodide; it allows no JavaScript ``eval``), and no
  inline script or style attribute at all (the pages load every script
  from ``/static/js``; the JavaScript sets styles through ``element.style``, which a policy
  without ``'unsafe-inline'`` allows). ``connect-src 'self'`` also allows the same host's
  ``ws:``/``wss:`` sockets (CSP level 3). No page may be framed (``frame-ancestors 'none'``),
  no plug-in runs (``object-src 'none'``), no ``<base>`` can redirect relative URLs and forms
  post only here.
- ``X-Content-Type-Options: nosniff`` (a JSON answer or an uploaded text is never run as a
  script), ``X-Frame-Options: DENY`` (framing, for browsers older than ``frame-ancestors``),
  ``Referrer-Policy: same-origin`` (a table's address never leaves the site),
  :data:`PERMISSIONS_POLICY` (every powerful feature furuba never uses is off; passkeys and
  copying an invitation stay on for this site) and ``Cross-Origin-Opener-Policy: same-origin``
  (a window another site opened gets no handle on furuba's).
- ``Cache-Control: no-store`` on every private answer (:func:`is_private`): the signed-in
  player's own data, sessions, accounts and passkeys, and every answer to a request that
  changes something — the answers that hand out a seat's token among them. Neither the
  browser's cache nor a shared proxy keeps them.

A route that sets one of these headers itself keeps its own value, except ``Cache-Control`` on
a private answer, which is always ``no-store``. The operator's API docs page (``--api-docs``,
off by default) loads Swagger UI from its CDN and starts it with an inline script:
:data:`DOCS_POLICY` allows exactly that, on that page only.

>>> is_private("GET", "/api/me"), is_private("GET", "/api/me/cardsets/3")
(True, True)
>>> is_private("GET", "/api/tables/abc"), is_private("POST", "/api/tables")
(False, True)
>>> is_private("GET", "/api/media")
False
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
])
"""The pages' policy: everything from this site, nothing inline, no frames either way."""

SWAGGER_CDN = "https://cdn.jsdelivr.net"
"""Where FastAPI's docs page loads Swagger UI from."""

DOCS_POLICY = "; ".join([
    "default-src 'self'",
    f"script-src 'self' 'unsafe-inline' {SWAGGER_CDN}",
    f"style-src 'self' 'unsafe-inline' {SWAGGER_CDN}",
    "img-src 'self' data: https://fastapi.tiangolo.com https://validator.swagger.io",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
])
"""The API docs page's policy (only when the operator turns the page on): Swagger UI from its
CDN, started by the page's inline script, with its inline styles, its images and fonts as
``data:`` URLs, FastAPI's icon and the schema validator's badge. The page shows nothing a user
wrote."""

PERMISSIONS_POLICY = ", ".join([
    *(f"{feature}=()" for feature in (
        "accelerometer", "autoplay", "camera", "display-capture", "geolocation",
        "gyroscope", "hid", "idle-detection", "magnetometer", "microphone", "midi", "payment",
        "screen-wake-lock", "serial", "usb", "xr-spatial-tracking")),
    *(f"{feature}=(self)" for feature in (
        "clipboard-write", "publickey-credentials-create", "publickey-credentials-get")),
])
"""Off: every powerful feature furuba never uses. For this site only: passkeys (creating and
using them) and copying an invitation link."""

HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "same-origin"),
    ("Permissions-Policy", PERMISSIONS_POLICY),
    ("Cross-Origin-Opener-Policy", "same-origin"),
)
"""Sent with every answer, beside the Content-Security-Policy."""

PRIVATE_PREFIXES = ("/api/me", "/api/session", "/api/accounts", "/api/passkeys",
                    "/api/cardsets/measure")
"""Paths whose answers hold a player's own data (their games, files, passkeys, CSRF token, a
measure they asked for): never stored by a cache."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def is_private(method: str, path: str) -> bool:
    """Whether the answer to ``method path`` must not be stored by any cache: it is under one
    of :data:`PRIVATE_PREFIXES`, or the request changes something (a new table's or a claimed
    seat's answer holds the seat's token; a sign-in's, the session)."""
    if method not in SAFE_METHODS:
        return True
    return any(path == prefix or path.startswith(prefix + "/") for prefix in PRIVATE_PREFIXES)


class SecurityHeaders:
    """ASGI middleware: the headers of the module docstring on every HTTP answer.

    ``docs_path`` is the API docs page's path when the operator turned it on (it gets
    :data:`DOCS_POLICY`).
    """

    def __init__(self, app: ASGIApp, docs_path: str | None = None) -> None:
        self.app = app
        self.docs_path = docs_path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        policy = DOCS_POLICY if path == self.docs_path else CONTENT_SECURITY_POLICY
        private = is_private(scope["method"], path)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("Content-Security-Policy", policy)
                for name, value in HEADERS:
                    headers.setdefault(name, value)
                if private:
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_with_headers)
