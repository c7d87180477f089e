"""The WebSocket protocol: join, act, refusals, throttling, hot-seat, spectators, chat, hints."""

from __future__ import annotations

import json
from typing import Any

from .harness import (
    PRODUCTION_THROTTLE,
    Client,
    LiveServer,
    is_event,
    my_turn,
    play_to_end,
    wait_my_turn,
)


def seated(live: LiveServer, game: str = "zodiac", seats: list[str] | None = None,
           **body: Any) -> tuple[str, str]:
    """A table with one human at seat 0 (the rest greedy bots): (table id, token)."""
    table_id = live.create(game=game, seats=seats or ["human", "greedy", "greedy", "greedy"], **body)["id"]
    return table_id, live.join(table_id, 0, "Ann")


def test_join_and_act(live: LiveServer) -> None:
    table_id, token = seated(live)
    with live.client(table_id, [token]) as c:
        welcome = c.until_type("welcome")
        assert welcome["seats"] == [0] and welcome["resync"] == "snapshot"
        snap = c.until_type("snapshot")
        assert snap["table"]["status"] == "playing"
        view = c.views[0]
        assert view["viewer"] == 0 and len(view["hand"]) == 3
        assert list(view["hands"]) == ["0"]
        wait_my_turn(c)
        choice = c.legal[0][0]
        c.send({"type": "act", "seq_seen": c.seq, "action": choice["name"]})
        msg = c.until(is_event("action"))
        assert msg["event"] == {"kind": "action", "player": 0, "by": "human", "action": choice}
        # the bots answer without anyone asking, once seat 0's turn is over
        for _ in range(30):
            seat = my_turn(c)
            if seat is not None:
                c.send({"type": "act", "seq_seen": c.seq, "action": c.legal[0][0]["id"]})
                c.legal[0] = []
            got = c.recv()
            if got.get("type") == "event" and got["event"].get("by") == "bot":
                break
        else:
            raise AssertionError("no bot moved")
    table = live.table(table_id)
    assert table["seq"] >= msg["seq"]
    assert live.hub.rooms[table_id].record.actions[0] == choice["id"]


def refusal(c: Client, message: dict[str, Any] | str) -> dict[str, Any]:
    c.send(message)
    return c.until_type("error", timeout=5)


def test_every_kind_of_bad_message_is_refused_and_changes_nothing(live: LiveServer) -> None:
    table_id, token = seated(live, seats=["human", "human", "greedy"], chat=False, hints=False)
    token1 = live.join(table_id, 1, "Ben")
    room = live.hub.rooms[table_id]
    with live.client(table_id, [token]) as c, live.client(table_id) as spectator:
        c.until_type("snapshot")
        spectator.until_type("snapshot")
        if my_turn(c) is None:   # wait until seat 0 must decide
            with live.client(table_id, [token1]) as other:
                other.until_type("snapshot")
                play_until = wait_my_turn(other)
                other.send({"type": "act", "seq_seen": other.seq, "action": other.legal[play_until][0]["id"]})
                other.until(is_event("action"))
            wait_my_turn(c)
        if room.state_seq == 0:     # one action first, so that seq_seen 0 is stale
            c.send({"type": "act", "seq_seen": c.seq, "action": c.legal[0][0]["id"]})
            c.until(is_event("action"))
            wait_my_turn(c)
        c.drain(0.2)
        before = (len(room.record.actions), room.state.to_json())
        cases: list[tuple[dict[str, Any] | str, str]] = [
            ("{not json", "bad_message"),
            ("[1, 2]", "bad_message"),
            ({"type": "dance"}, "bad_message"),
            ({"type": "act", "action": "draw"}, "bad_message"),                 # no seq_seen
            ({"type": "act", "seq_seen": "1", "action": "draw"}, "bad_message"),
            ({"type": "act", "seq_seen": c.seq, "action": "draw", "x": 1}, "bad_message"),
            ({"type": "act", "seq_seen": c.seq + 50, "action": "draw"}, "bad_message"),
            ({"type": "act", "seq_seen": c.seq, "action": "x" * 5000}, "too_large"),
            ({"type": "act", "seq_seen": c.seq, "action": "fly to the moon"}, "illegal"),
            ({"type": "act", "seq_seen": c.seq, "action": 10_000}, "illegal"),
            ({"type": "act", "seq_seen": c.seq, "action": "draw", "seat": 1}, "not_seated"),
            ({"type": "act", "seq_seen": 0, "action": c.legal[0][0]["name"]}, "stale"),
            ({"type": "hello"}, "already_hello"),
            ({"type": "chat", "text": "hi"}, "not_allowed"),
            ({"type": "hint"}, "not_allowed"),
            ({"type": "rematch"}, "not_allowed"),
            ({"type": "answer", "text": "so true"}, "not_allowed"),
        ]
        for message, code in cases:
            err = refusal(c, message)
            assert err["code"] == code, (message, err)
            assert err["message"]
        c.ws.send(b"\x00\x01")
        assert c.until_type("error")["code"] == "bad_message"
        assert refusal(spectator, {"type": "act", "seq_seen": spectator.seq, "action": "draw"})["code"] \
            == "not_seated"
        assert (len(room.record.actions), room.state.to_json()) == before
        # out of turn: seat 1 tries to act while seat 0 must decide
        with live.client(table_id, [token1]) as other:
            other.until_type("snapshot")
            err = refusal(other, {"type": "act", "seq_seen": other.seq, "action": c.legal[0][0]["name"]})
            assert err["code"] == "not_your_turn"
        assert len(room.record.actions) == before[0]


def test_hello_must_come_first_and_unknown_tables_close(live: LiveServer) -> None:
    table_id, _token = seated(live)
    with live.client(table_id, no_hello=True) as c:
        c.send({"type": "ping"})
        assert c.until_type("error")["code"] == "hello_first"
        c.send({"type": "hello", "tokens": ["forged-token"]})
        welcome = c.until_type("welcome")
        assert welcome["seats"] == [] and welcome["bad_tokens"] == 1
        c.send({"type": "ping"})
        c.until_type("pong")
    with live.client("no-such-table", no_hello=True) as c:
        assert c.until_type("error")["code"] == "no_table"
        try:
            c.recv(timeout=5)
        except Exception as exc:
            assert "4404" in str(exc)


def test_flooding_is_throttled(db_url: str) -> None:
    with LiveServer(db_url, **PRODUCTION_THROTTLE) as live:
        flood(live)


def flood(live: LiveServer) -> None:
    table_id, token = seated(live)
    with live.client(table_id, [token]) as c:
        c.until_type("snapshot")
        for _ in range(60):
            c.send({"type": "ping"})
        got = c.drain(0.5)
        pongs = sum(1 for m in got if m["type"] == "pong")
        throttled = [m for m in got if m["type"] == "error" and m["code"] == "throttled"]
        assert throttled and all(m["ref"] == "ping" for m in throttled)
        assert pongs + len(throttled) == 60   # every message answered: none left waiting
        assert 20 <= pongs < 40
        assert all(m["type"] in ("pong", "error", "event") for m in got)


def test_flooding_on_closes_the_socket(db_url: str) -> None:
    with LiveServer(db_url, flood_close_after=30, **PRODUCTION_THROTTLE) as live:
        table_id, token = seated(live)
        with live.client(table_id, [token]) as c:
            c.until_type("snapshot")
            for _ in range(80):
                try:
                    c.send({"type": "ping"})
                except Exception:
                    break
            try:
                c.drain(1.0)
                closed = False
            except Exception as exc:
                closed = "1008" in str(exc)
            assert closed


def test_spectators_get_only_the_public_view(live: LiveServer) -> None:
    table_id, _token = seated(live, game="daihinmin")
    with live.client(table_id) as spectator:
        spectator.until_type("snapshot")
        view = spectator.views[None]
        assert view["viewer"] is None and "hand" not in view
        assert spectator.legal[None] == []


def test_hot_seat_one_connection_two_seats(live: LiveServer) -> None:
    table_id = live.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"],
                           options={"max_rounds": 1})["id"]
    tokens = [live.join(table_id, 0, "Ann"), live.join(table_id, 1, "Ben")]
    with live.client(table_id, tokens) as c:
        assert c.until_type("welcome")["seats"] == [0, 1]
        c.until_type("snapshot")
        assert set(c.views) == {0, 1}
        assert c.views[0]["hand"] != c.views[1]["hand"]
        acted: set[int] = set()
        while len(acted) < 2:
            seat = wait_my_turn(c)
            c.send({"type": "act", "seq_seen": c.seq, "action": c.legal[seat][-1]["name"]})
            msg = c.until(is_event("action"))
            assert msg["event"]["player"] == seat and "action" in msg["event"]
            acted.add(seat)


def test_only_the_actor_learns_the_action_name(live: LiveServer) -> None:
    table_id = live.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"])["id"]
    t0, t1 = live.join(table_id, 0, "Ann"), live.join(table_id, 1, "Ben")
    with live.client(table_id, [t0]) as a, live.client(table_id, [t1]) as b, \
            live.client(table_id) as spectator:
        for c in (a, b, spectator):
            c.until_type("snapshot")
        mover = a if my_turn(a) is not None else b if my_turn(b) is not None else None
        if mover is None:
            a.until(lambda m: my_turn(a) is not None or my_turn(b) is not None)
            b.drain(0.3)
            mover = a if my_turn(a) is not None else b
        seat = my_turn(mover)
        assert seat is not None
        mover.send({"type": "act", "seq_seen": mover.seq, "action": mover.legal[seat][0]["id"]})
        for c in (a, b, spectator):
            msg = c.until(lambda m: m.get("type") == "event" and m["event"]["kind"] == "action"
                          and m["event"]["player"] == seat)
            assert ("action" in msg["event"]) == (c is mover)


def test_chat_is_escaped_limited_and_numbered(live: LiveServer) -> None:
    table_id, token = seated(live)
    with live.client(table_id, [token]) as c, live.client(table_id) as spectator:
        c.until_type("snapshot")
        spectator.until_type("snapshot")
        c.send({"type": "chat", "text": "<img src=x onerror=alert(1)> hi"})
        for client in (c, spectator):
            msg = client.until(is_event("chat"))
            assert msg["event"]["text"] == "&lt;img src=x onerror=alert(1)&gt; hi"
            assert msg["event"]["name"] == "Ann" and msg["event"]["seat"] == 0
        assert refusal(c, {"type": "chat", "text": "x" * 501})["code"] == "bad_chat"
        assert refusal(c, {"type": "chat", "text": "   "})["code"] == "bad_chat"
    with live.client(table_id) as late:
        snap = late.until_type("snapshot")
        assert [line["name"] for line in snap["chat"]] == ["Ann"]


def test_hint_names_a_legal_action_for_the_seat_to_move(live: LiveServer) -> None:
    table_id, token = seated(live)
    with live.client(table_id, [token]) as c:
        c.until_type("snapshot")
        wait_my_turn(c)
        c.send({"type": "hint"})
        hint = c.until_type("hint")
        assert hint["seat"] == 0 and hint["action"] in c.legal[0]
        assert hint["by"] == "greedy" or hint["by"].startswith("ismcts")
        assert hint["suggestions"][0]["id"] == hint["action"]["id"]
        names = {a["id"]: a["name"] for a in c.legal[0]}
        assert all(names.get(s["id"]) == s["name"] for s in hint["suggestions"])
        c.send({"type": "hint"})             # the same position: the same hint, from the cache
        assert c.until_type("hint", timeout=2) == hint


def test_reconnect_with_a_gap_gets_the_missed_events(live: LiveServer) -> None:
    table_id, token = seated(live, game="daihinmin", spectator_chat=True)
    with live.client(table_id, [token]) as c:
        c.until_type("snapshot")
        c.drain(0.3)
        seq, epoch, log = c.seq, c.epoch, list(c.logs[0])
        views = dict(c.views)
    with live.client(table_id) as other:      # things happen while seat 0 is away
        other.until_type("snapshot")
        for i in range(3):
            other.send({"type": "chat", "text": f"line {i}"})
            other.until(is_event("chat"))
    with live.client(table_id, [token], last_seq=seq, epoch=epoch) as c2:
        c2.seq, c2.logs, c2.views = seq, {0: log}, views
        welcome = c2.until_type("welcome")
        assert welcome["resync"] == "events"
        got = c2.drain(0.5)            # apply() asserts they come in order, without gaps
        kinds = [m["event"]["kind"] for m in got if m["type"] == "event"]
        assert kinds.count("chat") == 3 and "table" in kinds
        assert c2.seq == live.hub.rooms[table_id].seq
        room = live.hub.rooms[table_id]
        assert c2.views[0] == {**room.state.view(0)}
    with live.client(table_id, [token], last_seq=seq, epoch="other") as c3:
        assert c3.until_type("welcome")["resync"] == "snapshot"
        c3.until_type("snapshot")
    with live.client(table_id, [token], last_seq=live.hub.rooms[table_id].seq,
                     epoch=live.hub.rooms[table_id].epoch) as c4:
        assert c4.until_type("welcome")["resync"] == "none"


def test_a_client_that_sees_a_gap_asks_with_sync(live: LiveServer) -> None:
    table_id, token = seated(live)
    with live.client(table_id, [token]) as c:
        c.until_type("snapshot")
        start = c.seq
        c.send({"type": "chat", "text": "one"})
        c.send({"type": "chat", "text": "two"})
        c.until(is_event("chat"))
        c.until(is_event("chat"))
        c.send({"type": "sync", "last_seq": start})
        c.seq = start          # pretend we lost both
        again = [c.until(is_event("chat")), c.until(is_event("chat"))]
        assert [m["event"]["text"] for m in again] == ["one", "two"]
        c.send({"type": "sync", "last_seq": c.seq + 100})   # nonsense → a snapshot
        assert c.until_type("snapshot")["seq"] == c.seq


def test_turn_timer_hands_the_seat_to_a_bot_until_reclaimed(live: LiveServer) -> None:
    table_id, token = seated(live, turn_seconds=1)
    with live.client(table_id, [token]) as c:
        c.until_type("snapshot")
        wait_my_turn(c)
        assert c.table is not None
        zombie = c.until(lambda m: m.get("type") == "event" and m["event"].get("reason") == "zombie",
                         timeout=5)
        assert zombie["table"]["seats"][0]["zombie"] is True
        played = c.until(lambda m: m.get("type") == "event" and m["event"].get("by") == "zombie")
        assert played["event"]["player"] == 0
        c.send({"type": "reclaim"})
        back = c.until(lambda m: m.get("type") == "event" and m["event"].get("reason") == "reclaim")
        assert back["table"]["seats"][0]["zombie"] is False


def test_disconnected_player_is_played_by_a_bot_after_the_grace_period(live: LiveServer) -> None:
    table_id = live.create(game="zodiac", seats=["human", "human"], grace_seconds=1)["id"]
    t0, t1 = live.join(table_id, 0, "Ann"), live.join(table_id, 1, "Ben")
    with live.client(table_id, [t0]) as a:
        a.until_type("snapshot")
        # Ben's grace second may already be over when Ann's snapshot comes (a busy machine):
        # the snapshot then shows his seat played by a bot; else the event that hands it over.
        if not (a.table is not None and a.table["seats"][1]["zombie"]):
            a.until(lambda m: m.get("type") == "event" and m["event"].get("reason") == "zombie",
                    timeout=5)
        assert a.table is not None and a.table["seats"][1]["zombie"] is True
        for _ in range(100):       # seat 0 plays its turns; the zombie answers for seat 1
            if my_turn(a) is not None:
                a.send({"type": "act", "seq_seen": a.seq, "action": a.legal[0][0]["name"]})
                a.legal[0] = []
            got = a.recv()
            if got.get("type") == "event" and got["event"].get("by") == "zombie":
                break
        else:
            raise AssertionError("the zombie never played")
        with live.client(table_id, [t1]) as b:     # Ben is back: the seat is his again
            b.until_type("snapshot")
            assert b.table is not None and b.table["seats"][1]["zombie"] is False
    assert live.hub.rooms[table_id].seats[1].zombie is False


def test_tables_pause_while_no_human_is_connected(live: LiveServer) -> None:
    table_id = live.create(game="zodiac", seats=["human", "human"], grace_seconds=1)["id"]
    live.join(table_id, 0, "Ann")
    live.join(table_id, 1, "Ben")
    import time

    time.sleep(1.6)
    room = live.hub.rooms[table_id]
    assert room.record.actions == []          # zombies do not play to an empty room
    assert all(s.zombie for s in room.seats)


def test_rematch_and_replay(live: LiveServer) -> None:
    table_id, token = seated(live, game="daihinmin", options={"max_rounds": 1})
    with live.client(table_id, [token]) as c:
        c.until_type("snapshot")
        r = live.http.get(f"/api/tables/{table_id}/replay")
        assert r.status_code == 409 and "secret" in r.json()["detail"]
        play_to_end(c)
        assert c.views[0]["hands"]         # everything is public at the end
        c.send({"type": "rematch"})
        msg = c.until(is_event("rematch"))
        new_id = msg["event"]["table_id"]
        assert msg["event"]["url"] == f"/t/{new_id}"
        c.send({"type": "rematch"})       # asking twice gives the same table
        c.drain(0.3)
    assert live.table(table_id)["rematch"] == new_id
    new = live.table(new_id)
    assert new["rematch_of"] == table_id and new["status"] == "playing"
    assert [s["name"] for s in new["seats"]] == ["Ann", "Kaito", "Mio", "Ren"]
    with live.client(new_id, [token]) as c:      # the old token holds the same seat
        assert c.until_type("welcome")["seats"] == [0]
    replay = live.http.get(f"/api/tables/{table_id}/replay").json()
    actions = replay["record"]["actions"]
    assert len(replay["steps"]) == len(actions) > 0
    assert replay["table"]["replay_url"] == f"/replay/{table_id}"
    first = live.http.get(f"/api/tables/{table_id}/replay/1").json()
    assert first["action"] == replay["steps"][0] and len(first["views"]) == 4
    last = live.http.get(f"/api/tables/{table_id}/replay/{len(actions)}").json()
    assert last["current_player"] is None and last["public"]["hands"]
    assert live.http.get(f"/api/tables/{table_id}/replay/{len(actions) + 1}").status_code == 404
    from furuba import games

    state = games.new_game(replay["record"]["game"], seed=replay["record"]["seed"],
                           **replay["record"]["options"])
    for a in actions:
        state.apply(a)
    assert state.is_terminal()
    assert json.dumps(state.view(None), sort_keys=True) == json.dumps(last["public"], sort_keys=True)


def test_legal_actions_are_sent_as_data(live: LiveServer) -> None:
    """Each legal action carries what the game's ``action_info`` says (id, text, kind, params)
    and its ``name`` (the text again, for older clients)."""
    for game in ("zodiac", "daihinmin"):
        table_id, token = seated(live, game=game)
        with live.client(table_id, [token]) as c:
            c.until_type("snapshot")
            wait_my_turn(c)
            c.drain(0.2)
            state = live.hub.rooms[table_id].state
            assert c.legal[0] == [{**state.action_info(a), "name": state.action_to_string(a)}
                                  for a in state.legal_actions()]
            assert all(a["name"] == a["text"] for a in c.legal[0])
