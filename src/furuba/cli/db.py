"""``furuba db``: the web app's database schema — where it stands, and its upgrades.

* ``furuba db status`` — the database's revision, the newest, and each migration pending with
  its phase (``expand``: a server applies it when it starts; ``contract``: it waits for
  ``furuba db upgrade``);
* ``furuba db upgrade`` — apply every pending migration (``--expand-only``: stop before the first
  contract one, as a starting server does). Run it once every server process runs the new
  release; processes that start together never race on the same change (a lock).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from furuba.cli.console import console, fail
from furuba.text import _

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from furuba.server.schema import Status

DatabaseUrl = Annotated[str, typer.Option(
    envvar="FURUBA_DATABASE_URL", help=_("SQLAlchemy URL: sqlite:///path (default "
                                         "var/furuba.sqlite3) or postgresql+psycopg://user@host/db"))]


def _engine(database_url: str) -> Engine:
    try:
        from furuba.server.models import make_engine
    except ImportError as exc:
        raise fail(_("the database needs the web extra: pip install 'furuba[web]' "
                     "({problem})").format(problem=exc)) from None
    try:
        return make_engine(database_url)
    except Exception as exc:   # a URL SQLAlchemy cannot read or a driver that is missing
        raise fail(_("cannot open the database {url}: {problem}").format(
            url=database_url, problem=exc)) from None


@contextmanager
def opened(database_url: str, failure: str) -> Iterator[Engine]:
    """The database at ``database_url`` for the block, closed after it; a failure inside is the
    command's one line (``failure``, a sentence with ``{url}`` and ``{problem}``), status 2."""
    engine = _engine(database_url)
    try:
        yield engine
    except Exception as exc:
        raise fail(failure.format(url=database_url, problem=exc)) from None
    finally:
        engine.dispose()


def say_revision(found: Status) -> None:
    console.print(_("revision: {current} (newest: {head})").format(
        current=found.current or _("none"), head=found.head))


def status(database_url: DatabaseUrl = "sqlite:///var/furuba.sqlite3") -> None:
    """Where the database stands."""
    from furuba.server import schema

    with opened(database_url, _("cannot read the database {url}: {problem}")) as engine:
        found = schema.status(engine)
    say_revision(found)
    if found.newer:
        console.print(_("the database was upgraded by a newer release of furuba"))
    elif not found.pending:
        console.print(_("up to date"))
    for step in found.pending:
        console.print(escape(f"  {step.revision} [{step.phase}] {step.doc}"))


def upgrade(database_url: DatabaseUrl = "sqlite:///var/furuba.sqlite3",
            expand_only: Annotated[bool, typer.Option(help=_(
                "stop before the first migration that removes what an earlier release uses "
                "(as a starting server does)"))] = False) -> None:
    """Apply the pending migrations."""
    from furuba.server import schema

    with opened(database_url, _("the upgrade of {url} failed: {problem}")) as engine:
        done = schema.upgrade(engine, contract=not expand_only)
        left = schema.status(engine)
    for step in done:
        console.print(escape(_("applied {revision} [{phase}]: {doc}").format(
            revision=step.revision, phase=step.phase, doc=step.doc)))
    say_revision(left)


def build_app() -> typer.Typer:
    """The ``furuba db`` commands, their help in the current language."""
    app = typer.Typer(no_args_is_help=True, help=_(
        "The web app's database: its schema's revision and its upgrades."))
    app.command("status", help=_("The database's revision and the migrations pending, each with "
                                 "its phase."))(status)
    app.command("upgrade", help=_("Apply the pending migrations (run it once every server "
                                  "process runs the new release)."))(upgrade)
    return app
