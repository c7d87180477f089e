"""What the HTTP routes answer when they refuse, declared once: the :class:`Problem` body,
:func:`refusals` for a route's ``responses=``, and :class:`LastResort`, the answer to a request
that raised what nobody expected.

Every refusal is ``{"detail": "a sentence for a person"}`` (some routes add fields, such as a
file's ``problems``). A route declares the statuses it may send, so that its OpenAPI schema says
everything it answers (the schema fuzz test holds every route to it):

>>> sorted(refusals(404, 409))
[400, 403, 404, 409, 413, 429, 503]
>>> refusals(401)[401]["model"].__name__
'Problem'

Statuses every route may send are always declared: ``400`` (a parameter or a body that does not
fit), ``403`` (the CSRF guard, for requests that change something), ``413`` (a body over the
route's limit, :mod:`furuba.server.body_limits`), ``429`` (throttles and caps per address) and
``503`` (several processes: the one driving a table did not answer in time; a full queue of
work).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fastapi.exception_handlers import http_exception_handler
from pydantic import BaseModel, ConfigDict
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from furuba.text import N_, _

if TYPE_CHECKING:
    from fastapi import FastAPI

log = logging.getLogger("furuba.server")


class Problem(BaseModel):
    """A refusal: a sentence for a person, in the request's language; nothing changed."""

    model_config = ConfigDict(extra="allow")
    detail: str


WHAT = {
    400: "Bad input: a parameter or a body that does not fit (the sentence names the field)",
    401: "Not signed in",
    403: "Not allowed: a cross-site request, or someone else's",
    404: "Not found",
    409: "Conflict with the present state (a taken seat, a game not over, a full account)",
    413: "The body is over this route's limit (the sentence names it)",
    429: "Too many from this address (or this name): try again later (Retry-After)",
    503: "Busy, or the table is changing hands: try again in a moment (Retry-After)",
}
"""What each refusal status means, as the schema says it."""
ALWAYS = (400, 403, 413, 429, 503)
"""Statuses any route may answer (see the module's text)."""


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route that may refuse with ``statuses`` (besides :data:`ALWAYS`):
    each a :class:`Problem`."""
    return {status: {"model": Problem, "description": WHAT[status]}
            for status in sorted({*ALWAYS, *statuses})}


def without_422(app: FastAPI) -> Callable[[], dict[str, Any]]:
    """``app.openapi`` less the ``422`` FastAPI declares for every route with parameters: this
    app answers a request that does not fit with ``400`` (declared by :func:`refusals`)."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        schema = build()
        for operations in schema.get("paths", {}).values():
            for operation in operations.values():
                operation.get("responses", {}).pop("422", None)
        for unused in ("HTTPValidationError", "ValidationError"):
            schema.get("components", {}).get("schemas", {}).pop(unused, None)
        return schema

    return openapi


def stream_refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """:func:`refusals` for a route whose success is not JSON (an event stream): each refusal is
    still a :class:`Problem` in JSON, which the route's own media type would otherwise hide."""
    problem = {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
    return {status: {"description": WHAT[status], "content": problem}
            for status in sorted({*ALWAYS, *statuses})}


SOMETHING_WENT_WRONG = N_("something went wrong on the server (it was logged): try again later")
NESTED_TOO_DEEPLY = N_("the request nests too deeply: send fewer levels of brackets")


async def unreadable_body(request: Request, exc: Exception) -> Response:
    """The app's handler of HTTP refusals: as FastAPI's, except that a body FastAPI could not
    parse (its "There was an error parsing the body") is said as the app says it — nested too
    deeply for the parser, or not JSON at all — in the request's language."""
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 400 and exc.__cause__ is not None and \
            exc.detail == "There was an error parsing the body":
        detail = _(NESTED_TOO_DEEPLY) if isinstance(exc.__cause__, RecursionError) \
            else _("the body is not valid JSON")
        exc = StarletteHTTPException(400, detail, exc.headers)
    return await http_exception_handler(request, exc)


# -- the last resort ----------------------------------------------------------------------------
def problem_bytes(detail: str) -> bytes:
    return json.dumps({"detail": detail}, ensure_ascii=False).encode()


class LastResort:
    """ASGI middleware: a request whose route raised an exception nobody handled is answered
    with a sentence, never a traceback (nor a connection reset, as when the exception reaches the
    server), and the exception is logged (with its traceback) for the operator. The app has it
    twice: innermost, for the routes (its answers then pass through the other middlewares:
    language, headers), and around everything, for what a middleware raised.

    * A :class:`RecursionError` comes from input nested deeper than Python recurses (a JSON body
      of a hundred thousand brackets): ``400`` "the request nests too deeply".
    * A client that went away while its body was read (:class:`ClientDisconnect`, also how
      :mod:`furuba.server.body_limits` stops a body over its limit) needs no answer.
    * Anything else: ``500`` "something went wrong on the server …". Nothing should get here: every
      refusal has a status and a sentence of its own, and the schema fuzz test looks for 500s.

    Once a response has started nothing more can be said: the exception goes on to the server,
    which closes the connection.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except ClientDisconnect:
            return
        except RecursionError:
            if started:
                raise
            log.warning("%s %s: input nested too deeply", scope["method"], scope["path"])
            await answer(send, 400, _(NESTED_TOO_DEEPLY))
        except Exception:
            if started:
                raise
            log.exception("%s %s: an unexpected error", scope["method"], scope["path"])
            await answer(send, 500, _(SOMETHING_WENT_WRONG))


async def answer(send: Send, status: int, detail: str) -> None:
    """Send a :class:`Problem` with ``status`` (the connection is then closed)."""
    body = problem_bytes(detail)
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
