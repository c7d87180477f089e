"""Sealed tables: nobody watches the game until it is over; its seated players play as always."""

from __future__ import annotations

import json

import httpx
import pytest
from websockets.sync.client import connect

from furuba.server.presence import CLOSE_SEALED

from .account_client import Browser, refused
from .harness import Client, LiveServer, play_to_end, wait_my_turn
from .services import Cluster
from .session_sockets import closed_within, table_socket
from .test_cluster import join, owner_of
from .test_deals import todays_deal

SEALED = "this table's game can be watched once it is over"
SHORT = {"target": 2}
"""A short game of Friends of the Zodiac."""


def sealed_table(live: LiveServer) -> tuple[str, str]:
    """A sealed table of Ann (seat 0) and a greedy bot, playing: (table id, Ann's token)."""
    table_id = live.create(game="zodiac", seats=["human", "greedy"], options=SHORT,
                           sealed=True)["id"]
    return table_id, live.join(table_id, 0, "Ann")


def turned_away(c: Client) -> None:
    """``c`` (a spectator who said hello) got the ``sealed`` refusal, then a clean close."""
    error = c.until_type("error", timeout=5)
    assert (error["code"], error["message"]) == ("sealed", SEALED)
    assert not [f for f in c.frames if '"welcome"' in f or '"snapshot"' in f]
    code, reason = closed_within(c, 5)
    assert code == CLOSE_SEALED and "sealed" in reason


def test_a_sealed_table_turns_spectators_away_and_its_player_plays_to_the_end(
        live: LiveServer) -> None:
    table_id, token = sealed_table(live)
    assert live.table(table_id)["settings"]["sealed"] is True
    room = live.hub.rooms[table_id]
    with live.client(table_id, [token]) as ann:
        assert ann.until_type("welcome")["seats"] == [0]
        ann.until_type("snapshot")
        wait_my_turn(ann)
        before = live.table(table_id)
        with live.client(table_id) as spectator:
            turned_away(spectator)
        with live.client(table_id, ["not-a-token"]) as stranger:
            turned_away(stranger)
        assert live.table(table_id) == before
        assert len(room.conns) == 1
        play_to_end(ann)
    assert live.table(table_id)["status"] == "finished"
    with live.client(table_id) as spectator:
        assert spectator.until_type("welcome")["seats"] == []
        assert spectator.until_type("snapshot")["table"]["status"] == "finished"


def test_a_sealed_table_waiting_for_players_turns_spectators_away(live: LiveServer) -> None:
    table_id = live.create(game="zodiac", seats=["human", "human"], sealed=True)["id"]
    with live.client(table_id) as spectator:
        turned_away(spectator)
    assert live.table(table_id)["status"] == "waiting"


def test_a_sealed_table_stays_sealed_after_a_restart(db_url: str) -> None:
    with LiveServer(db_url) as live:
        table_id, token = sealed_table(live)
    with LiveServer(db_url) as live:
        assert live.table(table_id)["settings"]["sealed"] is True
        with live.client(table_id) as spectator:
            turned_away(spectator)
        with live.client(table_id, [token]) as ann:
            assert ann.until_type("welcome")["seats"] == [0]


def test_a_table_that_is_not_sealed_takes_spectators(live: LiveServer) -> None:
    table_id = live.create(game="zodiac", seats=["human", "greedy"])["id"]
    live.join(table_id, 0, "Ann")
    assert live.table(table_id)["settings"]["sealed"] is False
    with live.client(table_id) as spectator:
        assert spectator.until_type("welcome")["seats"] == []
        assert spectator.until_type("snapshot")["table"]["status"] == "playing"


def test_sealed_must_be_true_or_false(live: LiveServer) -> None:
    r = live.http.post("/api/tables", json={"game": "zodiac", "sealed": "yes"})
    refused(r, 400, "sealed must be true or false")


def test_the_deal_of_the_days_table_is_sealed(site: LiveServer) -> None:
    deal = todays_deal(site)
    with Browser(site) as ann:
        ann.sign_up("Tohru")
        table_id = ann.post(f"/api/deals/{deal.id}/play").json()["table_id"]
        assert site.table(table_id)["settings"]["sealed"] is True
        with table_socket(site.ws_base, table_id, ann) as player:
            welcome = next(json.loads(f) for f in player.frames if '"welcome"' in f)
            assert welcome["seats"] == [deal.seat]
            with site.client(table_id) as spectator:
                turned_away(spectator)


@pytest.mark.cluster
def test_a_spectator_relayed_through_another_process_is_turned_away_too(
        cluster: Cluster) -> None:
    s1, s2 = cluster.servers
    with httpx.Client(base_url=s1.base, timeout=10) as http:
        made = http.post("/api/tables", json={"game": "zodiac", "seats": ["human", "greedy"],
                                              "sealed": True})
    assert made.status_code == 201, made.text
    table_id = made.json()["id"]
    join(s1, table_id, 0, "Ann")
    assert owner_of(cluster, table_id) is s1
    with connect(f"{s2.ws_base}/ws/tables/{table_id}", open_timeout=10) as ws:
        spectator = Client(ws)
        spectator.send({"type": "hello", "tokens": []})
        turned_away(spectator)
