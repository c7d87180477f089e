"""The editors' page and routes: ``/<option>s`` (``/cardsets``), its form, reading a file, and
an account's saved files (see ``docs/WEB-API.md``, *File editors*).

For each option with an editor (:attr:`furuba.spec.Option.editor`), ``<word>`` being the option's
name with an ``s`` (as ``POST /api/<word>/check`` names it):

* ``GET /<word>``: the editor's page;
* ``GET /api/<word>/editor``: the form, the browser module that draws the cards, the files to
  start from (as documents) and the measures' limits;
* ``POST /api/<word>/read``: a file's text (an upload) → its document;
* ``POST /api/<word>/editor/check``: the editor's own check of its document, as
  ``POST /api/<word>/check`` checks it, except that a set with faults is a ``200`` answer
  (``"ok": false`` with its ``problems``): to the editor a refused set is the usual outcome of a
  check, not a failed request (which a browser would log as an error at every keystroke);
* ``GET|POST /api/me/<word>``, ``GET|PUT|DELETE /api/me/<word>/{id}``: the files the signed-in
  account keeps (``401`` for a guest).

``?game=`` picks a game when several have an option of that name.
"""

from __future__ import annotations

import json
import logging
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from furuba.bots.registry import check_spec
from furuba.core.errors import FileProblemsError, FurubaError
from furuba.server import sandbox
from furuba.server.accounts.signed import required_account
from furuba.server.editors.measure import MEASURE_BOTS, add_measures
from furuba.server.editors.owners import Owners, editor_options, pick
from furuba.server.editors.store import SavedFile, SavedFiles
from furuba.server.editors.uploads import MAX_FILE_BYTES, problems_sentence
from furuba.server.file_checks import endpoint_for
from furuba.server.routing import client_address, hub_of
from furuba.server.sandbox import FileRefusedError, JobFailedError, Limits
from furuba.server.workloads import work_of
from furuba.spec import GameSpec, Option
from furuba.text import N_, _

log = logging.getLogger("furuba.server")
FAULTS_OF_THE_SET = (400, 413)
"""The refusals of ``POST /api/<word>/check`` that say what is wrong with the set itself (its
faults; a document or file too large or too costly to read), which the editor's check answers
with ``200`` and ``"ok": false``; the others (an unknown game, too many checks at once) stay."""
NO_FILE = N_("there is no such file: it was deleted, or it is another account's")


class SaveFile(BaseModel):
    """``POST /api/me/<word>`` and ``PUT /api/me/<word>/{id}``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Annotated[StrictStr, Field(min_length=1, max_length=80, description=N_(
        "a name of 1 to 80 characters"))]
    text: Annotated[StrictStr, Field(max_length=MAX_FILE_BYTES, description=N_(
        "the file's text, at most 256 KB"))]
    game: Annotated[StrictStr | None, Field(max_length=40, description=N_(
        "a game's name (GET /api/games lists them), or null"))] = None


def add_editors(router: APIRouter, page: str) -> None:
    """The page and routes of every editor (``page``: the editor page's file)."""
    for word, owners in editor_options().items():
        add_editor(router, word, owners, page)
        add_saved_files(router, word, owners)
        add_measures(router, word, owners)


def add_editor(router: APIRouter, word: str, owners: Owners, page: str) -> None:
    """The page, the form and reading a file."""

    async def editor_page() -> FileResponse:
        return FileResponse(page)

    async def describe(request: Request, game: str | None = None) -> dict[str, Any]:
        spec, option = pick(owners, game)
        assert option.editor is not None
        editor = option.editor
        starts = {name: editor.read(text) for name, text in editor.starts().items()}
        config = hub_of(request).config
        return {"game": spec.name, "title": spec.said_title, "option": option.name,
                "label": spec.gettext(option.title), "word": word,
                "games": [{"name": s.name, "title": s.said_title} for s, _o in owners],
                "module": editor.module, "form": editor.form(), "starts": starts,
                "measure": {"max_games": config.measure_max_games,
                            "players": {"min": spec.players.low,
                                        "max": spec.players.online_high,
                                        "default": spec.players.default},
                            "bots": [b for b in MEASURE_BOTS if known_bot(b)]}}

    async def read(request: Request, game: str | None = None) -> JSONResponse:
        spec, option = pick(owners, game)
        assert option.editor is not None
        body = await request.body()
        if len(body) > MAX_FILE_BYTES:
            return JSONResponse({"detail": _("the file is too large: at most {kb} KB").format(
                kb=MAX_FILE_BYTES // 1024)}, status_code=413)
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise HTTPException(400, _("the file is not UTF-8 text")) from None
        async with work_of(request).file_checks.turn(client_address(request)):
            try:
                document = await sandbox.run(Limits.of(hub_of(request).config), sandbox.read,
                                             spec.name, option.name, text)
            except FileProblemsError as exc:
                return JSONResponse({"detail": problems_sentence(exc), "problems": [
                    {"field": f, "message": m} for f, m in exc.problems]}, status_code=400)
            except FileRefusedError as exc:
                return JSONResponse({"detail": exc.detail, "problems": [
                    {"field": "", "message": exc.detail}]}, status_code=exc.status)
            except (FurubaError, JobFailedError) as exc:
                raise unreadable(exc) from None
        return JSONResponse({"document": document})

    checking = endpoint_for(owners)

    async def check_draft(request: Request, game: str | None = None) -> JSONResponse:
        answer: JSONResponse = await checking(request, game)
        if answer.status_code not in FAULTS_OF_THE_SET:
            return answer
        body = json.loads(bytes(answer.body))
        return JSONResponse({**body, "ok": False}, status_code=200)

    router.add_api_route(f"/{word}", editor_page, methods=["GET"], include_in_schema=False)
    router.add_api_route(f"/api/{word}/editor", describe, methods=["GET"],
                         summary=f"The {word} editor's form")
    router.add_api_route(f"/api/{word}/editor/check", check_draft, methods=["POST"],
                         response_model=None, summary=f"The {word} editor's check of its document")
    router.add_api_route(f"/api/{word}/read", read, methods=["POST"], response_model=None,
                         summary="A file's text as an editor's document")


def known_bot(spec: str) -> bool:
    try:
        check_spec(spec)
    except FurubaError:
        return False
    return True


def add_saved_files(router: APIRouter, word: str, owners: Owners) -> None:
    """``/api/me/<word>``: the signed-in account's files."""

    async def listed(request: Request) -> dict[str, Any]:
        account = await required_account(request)
        option = owners[0][1].name
        found = await hub_of(request).db.run(SavedFiles.list, account.id, option)
        return {"files": [f.to_json() for f in found]}

    async def one(file_id: str, request: Request) -> dict[str, Any]:
        account = await required_account(request)
        found = await hub_of(request).db.run(SavedFiles.get, account.id, owners[0][1].name,
                                             file_id)
        if found is None:
            raise HTTPException(404, _(NO_FILE))
        return found.to_json()

    async def create(body: SaveFile, request: Request) -> JSONResponse:
        account = await required_account(request)
        spec, option = pick(owners, body.game)
        ok = await readable(request, spec, option, body.text)
        cap = hub_of(request).config.saved_files_per_account
        made = await hub_of(request).db.run(SavedFiles.create, account.id, spec.name,
                                            option.name, body.name.strip() or body.name,
                                            body.text, cap)
        if made is None:
            raise HTTPException(409, _("you keep {cap} files already: delete one first")
                                .format(cap=cap))
        return JSONResponse(answer(made, ok), status_code=201)

    async def change(file_id: str, body: SaveFile, request: Request) -> dict[str, Any]:
        account = await required_account(request)
        spec, option = pick(owners, body.game)
        ok = await readable(request, spec, option, body.text)
        changed = await hub_of(request).db.run(SavedFiles.replace, account.id, option.name,
                                               file_id, body.name.strip() or body.name, body.text)
        if changed is None:
            raise HTTPException(404, _(NO_FILE))
        return answer(changed, ok)

    async def remove(file_id: str, request: Request) -> Response:
        account = await required_account(request)
        if not await hub_of(request).db.run(SavedFiles.delete, account.id, owners[0][1].name,
                                            file_id):
            raise HTTPException(404, _(NO_FILE))
        return Response(status_code=204)

    router.add_api_route(f"/api/me/{word}", listed, methods=["GET"],
                         summary=f"The account's {word}")
    router.add_api_route(f"/api/me/{word}", create, methods=["POST"], response_model=None,
                         status_code=201, summary=f"Keep a file among the account's {word}")
    router.add_api_route(f"/api/me/{word}/{{file_id}}", one, methods=["GET"],
                         summary="One of the account's files, with its text")
    router.add_api_route(f"/api/me/{word}/{{file_id}}", change, methods=["PUT"],
                         summary="Rename or rewrite one of the account's files")
    router.add_api_route(f"/api/me/{word}/{{file_id}}", remove, methods=["DELETE"],
                         response_model=None, status_code=204,
                         summary="Delete one of the account's files")


async def readable(request: Request, spec: GameSpec, option: Option, text: str) -> bool:
    """Whether ``text`` passes the option's check; ``400`` when it is no file at all (a draft
    with faults may be kept, a text that is not even TOML may not). Read in the sandbox, after
    a turn among the file checks (``429``/``503`` beyond)."""
    assert option.editor is not None and option.check_text is not None
    limits = Limits.of(hub_of(request).config)
    async with work_of(request).file_checks.turn(client_address(request)):
        try:
            try:
                await sandbox.run(limits, sandbox.read, spec.name, option.name, text)
            except FileProblemsError as exc:
                raise HTTPException(400, problems_sentence(exc)) from None
            try:
                await sandbox.run(limits, sandbox.check, spec.name, option.name, text)
            except FileProblemsError:
                return False
        except FileRefusedError as exc:
            raise HTTPException(exc.status, exc.detail) from None
        except (FurubaError, JobFailedError) as exc:
            raise unreadable(exc) from None
    return True


def unreadable(exc: Exception) -> HTTPException:
    """``400`` for a file its reader failed on in another way than by naming its faults."""
    if isinstance(exc, JobFailedError):
        log.error("a file reader failed: %s", exc)
        return HTTPException(400, _("the file could not be read"))
    return HTTPException(400, str(exc))


def answer(saved: SavedFile, ok: bool) -> dict[str, Any]:
    """A saved file as answered, with whether it passes the check (``ok``)."""
    return {**saved.to_json(), "ok": ok}
