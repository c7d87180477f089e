"""Whole games at offline tables: every frame in the server's shapes, every seat its own view."""

from __future__ import annotations

import random

import pytest
from tests.offline.client import Client, check_replay, check_table, play_out

from furuba.offline.table import LocalTable

GAMES = [
    ("zodiac", {}, ["human", "easy", "normal", "easy"], 1),
    ("zodiac", {"variant": "true-friends"}, ["normal", "human", "easy"], 2),
    ("daihinmin", {"max_rounds": 2}, ["human", "easy", "normal", "beginner"], 3),
    ("daihinmin", {"max_rounds": 1}, ["easy", "normal", "human", "easy", "easy"], 4),
]


@pytest.mark.parametrize(("game", "options", "seats", "seed"), GAMES)
def test_a_whole_game_against_bots(game: str, options: dict[str, object], seats: list[str],
                                   seed: int) -> None:
    table = LocalTable.new({"id": f"g{seed}", "game": game, "options": options, "seats": seats,
                            "seed": seed})
    client = play_out(table, seed, check_every=3 if game == "daihinmin" else 1)
    assert client.status == table.status == "finished"
    out = table.table()
    check_table(out)
    assert out["result"] is not None and out["result"]["winners"]
    assert out["replay_url"] == f"/offline/replay.html?t=g{seed}"
    assert out["url"] == f"/offline/table.html?t=g{seed}"
    assert client.frames[-1]["type"] == "event" and client.frames[-1]["status"] == "finished"
    assert "current_player" not in client.frames[-1]
    check_replay(table)
    assert not table.bot_due() and table.bot_turn() == []


def test_hot_seat_each_view_is_its_own() -> None:
    table = LocalTable.new({"game": "daihinmin", "options": {"max_rounds": 1}, "seed": 8,
                            "seats": [{"kind": "human", "name": "Ann"}, "easy",
                                      {"kind": "human", "name": "Ben"}, "easy"]})
    start = Client(table).hello()[1]["views"]
    assert [v["view"]["hand"] for v in start] == [table.state.view(s)["hand"] for s in (0, 2)]
    assert start[0]["view"]["hand"] != start[1]["view"]["hand"]
    client = play_out(table, 8)
    assert client.seats == [0, 2] and set(client.views) == {0, 2}
    assert [s["name"] for s in table.table()["seats"]] == ["Ann", "Kaito", "Ben", "Ren"]


def test_a_mid_game_view_hides_the_other_hands() -> None:
    table = LocalTable.new({"game": "daihinmin", "seed": 9,
                            "seats": ["human", "easy", "human", "easy"]})
    client = Client(table)
    snapshot = client.hello()[1]
    state = table.state
    for entry in snapshot["views"]:
        assert entry["view"]["hand"] == state.view(entry["seat"])["hand"]
    assert snapshot["views"][0]["view"]["hand"] != snapshot["views"][1]["view"]["hand"]


def test_a_table_of_bots_is_watched() -> None:
    table = LocalTable.new({"game": "zodiac", "seed": 4, "seats": ["easy", "easy", "easy"]})
    client = play_out(table, 4)
    assert client.seats == [] and set(client.views) == {None}
    assert client.status == "finished"


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    def frames() -> list[dict[str, object]]:
        table = LocalTable.new({"id": "same", "game": "zodiac", "seed": 11,
                                "seats": ["human", "normal", "easy"]})
        client = play_out(table, 11)
        return [f for f in client.frames if f["type"] == "event"]

    assert frames() == frames()


def test_rematch_after_the_game() -> None:
    table = LocalTable.new({"id": "first", "game": "zodiac", "seed": 5, "undo": True,
                            "seats": ["human", "easy", "easy"]})
    client = Client(table)
    client.hello()
    refused = client.send({"type": "rematch"})
    assert refused[0]["code"] == "not_allowed" and table.rematch_settings() is None
    rng = random.Random(5)
    while client.status == "playing":
        client.step(rng)
    for message in ({"type": "act", "action": 0, "seq_seen": table.seq}, {"type": "undo"},
                    {"type": "hint"}, {"type": "answer", "text": "hi"}):
        assert client.send(message)[0]["code"] == "not_playing"
    event = client.send({"type": "rematch"})[0]["event"]
    assert event["kind"] == "rematch" and event["url"] == f"/offline/table.html?t={event['table_id']}"
    assert client.send({"type": "rematch"}) == []
    assert table.table()["rematch"] == event["table_id"]
    again = LocalTable.new(table.rematch_settings() or {})
    assert again.settings.id == event["table_id"] and again.settings.seats == table.settings.seats
    assert LocalTable.restore(table.saved()).rematch_settings() == table.rematch_settings()
