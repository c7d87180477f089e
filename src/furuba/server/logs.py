"""Log lines that say which process and which table they come from.

Each table's task sets :data:`current_table` to the table's id (``driver.drive``), and so does
whatever else works for one table; the task's log records, and those of the threads it starts,
inherit it. :class:`ContextFilter`, installed on the handlers :func:`log_config` describes, copies
it and the process's name onto every record as ``table`` and ``process_name``:

>>> record = logging.LogRecord("furuba.server", logging.WARNING, __file__, 1, "a bot's move was "
...                            "refused", None, None)
>>> token = current_table.set("Xy3Fq0aZ")
>>> ContextFilter("web-1").filter(record)
True
>>> current_table.reset(token)
>>> logging.Formatter(FORMAT.replace("%(asctime)s ", "")).format(record)
"WARNING [web-1] [table Xy3Fq0aZ] a bot's move was refused"

Outside a table's task ``table`` is ``-``. ``furuba serve`` passes :func:`log_config` to uvicorn,
which applies it (``logging.config.dictConfig``), so uvicorn's own lines carry the process's name
too.
"""

from __future__ import annotations

import json
import logging
import os
import socket
from contextvars import ContextVar
from typing import Any

current_table: ContextVar[str | None] = ContextVar("furuba_table", default=None)
"""The id of the table the running task works for (``None``: none)."""
security_log = logging.getLogger("furuba.security")
"""The security events (:func:`security_event`): lines of the ``furuba`` log that start with
``security event=``."""

FORMAT = "%(asctime)s %(levelname)s [%(process_name)s] [table %(table)s] %(message)s"
"""The lines of the ``furuba`` loggers."""
SERVER_FORMAT = "%(asctime)s %(levelname)s [%(process_name)s] %(message)s"
"""The lines of uvicorn's own loggers (start, stop, errors)."""
ACCESS_FORMAT = ('%(asctime)s %(levelname)s [%(process_name)s] %(client_addr)s - '
                 '"%(request_line)s" %(status_code)s')
"""The lines of uvicorn's access log."""


def process_name(chosen: str | None = None) -> str:
    """This process's name in logs, metrics and Redis: ``chosen`` (``ServerConfig.process_name``),
    else the host's name and the process id.

    >>> process_name("web-1")
    'web-1'
    >>> process_name() == f"{socket.gethostname()}-{os.getpid()}"
    True
    """
    return chosen or f"{socket.gethostname()}-{os.getpid()}"


class ContextFilter(logging.Filter):
    """Adds ``process_name`` and ``table`` to every record it sees (a ``table`` already given
    with ``extra=`` is kept); it lets every record through."""

    def __init__(self, process: str) -> None:
        super().__init__()
        self.process = process

    def filter(self, record: logging.LogRecord) -> bool:
        record.process_name = self.process
        if "table" not in record.__dict__:
            record.table = current_table.get() or "-"
        return True


def log_config(process: str, level: str = "info") -> dict[str, Any]:
    """The logging configuration of ``furuba serve`` (uvicorn's ``log_config``).

    The ``furuba`` loggers write :data:`FORMAT` lines to standard error at ``level``; uvicorn's
    loggers keep their own destinations (access log to standard output) and levels, with the
    process's name added to their lines.
    """
    furuba_level = "DEBUG" if level.lower() == "trace" else level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"context": {"()": ContextFilter, "process": process}},
        "formatters": {
            "furuba": {"format": FORMAT},
            "server": {"format": SERVER_FORMAT},
            "access": {"()": "uvicorn.logging.AccessFormatter", "fmt": ACCESS_FORMAT,
                       "use_colors": False},
        },
        "handlers": {
            "furuba": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                       "formatter": "furuba", "filters": ["context"]},
            "default": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                        "formatter": "server", "filters": ["context"]},
            "access": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout",
                       "formatter": "access", "filters": ["context"]},
        },
        "loggers": {
            "furuba": {"handlers": ["furuba"], "level": furuba_level, "propagate": False},
            "uvicorn": {"handlers": ["default"], "level": "INFO", "propagate": False},
            "uvicorn.error": {"level": "INFO"},
            "uvicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
        },
    }


def security_event(event: str, *, level: int = logging.INFO, **fields: object) -> None:
    """Write one security event to the log: ``security event=<event> key=value …``, one line
    whatever the values hold (a value with a space, a quote, an equals sign or a character that
    does not print is written as a JSON string), so that nothing a client sends can forge a line.
    The record also carries ``event`` and ``fields``, for a handler that writes JSON. Never pass a
    password or a secret.

    >>> import sys
    >>> logging.getLogger("furuba").addHandler(handler := logging.StreamHandler(sys.stdout))
    >>> security_log.setLevel(logging.INFO)
    >>> security_event("password_changed", account=12, address="203.0.113.9", sessions_ended=2)
    security event=password_changed account=12 address=203.0.113.9 sessions_ended=2
    >>> security_event("signin_failed", name="ann\\nsecurity event=forged", via="password")
    security event=signin_failed name="ann\\nsecurity event=forged" via=password
    >>> logging.getLogger("furuba").removeHandler(handler); security_log.setLevel(logging.NOTSET)
    """
    words = [f"event={event}", *(f"{k}={_word(v)}" for k, v in fields.items())]
    security_log.log(level, "security %s", " ".join(words),
                     extra={"event": str(event), "fields": fields})


def _word(value: object) -> str:
    text = str(value)
    if text and text.isprintable() and not any(c.isspace() or c in "\"=\\" for c in text):
        return text
    return json.dumps(text)
