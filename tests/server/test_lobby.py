"""Seats held by accounts, the lobby, Play now, a player's tables, the live feeds and
correspondence tables — through the HTTP API, WebSockets and event streams of a live server."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.sync.client import connect

from furuba.server.storage import Storage

from .account_client import Browser, refused
from .frames import checked_event
from .harness import Client, LiveServer, my_turn


def welcome_seats(live: LiveServer, table_id: str, cookies: httpx.Cookies | None = None,
                  tokens: list[str] | None = None, origin: str | None = None) -> list[int]:
    """The seats a new socket holds (its ``welcome``), opened with these cookies and tokens."""
    headers = {}
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    if origin is not None:
        headers["Origin"] = origin
    port = live.base.rsplit(":", 1)[1]
    with connect(f"ws://localhost:{port}/ws/tables/{table_id}", additional_headers=headers,
                 open_timeout=10, compression=None) as ws:
        client = Client(ws)
        client.send({"type": "hello", "tokens": tokens or []})
        seats: list[int] = client.until_type("welcome")["seats"]
        return seats


def events(browser: Browser, path: str, until: Callable[[dict[str, Any]], bool],
           act: Callable[[], None] | None = None, timeout: float = 15.0) -> list[dict[str, Any]]:
    """Listen to the event stream ``path``; once its first event came, run ``act``; every event
    until one satisfies ``until``."""
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    with browser.http.stream("GET", path, timeout=timeout) as r:
        assert r.status_code == 200, r.read()
        assert r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            assert time.monotonic() < deadline, f"no such event came: {seen}"
            if not line.startswith("data: "):
                continue
            seen.append(checked_event(line[6:]))
            if len(seen) == 1 and act is not None:
                act()
            if until(seen[-1]):
                return seen
    raise AssertionError(f"the stream ended: {seen}")


# -- seats held by accounts ----------------------------------------------------------------------
def test_a_seat_taken_signed_in_is_held_from_any_device(site: LiveServer) -> None:
    table = site.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"])["id"]
    with Browser(site) as laptop, Browser(site) as phone:
        laptop.sign_up("Kyo")
        joined = laptop.post(f"/api/tables/{table}/join", {"seat": 1, "name": "ignored"})
        assert joined.status_code == 200, joined.text
        seat = joined.json()["table"]["seats"][1]
        assert seat["name"] == "Kyo" and seat["account"] is True
        assert phone.sign_in("Kyo").status_code == 200
        # The phone never saw the seat token: its session holds the seat all the same.
        assert welcome_seats(site, table, phone.http.cookies) == [1]
        # A socket opened by another site's page gets nothing from the cookie.
        assert welcome_seats(site, table, phone.http.cookies, origin="https://evil.example") == []
        # A guest's socket holds nothing.
        assert welcome_seats(site, table) == []


def test_a_guest_who_signs_up_mid_game_keeps_the_seat(site: LiveServer) -> None:
    table = site.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"])["id"]
    other = site.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"])["id"]
    with Browser(site) as guest, Browser(site) as later:
        token = guest.post(f"/api/tables/{table}/join", {"seat": 0, "name": "Momiji"}).json()["token"]
        guest.sign_up("Momiji")
        kept = guest.post("/api/me/seats", {"seats": [
            {"table": table, "token": token},
            {"table": other, "token": token},            # holds nothing there
            {"table": "no-such-table", "token": token}]})
        assert kept.status_code == 200, kept.text
        assert kept.json()["kept"] == [{"table": table, "seat": 0}]
        assert later.sign_in("Momiji").status_code == 200
        assert welcome_seats(site, table, later.http.cookies) == [0]
        assert welcome_seats(site, other, later.http.cookies) == []
        # The token still works too, and the seat now shows the account.
        assert welcome_seats(site, table, tokens=[token]) == [0]
        assert site.table(table)["seats"][0]["account"] is True


def test_keeping_seats_needs_an_account(site: LiveServer) -> None:
    refused(site.http.post("/api/me/seats", json={"seats": []}), 401, "sign in")


def test_a_rated_table_seats_signed_in_players_only_and_gives_no_hints(site: LiveServer) -> None:
    made = site.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"], rated=True,
                       hints=True)
    assert made["table"]["settings"]["rated"] is True
    assert made["table"]["settings"]["hints"] is False
    refused(site.http.post(f"/api/tables/{made['id']}/join", json={"seat": 0, "name": "Guest"}),
            401, "rated", "sign in")
    assert site.table(made["id"])["seats"][0]["claimed"] is False   # nothing changed
    with Browser(site) as ann:
        ann.sign_up("Hatori")
        assert ann.post(f"/api/tables/{made['id']}/join", {"seat": 0}).status_code == 200


# -- the lobby -----------------------------------------------------------------------------------
def test_the_lobby_lists_public_tables_only_and_filters_them(site: LiveServer) -> None:
    public = site.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"],
                         public=True, options={"target": 11})["id"]
    site.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"])   # private
    zodiac = site.create(game="zodiac", seats=["human", "human"], public=True)["id"]
    listed = site.http.get("/api/lobby").json()["tables"]
    assert {t["id"] for t in listed} == {public, zodiac}
    entry = next(t for t in listed if t["id"] == public)
    assert entry["open_seats"] == 2 and entry["status"] == "waiting"
    assert entry["variant"] == ["Points to win: 11"]
    assert all("token" not in json.dumps(t) and "hash" not in json.dumps(t) for t in listed)
    by_game = site.http.get("/api/lobby", params={"game": "zodiac"}).json()["tables"]
    assert [t["id"] for t in by_game] == [zodiac]
    by_option = site.http.get("/api/lobby", params={"game": "daihinmin", "target": "11"}).json()
    assert [t["id"] for t in by_option["tables"]] == [public]
    assert site.http.get("/api/lobby", params={"game": "daihinmin", "target": "21"}).json() == \
        {"tables": []}
    refused(site.http.get("/api/lobby", params={"game": "daihinmin", "colour": "red"}), 400,
            "'colour' is not an option of Dai Hin Min")
    refused(site.http.get("/api/lobby", params={"game": "chess"}), 404, "no game called 'chess'")
    refused(site.http.get("/api/lobby", params={"target": "11"}), 400, "choose a game")


def test_play_now_joins_the_oldest_open_table_then_opens_one(site: LiveServer) -> None:
    older = site.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"],
                        public=True)["id"]
    site.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"], public=True)
    site.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"])   # private
    first = site.http.post("/api/lobby/play", json={"game": "daihinmin", "name": "Ann"}).json()
    second = site.http.post("/api/lobby/play", json={"game": "daihinmin", "name": "Bob"}).json()
    assert (first["id"], first["seat"], first["opened"]) == (older, 0, False)
    assert (second["id"], second["seat"]) == (older, 1)
    assert site.table(older)["status"] == "playing"
    zodiac = site.http.post("/api/lobby/play", json={"game": "zodiac", "name": "Cid"}).json()
    assert zodiac["opened"] is True and zodiac["seat"] == 0
    table = site.table(zodiac["id"])
    assert table["settings"]["public"] is True and table["status"] == "waiting"
    refused(site.http.post("/api/lobby/play", json={"game": "zodiac"}), 400, "name")
    refused(site.http.post("/api/lobby/play", json={"game": "zodiac", "name": "Cid",
                                                    "rated": True}), 401, "sign in")
    refused(site.http.post("/api/lobby/play", json={"game": "go", "name": "Cid"}), 404, "go")


def test_empty_seats_are_filled_with_bots_after_the_wait(site: LiveServer) -> None:
    seated = site.http.post("/api/lobby/play", json={"game": "daihinmin", "name": "Ann",
                                                     "bots_after": 1}).json()
    assert seated["table"]["status"] == "waiting"
    with site.client(seated["id"], [seated["token"]]) as client:
        client.until(lambda m: client.status == "playing", timeout=15)
        kinds = [s["kind"] for s in client.table["seats"]] if client.table else []
        assert kinds == ["human", "bot", "bot", "bot"]
    stored = site.hub.db.call(Storage.load_table, seated["id"])
    assert stored.status == "playing" and [s.kind for s in stored.seats][1:] == ["bot"] * 3


def test_the_lobby_stream_shows_a_new_table_at_once(site: LiveServer) -> None:
    with Browser(site) as watcher:
        made: list[str] = []

        def open_table() -> None:
            made.append(site.create(game="zodiac", seats=["human", "human"], public=True)["id"])

        seen = events(watcher, "/api/lobby/events",
                      lambda e: any(t["id"] in made for t in e["tables"]), act=open_table)
        assert seen[0]["type"] == "lobby" and seen[-1]["type"] == "lobby"


# -- a player's tables and turns -----------------------------------------------------------------
def test_your_games_lists_your_turn_first_and_the_stream_says_when_it_is(site: LiveServer) -> None:
    with Browser(site) as ann:
        ann.sign_up("Arisa")
        waiting = site.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"])["id"]
        ann.post(f"/api/tables/{waiting}/join", {"seat": 0})
        playing = site.create(game="daihinmin", seats=["greedy", "human", "greedy", "greedy"],
                              seed=3)["id"]
        ann.post(f"/api/tables/{playing}/join", {"seat": 1})
        with site.client(playing, [], ) as watch:
            watch.until(lambda m: watch.current == 1 and watch.status == "playing", timeout=20)
        mine = ann.get("/api/me/games").json()["tables"]
        assert [t["id"] for t in mine] == [playing, waiting]
        assert mine[0]["my_turn"] is True and mine[0]["my_seats"] == [1]
        assert mine[1]["my_turn"] is False and mine[1]["status"] == "waiting"
        refused(site.http.get("/api/me/games"), 401, "sign in")
        first = events(ann, "/api/me/events", lambda e: True)
        assert first == [{"type": "turns", "tables": [playing], "new": []}]

        # Play the turn; when it comes back to seat 1, the stream says it is new.
        def play() -> None:
            port = site.base.rsplit(":", 1)[1]
            cookie = "; ".join(f"{k}={v}" for k, v in ann.http.cookies.items())
            with connect(f"ws://localhost:{port}/ws/tables/{playing}",
                         additional_headers={"Cookie": cookie}, compression=None) as ws:
                me = Client(ws)
                me.send({"type": "hello", "tokens": []})
                me.until(lambda m: my_turn(me) == 1)
                me.send({"type": "act", "seat": 1, "action": me.legal[1][0]["id"],
                         "seq_seen": me.seq})
                me.until(lambda m: me.current != 1)

        seen = events(ann, "/api/me/events", lambda e: playing in e.get("new", []), act=play,
                      timeout=30)
        assert seen[-1]["type"] == "turns"


# -- correspondence ------------------------------------------------------------------------------
def test_a_correspondence_table_gives_hours_per_move(site: LiveServer) -> None:
    made = site.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"],
                       pace="correspondence", move_hours=48, seed=1)
    settings = made["table"]["settings"]
    assert settings["pace"] == "correspondence" and settings["move_hours"] == 48
    assert settings["turn_seconds"] is None and settings["grace_seconds"] is None
    refused(site.http.post("/api/tables", json={"game": "daihinmin", "move_hours": 5}), 400,
            "correspondence")
    refused(site.http.post("/api/tables", json={"game": "daihinmin", "pace": "correspondence",
                                                "move_hours": 0}), 400, "move_hours")
    token = site.join(made["id"], 0)
    with site.client(made["id"], [token]) as client:
        msg = client.until(lambda m: my_turn(client) == 0 and m.get("timer") is not None)
        left = msg["timer"]["ms_left"] / 3_600_000
        assert msg["timer"]["kind"] == "turn" and 47.9 < left <= 48


def _age_the_turn(live: LiveServer, table_id: str, seconds: float) -> None:
    """Pretend the current decision began ``seconds`` ago (on the server's own loop)."""
    room = live.hub.rooms[table_id]

    def age() -> None:
        room.turn_since -= seconds
        room.wake.set()

    live.call_soon(age)


@pytest.mark.parametrize("on_timeout", ["bot", "end"])
def test_a_late_correspondence_move_hands_the_seat_to_a_bot_or_ends_the_game(
        site: LiveServer, on_timeout: str) -> None:
    made = site.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"],
                       pace="correspondence", move_hours=1, on_timeout=on_timeout, seed=2)
    tokens = [site.join(made["id"], 0, "Ann"), site.join(made["id"], 1, "Bob")]
    with site.client(made["id"], tokens) as client:
        client.until(lambda m: client.status == "playing" and client.current in (0, 1))
        late = client.current
        _age_the_turn(site, made["id"], 3601)
        if on_timeout == "bot":
            client.until(lambda m: m.get("type") == "event" and m["event"].get("reason") == "zombie")
            assert client.table is not None and client.table["seats"][late]["zombie"] is True
        else:
            ended = client.until(lambda m: m.get("type") == "event"
                                 and m["event"].get("reason") == "timeout")
            assert "did not move within 1 hour:" in ended["event"]["message"]
            assert client.status == "abandoned"


def test_a_correspondence_clock_goes_on_across_a_restart(db_url: str) -> None:
    with LiveServer(db_url) as live:
        made = live.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"],
                           pace="correspondence", move_hours=2, seed=1)
        token = live.join(made["id"], 0)
        with live.client(made["id"], [token]) as client:
            client.until(lambda m: my_turn(client) == 0)
    # While no server ran, an hour went by.
    engine = sa.create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE furuba_tables SET updated_at = updated_at - 3600 "
                             "WHERE id = :id"), {"id": made["id"]})
    engine.dispose()
    with LiveServer(db_url) as live, live.client(made["id"], [token]) as client:
        msg = client.until(lambda m: m.get("timer") is not None)
        left = msg["timer"]["ms_left"] / 3_600_000
        assert 0.9 < left < 1.01, left


def test_a_deleted_accounts_seats_stay_under_deleted_player(site: LiveServer) -> None:
    table = site.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"])["id"]
    with Browser(site) as gone:
        gone.sign_up("Akito")
        gone.post(f"/api/tables/{table}/join", {"seat": 0})
        assert site.table(table)["seats"][0]["name"] == "Akito"
        deleted = gone.delete("/api/me", {"password": "correct horse battery"})
        assert deleted.status_code == 204, deleted.text
    seat = site.table(table)["seats"][0]
    assert (seat["name"], seat["account"], seat["claimed"]) == ("deleted player", False, True)
    stored = site.hub.db.call(Storage.load_table, table)
    assert (stored.seats[0].name, stored.seats[0].account_id) == ("deleted player", None)


# -- rated games ---------------------------------------------------------------------------------
def _play_out(live: LiveServer, table_id: str, cookies: list[httpx.Cookies]) -> list[dict[str, Any]]:
    """Two signed-in players (by their sessions, no token) play a table to its end; the table
    events the first one saw."""
    port = live.base.rsplit(":", 1)[1]
    seen: list[dict[str, Any]] = []
    with contextlib.ExitStack() as stack:
        clients = [Client(stack.enter_context(connect(
            f"ws://localhost:{port}/ws/tables/{table_id}", compression=None,
            additional_headers={"Cookie": "; ".join(f"{k}={v}" for k, v in c.items())})))
            for c in cookies]
        for client in clients:
            client.send({"type": "hello", "tokens": []})
        deadline = time.monotonic() + 90
        while clients[0].status != "finished" or not any(e.get("reason") == "rated" for e in seen):
            assert time.monotonic() < deadline, "the game did not end"
            for client in clients:
                try:
                    msg = client.recv(timeout=0.05)
                except TimeoutError:
                    continue
                if client is clients[0] and msg.get("type") == "event":
                    seen.append(msg["event"])
                seat = my_turn(client)
                if seat is not None:
                    client.send({"type": "act", "seat": seat, "action": client.legal[seat][0]["id"],
                                 "seq_seen": client.seq})
    return seen


def test_a_rated_game_between_two_accounts_changes_both_ratings(site: LiveServer) -> None:
    with Browser(site) as ann, Browser(site) as bob:
        ann.sign_up("Yuki")
        bob.sign_up("Haru")
        table = ann.post("/api/tables", {"game": "daihinmin", "rated": True, "seed": 5,
                                         "seats": ["human", "human", "greedy", "greedy"],
                                         "options": {"target": 3}}).json()["id"]
        ann.post(f"/api/tables/{table}/join", {"seat": 0})
        bob.post(f"/api/tables/{table}/join", {"seat": 1})
        events_seen = _play_out(site, table, [ann.http.cookies, bob.http.cookies])
        rated = next(e for e in events_seen if e.get("reason") == "rated")
        assert {r["name"] for r in rated["ratings"]} == {"Yuki", "Haru"}
        assert all(r["before"] == 1500 and r["after"] != 1500 for r in rated["ratings"])
        for name in ("Yuki", "Haru"):
            profile = site.http.get(f"/api/players/{name}").json()
            assert json.dumps(profile).count(table) >= 1, profile


def test_a_rated_correspondence_game_lost_on_time_rates_the_late_player_last(
        site: LiveServer) -> None:
    with Browser(site) as ann, Browser(site) as bob:
        ann.sign_up("Kagura")
        bob.sign_up("Ritsu")
        table = ann.post("/api/tables", {"game": "daihinmin", "rated": True, "seed": 2,
                                         "seats": ["human", "human", "greedy", "greedy"],
                                         "pace": "correspondence", "move_hours": 1,
                                         "on_timeout": "end"}).json()["id"]
        ann.post(f"/api/tables/{table}/join", {"seat": 0})
        bob.post(f"/api/tables/{table}/join", {"seat": 1})
        with site.client(table, []) as watch:
            watch.until(lambda m: watch.status == "playing" and watch.current in (0, 1))
            late = watch.current
            _age_the_turn(site, table, 3601)
            msg = watch.until(lambda m: m.get("type") == "event"
                              and m["event"].get("reason") == "rated")
        after = {r["seat"]: r["after"] for r in msg["event"]["ratings"]}
        assert after[late] < 1500 < after[1 - late]
        # The game is kept as every ended game is: on both profiles once, as lost and won on time.
        for who, seat in (("Kagura", 0), ("Ritsu", 1)):
            games = [g for g in ann.get(f"/api/players/{who}").json()["games"]
                     if g["table_id"] == table]
            assert len(games) == 1, games
            assert games[0]["timeout"] is True and games[0]["rated"] is True
            assert (games[0]["share"] == 0) == (seat == late), games[0]
            assert games[0]["rating_change"] is not None
