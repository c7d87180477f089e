"""Each request and socket speaks its player's language (:mod:`furuba.i18n`).

The language is, in order: the ``lang`` query parameter (``/?lang=ja``, a socket's URL), the
``furuba_lang`` cookie the pages set when a player picks a language (read as the app reads every
cookie, so that a malformed cookie beside it changes nothing), then the browser's
``Accept-Language``. It is chosen once per HTTP request and once per WebSocket — for the whole
life of the socket, so a refusal sent to one player is in that player's language. What the server
sends to many players at once (events, views, logs) carries no words, only data the pages put
into words.

>>> language_of({"type": "http", "query_string": b"lang=ja", "headers": []})
'ja'
>>> language_of({"type": "http", "query_string": b"",
...              "headers": [(b"cookie", b"a=1; furuba_lang=ja"), (b"accept-language", b"en")]})
'ja'
>>> language_of({"type": "http", "query_string": b"", "headers": [(b"accept-language", b"ja")]})
'ja'
>>> language_of({"type": "http", "query_string": b"",
...              "headers": [(b"cookie", b'x="unterminated; furuba_lang=ja')]})
'ja'
"""

from __future__ import annotations

from urllib.parse import parse_qs

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from furuba import i18n

COOKIE = "furuba_lang"


def language_of(scope: Scope) -> str:
    """The language a request or socket asks for (English when it asks for none furuba speaks)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    for asked in query.get("lang", []):
        if i18n.supported(asked):
            return i18n.supported(asked) or i18n.DEFAULT
    conn = HTTPConnection(scope)          # its cookies as the app reads them (Starlette's parser)
    chosen = i18n.supported(conn.cookies.get(COOKIE, ""))
    if chosen:
        return chosen
    return i18n.negotiate(conn.headers.get("accept-language"))


class SpeakTheirLanguage:
    """ASGI middleware: the language of each request and socket, for everything said in it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with i18n.speaking(language_of(scope)):
            await self.app(scope, receive, send)
