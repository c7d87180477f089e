"""The reviews' store on PostgreSQL as on SQLite: a new row is claimed by the first asker, a
second asker finds it running, a finished review is read back, and one kept by an earlier method
is claimed again."""

from __future__ import annotations

from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from furuba.review.model import METHOD
from furuba.server import schema
from furuba.server.review_store import ReviewStore

from .postgres import Postgres


def test_the_review_store_on_postgresql(database_server: Postgres) -> None:
    engine = create_engine(database_server.create_database("review_store"))
    try:
        schema.upgrade(engine)
        with Session(engine) as s, s.begin():
            first = ReviewStore.claim(s, "t1", 0, "one", 30, 100.0)
        with Session(engine) as s, s.begin():
            second = ReviewStore.claim(s, "t1", 0, "two", 30, 101.0)
        assert first.mine and not second.mine and second.status == "running"
        with Session(engine) as s, s.begin():
            ReviewStore.finish(s, "t1", 0, "one", {"method": METHOD, "decisions": []}, 102.0)
        with Session(engine) as s, s.begin():
            found = ReviewStore.read(s, "t1", 0)
        assert found is not None and found.status == "done" and found.review is not None
        with Session(engine) as s, s.begin():
            ReviewStore.claim(s, "t2", 1, "one", 30, 100.0)
            ReviewStore.finish(s, "t2", 1, "one", {"decisions": []}, 101.0)
        with Session(engine) as s, s.begin():
            assert ReviewStore.read(s, "t2", 1).status == "outdated"
            again = ReviewStore.claim(s, "t2", 1, "two", 30, 102.0)
        assert again.mine and again.status == "running"
    finally:
        engine.dispose()
