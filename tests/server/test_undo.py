"""Undo over the WebSocket (the ``undo`` message): a player's own last action, taken back while
nothing was revealed since, leaves the table exactly as it was — state, views, legal actions,
the database — for every client, a reconnecting one and a restarted server included; every
refusal changes nothing."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest
from sqlalchemy import select
from websockets.asyncio.client import connect

from furuba.core.record import WrittenInput
from furuba.server.config import ServerConfig
from furuba.server.models import ActionRow
from furuba.server.rooms import Room, room_from_data
from furuba.server.storage import SeatData, Storage, TableData
from furuba.server.undo import refusal
from furuba.spec import GameSpec
from furuba.tables.undo import REVEALED
from furuba.zodiac.actions import DRAW, MOVE

from .harness import Client, LiveServer, is_event, run_coroutine
from .test_secrecy import Seen, check_table


def undo_table(live: LiveServer, seats: list[str] | None = None, **body: Any) -> str:
    """A Friends of the Zodiac table (seat 0 moves first) with undo on."""
    made = live.create(game="zodiac", seats=seats or ["human", "greedy"], seed=5, undo=True,
                       **body)
    return str(made["id"])


def act(c: Client, action: int, seat: int | None = None) -> dict[str, Any]:
    c.send({"type": "act", "seq_seen": c.seq, "action": action,
            **({} if seat is None else {"seat": seat})})
    return c.until(is_event("action"))


def undo(c: Client, **fields: Any) -> dict[str, Any]:
    c.send({"type": "undo", **fields})
    return c.until(lambda msg: msg.get("type") == "error" or is_event("undo")(msg), timeout=5)


def entry_of(msg: dict[str, Any], seat: int | None) -> dict[str, Any]:
    entry: dict[str, Any] = next(v for v in msg["views"] if v["seat"] == seat)
    return entry


def stored_actions(live: LiveServer, table_id: str) -> list[tuple[int, int, str]]:
    data = live.hub.db.call(Storage.load_table, table_id)
    assert data is not None
    return list(data.actions)


def test_undo_restores_the_exact_previous_state_views_and_database(db_url: str) -> None:
    with LiveServer(db_url) as live:
        table_id = undo_table(live, turn_seconds=60)
        token = live.join(table_id, 0, "Ann")
        room = live.hub.rooms[table_id]
        with live.client(table_id, [token]) as c, live.client(table_id) as watcher:
            snap = c.until_type("snapshot")
            watcher.until_type("snapshot")
            assert snap["table"]["settings"]["undo"] is True
            assert entry_of(snap, 0)["undo"] is False          # nothing to take back yet
            before = (json.dumps(room.state.to_json()), c.views[0], c.legal[0],
                      watcher.views[None], list(room.record.actions))
            seq_before = c.seq
            acted = act(c, MOVE)
            watcher.until(is_event("action"))
            assert entry_of(acted, 0)["undo"] is True and entry_of(acted, 0)["legal"]
            assert len(stored_actions(live, table_id)) == 1
            time.sleep(1.5)
            done = undo(c)
            assert done["event"] == {"kind": "undo", "player": 0, "action": acted["event"]["action"]}
            seen = watcher.until(is_event("undo"))
            assert seen["event"] == {"kind": "undo", "player": 0}      # the action: only its actor
            assert entry_of(done, 0)["undo"] is False and done["current_player"] == 0
            assert entry_of(done, 0)["log"] == {"from": len(before[1]["log"]), "entries": []}
            assert done["seq"] == acted["seq"] + 1
            assert done["timer"]["seat"] == 0 and done["timer"]["ms_left"] > 59_000  # starts again
            after = (json.dumps(room.state.to_json()), c.views[0], c.legal[0],
                     watcher.views[None], list(room.record.actions))
            assert after == before
            assert stored_actions(live, table_id) == []
            assert live.table(table_id)["seq"] == done["seq"]
        # a client that missed the action and the undo gets both, and ends where the others are
        with live.client(table_id, [token], last_seq=seq_before, epoch=c.epoch) as back:
            back.seq = seq_before
            back.logs, back.views = {0: list(c.logs[0])}, {}
            assert back.until_type("welcome")["resync"] == "events"
            back.until(is_event("undo"))
            assert back.views[0] == before[1] and back.legal[0] == before[2]
        with live.client(table_id, [token]) as fresh:
            fresh.until_type("snapshot")
            assert fresh.views[0] == before[1] and fresh.legal[0] == before[2]
    with LiveServer(db_url) as again:                          # restarted: loaded from the database
        room = again.hub.rooms[table_id]
        assert json.dumps(room.state.to_json()) == before[0] and room.record.actions == []
        with again.client(table_id, [token]) as c:
            c.until_type("snapshot")
            assert c.views[0] == before[1] and c.legal[0] == before[2]
            act(c, MOVE)
            act(c, MOVE)                                       # two own actions, then back twice
            assert undo(c)["type"] == "event" and undo(c)["type"] == "event"
            assert json.dumps(room.state.to_json()) == before[0]
            assert stored_actions(again, table_id) == []


def test_an_act_on_the_undone_position_is_stale(live: LiveServer) -> None:
    table_id = undo_table(live)
    token = live.join(table_id, 0, "Ann")
    with live.client(table_id, [token]) as c:
        c.until_type("snapshot")
        act(c, MOVE)
        seen = c.seq
        assert undo(c)["type"] == "event"
        c.send({"type": "act", "seq_seen": seen, "action": MOVE})
        err = c.until_type("error")
        assert err["code"] == "stale"


def refused(c: Client, room: Room, **fields: Any) -> dict[str, Any]:
    """The error an ``undo`` gets, checking that nothing changed."""
    c.drain(0.2)
    state, actions, seq = json.dumps(room.state.to_json()), list(room.record.actions), c.seq
    err = undo(c, **fields)
    assert err["type"] == "error", err
    assert err["ref"] == (None if err["code"] == "bad_message" else "undo"), err
    assert (json.dumps(room.state.to_json()), room.record.actions) == (state, actions)
    assert not c.drain(0.2) and c.seq == seq
    return err


def test_undo_is_off_by_default_and_at_rated_tables(live: LiveServer) -> None:
    table_id = live.create(game="zodiac", seats=["human", "greedy"], seed=5)["id"]
    assert live.table(table_id)["settings"]["undo"] is False
    token = live.join(table_id, 0, "Ann")
    with live.client(table_id, [token]) as c:
        c.until_type("snapshot")
        act(c, MOVE)
        err = refused(c, live.hub.rooms[table_id])
        assert (err["code"], err["message"]) == ("not_allowed", "undo is off at this table")
    rated = live.create(game="zodiac", seats=["human", "greedy"], rated=True, undo=True)
    assert rated["table"]["settings"]["undo"] is False
    r = live.http.post("/api/tables", json={"game": "zodiac", "undo": "yes"})
    assert r.status_code == 400 and r.json()["detail"] == "undo must be true or false, not 'yes'"


def test_refusals_change_nothing(live: LiveServer) -> None:
    table_id = undo_table(live, seats=["human", "human"])
    ann, bea = live.join(table_id, 0, "Ann"), live.join(table_id, 1, "Bea")
    room = live.hub.rooms[table_id]
    with live.client(table_id, [ann]) as a, live.client(table_id, [bea]) as b, \
            live.client(table_id) as watcher:
        a.until_type("snapshot"), b.until_type("snapshot"), watcher.until_type("snapshot")
        err = refused(a, room)
        assert err["code"] == "not_allowed" and "nothing to take back" in err["message"]
        bad: list[tuple[dict[str, Any], str]] = [
            ({"seat": 1}, "not_seated"), ({"seat": "0"}, "bad_message"),
            ({"seat": 0, "extra": 1}, "bad_message")]
        for fields, code in bad:
            assert refused(a, room, **fields)["code"] == code
        assert refused(watcher, room)["code"] == "not_seated"
        for _ in range(3):                                    # Ann's turn: three moves
            act(a, MOVE)
            b.until(is_event("action"))
        err = refused(b, room)                                # Bea cannot take back Ann's move
        assert err["message"] == "the last action was Ann's, not yours"
        assert undo(a)["type"] == "event"                     # Bea has not acted: Ann may
        b.until(is_event("undo"))
        act(a, MOVE)
        b.until(is_event("action"))
        act(b, MOVE)
        a.until(is_event("action"))
        err = refused(a, room)
        assert err["message"] == "Bea acted after your last action: it stands"
        b.send({"type": "act", "seq_seen": b.seq, "action": DRAW})
        a.until(is_event("action"))
        b.until(is_event("action"))
        err = refused(b, room)                                # a card was drawn
        assert (err["code"], err["message"]) == ("not_allowed", REVEALED)
    assert len(stored_actions(live, table_id)) == len(room.record.actions) == 5


def fake_room(actions: list[tuple[int, int, str]], **data: Any) -> Room:
    """A table in memory, as loaded from ``actions`` (seat, action, by), without a server."""
    fields: dict[str, Any] = {"id": "t", "game": "zodiac", "options": {"players": 2}, "seed": 5,
                              "settings": {"undo": True}, "status": "playing", "seq": len(actions),
                              "seats": [SeatData(0, "human", name="Ann"),
                                        SeatData(1, "human", name="Bea")],
                              "actions": actions, **data}
    return room_from_data(TableData(**fields), db=None, config=ServerConfig())  # type: ignore[arg-type]


def test_refusal_rules() -> None:
    assert refusal(fake_room([(0, MOVE, "human")]), 0) is None
    assert refusal(fake_room([(0, MOVE, "zombie")]), 0) == (
        "not_allowed", "a bot took your last action for you: it stands")
    assert refusal(fake_room([(0, MOVE, "human")], status="finished"), 0) == (
        "not_playing", "the game is over: its actions stand")
    assert refusal(fake_room([(0, MOVE, "human")], settings={}), 0) == (
        "not_allowed", "undo is off at this table")
    assert refusal(fake_room([(0, DRAW, "human")]), 0) == ("not_allowed", REVEALED)
    room = fake_room([(0, MOVE, "human")], options={"players": 2, "variant": "true-friends"})
    room.record.written.append(WrittenInput(1, 0, "answer", "the day we met"))
    assert refusal(room, 0) == ("not_allowed", "answer was written after your last action: "
                                               "it stands")


def test_a_pass_at_dai_hin_min_is_taken_back_and_a_play_is_not(live: LiveServer) -> None:
    table_id = live.create(game="daihinmin", seats=["human"] * 4, seed=7, undo=True)["id"]
    tokens = [live.join(table_id, seat, f"P{seat}") for seat in range(4)]
    room = live.hub.rooms[table_id]
    with live.client(table_id, tokens) as c:                   # hot-seat: one device, four seats
        c.until_type("snapshot")
        leader = c.current
        assert leader is not None
        played = act(c, c.legal[leader][0]["id"], seat=leader)
        follower = played["current_player"]
        assert not any(v["undo"] for v in played["views"])     # a play shows its cards
        before = (json.dumps(room.state.to_json()), c.views[follower], c.legal[follower])
        passed = act(c, 0, seat=follower)
        assert [v["seat"] for v in passed["views"] if v["undo"]] == [follower]
        err = undo(c, seat=leader)
        assert err["code"] == "not_allowed" and "acted after your last action" in err["message"]
        done = undo(c)                        # the seat that passed is the one that may undo
        assert done["event"]["player"] == follower and done["current_player"] == follower
        assert (json.dumps(room.state.to_json()), c.views[follower], c.legal[follower]) == before
        err = undo(c, seat=leader)
        assert (err["code"], err["message"]) == ("not_allowed", REVEALED)


@pytest.mark.third_game
def test_a_game_that_says_nothing_about_reveals_allows_no_undo(live: LiveServer,
                                                                third_game: GameSpec) -> None:
    table_id = live.create(game="pairs", seats=["human", "human"], seed=3, undo=True)["id"]
    tokens = [live.join(table_id, seat, f"P{seat}") for seat in range(2)]
    with live.client(table_id, tokens) as c:
        c.until_type("snapshot")
        seat = c.current
        acted = act(c, c.legal[seat][0]["id"], seat=seat)
        assert not any(v["undo"] for v in acted["views"])
        err = undo(c, seat=seat)
        assert (err["code"], err["message"]) == ("not_allowed", REVEALED)
    assert len(live.hub.rooms[table_id].record.actions) == 1


async def undoing_player(base: str, table_id: str, token: str | None, seat: int | None,
                         seed: int, seen: Seen) -> None:
    """A scripted player (``seat`` None: a spectator) that takes random legal actions and, now
    and then, takes back the last one when its view says it may, until the game ends."""
    rng = random.Random(seed)
    undos = 0
    async with connect(f"{base}/ws/tables/{table_id}", compression=None, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": [token] if token else []}))
        seq, status, current, legal, may_undo = 0, "", None, [], False
        while True:
            text = await asyncio.wait_for(ws.recv(), 60)
            assert isinstance(text, str)
            seen.frames.append(text)
            msg = json.loads(text)
            if msg["type"] == "snapshot":
                seq, status, current = msg["seq"], msg["table"]["status"], msg["table"]["current_player"]
                legal, may_undo = msg["views"][0]["legal"], msg["views"][0]["undo"]
            elif msg["type"] == "event":
                seq = msg["seq"]
                if "views" in msg:
                    status, current = msg["status"], msg.get("current_player")
                    legal, may_undo = msg["views"][0]["legal"], msg["views"][0]["undo"]
                elif "table" in msg:
                    status, current = msg["table"]["status"], msg["table"]["current_player"]
            if status == "finished":
                return
            if seat is None:
                continue
            if may_undo and undos < 25 and rng.random() < 0.5:
                undos += 1
                may_undo = False
                await ws.send(json.dumps({"type": "undo"}))
            elif current == seat and legal:
                choice = rng.choice(legal)
                await ws.send(json.dumps({"type": "act", "seq_seen": seq, "action": choice["id"]}))
                legal = []


def stored_seqs(live: LiveServer, table_id: str) -> set[int]:
    """The event numbers of the actions the database holds for a table."""
    return set(live.hub.db.call(lambda s: list(s.scalars(
        select(ActionRow.seq).where(ActionRow.table_id == table_id)))))


def undone_actions(seen: list[Seen]) -> list[tuple[int, int | None]]:
    """What each actor was told of the actions it took and took back: (seq, action) of every
    action, (seq, None) of every undo — the actions the database still holds left out later."""
    told: list[tuple[int, int | None]] = []
    for watch in seen:
        for text in watch.frames:
            msg = json.loads(text)
            event = msg.get("event") or {}
            if msg["type"] == "event" and event.get("player") == watch.seat is not None:
                if event["kind"] == "action":
                    told.append((msg["seq"], event["action"]["id"]))
                elif event["kind"] == "undo":
                    told.append((msg["seq"], None))
    return told


def test_no_frame_reveals_another_seats_hidden_cards_with_undos(live: LiveServer) -> None:
    runs = [("zodiac", 3, {"target": 3}), ("zodiac", 2, {"variant": "coop"}),
            ("daihinmin", 4, {"max_rounds": 2})]
    tables: list[tuple[str, list[Seen]]] = []
    tasks = []
    for i, (game, players, options) in enumerate(runs):
        table_id = live.create(game=game, seats=["human"] * players, options=options,
                               seed=300 + i, undo=True)["id"]
        tokens = [live.join(table_id, s, f"P{s}") for s in range(players)]
        seen = [Seen(s) for s in range(players)] + [Seen(None)]
        tasks += [undoing_player(live.ws_base, table_id, tokens[w.seat] if w.seat is not None
                                 else None, w.seat, 10 * i + j, w)
                  for j, w in enumerate(seen)]
        tables.append((table_id, seen))

    async def play() -> None:
        await asyncio.wait_for(asyncio.gather(*tasks), 150)

    run_coroutine(play())
    taken_back = 0
    for table_id, seen in tables:
        assert live.table(table_id)["status"] == "finished"
        told = undone_actions(seen)
        kept = stored_seqs(live, table_id)
        undone = [(seq, a) for seq, a in told if a is None or seq not in kept]
        taken_back += sum(a is None for _seq, a in undone)
        assert check_table(live, table_id, seen, undone) > 0
    assert taken_back >= 5


def test_the_database_takes_back_only_the_last_stored_action(live: LiveServer) -> None:
    table_id = undo_table(live)
    token = live.join(table_id, 0, "Ann")
    with live.client(table_id, [token]) as c:
        c.until_type("snapshot")
        act(c, MOVE)
        act(c, MOVE)
    assert not live.hub.db.call(Storage.undo_action, table_id, 0, 99, 0)    # not the last one
    assert len(stored_actions(live, table_id)) == 2
    assert live.hub.db.call(Storage.undo_action, table_id, 1, 99, 0)
    assert stored_actions(live, table_id) == [(0, MOVE, "human")]
    assert live.hub.db.call(Storage.load_table, table_id).seq == 99
