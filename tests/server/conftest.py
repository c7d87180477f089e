from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from .account_client import ROOMY, Browser
from .harness import LiveServer
from .postgres import Postgres, running_postgres
from .services import Cluster, Redis, running_cluster, running_redis


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


@pytest.fixture(scope="module")
def redis_server() -> Iterator[Redis]:
    """A Redis server for the tests of one module that start several processes."""
    with running_redis() as rd:
        yield rd


@pytest.fixture
def cluster(database_server: Postgres, redis_server: Redis) -> Iterator[Cluster]:
    """Two ``furuba serve`` processes on a new PostgreSQL database and an emptied Redis, behind
    the documented nginx config."""
    redis.Redis.from_url(redis_server.url).flushall()
    with running_cluster(2, database=f"c_{uuid.uuid4().hex[:12]}", postgres=database_server,
                         redis=redis_server) as found:
        yield found
