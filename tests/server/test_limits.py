"""The limits that keep a public server alive: rate limits and a cap per client address, bounded
game options, abandoned tables, spectator chat and chat throttles, the ``start`` event's views,
shared hint searches, and one clear sentence for every refused request."""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from sqlalchemy import inspect, text

from furuba import games
from furuba.core.errors import OptionsError
from furuba.server import bots, chat, hints, schema
from furuba.server.bodies import CreateTable
from furuba.server.config import ServerConfig
from furuba.server.conn import Conn
from furuba.server.database import Database
from furuba.server.errors import RoomError
from furuba.server.hub import Hub
from furuba.server.security import address_hash
from furuba.server.storage import Storage
from furuba.server.tables import new_state

from .harness import LiveServer, is_event, run_coroutine, wait_for

LOOPBACK = "127.0.0.1"


def refused(r: Any, status: int, *fragments: str) -> str:
    """``r`` is a refusal with ``status`` and one sentence holding every fragment."""
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"detail"} and isinstance(body["detail"], str), body
    for fragment in fragments:
        assert fragment in body["detail"], (fragment, body["detail"])
    detail: str = body["detail"]
    return detail


def count_tables(live: LiveServer) -> int:
    found: int = live.hub.db.call(Storage.count_tables)
    return found


# -- 1. rate limits and the cap per address ------------------------------------------------------
def test_table_creation_is_rate_limited_per_address(db_url: str) -> None:
    with LiveServer(db_url, tables_burst=3, tables_per_minute=6.0) as live:
        for _ in range(3):
            live.create(game="zodiac")
        r = live.http.post("/api/tables", json={"game": "zodiac"})
        detail = refused(r, 429, "too many new tables", "try again in")
        assert "second" in detail
        retry = int(r.headers["Retry-After"])
        assert 1 <= retry <= 10       # one token every 10 seconds
        assert count_tables(live) == 3


def test_seat_claims_are_rate_limited_per_address(db_url: str) -> None:
    with LiveServer(db_url, joins_burst=2, joins_per_minute=1.0) as live:
        table_id = live.create(game="daihinmin", seats=["human"] * 4)["id"]
        live.join(table_id, 0, "Ann")
        live.join(table_id, 1, "Ben")
        r = live.http.post(f"/api/tables/{table_id}/join", json={"seat": 2, "name": "Cy"})
        refused(r, 429, "too many seat claims", "try again in")
        assert 1 <= int(r.headers["Retry-After"]) <= 60
        assert [s["claimed"] for s in live.table(table_id)["seats"]] == [True, True, False, False]


def test_an_address_may_have_only_so_many_unfinished_tables(db_url: str) -> None:
    with LiveServer(db_url, open_tables_per_address=2, abandon_seconds=1.5) as live:
        bots_only = live.create(game="daihinmin", seats=["greedy"] * 4, options={"max_rounds": 1})["id"]
        wait_for(lambda: live.table(bots_only)["status"] == "finished", 60)
        first = live.create(game="zodiac")["id"]             # a finished table does not count
        live.create(game="daihinmin")
        r = live.http.post("/api/tables", json={"game": "zodiac"})
        refused(r, 429, "already has 2 unfinished tables", "closed after 2 seconds")
        assert count_tables(live) == 3
        # the creator's address is kept, hashed
        data = live.hub.db.call(Storage.load_table, first)
        assert data.creator == address_hash(LOOPBACK, "") and LOOPBACK not in data.creator
        assert live.hub.db.call(Storage.count_open_tables, data.creator) == 2
        wait_for(lambda: live.table(first)["status"] == "abandoned", 10)
        live.create(game="zodiac")                           # room for one again


def test_the_address_hash_is_keyed(db_url: str) -> None:
    with LiveServer(db_url, address_key="a secret") as live:
        table_id = live.create(game="zodiac")["id"]
        creator = live.hub.db.call(Storage.load_table, table_id).creator
        assert creator == address_hash(LOOPBACK, "a secret") != address_hash(LOOPBACK, "")


def test_a_database_made_before_creators_were_kept_gets_the_column(db_url: str) -> None:
    db = Database(db_url)
    try:
        db.call(Storage.create_table, table_data("old"))
        with db.engine.begin() as conn:      # the tables table as it was before (and before
            conn.execute(text("DROP INDEX ix_furuba_tables_creator"))   # schema versions)
            conn.execute(text("ALTER TABLE furuba_tables DROP COLUMN creator"))
            conn.execute(text(f"DROP TABLE {schema.VERSION_TABLE}"))
    finally:
        db.close()
    db = Database(db_url)
    try:
        found = inspect(db.engine)
        assert "creator" in {c["name"] for c in found.get_columns("furuba_tables")}
        assert "ix_furuba_tables_creator" in {i["name"] for i in found.get_indexes("furuba_tables")}
        loaded = db.call(Storage.load_table, "old")
        assert loaded is not None and loaded.creator is None
        db.call(Storage.set_creator, "old", "h")
        assert db.call(Storage.count_open_tables, "h") == 1
    finally:
        db.close()


def table_data(table_id: str) -> Any:
    from furuba.server.storage import SeatData, TableData

    return TableData(id=table_id, game="zodiac", options={"players": 2}, seed=1,
                     settings={"turn_seconds": None, "grace_seconds": 60, "chat": True, "hints": True},
                     status="waiting", seq=0, seats=[SeatData(0, "human"), SeatData(1, "human")])


# -- 2. game options are bounded -----------------------------------------------------------------
@pytest.mark.parametrize("spec", games.specs(), ids=lambda s: s.name)
def test_every_numeric_option_is_bounded_and_every_game_ends(spec: Any) -> None:
    """Every whole-number option has both bounds, so every table — bots alone included — ends:
    at the bounds (or without a value where that is allowed) a game is refused or has a finite
    length."""
    numeric = [o for o in spec.options if o.kind == "int"]
    assert numeric
    for option in numeric:
        assert option.low is not None and option.high is not None, option.name
        assert option.low <= (option.default if option.default is not None else option.low) <= option.high
        with pytest.raises(OptionsError, match="at most"):
            option.check(option.high + 1)
    online = [o for o in numeric if o.online]
    started = 0
    for players in (spec.players.low, spec.players.online_high):
        for values in itertools.product(*[[o.high, *([None] if o.nullable else [])] for o in online]):
            options = {o.name: v for o, v in zip(online, values, strict=True)}
            try:
                state = spec.new_game(players=players, seed=1, **spec.game_kwargs(options))
            except OptionsError:
                continue
            length = spec.max_game_length(state)
            assert isinstance(length, int) and 0 < length < 10**7, (options, length)
            started += 1
    assert started


def test_a_never_ending_table_is_refused(live: LiveServer) -> None:
    for options in ({"target": 10**18}, {"target": None, "max_rounds": 10**6}):
        r = live.http.post("/api/tables", json={"game": "daihinmin", "seats": ["greedy"] * 4,
                                                "options": options})
        refused(r, 400, "must be at most")
    r = live.http.post("/api/tables", json={"game": "zodiac", "options": {"max_rounds": 10**9}})
    refused(r, 400, "max_rounds", "at most")
    assert count_tables(live) == 0
    described = {g["name"]: g for g in live.http.get("/api/games").json()["games"]}
    assert described["daihinmin"]["options"]["target"]["max"] >= 21
    assert all("max" in o for g in described.values() for o in g["options"].values()
               if o["kind"] == "int")


# -- 3. abandoned tables -------------------------------------------------------------------------
def test_a_waiting_table_nobody_joins_is_abandoned_and_not_rebuilt(db_url: str) -> None:
    with LiveServer(db_url, abandon_seconds=0.8) as live:
        table_id = live.create(game="zodiac", seats=["human", "human", "greedy"])["id"]
        live.join(table_id, 0, "Ann")
        with live.client(table_id) as watcher:       # a spectator does not keep it alive
            watcher.until_type("snapshot")
            msg = watcher.until(lambda m: m.get("type") == "event"
                                and m["event"].get("reason") == "abandoned", timeout=10)
            assert msg["table"]["status"] == "abandoned"
            assert "nobody played at this table for 1 second" in msg["event"]["message"]
        # Over and watched by nobody: its task has ended and the process forgets it.
        wait_for(lambda: table_id not in live.hub.rooms)
        assert live.table(table_id)["status"] == "abandoned"
        assert table_id not in live.hub.db.call(Storage.open_table_ids)
        r = live.http.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Ben"})
        refused(r, 409, "abandoned")
        assert live.table(table_id)["seats"][1]["claimed"] is False
    with LiveServer(db_url) as again:
        assert table_id not in again.hub.rooms       # not rebuilt at start-up
        assert again.table(table_id)["status"] == "abandoned"
        loaded = again.hub.rooms.get(table_id)
        assert loaded is None or loaded.task is None  # looked at, but not driven
        with again.client(table_id) as late:
            assert late.until_type("snapshot")["table"]["status"] == "abandoned"


def test_a_game_is_abandoned_only_once_its_players_have_left(db_url: str) -> None:
    with LiveServer(db_url, abandon_seconds=0.8) as live:
        table_id = live.create(game="zodiac", seats=["human", "greedy", "greedy"])["id"]
        token = live.join(table_id, 0, "Ann")
        with live.client(table_id, [token]) as c:
            c.until_type("snapshot")
            c.drain(1.6)                             # connected: it stays
            assert live.table(table_id)["status"] == "playing"
        wait_for(lambda: live.table(table_id)["status"] == "abandoned", 10)
        with live.client(table_id, [token]) as c:
            c.until_type("snapshot")
            c.send({"type": "act", "seq_seen": c.seq, "action": 0})
            assert c.until_type("error")["code"] == "not_playing"
            c.send({"type": "chat", "text": "anyone?"})
            err = c.until_type("error")
            assert (err["code"], err["ref"]) == ("not_allowed", "chat") and "abandoned" in err["message"]
        assert live.hub.db.call(Storage.load_table, table_id).status == "abandoned"


def test_bots_alone_are_never_abandoned(db_url: str) -> None:
    with LiveServer(db_url, abandon_seconds=0.3, bot_delay=0.05) as live:
        table_id = live.create(game="daihinmin", seats=["greedy"] * 4, options={"target": 100})["id"]
        time.sleep(1.2)
        assert live.table(table_id)["status"] == "playing"
        assert not live.hub.rooms[table_id].task.done()


# -- 4. spectator chat and chat throttles --------------------------------------------------------
def test_spectators_chat_only_where_the_table_allows_it(live: LiveServer) -> None:
    assert live.http.get("/api/games").json()["defaults"]["spectator_chat"] is False
    quiet = live.create(game="zodiac")
    assert quiet["table"]["settings"]["spectator_chat"] is False
    open_ = live.create(game="zodiac", spectator_chat=True)
    assert open_["table"]["settings"]["spectator_chat"] is True
    with live.client(quiet["id"]) as watcher:
        watcher.until_type("snapshot")
        watcher.send({"type": "chat", "text": "hello"})
        err = watcher.until_type("error")
        assert (err["code"], err["ref"]) == ("not_allowed", "chat") and "players" in err["message"]
    assert list(live.hub.rooms[quiet["id"]].chat) == []
    with live.client(open_["id"]) as watcher:
        watcher.until_type("snapshot")
        watcher.send({"type": "chat", "text": "hello"})
        line = watcher.until(is_event("chat"))["event"]
        assert (line["seat"], line["name"], line["text"]) == (None, "Spectator", "hello")
    r = live.http.post("/api/tables", json={"game": "zodiac", "spectator_chat": "yes"})
    refused(r, 400, "spectator_chat must be true or false")


def test_chat_is_throttled_per_address_over_all_its_connections(db_url: str) -> None:
    with LiveServer(db_url, chat_burst=3, chat_per_second=0.01) as live:
        table_id = live.create(game="zodiac", seats=["human", "greedy"], spectator_chat=True)["id"]
        token = live.join(table_id, 0, "Ann")
        with live.client(table_id, [token]) as player, live.client(table_id) as watcher:
            for c in (player, watcher):
                c.until_type("snapshot")
            for i, c in enumerate((player, watcher, player)):
                c.send({"type": "chat", "text": f"line {i}"})
                c.until(is_event("chat"))
            watcher.send({"type": "chat", "text": "one more"})
            err = watcher.until_type("error")
            assert (err["code"], err["ref"]) == ("throttled", "chat")
            assert "try again in" in err["message"]
            player.drain(0.2)
        assert [line.text for line in live.hub.rooms[table_id].chat] == ["line 0", "line 1", "line 2"]


@asynccontextmanager
async def hub_on(url: str, **settings: Any) -> AsyncIterator[Hub]:
    """A hub on ``url`` without a web server, for calling the table's pieces directly."""
    config = ServerConfig(**{"database_url": url, "bot_delay": 0.0, **settings})
    db = Database(url)
    hub = Hub(db, config)
    try:
        yield hub
    finally:
        await hub.close()
        db.close()


def test_chat_is_throttled_per_address_and_per_table(db_url: str) -> None:
    async def scenario() -> None:
        async with hub_on(db_url, chat_burst=2, chat_per_second=0.001, table_chat_burst=3,
                          table_chat_per_second=0.001) as hub:
            room = await hub.create(CreateTable(game="zodiac", spectator_chat=True))
            config = hub.config

            def conn(address: str) -> Conn:
                return Conn((), config, 0.0, address)

            same = [conn("203.0.113.1"), conn("203.0.113.1")]
            await chat.say(room, same[0], "one")
            await chat.say(room, same[1], "two")
            with pytest.raises(RoomError) as caught:
                await chat.say(room, same[0], "three")       # a second socket does not help
            assert caught.value.code == "throttled" and "too fast" in caught.value.message
            await chat.say(room, conn("198.51.100.2"), "four")   # another address may
            with pytest.raises(RoomError) as caught:
                await chat.say(room, conn("192.0.2.3"), "five")  # but the table is full
            assert caught.value.code == "throttled" and "at this table" in caught.value.message
            assert [line.text for line in room.chat] == ["one", "two", "four"]
            stored = await hub.db.run(Storage.load_table, room.id)
            assert [line[3] for line in stored.chat] == ["one", "two", "four"]

    run_coroutine(scenario())


# -- 5. the start event carries views ------------------------------------------------------------
def test_the_start_event_gives_every_seat_its_view_and_legal_actions(live: LiveServer) -> None:
    options = {"players": 3}
    seed = next(s for s in range(200) if new_state("zodiac", options, s).current_player == 0)
    table_id = live.create(game="zodiac", seats=["human"] * 3, seed=seed)["id"]
    tokens = [live.join(table_id, 0, "Ann"), live.join(table_id, 1, "Ben")]
    with live.client(table_id, tokens) as players, live.client(table_id) as watcher:
        for c in (players, watcher):
            snap = c.until_type("snapshot")
            assert snap["table"]["status"] == "waiting"
        assert players.legal[0] == []
        live.join(table_id, 2, "Cy")
        for c in (players, watcher):
            msg = c.until(lambda m: m.get("type") == "event" and m["event"].get("reason") == "start")
            assert msg["status"] == "playing" and msg["current_player"] == 0
            assert msg["table"]["status"] == "playing"
        # a client following the documented algorithm can act at once
        state = live.hub.rooms[table_id].state
        assert players.legal[0] == [{**state.action_info(a), "name": state.action_to_string(a)}
                                    for a in state.legal_actions()]
        assert players.legal[1] == [] and watcher.legal[None] == []
        assert players.views[0] == state.view(0) and watcher.views[None] == state.view(None)
        players.send({"type": "act", "seq_seen": players.seq, "action": players.legal[0][0]["id"]})
        assert players.until(is_event("action"))["event"]["player"] == 0


# -- 6. concurrent hint requests share one search -----------------------------------------------
def test_concurrent_hints_for_one_position_share_one_search(db_url: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    lock = threading.Lock()

    def slow_hints(state: Any, seat: int, seed: int, spec: str | None = None,
                   sims: int | None = None) -> tuple[str, list[bots.Suggestion]]:
        with lock:
            calls.append(seat)
        time.sleep(0.4)
        action = state.legal_actions()[0]
        return "greedy", [bots.Suggestion(action, state.action_to_string(action))]

    monkeypatch.setattr(bots, "hints", slow_hints)

    async def scenario() -> None:
        async with hub_on(db_url) as hub:
            room = await hub.create(CreateTable(game="zodiac", seats=["human", "human"]))
            await hub.join(room.id, 0, "Ann")
            await hub.join(room.id, 1, "Ben")
            seat = room.state.current_player
            conns = [Conn((seat,), hub.config, 0.0, "203.0.113.1") for _ in range(4)]
            asks = [asyncio.create_task(hints.hint(c, room, None, hub)) for c in conns]
            await asyncio.sleep(0.1)
            asks[3].cancel()                   # one asker goes away: the others still get it
            await asyncio.gather(*asks[:3])
            assert calls == [seat]
            got = [[json.loads(t) for t in c.drain()] for c in conns[:3]]
            assert all(len(frames) == 1 and frames[0]["type"] == "hint" for frames in got)
            assert got[0] == got[1] == got[2]
            later = Conn((seat,), hub.config, 0.0)
            await hints.hint(later, room, None, hub)      # the same position: from the cache
            assert calls == [seat] and [json.loads(t) for t in later.drain()] == got[0]
            assert not any(c.hinting for c in conns)

    run_coroutine(scenario())


# -- 7. every refused request: 400 and one sentence -----------------------------------------------
@pytest.mark.parametrize(("body", "fragments"), [
    ({"game": "daihinmin", "options": {"players": "4"}},
     ["players must be a whole number from 4 to 7, not '4'"]),
    ({"game": "daihinmin", "options": {"players": -3}},
     ["players must be a whole number from 4 to 7, not -3"]),
    ({"game": "daihinmin", "options": {"players": True}}, ["players must be a whole number"]),
    ({"game": "daihinmin", "players": 4}, ["unknown field 'players'", "the fields are: game, seats"]),
    ({"game": "zodiac", "seed": "12"}, ["seed must be a whole number", "not '12'"]),
    ({"game": "zodiac", "turn_seconds": 0}, ["turn_seconds must be a whole number of seconds from 1"]),
    ({"game": "zodiac", "turn_seconds": 1.5}, ["turn_seconds must be"]),
    ({"game": "zodiac", "chat": 1}, ["chat must be true or false, not 1"]),
    ({"game": "zodiac", "seats": ["human", 7]}, ["seats must be a list", "seats[1] is 7"]),
    ({"game": 4}, ["game must be a game's name", "not 4"]),
    ({"seats": ["human"]}, ["game is missing"]),
    ({"game": "zodiac", "options": ["variant"]}, ["options must be an object"]),
    ([1, 2], ["the body must be a JSON object"]),
])
def test_a_body_off_the_schema_gets_one_sentence(live: LiveServer, body: Any,
                                                 fragments: list[str]) -> None:
    r = live.http.post("/api/tables", json=body)
    refused(r, 400, *fragments)
    assert count_tables(live) == 0


def test_every_route_refuses_with_the_documented_shape(live: LiveServer) -> None:
    table_id = live.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"])["id"]
    join = f"/api/tables/{table_id}/join"
    refused(live.http.post(join, json={"seat": 99, "name": "Eve"}), 400, "there is no seat 99",
            "seats are 0 to 3")
    refused(live.http.post(join, json={"seat": "0", "name": "Eve"}), 400,
            "seat must be a seat number", "not '0'")
    refused(live.http.post(join, json={"seat": -1, "name": "Eve"}), 400, "seat must be")
    refused(live.http.post(join, json={"seat": 0}), 400, "name is missing")
    refused(live.http.post(join, content=b"{seat: 0", headers={"content-type": "application/json"}),
            400, "not valid JSON")
    refused(live.http.get(f"/api/tables/{table_id}/replay/x"), 400, "step must be a whole number")
    refused(live.http.get(f"/api/tables/{table_id}/replay"), 409, "secret")
    refused(live.http.get("/api/tables/nope"), 404, "no such table")
    assert live.table(table_id)["seats"][0]["claimed"] is False
    assert count_tables(live) == 1
