"""The largest body each route accepts, enforced before the body is read.

A body over its route's limit is refused with ``413`` and a sentence naming the limit:

* at the door, when its ``Content-Length`` says so: nothing of it is read;
* while it arrives, when it has no ``Content-Length`` (chunked) and passes the limit: the route is
  told the client went away, the ``413`` is sent and the connection closed, so at most one chunk
  beyond the limit is ever held.

The limits, by route (:func:`limit_for`):

* the routes that carry a file a user gives (a card set): its check and read
  (``/api/<option>s/…``), the account's files (``/api/me/<option>s…``) and ``POST /api/tables``
  (which may start from a file): :data:`FILE_ROUTE_BYTES`, room for a file of
  :data:`~furuba.server.file_checks.MAX_BYTES` written as a JSON string, quotes and line ends
  escaped;
* ``POST /api/me/offline-games`` (a finished offline game's record):
  :data:`OFFLINE_GAME_BYTES`;
* every other route: :data:`JSON_BYTES`, far more than any of their bodies needs.

>>> limits = BodyLimits(lambda scope: None, file_words=["cardsets"])
>>> limits.limit_for("POST", "/api/session") == JSON_BYTES
True
>>> [limits.limit_for(m, p) == FILE_ROUTE_BYTES for m, p in [("POST", "/api/cardsets/check"),
...     ("PUT", "/api/me/cardsets/abc"), ("POST", "/api/tables"), ("POST", "/api/tables/x/join")]]
[True, True, True, False]
>>> limits.limit_for("POST", "/api/me/offline-games") == OFFLINE_GAME_BYTES
True

Starlette's own ``RequestBodyLimitMiddleware`` refuses only once a route starts reading, with a
plain-text answer that does not name the limit, and takes one limit per route declaration; this
middleware refuses at the door, in the app's answer shape (``{"detail": …}``, in the client's
language), from one table of limits.
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from furuba.server.answers import answer
from furuba.server.file_checks import MAX_BYTES
from furuba.server.logs import security_event
from furuba.text import _

JSON_BYTES = 64 * 1024
"""The largest body of a route that takes a small JSON object (a name, a seat, options)."""
FILE_ROUTE_BYTES = 2 * MAX_BYTES + 64 * 1024
"""The largest body of a route that carries a file: a file of ``MAX_BYTES`` (256 KB) as a JSON
string may double in size (every quote and line end escaped), plus the rest of the body."""

OFFLINE_GAME_BYTES = 512 * 1024
"""The largest body of ``POST /api/me/offline-games``: a finished offline game's record (a long
game of Dai Hin Min is about 15 KB of it)."""
OWN_LIMITS = {("POST", "/api/me/offline-games"): OFFLINE_GAME_BYTES}
"""Routes with a limit of their own, by method and path."""


def kilobytes(limit: int) -> int:
    return limit // 1024


class BodyLimits:
    """ASGI middleware: refuses with ``413`` a body over its route's limit, before reading it
    (see the module's text). ``file_words`` are the path words of the options whose values are
    files (``cardsets``)."""

    def __init__(self, app: ASGIApp, file_words: Iterable[str] = ()) -> None:
        self.app = app
        self.file_words = frozenset(file_words)

    def limit_for(self, method: str, path: str) -> int:
        """The largest body of ``method`` ``path``, in bytes."""
        own = OWN_LIMITS.get((method, path.rstrip("/")))
        if own is not None:
            return own
        parts = path.strip("/").split("/")
        if method == "POST" and parts == ["api", "tables"]:
            return FILE_ROUTE_BYTES
        if len(parts) >= 2 and parts[0] == "api":
            word = parts[2] if parts[1] == "me" and len(parts) >= 3 else parts[1]
            if word in self.file_words:
                return FILE_ROUTE_BYTES
        return JSON_BYTES

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["method"], scope["path"])
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await refuse(send, limit, scope)
            return
        got = 0
        refused = False
        started = False

        async def receiving() -> Message:
            nonlocal got, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                got += len(message.get("body", b""))
                if got > limit:
                    refused = True
                    if not started:
                        await refuse(send, limit, scope)
                    return {"type": "http.disconnect"}
            return message

        async def sending(message: Message) -> None:
            nonlocal started
            if refused:
                return     # the refusal was the answer
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        await self.app(scope, receiving, sending)


async def refuse(send: Send, limit: int, scope: Scope) -> None:
    """The ``413`` of a body over ``limit`` bytes (a security event in the log)."""
    client = scope.get("client")
    security_event("body_refused", path=scope["path"], limit=limit,
                   address=client[0] if client else "")
    await answer(send, 413, _("the body is too large: this route takes at most {kb} KB").format(
        kb=kilobytes(limit)))
