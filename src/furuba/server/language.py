"""Each request and socket speaks its player's language (:mod:`furuba.i18n`).

The language is, in order: the ``lang`` query parameter (``/?lang=ja``, a socket's URL), the
``furuba_lang`` cookie the pages set when a player picks a language, then the browser's
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
"""

from __future__ import annotations

from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Receive, Scope, Send

from furuba import i18n

COOKIE = "furuba_lang"


def language_of(scope: Scope) -> str:
    """The language a request or socket asks for (English when it asks for none furuba speaks)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    for asked in query.get("lang", []):
        if i18n.supported(asked):
            return i18n.supported(asked) or i18n.DEFAULT
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
    if "cookie" in headers:
        try:
            jar = SimpleCookie(headers["cookie"])
        except CookieError:
            jar = SimpleCookie()
        if COOKIE in jar and i18n.supported(jar[COOKIE].value):
            return i18n.supported(jar[COOKIE].value) or i18n.DEFAULT
    return i18n.negotiate(headers.get("accept-language"))


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
