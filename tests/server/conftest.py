from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import LiveServer


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'furuba.sqlite3'}"


@pytest.fixture
def live(db_url: str) -> Iterator[LiveServer]:
    with LiveServer(db_url) as server:
        yield server
