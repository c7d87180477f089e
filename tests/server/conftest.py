from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .account_client import ROOMY, Browser
from .harness import LiveServer
from .postgres import Postgres, running_postgres


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'furuba.sqlite3'}"


@pytest.fixture
def live(db_url: str) -> Iterator[LiveServer]:
    with LiveServer(db_url) as server:
        yield server


@pytest.fixture
def site(db_url: str) -> Iterator[LiveServer]:
    """A live server whose sign-up and sign-in throttles let a test make many accounts."""
    with LiveServer(db_url, **ROOMY) as server:
        yield server


@pytest.fixture
def ann(site: LiveServer) -> Iterator[Browser]:
    """A browser signed up as Ann on ``site``."""
    with Browser(site) as browser:
        browser.sign_up("Ann")
        yield browser


@pytest.fixture(scope="module")
def database_server() -> Iterator[Postgres]:
    """A PostgreSQL server for the tests of one module that start several processes."""
    with running_postgres() as pg:
        yield pg
