from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import LiveServer
from .postgres import Postgres, running_postgres


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'furuba.sqlite3'}"


@pytest.fixture
def live(db_url: str) -> Iterator[LiveServer]:
    with LiveServer(db_url) as server:
        yield server


@pytest.fixture(scope="module")
def database_server() -> Iterator[Postgres]:
    """A PostgreSQL server for the tests of one module that start several processes."""
    with running_postgres() as pg:
        yield pg
