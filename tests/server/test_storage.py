"""Storage, on SQLite and on a real PostgreSQL server: the same tests for both.

The PostgreSQL server is started by the tests themselves (see ``postgres.py``); each test gets a
database of its own.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select, text
from sqlalchemy.orm import Session

from furuba.server import schema
from furuba.server.database import Database
from furuba.server.models import GameRow
from furuba.server.storage import SeatData, Storage, TableData

from .harness import LiveServer, is_event, my_turn, play_to_end, run_coroutine
from .postgres import Postgres, running_postgres

_names = itertools.count()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    with running_postgres() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    server: Postgres = request.getfixturevalue("postgres")
    return server.create_database(f"furuba_{next(_names)}_{abs(hash(tmp_path)) % 10**8}")


def table(table_id: str = "t1", status: str = "waiting") -> TableData:
    return TableData(id=table_id, game="daihinmin", options={"players": 4, "target": 5}, seed=2**61 + 5,
                     settings={"turn_seconds": None, "grace_seconds": 60, "chat": True, "hints": True},
                     status=status, seq=0,
                     seats=[SeatData(0, "human"), SeatData(1, "human"),
                            SeatData(2, "bot", "greedy", "Greedy 3"),
                            SeatData(3, "bot", "random", "Random 4")],
                     ready=True)


def test_tables_seats_actions_answers_chat_round_trip(url: str) -> None:
    db = Database(url)
    try:
        db.call(Storage.create_table, table())
        assert db.call(Storage.claim_seat, "t1", 0, "Ann", "h0", None) is True
        assert db.call(Storage.claim_seat, "t1", 0, "Eve", "h9", None) is False   # taken
        assert db.call(Storage.claim_seat, "t1", 2, "Eve", "h9", None) is False   # a bot's
        assert db.call(Storage.ready_table_id) == "t1"
        assert db.call(Storage.claim_seat, "t1", 1, "Ben", "h1", "playing") is True
        assert db.call(Storage.ready_table_id) is None
        db.call(Storage.append_action, "t1", 0, 1, 0, 18, "human")
        db.call(Storage.append_answer, "t1", 1, 2, 0, "ünïcode ✓")
        db.call(Storage.append_chat, "t1", 3, None, "Spectator", "&lt;hi&gt;", 1.5)
        db.call(Storage.append_action, "t1", 1, 4, 1, 0, "zombie")
        data = db.call(Storage.load_table, "t1")
        assert data is not None
        assert data.seed == 2**61 + 5 and data.status == "playing" and data.seq == 4
        assert [(s.name, s.token_hash) for s in data.seats[:2]] == [("Ann", "h0"), ("Ben", "h1")]
        assert data.actions == [(0, 18, "human"), (1, 0, "zombie")]
        assert data.answers == [(1, 0, "ünïcode ✓", 2)]
        assert data.chat == [(3, None, "Spectator", "&lt;hi&gt;", 1.5)]
        assert db.call(Storage.open_table_ids) == ["t1"]
        assert db.call(Storage.load_table, "nope") is None
        finished = {"returns": [1.0, 0, 0, 0], "scores": [5, 1, 0, 2], "winners": [0]}
        db.call(Storage.append_action, "t1", 2, 5, 2, 3, "bot", finished, {"game": "daihinmin"})
        assert db.call(Storage.open_table_ids) == []
        assert db.call(Storage.count_tables) == 1
    finally:
        db.close()


def test_the_log_is_append_only_and_a_bad_write_fails_alone(url: str) -> None:
    """Writes queued together share a transaction; one faulty call raises without its neighbours."""
    db = Database(url)

    async def burst() -> list[object]:
        calls = [db.run(Storage.append_action, "t1", i % 5, i + 1, 0, i, "bot") for i in range(8)]
        return await asyncio.gather(*calls, return_exceptions=True)

    try:
        db.call(Storage.create_table, table(status="playing"))
        results = run_coroutine(burst())
        failed = [r for r in results if isinstance(r, Exception)]
        assert len(failed) == 3                      # indexes 0–2 were already taken
        data = db.call(Storage.load_table, "t1")
        assert data is not None and [a[1] for a in data.actions] == [0, 1, 2, 3, 4]
    finally:
        db.close()


def changed_at(db: Database) -> dict[str, float]:
    """When each table last changed."""
    with db.engine.connect() as conn:
        rows = conn.execute(text("SELECT id, updated_at FROM furuba_tables")).all()
    return {table_id: float(at) for table_id, at in rows}


def test_writes_queued_together_read_as_if_run_in_order(url: str) -> None:
    """A transaction's event writes are collected and written together; whatever runs after them
    in the same transaction, and the table afterwards, sees them exactly as if run one by one."""
    db = Database(url)
    hold = threading.Event()

    def wait(_s: object) -> None:
        assert hold.wait(10)

    async def burst() -> list[object]:
        blocker = asyncio.ensure_future(db.run(wait))   # the thread waits; the rest queue up
        await asyncio.sleep(0.05)
        calls = [db.run(Storage.append_action, "t1", 0, 1, 0, 18, "human"),
                 db.run(Storage.append_chat, "t1", 2, 1, "Ben", "hi", 1.5),
                 db.run(Storage.load_table, "t1"),
                 db.run(Storage.append_action, "t1", 1, 3, 1, 7, "bot"),
                 db.run(Storage.append_action, "t2", 0, 4, 2, 5, "bot"),
                 db.run(Storage.append_answer, "t1", 2, 5, 0, "yes"),
                 db.run(Storage.set_seq, "t2", 6)]
        await asyncio.sleep(0.05)
        hold.set()
        await blocker
        return await asyncio.gather(*calls)

    try:
        db.call(Storage.create_table, table("t1", "playing"))
        db.call(Storage.create_table, table("t2", "playing"))
        before = db.call(Storage.load_table, "t1")
        created = changed_at(db)
        time.sleep(0.01)
        results = run_coroutine(burst())
        middle = results[2]
        assert isinstance(middle, TableData)
        assert middle.actions == [(0, 18, "human")] and middle.seq == 2
        assert middle.chat == [(2, 1, "Ben", "hi", 1.5)]
        t1, t2 = db.call(Storage.load_table, "t1"), db.call(Storage.load_table, "t2")
        assert t1 is not None and t2 is not None and before is not None
        assert t1.actions == [(0, 18, "human"), (1, 7, "bot")] and t1.seq == 5
        assert t1.answers == [(2, 0, "yes", 5)]
        assert t2.actions == [(2, 5, "bot")] and t2.seq == 6
        changed = changed_at(db)
        assert changed["t1"] > created["t1"] and changed["t2"] > created["t2"], "an action's time is kept"
    finally:
        db.close()


def test_a_batch_of_event_writes_alone_ends_a_game_without_a_session(url: str) -> None:
    """A transaction of event writes only (the most common) is written on a Core connection:
    an action that ends the game keeps the game's row and closes the table, as the session's
    way does, and a faulty write in such a batch fails alone."""
    db = Database(url)
    hold = threading.Event()
    result = {"returns": [1.0, 0, 0, 0], "scores": [5, 1, 0, 2], "winners": [0]}

    def wait(_s: object) -> None:
        assert hold.wait(10)

    def game_rows(s: Session) -> list[tuple[str, str, dict[str, object], dict[str, object]]]:
        rows = s.execute(select(GameRow.table_id, GameRow.game, GameRow.result, GameRow.record))
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    async def burst() -> list[object]:
        blocker = asyncio.ensure_future(db.run(wait))   # the thread waits; the rest queue up
        await asyncio.sleep(0.05)
        calls = [db.run(Storage.append_action, "t1", 0, 1, 0, 18, "human"),
                 db.run(Storage.append_action, "t1", 0, 2, 1, 19, "human"),      # taken: fails
                 db.run(Storage.append_chat, "t2", 1, 1, "Ben", "gg", 1.5),
                 db.run(Storage.append_action, "t1", 1, 3, 1, 7, "bot", result,
                        {"game": "daihinmin", "actions": [18, 7]})]
        await asyncio.sleep(0.05)
        hold.set()
        await blocker
        return await asyncio.gather(*calls, return_exceptions=True)

    try:
        db.call(Storage.create_table, table("t1", "playing"))
        db.call(Storage.create_table, table("t2", "playing"))
        results = run_coroutine(burst())
        assert [isinstance(r, Exception) for r in results] == [False, True, False, False]
        t1, t2 = db.call(Storage.load_table, "t1"), db.call(Storage.load_table, "t2")
        assert t1 is not None and t2 is not None
        assert t1.status == "finished" and t1.seq == 3 and t1.actions == [(0, 18, "human"),
                                                                           (1, 7, "bot")]
        assert t2.status == "playing" and t2.chat == [(1, 1, "Ben", "gg", 1.5)]
        assert db.call(game_rows) == [("t1", "daihinmin", result,
                                       {"game": "daihinmin", "actions": [18, 7]})]
        assert db.call(Storage.open_table_ids) == ["t2"]
    finally:
        db.close()


def test_rematch_links_both_tables(url: str) -> None:
    db = Database(url)
    try:
        db.call(Storage.create_table, table("old", "finished"))
        db.call(Storage.link_rematch, "old", table("new", "playing"))
        old, new = db.call(Storage.load_table, "old"), db.call(Storage.load_table, "new")
        assert old is not None and new is not None and old.rematch == "new"
    finally:
        db.close()


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'sub' / 'x.sqlite3'}")
    try:
        with db.engine.connect() as conn:
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    finally:
        db.close()


def test_a_game_survives_a_restart_on_either_database(url: str) -> None:
    """Play part of a game, drop the app, build a new one on the same database, finish."""
    with LiveServer(url) as first:
        table_id = first.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"],
                                options={"max_rounds": 1})["id"]
        token = first.join(table_id, 0, "Ann")
        with first.client(table_id, [token]) as c:
            c.until_type("snapshot")
            moves = 0
            while moves < 2:
                seat = my_turn(c)
                if seat is not None:
                    c.send({"type": "act", "seq_seen": c.seq, "action": c.legal[0][-1]["id"]})
                    c.legal[0] = []
                    c.until(is_event("action"))
                    moves += 1
                else:
                    c.recv()
            c.drain(0.2)
            before = first.hub.rooms[table_id].state.to_json()
    with LiveServer(url) as second:
        assert second.hub.rooms[table_id].state.to_json() == before
        with second.client(table_id, [token]) as c:
            c.until_type("snapshot")
            play_to_end(c)
        assert second.table(table_id)["status"] == "finished"


def test_a_database_made_before_written_input_names_keeps_working(url: str) -> None:
    """The answers table of an older database (made before the schema had migrations, so it
    keeps no schema version) gains its ``name`` column at start-up; the rows it held mean the
    game's first written input (``""``)."""
    db = Database(url)
    try:
        db.call(Storage.create_table, table())
        with db.engine.begin() as conn:      # the answers table as it was first released
            conn.execute(text("ALTER TABLE furuba_answers DROP COLUMN name"))
            conn.execute(text(f"DROP TABLE {schema.VERSION_TABLE}"))
            conn.execute(text("INSERT INTO furuba_answers (table_id, after, seq, seat, text) "
                              "VALUES ('t1', 0, 1, 0, 'old')"))
    finally:
        db.close()
    db = Database(url)
    try:
        db.call(Storage.append_answer, "t1", 0, 2, 1, "new", "answer")
        data = db.call(Storage.load_table, "t1")
        assert data is not None
        assert [(w.seat, w.name, w.text) for w in data.written] == [(0, "", "old"),
                                                                  (1, "answer", "new")]
        assert data.answers == [(0, 0, "old", 1), (0, 1, "new", 2)]
    finally:
        db.close()
