"""Ratings on PostgreSQL, where two server processes rate tables at the same moment: an account's
first games in a pool, ended at once at two tables, are both rated, one after the other."""

from __future__ import annotations

import threading
import time

from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session

from furuba.server import schema
from furuba.server.models import RatingEventRow, RatingRow
from furuba.server.ratings.model import NEWCOMER
from furuba.server.ratings.store import RatingStore
from furuba.server.ratings.values import RatingChange

from .postgres import Postgres
from .test_ratings import add_account, add_finished


def test_two_processes_giving_an_account_its_first_rating_at_once_both_rate(
        database_server: Postgres) -> None:
    engine = create_engine(database_server.create_database("first_ratings"))
    try:
        schema.upgrade(engine)
        with Session(engine) as s, s.begin():
            momo = add_account(s, "Momiji")
            for table_id in ("t1", "t2"):
                add_finished(s, table_id, "daihinmin", [momo, "greedy", "greedy", "greedy"],
                             [1.0, 0.0, 0.0, 0.0])
        # The first process rates t1 and has not committed yet: Momiji's new rows are made, not
        # yet seen by anyone else.
        first = Session(engine)
        first.begin()
        made = RatingStore.rate_table(first, "t1")
        assert len(made) == 3       # pools all, 4p and the season the game ended in
        second: list[list[RatingChange] | BaseException] = []

        def rate_t2() -> None:
            try:
                with Session(engine) as s, s.begin():
                    second.append(RatingStore.rate_table(s, "t2"))
            except BaseException as exc:   # the failure the test reports
                second.append(exc)

        thread = threading.Thread(target=rate_t2)
        thread.start()
        time.sleep(0.5)
        assert thread.is_alive() and not second, "the second rating did not wait for the first"
        first.commit()
        first.close()
        thread.join(30)
        assert len(second) == 1 and not isinstance(second[0], BaseException), second
        changes = second[0]
        assert isinstance(changes, list) and len(changes) == 3
        # The second table was rated from the first one's result, not from a newcomer's.
        assert all(c.before.mu > NEWCOMER.mu for c in changes)
        with Session(engine) as s:
            rows = s.scalars(select(RatingRow).where(RatingRow.account_id == momo)).all()
            assert {(r.pool, r.games) for r in rows} == {("all", 2), ("4p", 2), ("1970-q1", 2)}
            events = s.scalar(select(func.count()).select_from(RatingEventRow)
                              .where(RatingEventRow.account_id == momo))
            assert events == 6
    finally:
        engine.dispose()
