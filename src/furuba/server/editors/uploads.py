"""Tables started from a file a user gave (a card set from the editor).

``POST /api/tables`` may carry ``files``: ``{"cardset": "<the file's text>"}``. Each file is checked
as its option checks files, kept in the database under the SHA-256 of its text
(:class:`~furuba.server.editors.store.Uploads`) and, loaded, in this process
(:mod:`furuba.server.editors.loaded`), and the table's option then says ``upload:<sha-256>``. A
process that loads such a table from the database (another process, or after a restart) reads
the file back first (:func:`register_stored`), so its record replays anywhere.

A file is first checked in a child process with limits on its CPU time and memory
(:mod:`furuba.server.sandbox`), after a turn among the process's file checks; only a file found
sound there is loaded in this process (on a worker thread).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fastapi import HTTPException
from sqlalchemy.orm import Session

from furuba import games
from furuba.core.errors import FileProblemsError, FurubaError
from furuba.server import sandbox
from furuba.server.editors.loaded import FILES
from furuba.server.editors.store import Uploads
from furuba.server.sandbox import FileRefusedError, JobFailedError, Limits
from furuba.server.workloads import work_of_hub
from furuba.spec import UPLOADED, GameSpec
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.hub import Hub

log = logging.getLogger("furuba.server")
MAX_FILE_BYTES = 256 * 1024
"""The largest file a table may be started from (as ``POST /api/<option>s/check`` checks)."""


def problems_sentence(exc: FileProblemsError) -> str:
    """One sentence naming a file's first fault (and how many there are)."""
    field, message = exc.problems[0] if exc.problems else ("", str(exc))
    first = f"{field}: {message}" if field else message
    return _("the file has {count} problem(s): {first}").format(count=len(exc.problems),
                                                                 first=first)


async def upload_files(hub: Hub, game: str, files: Mapping[str, str],
                       options: dict[str, Any], address: str) -> None:
    """Check and keep each file of ``files`` and set its option in ``options`` to the value
    naming it; ``400`` naming the option and the first fault of a bad file (``413`` for one
    that takes too much time or memory to read). The files of one request take one turn among
    the file checks of client ``address`` (``429``/``503`` beyond). Options that name a kept file
    (``upload:<sha-256>``) this process has not read yet are read back."""
    try:
        spec = games.spec(game)
    except FurubaError:
        return   # the table's own checks refuse an unknown game
    await read_back(hub, spec, options)
    if not files:
        return
    async with work_of_hub(hub).file_checks.turn(address):
        for name, text in files.items():
            options[name] = await upload_file(hub, spec, name, text)


async def upload_file(hub: Hub, spec: GameSpec, name: str, text: str) -> str:
    """One file of the option ``name`` checked in the sandbox, then loaded and kept: the
    option's value naming it."""
    try:
        option = spec.option(name)
    except FurubaError as exc:
        raise HTTPException(400, str(exc)) from None
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise HTTPException(400, _("files.{name}: the file is too large: at most {kb} KB")
                            .format(name=name, kb=MAX_FILE_BYTES // 1024))
    try:
        if option.check_text is not None:
            await sandbox.run(Limits.of(hub.config), sandbox.check, spec.name, name, text)
        value = await asyncio.to_thread(FILES.keep, spec, name, text)
    except FileProblemsError as exc:
        raise HTTPException(400, f"files.{name}: {problems_sentence(exc)}") from None
    except FileRefusedError as exc:
        raise HTTPException(exc.status, f"files.{name}: {exc.detail}") from None
    except FurubaError as exc:
        raise HTTPException(400, str(exc)) from None
    except JobFailedError as exc:
        log.error("the %s checker of %s failed: %s", name, spec.name, exc)
        raise HTTPException(400, f"files.{name}: " + _("the file could not be read")) from None
    await hub.db.run(Uploads.keep, value.removeprefix(UPLOADED), spec.name, name, text)
    return value


async def read_back(hub: Hub, spec: GameSpec, options: Mapping[str, Any]) -> None:
    """Read the kept files that ``options`` name and this process does not hold yet."""
    wanted = missing(spec, options)
    if wanted:
        texts = await hub.db.run(Uploads.texts, [digest for _name, digest in wanted])
        hold(spec, wanted, texts)


def missing(spec: GameSpec, options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``(option, sha-256)`` of each kept file ``options`` name that this process lacks."""
    out = []
    for option in spec.options:
        value = options.get(option.name)
        if option.editor is not None and isinstance(value, str) and value.startswith(UPLOADED):
            digest = value.removeprefix(UPLOADED)
            if not FILES.holds(spec.name, option.name, digest):
                out.append((option.name, digest))
    return out


def hold(spec: GameSpec, wanted: list[tuple[str, str]], texts: Mapping[str, str]) -> None:
    """Load each file found into its option (one that no longer loads is left out: the table
    then fails to load, as with any record that cannot be replayed)."""
    for name, digest in wanted:
        text = texts.get(digest)
        if text is None:
            continue
        try:
            FILES.keep(spec, name, text)
        except FurubaError:
            continue


def register_stored(s: Session, game: str, options: Mapping[str, Any]) -> None:
    """The same for a table being loaded from the database (on the database thread)."""
    try:
        spec = games.spec(game)
    except FurubaError:
        return
    wanted = missing(spec, options)
    if wanted:
        hold(spec, wanted, Uploads.texts(s, [digest for _name, digest in wanted]))
