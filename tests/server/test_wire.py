"""The wire is typed: every frame and stream event is built by a model of the protocol, the
checked-in JSON Schema is the one those models give, and a game of every registered game sends
only frames that fit it (the shared test clients check every frame they receive: ``frames.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from furuba import games
from furuba.server import messages as m
from furuba.server.protocol import events as ev
from furuba.server.protocol.schema import frame_types, protocol_schema, render
from furuba.server.protocol.streams import Challenge, ChallengesEvent, TurnsEvent, sse_data
from furuba.spec import GameSpec

from .frames import checked_event
from .harness import Client, LiveServer, is_event, my_turn

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "protocol.schema.json"


def test_the_checked_in_schema_is_the_models_schema() -> None:
    assert SCHEMA.read_text(encoding="utf-8") == render(), (
        "docs/protocol.schema.json is stale: python -m furuba.server.protocol.schema "
        "docs/protocol.schema.json")


def test_the_schema_names_every_message_of_the_protocol() -> None:
    types = frame_types(protocol_schema())
    assert types == {
        "ClientMessage": sorted(m.CLIENT_TYPES),
        "ServerFrame": ["error", "event", "hint", "pong", "snapshot", "welcome"],
        "StreamEvent": ["challenges", "lobby", "tournament_tables", "turns"],
        "event": ["action", "answer", "chat", "hidden", "rematch", "start", "table", "undo"]}
    defs = protocol_schema()["$defs"]
    assert defs["Welcome"]["required"][0] == "type" and defs["ActionEvent"]["required"][0] == "kind"
    assert "action" not in defs["ActionEvent"]["required"]       # only its actor gets it


def event_text(body: ev.EventBody, **parts: object) -> str:
    return m.dump_event(m.Event.model_validate({"seq": 7, "event": body, **parts}))


def test_events_are_written_as_before_each_part_only_when_it_has_something_to_say() -> None:
    action = m.LegalAction(id=3, name="pass", text="pass", kind="pass", params={})
    assert event_text(ev.ActionEvent(player=1, by="bot")) == (
        '{"type":"event","seq":7,"event":{"kind":"action","player":1,"by":"bot"}}')
    assert event_text(ev.UndoEvent(player=0, action=action), status="playing") == (
        '{"type":"event","seq":7,"event":{"kind":"undo","player":0,"action":{"id":3,'
        '"name":"pass","text":"pass","kind":"pass","params":{}}},"status":"playing"}')
    assert event_text(ev.ChatEvent(seat=None, name="Ann", text="hi", at=5)) == (
        '{"type":"event","seq":7,"event":{"kind":"chat","seat":null,"name":"Ann","text":"hi",'
        '"at":5}}')
    assert event_text(ev.TableEvent(reason="timeout", seat=2, hours=1, message="late")) == (
        '{"type":"event","seq":7,"event":{"kind":"table","reason":"timeout","seat":2,"hours":1,'
        '"message":"late"}}')
    rated = ev.TableEvent(reason="rated", seat=None, message="Ratings: Ann 1500 → 1510",
                          ratings=[ev.RatingMove(seat=0, name="Ann", before=1500, after=1510)])
    assert json.loads(event_text(rated))["event"] == {
        "kind": "table", "reason": "rated", "seat": None,
        "ratings": [{"seat": 0, "name": "Ann", "before": 1500, "after": 1510}],
        "message": "Ratings: Ann 1500 → 1510"}
    assert event_text(ev.TableEvent(reason="abandoned", seat=None, idle_seconds=float("inf"),
                                    message="closed")).count('"idle_seconds":null') == 1


def test_stream_events_are_written_as_before() -> None:
    assert sse_data(TurnsEvent(tables=["a"], new=["a"])) == (
        'data: {"type":"turns","tables":["a"],"new":["a"]}\n\n')
    offer = Challenge(id=1, name="Tōru", game="g", title="G", table="t", url="/t/t", seat=1, at=2.5)
    text = sse_data(ChallengesEvent(challenges=[offer]))
    assert text == ('data: {"type":"challenges","challenges":[{"id":1,"name":"T\\u014dru","game":"g",'
                    '"title":"G","table":"t","url":"/t/t","seat":1,"at":2.5}]}\n\n')
    assert checked_event(text[6:].strip())["challenges"][0]["name"] == "Tōru"


def play(c: Client, spec: GameSpec, seen: set[str]) -> None:
    """Play ``c``'s seats to the end (last legal action), asking a hint and chatting on the way."""
    asked = False
    for _ in range(20000):
        if c.status == "finished":
            return
        seat = my_turn(c)
        if seat is not None:
            if not asked:
                c.send({"type": "hint", "seat": seat})
                seen.add(c.until_type("hint", timeout=60)["type"])
                c.send({"type": "chat", "text": f"{spec.name} <3"})
                asked = True
            c.send({"type": "act", "seq_seen": c.seq, "action": c.legal[seat][-1]["id"], "seat": seat})
            c.legal[seat] = []
        msg = c.recv(timeout=30)
        assert msg["type"] != "error", msg
        seen.add(msg["type"] if msg["type"] != "event" else f"event:{msg['event']['kind']}")
    raise AssertionError(f"{spec.name}: the game did not end")


@pytest.mark.parametrize("spec", games.specs(), ids=lambda s: s.name)
def test_a_game_of_every_game_sends_only_frames_of_the_protocol(live: LiveServer,
                                                                spec: GameSpec) -> None:
    players = min(max(spec.players.low, 2), spec.players.high)
    table_id = live.create(game=spec.name, seats=["human"] * players, seed=5, public=True)["id"]
    tokens = [live.join(table_id, seat, f"P{seat}") for seat in range(players)]
    seen: set[str] = set()
    with live.client(table_id, []) as watcher, live.client(table_id, tokens) as c:
        seen.add(c.until_type("welcome")["type"])
        seen.add(c.until_type("snapshot")["type"])
        c.send({"type": "ping"})
        seen.add(c.until_type("pong")["type"])
        c.send({"type": "act", "seq_seen": c.seq, "action": "no such action"})
        seen.add(c.until_type("error")["type"])
        play(c, spec, seen)
        c.send({"type": "rematch"})
        c.until(is_event("rematch"))
        watcher.drain(0.3)        # every frame the spectator got was checked too
    assert {"welcome", "snapshot", "pong", "error", "hint", "event:action",
            "event:chat"} <= seen, seen
    with live.http.stream("GET", "/api/lobby/events") as lobby:
        data = next(line[6:] for line in lobby.iter_lines() if line.startswith("data: "))
    assert checked_event(data)["type"] == "lobby"
