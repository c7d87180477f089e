"""``POST /api/tutorials/{game}``: a private table made from the game's tutorial, the learner
seated at once, the bots at a learner's pace; the learner's views carry the lesson of the position
— the one the tutorial gives — and nobody else's do."""

from __future__ import annotations

import json
from typing import Any

import pytest

from furuba import games
from furuba.server.lessons import TUTORIAL_PACE
from furuba.spec import GameSpec
from furuba.tutorial import Tutorial, TutorialKit

from .harness import LiveServer, my_turn

TUTORIAL_GAMES = [spec.name for spec in games.specs() if spec.kit_or_none(TutorialKit) is not None]


def tutorial_of(game: str) -> Tutorial:
    return games.spec(game).kit(TutorialKit).tutorial()


def start(live: LiveServer, game: str, **body: Any) -> dict[str, Any]:
    r = live.http.post(f"/api/tutorials/{game}", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_a_tutorial_table_is_private_and_seats_the_learner(game: str, db_url: str) -> None:
    tutorial = tutorial_of(game)
    with LiveServer(db_url, bot_delay=0.25, default_turn_seconds=30) as live:
        made = start(live, game, name="Ann")
        table = made["table"]
        assert made["seat"] == tutorial.seat and made["url"] == f"/t/{made['id']}"
        assert made["token"] and table["status"] == "playing" and table["game"] == game
        settings = table["settings"]
        assert settings["tutorial"] == tutorial.seat
        assert settings["bot_delay"] == pytest.approx(0.25 * TUTORIAL_PACE)
        assert not (settings["public"] or settings["chat"] or settings["hints"] or settings["undo"]
                    or settings["rated"] or settings["turn_seconds"])
        me = table["seats"][tutorial.seat]
        assert me["kind"] == "human" and me["claimed"] and me["name"] == "Ann"
        assert [s["bot"] for s in table["seats"] if s["seat"] != tutorial.seat] \
            == [tutorial.bot] * (tutorial.players - 1)
        room = live.hub.rooms[made["id"]]
        assert room.seed == tutorial.seed and room.options["players"] == tutorial.players
        assert live.http.get(f"/api/tables/{made['id']}").json()["settings"]["tutorial"] \
            == tutorial.seat


def test_only_the_learners_view_carries_the_lesson(live: LiveServer) -> None:
    tutorial = tutorial_of("zodiac")
    made = start(live, "zodiac", name="Ann")
    table_id, learner = made["id"], made["seat"]
    room = live.hub.rooms[table_id]
    with live.client(table_id, [made["token"]]) as c, live.client(table_id) as watcher:
        c.until_type("snapshot")
        watcher.until_type("snapshot")
        for _ in range(3):   # the first turn: one lesson per action
            if my_turn(c) is None:
                c.until(lambda msg: my_turn(c) is not None)
            lesson = c.views[learner]["lesson"]
            expected = tutorial.lesson(room.state, learner)
            assert expected is not None and lesson == expected.to_json()
            do = lesson["pages"][-1]
            assert do["kind"] == "do"
            assert set(do["actions"]) <= {a["id"] for a in c.legal[learner]}
            c.send({"type": "act", "seq_seen": c.seq, "action": do["actions"][0]})
            c.legal[learner] = []
            c.until(lambda msg: msg.get("type") == "event" and msg.get("views") is not None)
        watcher.drain()
        assert "lesson" not in watcher.views[None]
        assert all("lesson" not in v["view"] for msg in map(json.loads, watcher.frames)
                   for v in msg.get("views") or [])


def test_the_games_say_which_have_a_tutorial(live: LiveServer, third_game: GameSpec) -> None:
    listed = {g["name"]: g["tutorial"] for g in live.http.get("/api/games").json()["games"]}
    assert listed == {**{name: True for name in TUTORIAL_GAMES}, "pairs": False}


def test_a_game_without_a_tutorial_or_no_game_at_all_is_not_found(
        live: LiveServer, third_game: GameSpec) -> None:
    r = live.http.post("/api/tutorials/pairs", json={"name": "Ann"})
    assert r.status_code == 404 and "Pairs" in r.json()["detail"]
    r = live.http.post("/api/tutorials/chess", json={"name": "Ann"})
    assert r.status_code == 404 and "chess" in r.json()["detail"]


def test_a_learner_needs_a_name(live: LiveServer) -> None:
    r = live.http.post("/api/tutorials/zodiac", json={"name": ""})
    assert r.status_code == 400 and "name" in r.json()["detail"]
    r = live.http.post("/api/tutorials/zodiac", json={"name": "Ann", "seat": 2})
    assert r.status_code == 400 and "seat" in r.json()["detail"]
