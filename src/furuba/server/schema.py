"""The database's schema and its upgrades: Alembic migrations, applied under a lock.

Each migration (``server/migrations/versions/``) says its ``phase``:

- ``expand`` adds only (a table, a nullable or defaulted column, an index): the code of before
  and the code of after both run on the schema after it. A server applies the expand migrations
  it finds pending when it starts (:func:`upgrade`), so a rolling restart brings them in while
  the processes not yet restarted go on playing;
- ``contract`` removes or changes what only the code of before used: it waits for
  ``furuba db upgrade``, run once every process runs the new code. A server that finds one
  pending applies the expand migrations before it and says so in its log.

Processes that start together take a lock first (PostgreSQL: an advisory lock held by the
transaction that migrates; SQLite: a lock on a file beside the database), so two never apply
the same change at once: the second waits, then finds nothing left to do. A database made before
migrations (which keeps no schema version) is brought to the first revision with its rows kept. A
database at a revision this release does not know was migrated by a newer release (a rolling
restart, or a release rolled back): expand migrations keep it usable by the releases before, so
the server starts on it as it is, and says so in its log.

>>> from sqlalchemy import create_engine
>>> engine = create_engine("sqlite://")
>>> [step.revision for step in upgrade(engine)][:1]
['0001']
>>> status(engine).current == status(engine).head
True
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import Script, ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Connection, Engine

log = logging.getLogger("furuba.server.schema")

VERSION_TABLE = "furuba_schema_version"
"""Where the database keeps its revision (Alembic's version table, under furuba's name)."""
MIGRATIONS = "furuba.server:migrations"
"""The migrations' folder (a package resource: ``server/migrations``)."""
LOCK_KEY = 0x66757275_6261
"""PostgreSQL's advisory lock of the migrations (``furuba`` in ASCII)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One migration: its revision, its phase (``expand`` or ``contract``) and what it does (the
    first paragraph of its docstring)."""

    revision: str
    phase: str
    doc: str


@dataclass(frozen=True, slots=True)
class Status:
    """Where a database stands: its revision (``None``: none yet), the newest, what is pending."""

    current: str | None
    head: str
    pending: tuple[Step, ...]
    newer: bool = False
    """Whether ``current`` is a revision of a newer release (this one does not know it)."""


def _config(location: str) -> Config:
    config = Config()
    config.set_main_option("script_location", location)
    return config


def _step(script: Script) -> Step:
    phase = getattr(script.module, "phase", "expand")
    summary = " ".join((script.module.__doc__ or "").strip().split("\n\n")[0].split())
    return Step(script.revision, phase if phase in ("expand", "contract") else "contract",
                summary)


def _known(scripts: ScriptDirectory, current: str | None) -> bool:
    """Whether this release knows the revision ``current`` (``None``, no revision, it does)."""
    if current is None:
        return True
    try:
        scripts.get_revision(current)
    except CommandError:
        return False
    return True


def _pending(scripts: ScriptDirectory, current: str | None) -> tuple[Step, ...]:
    if not _known(scripts, current):
        return ()
    head = scripts.get_current_head()
    if head is None or current == head:
        return ()
    found = scripts.iterate_revisions(head, current or "base")
    return tuple(_step(s) for s in reversed(list(found)))


def _current(conn: Connection) -> str | None:
    return MigrationContext.configure(conn, opts={"version_table": VERSION_TABLE}) \
        .get_current_revision()


def head(location: str = MIGRATIONS) -> str:
    """The newest revision of ``location``'s migrations (this release's, by default)."""
    return ScriptDirectory.from_config(_config(location)).get_current_head() or ""


def status(engine: Engine, location: str = MIGRATIONS) -> Status:
    """Where ``engine``'s database stands (``location``: the migrations' folder)."""
    scripts = ScriptDirectory.from_config(_config(location))
    with engine.connect() as conn:
        current = _current(conn)
    head = scripts.get_current_head() or ""
    return Status(current, head, _pending(scripts, current), not _known(scripts, current))


@contextlib.contextmanager
def _file_lock(engine: Engine) -> Iterator[None]:
    """Hold a SQLite file's migration lock (a lock on a file beside it) until the block ends —
    after its transaction has committed. Other databases need none here (:func:`_lock`)."""
    database = engine.url.database if engine.dialect.name == "sqlite" else None
    if not database or database == ":memory:" or database.startswith("file:"):
        yield
        return
    with Path(f"{database}.migrating").open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _lock(conn: Connection) -> None:
    """PostgreSQL: take the migrations' advisory lock for the transaction open on ``conn``
    (released when it commits or rolls back)."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({LOCK_KEY})")


def upgrade(engine: Engine, *, contract: bool = False, location: str = MIGRATIONS) -> list[Step]:
    """Apply the pending migrations of ``location`` — the expand ones up to the first contract
    one, or every one when ``contract`` — under the lock; the steps applied, in order."""
    config = _config(location)
    scripts = ScriptDirectory.from_config(config)
    with _file_lock(engine), engine.begin() as conn:
        _lock(conn)
        current = _current(conn)
        if not _known(scripts, current):
            log.warning("schema: the database is at revision %s, which a newer release made "
                        "(this one knows up to %s); serving on it as it is", current,
                        scripts.get_current_head())
            return []
        pending = _pending(scripts, current)
        todo = list(pending)
        if not contract:
            for i, step in enumerate(pending):
                if step.phase == "contract":
                    todo = list(pending[:i])
                    log.warning("schema: %d migration(s) wait for furuba db upgrade, from %s "
                                "(%s); run it once every process runs this release",
                                len(pending) - i, step.revision, step.doc)
                    break
        if todo:
            config.attributes["connection"] = conn
            command.upgrade(config, todo[-1].revision)
            log.info("schema: applied %s", ", ".join(s.revision for s in todo))
    return todo
