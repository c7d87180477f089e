"""The offline worker's one entry point: a request as JSON in, its answer as JSON out.

The browser's worker (``web/js/offline-worker.js``) runs this module on Pyodide and calls
:func:`call` with an operation's name and its arguments as a JSON text; the answer is a JSON text
too — ``{"result": …}``, or ``{"error": sentence, "code": …}`` for a request refused (a sentence
the page shows as it is; never a traceback). The worker holds one table at a time (the page's).

Operations (each may carry ``"lang"``: the page's language, for every sentence of the answer):

- ``games`` → the games, their options and bots (as ``GET /api/games`` says them);
- ``new {settings}`` → ``{"saved", "table"}``: a new table (:meth:`LocalTable.new`);
- ``open {saved}`` → ``{"table", "catalog"}``: the page's table, from what the browser kept;
- ``hello``, ``send {message}``, ``bot`` → ``{"frames", "due", "saved", "table"}``: the
  table's answers to the page (the server's socket messages), whether a bot must act now, and
  what the browser keeps;
- ``replay`` → the finished game's record as the replay page reads it
  (``GET /api/tables/{id}/replay``);
- ``replay_step {step}`` → the position after ``step`` actions, every hand shown
  (``GET /api/tables/{id}/replay/{step}``);
- ``review {seat, kept?}`` → the review of ``seat``'s play in the finished game
  (``GET /api/tables/{id}/review?seat=N``), made a slice at a time: ``{"status": "running",
  "progress"}`` until the call that finishes it answers ``{"status": "done", …the review…,
  "puzzles": {}, "kept"}``; ``kept`` is what the browser keeps, and gives back as ``kept`` to
  have the review at once (see :mod:`furuba.offline.review`).

>>> import json
>>> json.loads(call("send", "[1, 2]"))["error"]
'the request is not a JSON object'
>>> json.loads(call("nonsense", "{}"))["code"]
'unknown'
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from furuba import i18n
from furuba.core.errors import FurubaError
from furuba.offline.catalog import games_catalog
from furuba.offline.errors import TableError
from furuba.offline.review import Reviewer
from furuba.offline.table import LocalTable
from furuba.text import _

log = logging.getLogger("furuba.offline")
Args = dict[str, Any]
_table: LocalTable | None = None
_reviewer = Reviewer()


def _current() -> LocalTable:
    if _table is None:
        raise TableError("no_table", _("no table is open here"))
    return _table


def _mapping(args: Args, key: str) -> dict[str, Any]:
    value = args.get(key)
    if not isinstance(value, dict):
        raise TableError("bad_request", _("the request has no {key}").format(key=key))
    return value


def _turn(frames: list[dict[str, Any]]) -> dict[str, Any]:
    table = _current()
    return {"frames": frames, "due": table.bot_due(), "saved": table.saved(), "table": table.table()}


def _games(args: Args) -> Any:
    return games_catalog(i18n.current())


def _new(args: Args) -> Any:
    global _table
    settings = _mapping(args, "settings")
    if isinstance(args.get("lang"), str) and "lang" not in settings:
        settings = {**settings, "lang": args["lang"]}
    _table = LocalTable.new(settings)
    return {"saved": _table.saved(), "table": _table.table()}


def _open(args: Args) -> Any:
    global _table
    saved = _mapping(args, "saved")
    settings = saved.get("settings")
    if isinstance(settings, dict) and isinstance(args.get("lang"), str):
        # The table speaks the page's language, which the player may have changed since.
        saved = {**saved, "settings": {**settings, "lang": args["lang"]}}
    _table = LocalTable.restore(saved)
    return {"table": _table.table(), "catalog": _table.catalog()}


def _hello(args: Args) -> Any:
    last = args.get("last_seq")
    return _turn(_current().hello(last if isinstance(last, int) else None))


def _send(args: Args) -> Any:
    return _turn(_current().receive(_mapping(args, "message")))


def _bot(args: Args) -> Any:
    return _turn(_current().bot_turn())


def _replay(args: Args) -> Any:
    return _current().replay()


def _replay_step(args: Args) -> Any:
    return _current().replay_step(args.get("step", -1))   # a step it checks, with a sentence


def _review(args: Args) -> Any:
    return _reviewer.answer(_current(), args.get("seat"), args.get("kept"), i18n.current())


OPERATIONS: dict[str, Callable[[Args], Any]] = {
    "games": _games, "new": _new, "open": _open, "hello": _hello, "send": _send, "bot": _bot,
    "replay": _replay, "replay_step": _replay_step, "review": _review,
}


def call(op: str, args_json: str) -> str:
    """Carry out ``op`` with the arguments ``args_json``; the answer as a JSON text."""
    try:
        args = json.loads(args_json)
    except ValueError:
        args = None
    language = args.get("lang") if isinstance(args, dict) else None
    with i18n.speaking(language if isinstance(language, str) else None):
        try:
            if not isinstance(args, dict):
                raise TableError("bad_request", _("the request is not a JSON object"))
            operation = OPERATIONS.get(op)
            if operation is None:
                raise TableError("unknown", _("there is no such request here"))
            return json.dumps({"result": operation(args)})
        except TableError as refused:
            return json.dumps({"error": refused.message, "code": refused.code})
        except FurubaError as error:
            return json.dumps({"error": str(error), "code": "refused"})
        except Exception:  # a bug: the page says a sentence, the console keeps the details
            log.exception("offline request %s failed", op)
            return json.dumps({"error": _("something went wrong in the game's code"),
                               "code": "failed"})
