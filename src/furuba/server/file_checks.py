"""``POST /api/<option>s/check``: check a file a user would give an option (a card set).

An option whose named values are files says so with a checker
(:attr:`furuba.spec.Option.check_text`); for each such option the server answers
``POST /api/<option name>s/check`` (``/api/cardsets/check`` for the options called ``cardset``)
with the file's summary, or ``400`` with every faulty field — so an editor can show each error
beside its field. The body is the file's text (UTF-8, at most :data:`MAX_BYTES`); nothing is
kept. The server names no game: it finds the options by their checkers in the registered specs.

An option with an editor (:attr:`furuba.spec.Option.editor`) also takes the editor's document —
the file as JSON, sent as ``application/json`` — which is written as the file's text first; the
answer then carries that ``text``.

A file is read in a child process with limits on its CPU time and memory
(:mod:`furuba.server.sandbox`), after its turn among the process's file checks
(:attr:`~furuba.server.workloads.Workloads.file_checks`: a few at once, a few per address; beyond,
``429``/``503`` with ``Retry-After``). A document nested deeper than :data:`MAX_NESTING` is refused
before it is parsed.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from furuba import games
from furuba.core.errors import FileProblemsError, FurubaError
from furuba.server import sandbox
from furuba.server.routing import client_address, hub_of
from furuba.server.sandbox import FileRefusedError, JobFailedError, Limits
from furuba.server.workloads import work_of
from furuba.spec import GameSpec, Option
from furuba.text import _

log = logging.getLogger("furuba.server")
MAX_BYTES = 256 * 1024
"""The largest file checked (the default card set is about 40 KB)."""
MAX_NESTING = 32
"""The deepest nesting of arrays and objects in an editor's document (the default card set's: 9,
an event's choice of effects)."""
_JSON_SYNTAX = re.compile(r'"(?:[^"\\]|\\.)*+"|[\[\]{}]')
"""A JSON string (skipped whole) or a bracket."""


def checked_options() -> dict[str, list[tuple[GameSpec, Option]]]:
    """The options with a file checker, by the path word that checks them (``"cardsets"``)."""
    found: dict[str, list[tuple[GameSpec, Option]]] = {}
    for spec in games.specs():
        for option in spec.options:
            if option.check_text is not None:
                found.setdefault(f"{option.name}s", []).append((spec, option))
    return found


def refused(spec: GameSpec, message: str, status: int = 400) -> JSONResponse:
    """A refusal of the whole file: its sentence, as the one problem of the file."""
    return JSONResponse({"detail": message, "game": spec.name,
                         "problems": [{"field": "", "message": message}]}, status_code=status)


async def check(spec: GameSpec, option: Option, text: str, limits: Limits) -> JSONResponse:
    """One game's answer for one file: ``200`` with its summary, or ``400`` naming each fault;
    ``413`` when reading it took more time or memory than ``limits`` allow."""
    assert option.check_text is not None
    try:
        summary = await sandbox.run(limits, sandbox.check, spec.name, option.name, text)
    except FileProblemsError as exc:
        problems = [{"field": field, "message": message} for field, message in exc.problems]
        return JSONResponse({"detail": _("the file has {count} problem(s): {first}").format(
            count=len(problems), first=str(exc).split("; ")[0]), "game": spec.name,
            "problems": problems}, status_code=400)
    except FileRefusedError as exc:
        return refused(spec, exc.detail, exc.status)
    except FurubaError as exc:
        return refused(spec, str(exc))
    except JobFailedError as exc:
        log.error("the %s checker of %s failed: %s", option.name, spec.name, exc)
        return refused(spec, _("the file could not be read"))
    return JSONResponse({"ok": True, "game": spec.name, "option": option.name,
                         "summary": summary})


def is_json(request: Request) -> bool:
    """Whether the body is said to be JSON (an editor's document) rather than a file."""
    return request.headers.get("content-type", "").split(";")[0].strip() == "application/json"


def nesting(text: str) -> int:
    """How deep arrays and objects nest in the JSON ``text`` (strings skipped; linear time).

    >>> nesting('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    for found in _JSON_SYNTAX.finditer(text):
        token = found.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


async def check_document(spec: GameSpec, option: Option, body: str,
                         limits: Limits) -> JSONResponse:
    """An editor's document (JSON): written as the file it stands for, then checked as a file
    is; the answer carries the file's ``text`` too (what an editor downloads or saves)."""
    assert option.editor is not None
    if nesting(body) > MAX_NESTING:
        return refused(spec, _("the document nests arrays and objects more than {limit} deep")
                       .format(limit=MAX_NESTING))
    try:
        document = json.loads(body)
    except ValueError:
        document = None
    if not isinstance(document, dict):
        return refused(spec, _("the document must be a JSON object"))
    try:
        text = await sandbox.run(limits, sandbox.write, spec.name, option.name, document)
    except FileRefusedError as exc:
        return refused(spec, exc.detail, exc.status)
    except (FurubaError, JobFailedError) as exc:   # a value no file can hold
        return refused(spec, _("the document cannot be written as a file: {error}").format(
            error=exc))
    answer = await check(spec, option, text, limits)
    checked = json.loads(bytes(answer.body))
    return JSONResponse({**checked, "text": text}, status_code=answer.status_code)


def add_file_checks(router: APIRouter) -> None:
    """A ``POST /api/<option>s/check`` route for each option that checks files (and the
    children that read files get the games preloaded: :func:`~furuba.server.sandbox.preload`)."""
    sandbox.preload()
    for word, owners in checked_options().items():
        router.add_api_route(f"/api/{word}/check", endpoint_for(owners), methods=["POST"],
                             summary=f"Check a {owners[0][1].name} file",
                             response_model=None)


def endpoint_for(owners: list[tuple[GameSpec, Option]]) -> Any:
    """The route's endpoint: the file of the body, checked by the first owner (``?game=`` picks
    another game's option of the same name)."""

    async def check_file(request: Request, game: str | None = None) -> JSONResponse:
        chosen = [o for o in owners if game in (None, o[0].name)]
        if not chosen:
            return JSONResponse({"detail": _("no game {game!r} checks these files").format(
                game=game)}, status_code=404)
        body = await request.body()
        if len(body) > MAX_BYTES:
            return JSONResponse({"detail": _("the file is too large: at most {kb} KB").format(
                kb=MAX_BYTES // 1024)}, status_code=413)
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            return JSONResponse({"detail": _("the file is not UTF-8 text"), "problems": [
                {"field": "", "message": _("the file is not UTF-8 text")}]}, status_code=400)
        spec, option = chosen[0]
        limits = Limits.of(hub_of(request).config)
        async with work_of(request).file_checks.turn(client_address(request)):
            if option.editor is not None and is_json(request):
                return await check_document(spec, option, text, limits)
            return await check(spec, option, text, limits)

    return check_file
