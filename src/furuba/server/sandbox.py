"""Files a user gave, read in a child process with limits on its CPU time and memory.

A card set comes from a stranger. Its game reads it with cheap bounds first (a game's loaders use
:mod:`furuba.core.bounded_toml`), but the server does not rely on every game doing so: each file
check, editor read or write runs in a short-lived child process under ``resource.setrlimit`` —
``RLIMIT_CPU`` of :attr:`Limits.cpu_seconds` and ``RLIMIT_AS`` of :attr:`Limits.megabytes` more
than the child starts with — while the parent waits on a worker thread, never on the event loop,
and kills the child after :attr:`Limits.clock` seconds. One child per job: a job
killed by a limit harms nobody else's. What comes back is plain data (the summary, the document,
or the list of problems); a job stopped by a limit is :class:`FileRefusedError`, whose sentence
names the limit (``413``).

The children are forked by :mod:`multiprocessing`'s ``forkserver`` (never a fork of the server's
own process, which runs threads). :func:`preload` — called when the routes that read files are
added, before any child is made — has it load furuba's registered games first
(:mod:`furuba.server.sandbox_preload`), so that a child starts with them in memory. Measured on a
2-core machine under a load average of 6 (``python -m benchmarks.hostile`` measures the server as
a whole): an empty job took 14 ms at best, 36 ms at the median; the default card set's check
18 ms at best and 61 ms at the median, against 10 and 15 ms in the server's own process.
The children run at a lower priority (``nice`` 10) than the server.

>>> import asyncio, math
>>> asyncio.run(run(Limits(), math.factorial, 5))
120
>>> asyncio.run(run(Limits(megabytes=16), bytes, 64 * 1024 * 1024))
Traceback (most recent call last):
...
furuba.server.sandbox.FileRefusedError: the file needs more than 16 MB to read
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import multiprocessing
import os
import resource
import signal
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext
from typing import TYPE_CHECKING, Any

from furuba import games
from furuba.core.errors import FileProblemsError, FurubaError
from furuba.server.logs import security_event
from furuba.spec import Option
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.config import ServerConfig

__all__ = ["FileRefusedError", "JobFailedError", "Limits", "check", "preload", "read", "run",
           "write"]

log = logging.getLogger("furuba.server")
NICE = 10
"""How much lower a child runs than the server."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What one job may take: whole CPU seconds, megabytes beyond its start, seconds on the
    clock (by default twice the CPU time, and one more for the child's start)."""

    cpu_seconds: int = 2
    megabytes: int = 256
    wall_seconds: float | None = None

    @property
    def clock(self) -> float:
        """Seconds on the clock after which the parent kills the child."""
        return self.wall_seconds if self.wall_seconds is not None else 2 * self.cpu_seconds + 1

    @classmethod
    def of(cls, config: ServerConfig) -> Limits:
        """The limits a server's configuration sets (``file_check_seconds``,
        ``file_check_megabytes``)."""
        return cls(config.file_check_seconds, config.file_check_megabytes)


class FileRefusedError(Exception):
    """A job stopped before it finished: ``status`` and a sentence that names the limit."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


class JobFailedError(Exception):
    """A job that raised something other than a file's faults (the message: its type and
    text)."""


# -- jobs: what a child runs (module functions, sent by name) -----------------------------------
def _option(game: str, option: str) -> Option:
    return games.spec(game).option(option)


def check(game: str, option: str, text: str) -> Any:
    """The option's check of a file: its summary (:attr:`furuba.spec.Option.check_text`)."""
    checker = _option(game, option).check_text
    if checker is None:
        raise FurubaError(f"option {option} checks no files")
    return checker(text)


def read(game: str, option: str, text: str) -> Any:
    """A file as its editor's document."""
    editor = _option(game, option).editor
    if editor is None:
        raise FurubaError(f"option {option} has no editor")
    return editor.read(text)


def write(game: str, option: str, document: Any) -> str:
    """An editor's document written as the file's text."""
    editor = _option(game, option).editor
    if editor is None:
        raise FurubaError(f"option {option} has no editor")
    return editor.write(document)


Outcome = tuple[str, Any]
"""What a child sends back: ``("ok", value)``, ``("problems", [(field, message), …])``,
``("refused", message)``, ``("failed", message)``, ``("memory", None)`` or
``("nesting", None)``."""


def _limit(limits: Limits) -> None:
    """Set this process's limits (in the child, before it runs the job)."""
    cpu = max(1, limits.cpu_seconds)
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    with contextlib.suppress(OSError, ValueError):
        pages = int(open("/proc/self/statm").read().split()[0])  # noqa: SIM115
        start = pages * os.sysconf("SC_PAGE_SIZE")
        room = start + limits.megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (room, room))
    with contextlib.suppress(OSError):
        os.nice(NICE)


def _outcome(job: Callable[..., Any], args: tuple[Any, ...]) -> Outcome:
    try:
        return "ok", job(*args)
    except MemoryError:
        return "memory", None
    except RecursionError:
        return "nesting", None
    except FileProblemsError as exc:
        return "problems", [(str(f), str(m)) for f, m in exc.problems]
    except FurubaError as exc:
        return "refused", str(exc)
    except Exception as exc:   # a fault of the job itself: said to the server, which logs it
        return "failed", f"{type(exc).__name__}: {exc}"


def _child(conn: Connection, limits: Limits, language: str, job: Callable[..., Any],
           args: tuple[Any, ...]) -> None:
    from furuba import i18n

    _limit(limits)
    with i18n.speaking(language):
        outcome = _outcome(job, args)
    try:
        conn.send(outcome)
    except MemoryError:
        conn.send(("memory", None))
    conn.close()


# -- in the server ------------------------------------------------------------------------------
def _context() -> ForkServerContext | SpawnContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


def preload() -> None:
    """Have the ``forkserver`` load the registered games and their file readers
    (:mod:`furuba.server.sandbox_preload`) before it forks a child; a no-op where there is no
    ``forkserver``. Effective when called before the ``forkserver`` starts (when the routes that
    read files are added); later, children load what they need themselves."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        # "__main__" as by default: the program's main module, imported once there rather
        # than again in every child (the ``furuba`` command's script, say)
        multiprocessing.get_context("forkserver").set_forkserver_preload(
            ["__main__", __name__, "furuba.server.sandbox_preload"])


def _blocking(limits: Limits, language: str, job: Callable[..., Any],
              args: tuple[Any, ...]) -> Outcome:
    """Run ``job(*args)`` in a child and wait for its outcome (on a worker thread)."""
    ctx = _context()
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(send, limits, language, job, args), daemon=True)
    child.start()
    send.close()
    try:
        if receive.poll(limits.clock):
            try:
                outcome: Outcome = receive.recv()
                return outcome
            except EOFError:
                pass   # the child ended without a word: a limit stopped it
        else:
            child.kill()
            return "clock", None
        child.join(1.0)
        if child.exitcode in (-signal.SIGXCPU, -signal.SIGKILL):
            return "cpu", None
        if child.exitcode is not None and child.exitcode > 0:
            return "failed", f"the child process ended with code {child.exitcode}"
        return "memory", None   # killed by a fault of memory (SIGSEGV, SIGABRT)
    finally:
        receive.close()
        if child.is_alive():
            child.kill()
        child.join()
        child.close()


def refusal(kind: str, limits: Limits) -> FileRefusedError:
    """The sentence of a job stopped by a limit (a security event in the log)."""
    security_event("file_refused", limit=kind, cpu_seconds=limits.cpu_seconds,
                   megabytes=limits.megabytes)
    if kind == "memory":
        return FileRefusedError(413, _("the file needs more than {mb} MB to read").format(
            mb=limits.megabytes))
    if kind == "nesting":
        return FileRefusedError(400, _("the file nests its values too deeply to read"))
    seconds = limits.cpu_seconds if kind == "cpu" else math.ceil(limits.clock)
    return FileRefusedError(413, _("the file took more than {seconds} s to read").format(
        seconds=seconds))


async def run(limits: Limits, job: Callable[..., Any], *args: Any) -> Any:
    """``job(*args)`` in a child process under ``limits`` (one of this module's jobs, or any
    module-level function); waits on a worker thread.

    Returns the job's value; raises :class:`~furuba.core.errors.FileProblemsError` with the
    file's faults, :class:`~furuba.core.errors.FurubaError` with another refusal of the game,
    :class:`FileRefusedError` when a limit stopped the job, :class:`JobFailedError` when the job
    failed otherwise.
    """
    from furuba import i18n

    kind, value = await asyncio.to_thread(_blocking, limits, i18n.current(), job, args)
    if kind == "ok":
        return value
    if kind == "problems":
        raise FileProblemsError([(f, m) for f, m in value])
    if kind == "refused":
        raise FurubaError(value)
    if kind == "failed":
        raise JobFailedError(value)
    log.warning("file refused by the sandbox: %s (limits %s)", kind, limits)
    raise refusal(kind, limits)
