"""The wire is typed: every frame and stream event is built by a model of the protocol, the
checked-in JSON Schema is the one those models give, and a game of every registered game sends
only frames that fit it (the shared test clients check every frame they receive: ``frames.py``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def pydantic_text(message: m.Event) -> str:
    """The event as pydantic writes it, less what ``dump_event`` leaves out."""
    unused: dict[str, object] = {name: True for name in ("current_player", "status", "views",
                                                        "table", "timer")
                                 if getattr(message, name) is None}
    if message.event.left_out():
        unused["event"] = message.event.left_out()
    return message.model_dump_json(by_alias=True, exclude=unused)


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(games.names()), seed=st.integers(0, 10_000),
       moves=st.integers(0, 200), reason=st.sampled_from(["action", "undo", "table"]))
def test_an_event_is_written_to_the_letter_as_pydantic_writes_it(game: str, seed: int,
                                                                 moves: int, reason: str) -> None:
    """``dump_event`` writes the frames with orjson from the models' fields: the very text of
    the models' own serializer, views, legal actions, the table and the timer included."""
    state = games.new_game(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    views = []
    for seat in [*range(state.num_players), None]:
        view = dict(state.view(seat))
        log = list(view.pop("log", []))
        legal = [] if state.is_terminal() or seat != state.current_player else [
            m.LegalAction.of(info) for info in state.legal_action_infos()]
        views.append(m.ViewEntry(seat=seat, view=view, log=m.LogDelta(start=len(log) // 2,
                                                                          entries=log[len(log) // 2:]),
                                 legal=legal, undo=seed % 2 == 0))
    action = m.LegalAction.of(state.action_info(state.legal_actions()[0])) \
        if not state.is_terminal() else None
    body: ev.EventBody = {"action": ev.ActionEvent(player=1, by="bot", action=action),
                          "undo": ev.UndoEvent(player=0, action=None),
                          "table": ev.TableEvent(reason="join", seat=seed % 4)}[reason]
    seats = [m.SeatOut(seat=0, kind="human", name="Tōru \"<&>\"", claimed=True, connected=False,
                       zombie=False), m.SeatOut(seat=1, kind="bot", bot="hard", name=None,
                                                claimed=False, connected=True, zombie=True)]
    table = m.TableOut(
        id="t1", game=game, title="Ｔ", frontend="f", players=state.num_players,
        options={"n": seed, "nested": {"x": [1.5, None, "y"]}}, status="playing", seats=seats,
        settings=m.Settings(turn_seconds=None, grace_seconds=30, chat=True, hints=False),
        seq=3, current_player=None, result=m.Result(returns=[1.0, -1.0], scores=[2.5, 0],
                                                    winners=[0]),
        rematch=None, rematch_of="t0", url="/t/t1", replay_url=None)
    for message in (
            m.Event(seq=seed, event=body, views=views, status="playing", current_player=1,
                    timer=m.Timer(seat=1, kind="turn", ms_left=seed)),
            m.Event(seq=seed, event=body, table=table),
            m.Event(seq=seed, event=ev.HiddenEvent())):
        assert m.dump_event(message) == pydantic_text(message)


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
