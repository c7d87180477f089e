"""The database's schema comes from migrations (``furuba.server.schema``): an empty database gets
exactly the models' tables, a database made before migrations keeps every row, processes starting
together never race on a change, and a contract migration waits for ``furuba db upgrade``."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, create_engine, inspect, text
from sqlalchemy.exc import IntegrityError
from typer.testing import CliRunner

import furuba.server.app  # noqa: F401  (every model module, so the metadata holds every table)
from furuba.cli.main import app as cli
from furuba.server import schema
from furuba.server.models import Base

from .next_release import next_release
from .postgres import Postgres

BEFORE = Path(__file__).parent / "data" / "database-before-migrations.sql"
LATE_COLUMNS = (("furuba_answers", "name"), ("furuba_tables", "creator"),
                ("furuba_tables", "public"), ("furuba_tables", "rated"),
                ("furuba_tables", "current"), ("furuba_seats", "account_id"))
"""The columns the first releases lacked (their indexes go with them)."""


def differences(engine: Engine) -> list[Any]:
    """What the database's schema lacks or has beyond the models (Alembic's comparison)."""
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"version_table": schema.VERSION_TABLE})
        return list(compare_metadata(context, Base.metadata))


def columns(path: Path) -> dict[str, list[str]]:
    """The columns of every furuba table of a SQLite file, by table."""
    with sqlite3.connect(path) as conn:
        names = [n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table' "
                                            "AND name LIKE 'furuba_%' AND name != ?",
                                            (schema.VERSION_TABLE,))]
        return {n: [c[1] for c in conn.execute(f"PRAGMA table_info({n})")] for n in names}


def rows(path: Path, shape: dict[str, list[str]]) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the tables and columns ``shape`` names, sorted, by table."""
    with sqlite3.connect(path) as conn:
        return {n: sorted(conn.execute(f"SELECT {', '.join(cs)} FROM {n}").fetchall(), key=repr)
                for n, cs in shape.items()}


def load_before(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.executescript(BEFORE.read_text(encoding="utf-8"))


def test_an_empty_database_gets_exactly_the_models_tables(tmp_path: Path) -> None:
    """Every model has its migration: after the upgrade nothing differs from the models."""
    engine = create_engine(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    applied = schema.upgrade(engine)
    assert applied[0].revision == "0001"
    assert differences(engine) == []
    found = schema.status(engine)
    assert (found.current, found.pending) == (found.head, ())


def test_the_same_on_postgresql(database_server: Postgres) -> None:
    engine = create_engine(database_server.create_database("schema_empty"))
    try:
        schema.upgrade(engine)
        assert differences(engine) == []
    finally:
        engine.dispose()


def test_a_database_from_before_migrations_keeps_every_row(tmp_path: Path) -> None:
    """A database the release before migrations made (no schema version) is adopted: every row
    of every table is the same after the upgrade, and the schema is the models'."""
    path = tmp_path / "old.sqlite3"
    load_before(path)
    shape = columns(path)
    before = rows(path, shape)
    assert all(before.values()), "the fixture holds a row in every table"
    engine = create_engine(f"sqlite:///{path}")
    assert schema.status(engine).current is None
    schema.upgrade(engine)
    engine.dispose()
    assert rows(path, shape) == before
    assert differences(create_engine(f"sqlite:///{path}")) == []


def test_every_migration_finds_what_is_already_there(tmp_path: Path) -> None:
    """A database that has every table and column but no schema version (one made by the
    models' metadata, as releases before migrations made theirs) is adopted without an error:
    each migration adds only what is missing."""
    engine = create_engine(f"sqlite:///{tmp_path / 'made.sqlite3'}")
    Base.metadata.create_all(engine)
    assert [s.revision for s in schema.upgrade(engine)][-1] == schema.head()
    assert differences(engine) == []


def test_a_database_from_the_first_release_gets_the_late_columns(tmp_path: Path) -> None:
    """What ``add_missing_columns`` did at start-up, the first migration does: the columns added
    since the first release appear with their defaults, and the rows stay."""
    path = tmp_path / "first.sqlite3"
    load_before(path)
    with sqlite3.connect(path) as conn:
        for table, column in LATE_COLUMNS:
            conn.execute(f"DROP INDEX IF EXISTS ix_{table}_{column}")
            conn.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    engine = create_engine(f"sqlite:///{path}")
    schema.upgrade(engine)
    assert differences(engine) == []
    with engine.connect() as conn:
        public, rated, creator = conn.execute(text(
            "SELECT public, rated, creator FROM furuba_tables")).one()
        seats = conn.execute(text("SELECT name, account_id FROM furuba_seats")).all()
    assert (public, rated, creator) == (0, 0, None)
    assert seats == [("Ann", None)]


def test_an_account_uploads_an_offline_game_once(tmp_path: Path) -> None:
    """0005: ``furuba_tables.offline_id``, unique per creating account; the tables played here
    (no offline id) never collide."""
    engine = create_engine(f"sqlite:///{tmp_path / 'offline.sqlite3'}")
    schema.upgrade(engine)
    insert = text("INSERT INTO furuba_tables (id, game, options, seed, settings, status, seq, "
                  "ready, created_at, updated_at, public, rated, creator_account, offline_id) "
                  "VALUES (:id, 'zodiac', '{}', 1, '{}', 'finished', 0, 0, 0, 0, 0, 0, :account, "
                  ":offline)")
    with engine.begin() as conn:
        for table_id, account, offline in (("a", 1, "g1"), ("b", 2, "g1"), ("c", 1, None),
                                           ("d", 1, None), ("e", None, None)):
            conn.execute(insert, {"id": table_id, "account": account, "offline": offline})
    with pytest.raises(IntegrityError), engine.begin() as conn:
        conn.execute(insert, {"id": "f", "account": 1, "offline": "g1"})
    engine.dispose()


def test_processes_starting_together_never_race(database_server: Postgres) -> None:
    """Two servers starting at once on one database: one applies the migrations under the lock,
    the other waits and finds nothing left to do; neither fails."""
    url = database_server.create_database("schema_race")
    engines = [create_engine(url) for _ in range(2)]
    results: list[list[schema.Step]] = []
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def run(engine: Engine) -> None:
        start.wait()
        try:
            results.append(schema.upgrade(engine))
        except BaseException as exc:   # pragma: no cover - the failure this test looks for
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(e,)) for e in engines]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    try:
        assert errors == []
        lengths = sorted(len(r) for r in results)
        assert lengths[0] == 0 and lengths[1] >= 1
        assert differences(engines[0]) == []
    finally:
        for e in engines:
            e.dispose()


def test_sqlite_processes_starting_together_never_race(tmp_path: Path) -> None:
    """The same on a SQLite file: the lock is a file beside the database."""
    url = f"sqlite:///{tmp_path / 'race.sqlite3'}"
    results: list[int] = []
    start = threading.Barrier(3)

    def run() -> None:
        engine = create_engine(url)
        start.wait()
        results.append(len(schema.upgrade(engine)))
        engine.dispose()

    threads = [threading.Thread(target=run) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(results)[:2] == [0, 0] and sorted(results)[2] >= 1


def test_a_contract_migration_waits_for_furuba_db_upgrade(tmp_path: Path,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    """A starting server applies the expand migrations and stops before a contract one (and
    says so); ``upgrade(contract=True)`` — ``furuba db upgrade`` — applies it."""
    location = next_release(tmp_path / "migrations")
    path = tmp_path / "db.sqlite3"
    load_before(path)
    engine = create_engine(f"sqlite:///{path}")
    with caplog.at_level("WARNING", logger="furuba.server.schema"):
        applied = schema.upgrade(engine, location=location)
    assert applied[-1].revision == "0900"
    assert "0901" in caplog.text and "furuba db upgrade" in caplog.text
    assert "note" in {c["name"] for c in inspect(engine).get_columns("furuba_tables")}
    found = schema.status(engine, location=location)
    assert [(s.revision, s.phase) for s in found.pending] == [("0901", "contract")]
    assert [s.revision for s in schema.upgrade(engine, contract=True, location=location)] == ["0901"]
    assert "note" not in {c["name"] for c in inspect(engine).get_columns("furuba_tables")}
    with engine.connect() as conn:
        assert conn.execute(text("SELECT seed FROM furuba_tables")).scalar_one() == 42


def test_a_release_before_starts_on_a_database_a_newer_one_migrated(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """During a rolling restart (or after a release is rolled back) a process of the release
    before starts on a database the newer release has expanded: it does not know the revision,
    so it migrates nothing, serves on it as it is and says so; ``furuba db status`` says why."""
    location = next_release(tmp_path / "migrations")
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    engine = create_engine(url)
    schema.upgrade(engine, location=location)
    with caplog.at_level("WARNING", logger="furuba.server.schema"):
        assert schema.upgrade(engine) == []
    assert "revision 0900, which a newer release made" in caplog.text
    found = schema.status(engine)
    assert (found.current, found.newer, found.pending) == ("0900", True, ())
    result = CliRunner().invoke(cli, ["db", "status", "--database-url", url])
    assert result.exit_code == 0 and "upgraded by a newer release" in result.output


def test_furuba_db_status_and_upgrade(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    runner = CliRunner()
    before = runner.invoke(cli, ["db", "status", "--database-url", url])
    assert before.exit_code == 0 and "revision: none" in before.output and "[expand]" in before.output
    done = runner.invoke(cli, ["db", "upgrade", "--database-url", url])
    assert done.exit_code == 0 and "applied 0001 [expand]" in done.output
    after = runner.invoke(cli, ["db", "status", "--database-url", url])
    assert "up to date" in after.output


def test_furuba_db_with_a_bad_url_says_so_in_one_line() -> None:
    result = CliRunner().invoke(cli, ["db", "upgrade", "--database-url", "nosuchdb://x"])
    assert result.exit_code == 2
    assert "cannot open the database nosuchdb://x" in result.output
    assert "Traceback" not in result.output
