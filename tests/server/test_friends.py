"""Friends (one server): follows and friends, blocks overriding them, who is online and where,
challenges with a seat kept for the friend, and the latest games of the players one follows."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import select, update
from sqlalchemy.orm import Session
from websockets.sync.client import connect

from furuba.server.accounts.store import AccountStore
from furuba.server.friends import store as friends_store
from furuba.server.friends.models import (
    FollowRow,
    FriendChallengeRow,
    PresenceRow,
    ReservationRow,
)
from furuba.server.models import AccountRow, GameRow, SeatRow, TableRow

from .account_client import ROOMY, Browser, all_rows, refused
from .harness import Client, LiveServer, wait_for


@pytest.fixture
def site(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(f"sqlite:///{tmp_path / 'furuba.sqlite3'}", **ROOMY,
                    joins_burst=100, joins_per_minute=100_000.0, tables_burst=100,
                    tables_per_minute=100_000.0) as server:
        yield server


@contextmanager
def players(site: LiveServer, *names: str) -> Iterator[list[Browser]]:
    browsers = [Browser(site) for _ in names]
    try:
        for browser, name in zip(browsers, names, strict=True):
            browser.sign_up(name)
        yield browsers
    finally:
        for browser in browsers:
            browser.http.close()


def account_id(site: LiveServer, name: str) -> int:
    def read(s: Session) -> int:
        return int(s.scalar(select(AccountRow.id).where(AccountRow.name == name)) or 0)
    found: int = site.hub.db.call(read)
    return found


def befriend(a: Browser, b: Browser, a_name: str, b_name: str) -> None:
    assert a.post("/api/me/follows", {"name": b_name}).status_code == 200
    assert b.post("/api/me/follows", {"name": a_name}).status_code == 200


@contextmanager
def page(site: LiveServer, browser: Browser) -> Iterator[list[dict[str, Any]]]:
    """A page of ``browser``'s open: its signed-in event stream (as every page of a signed-in
    player has it), on a connection of its own, its events gathered in the list yielded."""
    seen: list[dict[str, Any]] = []
    opened = threading.Event()
    http = httpx.Client(base_url=browser.origin, timeout=30, cookies=browser.http.cookies)

    def listen() -> None:
        with contextlib.suppress(httpx.HTTPError), http.stream("GET", "/api/me/events") as r:
            opened.set()
            for line in r.iter_lines():
                if line.startswith("data: "):
                    seen.append(json.loads(line[6:]))
    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    assert opened.wait(10)
    try:
        yield seen
    finally:
        http.close()
        thread.join(20)


@contextmanager
def table_socket(site: LiveServer, table_id: str, browser: Browser) -> Iterator[Client]:
    headers = {"Cookie": f"furuba_session={browser.session}"}
    with connect(f"{site.ws_base}/ws/tables/{table_id}", open_timeout=10, compression=None,
                 max_size=None, additional_headers=headers) as ws:
        client = Client(ws)
        client.send({"type": "hello", "tokens": []})
        client.until_type("snapshot")
        yield client


def online(browser: Browser) -> dict[str, list[dict[str, Any]]]:
    r = browser.get("/api/me/friends/online")
    assert r.status_code == 200, r.text
    return {f["name"]: f["tables"] for f in r.json()["friends"]}


# -- follows --------------------------------------------------------------------------------------
def test_follows_make_friends_when_mutual(site: LiveServer) -> None:
    with players(site, "Ann", "Bob", "Cat") as (ann, bob, cat):
        assert ann.post("/api/me/follows", {"name": "  bob "}).json() == {"followed": "Bob"}
        assert ann.post("/api/me/follows", {"name": "Bob"}).status_code == 200   # once is kept
        assert cat.post("/api/me/follows", {"name": "Ann"}).status_code == 200
        mine = ann.get("/api/me/follows").json()
        assert [(f["name"], f["friend"]) for f in mine["following"]] == [("Bob", False)]
        assert [(f["name"], f["friend"]) for f in mine["followers"]] == [("Cat", False)]
        assert bob.post("/api/me/follows", {"name": "Ann"}).status_code == 200
        mine = ann.get("/api/me/follows").json()
        assert [(f["name"], f["friend"]) for f in mine["following"]] == [("Bob", True)]
        assert {f["name"]: f["friend"] for f in mine["followers"]} == {"Bob": True, "Cat": False}
        assert ann.get("/api/me/follows/Bob").json()["friend"] is True
        assert ann.get("/api/me/follows/Cat").json() == {
            "name": "Cat", "self": False, "following": False, "follower": True, "friend": False,
            "blocked": False}
        assert ann.delete("/api/me/follows/Bob").json() == {"unfollowed": "Bob"}
        assert ann.get("/api/me/follows/Bob").json()["friend"] is False
        assert ann.get("/api/me/follows").json()["following"] == []


def test_follows_are_refused_with_a_sentence(site: LiveServer, monkeypatch: Any) -> None:
    with players(site, "Ann", "Bob", "Cat") as (ann, _bob, _cat):
        refused(ann.post("/api/me/follows", {"name": "Ann"}), 400, "yourself")
        refused(ann.post("/api/me/follows", {"name": "Nobody"}), 404, "Nobody")
        refused(ann.get("/api/me/follows/Nobody"), 404, "Nobody")
        refused(site.http.get("/api/me/follows"), 401)
        refused(site.http.get("/api/me/friends/online"), 401)
        refused(ann.post("/api/me/follows", {"name": ""}), 400)
        refused(ann.post("/api/me/follows", {"name": "Bob", "more": 1}), 400)
        # Without the CSRF header (another site's form), nothing changes.
        assert ann.http.post("/api/me/follows", json={"name": "Bob"}).status_code == 403
        monkeypatch.setattr(friends_store, "MAX_FOLLOWS", 1)
        assert ann.post("/api/me/follows", {"name": "Bob"}).status_code == 200
        refused(ann.post("/api/me/follows", {"name": "Cat"}), 409, "at most 1")


def test_a_block_ends_follows_both_ways_and_refuses_new_ones(site: LiveServer) -> None:
    with players(site, "Ann", "Bob", "Cat") as (ann, bob, cat):
        befriend(ann, bob, "Ann", "Bob")
        befriend(ann, cat, "Ann", "Cat")
        assert bob.post("/api/me/blocks", {"name": "Ann"}).status_code == 200
        mine = ann.get("/api/me/follows").json()
        assert [f["name"] for f in mine["following"]] == ["Cat"]
        assert [f["name"] for f in mine["followers"]] == ["Cat"]
        assert bob.get("/api/me/follows").json() == {"following": [], "followers": []}
        refused(ann.post("/api/me/follows", {"name": "Bob"}), 403, "block", "Bob")
        refused(bob.post("/api/me/follows", {"name": "Ann"}), 403, "block", "Ann")
        assert ann.get("/api/me/follows/Bob").json()["blocked"] is True
        # Unblocked, they may follow again (nothing comes back by itself).
        assert bob.delete("/api/me/blocks/Ann").status_code == 200
        assert bob.get("/api/me/follows").json() == {"following": [], "followers": []}
        assert ann.post("/api/me/follows", {"name": "Bob"}).status_code == 200


def test_a_deleted_account_leaves_every_list(site: LiveServer) -> None:
    with players(site, "Ann", "Bob") as (ann, bob):
        befriend(ann, bob, "Ann", "Bob")
        site.hub.db.call(AccountStore.delete, account_id(site, "Bob"))
        assert ann.get("/api/me/follows").json() == {"following": [], "followers": []}
        assert all_rows(site, FollowRow) == []


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.booleans()), max_size=25))
def test_friends_are_exactly_the_mutual_follows_without_a_block(
        moves: list[tuple[int, int, bool]]) -> None:
    """Whatever follows and blocks come in whatever order: friends are the pairs that follow
    each other with no block between them, and no follow survives a block."""
    from sqlalchemy import create_engine
    from sqlalchemy.orm import sessionmaker

    from furuba.server import schema
    from furuba.server.moderation.blocks import block
    from furuba.server.moderation.store import ModerationError

    engine = create_engine("sqlite://")
    schema.upgrade(engine)
    make = sessionmaker(engine)
    with make.begin() as s:
        for n in range(4):
            s.add(AccountRow(id=n + 1, name=f"P{n}", name_key=f"p{n}", password_hash="x",
                             user_handle=f"h{n}", created_at=0.0))
    follows: set[tuple[int, int]] = set()
    blocks: set[frozenset[int]] = set()
    for a, b, is_block in moves:
        with make.begin() as s:
            try:
                if is_block:
                    block(s, a + 1, f"P{b}")
                else:
                    friends_store.follow(s, a + 1, f"P{b}")
            except ModerationError:
                assert a == b or frozenset((a, b)) in blocks
                continue
        if is_block:
            blocks.add(frozenset((a, b)))
            follows -= {(a, b), (b, a)}
        else:
            follows.add((a, b))
    with make() as s:
        for n in range(4):
            want = sorted(m + 1 for m in range(4) if (n, m) in follows and (m, n) in follows)
            assert friends_store.friend_ids(s, n + 1) == want
        stored = {(r.account_id - 1, r.followed_id - 1) for r in s.scalars(select(FollowRow))}
    assert stored == follows
    engine.dispose()


# -- who is online ----------------------------------------------------------------------------------
def test_friends_see_each_other_online_and_where(site: LiveServer) -> None:
    with players(site, "Ann", "Bob", "Cat", "Dan") as (ann, bob, cat, dan):
        befriend(ann, bob, "Ann", "Bob")
        assert cat.post("/api/me/follows", {"name": "Bob"}).status_code == 200   # a follower only
        befriend(dan, bob, "Dan", "Bob")
        assert online(ann) == {}
        table_id = site.create(game="zodiac", seats=["human", "human"])["id"]
        watched = site.create(game="zodiac", seats=["human", "human"])["id"]
        assert bob.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": ""}).status_code == 200
        with page(site, bob):
            wait_for(lambda: "Bob" in online(ann))
            assert online(ann)["Bob"] == []
            with table_socket(site, table_id, bob), table_socket(site, watched, bob):
                wait_for(lambda: len(online(ann).get("Bob", [])) == 2)
                where = {t["id"]: t for t in online(ann)["Bob"]}
                assert where[table_id]["seat"] == 1 and where[watched]["seat"] is None
                assert where[table_id]["url"] == f"/t/{table_id}"
                assert set(where[table_id]) == {"id", "url", "game", "status", "seat"}
                assert online(cat) == {}            # following is not enough: friends only
                assert dan.post("/api/me/blocks", {"name": "Bob"}).status_code == 200
                assert online(dan) == {}            # a block ends it
            wait_for(lambda: online(ann).get("Bob") == [])   # the sockets closed, the page stays
        wait_for(lambda: online(ann) == {})
        assert all_rows(site, PresenceRow) == []


def test_a_process_that_stopped_writing_is_offline_after_a_while(site: LiveServer) -> None:
    """Rows a heartbeat no longer refreshes grow old: older than STALE_SECONDS is offline."""
    from furuba.server.friends.online import STALE_SECONDS, online_friends

    with players(site, "Ann", "Bob") as (ann, bob):
        befriend(ann, bob, "Ann", "Bob")
        ann_id, bob_id = account_id(site, "Ann"), account_id(site, "Bob")

        def plant(s: Session) -> None:
            s.add(PresenceRow(account_id=bob_id, process="gone:1", table_id="", seat=None,
                              seen_at=time.time() - STALE_SECONDS - 1))
        site.hub.db.call(plant)
        assert site.hub.db.call(online_friends, ann_id) == []
        assert site.hub.db.call(online_friends, ann_id, time.time() - 5)[0]["name"] == "Bob"


# -- challenges -------------------------------------------------------------------------------------
def challenge(browser: Browser, name: str, **more: Any) -> Any:
    return browser.post("/api/me/challenges", {"name": name, "game": "daihinmin", **more})


def test_a_challenge_keeps_a_seat_for_the_friend(site: LiveServer) -> None:
    with players(site, "Ann", "Bob", "Cat") as (ann, bob, cat):
        refused(challenge(ann, "Bob"), 403, "friends")
        assert ann.post("/api/me/follows", {"name": "Bob"}).status_code == 200
        refused(challenge(ann, "Bob"), 403, "friends")           # following is not enough
        assert bob.post("/api/me/follows", {"name": "Ann"}).status_code == 200
        refused(challenge(ann, "Bob", players=9), 400, "4 to 7")
        refused(challenge(ann, "Bob", bot="nobody"), 400, "bot")
        refused(challenge(ann, "Nobody"), 404)
        refused(challenge(ann, "Bob", game="nogame"), 404)
        with page(site, bob) as told:
            r = challenge(ann, "Bob")
            assert r.status_code == 201, r.text
            made = r.json()
            table_id = made["table"]
            wait_for(lambda: any(e["type"] == "challenges" and e["challenges"] for e in told))
            offer = [e for e in told if e["type"] == "challenges"][-1]["challenges"][0]
            assert (offer["name"], offer["table"], offer["seat"]) == ("Ann", table_id, 1)
        table = site.table(table_id)
        assert [s["kind"] for s in table["seats"]] == ["human", "human", "bot", "bot"]
        assert table["seats"][0]["name"] == "Ann" and not table["seats"][1]["claimed"]
        # Nobody else takes the friend's seat: not another player, not a guest.
        refused(cat.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": ""}), 409, "kept")
        refused(site.http.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Eve"}),
                409, "kept")
        listed = bob.get("/api/me/challenges").json()
        assert [c["id"] for c in listed["received"]] == [made["id"]] and listed["sent"] == []
        assert [c["name"] for c in ann.get("/api/me/challenges").json()["sent"]] == ["Bob"]
        refused(cat.post(f"/api/me/challenges/{made['id']}/accept"), 404)
        refused(ann.post(f"/api/me/challenges/{made['id']}/accept"), 403, "only")
        r = bob.post(f"/api/me/challenges/{made['id']}/accept")
        assert r.status_code == 200, r.text
        assert r.json()["seat"] == 1 and r.json()["token"]
        table = site.table(table_id)
        assert table["seats"][1]["name"] == "Bob" and table["status"] == "playing"
        assert bob.get("/api/me/challenges").json()["received"] == []
        refused(bob.post(f"/api/me/challenges/{made['id']}/decline"), 404)


def test_a_declined_challenge_frees_the_seat_and_a_block_ends_one(site: LiveServer) -> None:
    with players(site, "Ann", "Bob", "Cat") as (ann, bob, cat):
        befriend(ann, bob, "Ann", "Bob")
        first = challenge(ann, "Bob").json()
        assert bob.post(f"/api/me/challenges/{first['id']}/decline").json() == {
            "declined": first["id"]}
        assert cat.post(f"/api/tables/{first['table']}/join",
                        {"seat": 1, "name": ""}).status_code == 200
        second = challenge(ann, "Bob").json()
        assert [r.table_id for r in all_rows(site, ReservationRow)] == [second["table"]]
        assert bob.post("/api/me/blocks", {"name": "Ann"}).status_code == 200
        assert bob.get("/api/me/challenges").json()["received"] == []
        assert all_rows(site, ReservationRow) == []
        refused(bob.post(f"/api/me/challenges/{second['id']}/accept"), 404)
        refused(challenge(ann, "Bob"), 403)


def test_only_the_challenges_of_open_tables_count(site: LiveServer, monkeypatch: Any) -> None:
    """A challenge whose table ended unanswered no longer counts, nor shows."""
    from furuba.server.friends import challenges as challenges_module

    monkeypatch.setattr(challenges_module, "MAX_OPEN", 1)
    with players(site, "Ann", "Bob") as (ann, bob):
        befriend(ann, bob, "Ann", "Bob")
        first = challenge(ann, "Bob").json()
        refused(challenge(ann, "Bob"), 409, "withdraw one")

        def end(s: Session) -> None:
            s.execute(update(TableRow).where(TableRow.id == first["table"])
                      .values(status="abandoned"))
        site.hub.db.call(end)
        assert bob.get("/api/me/challenges").json()["received"] == []
        second = challenge(ann, "Bob")
        assert second.status_code == 201, second.text
        assert [c["id"] for c in bob.get("/api/me/challenges").json()["received"]] == [
            second.json()["id"]]
        assert {r.table_id for r in all_rows(site, FriendChallengeRow)} == {second.json()["table"]}


def test_challenges_are_throttled_per_account(site: LiveServer) -> None:
    with players(site, "Ann", "Bob") as (ann, bob):
        befriend(ann, bob, "Ann", "Bob")
        codes = [challenge(ann, "Bob").status_code for _ in range(7)]
        assert codes[:5] == [201] * 5 and codes[-1] == 429


# -- friends' games ---------------------------------------------------------------------------------
def test_the_latest_games_of_the_players_one_follows(site: LiveServer) -> None:
    with players(site, "Ann", "Bob", "Cat") as (ann, _bob, cat):
        assert ann.post("/api/me/follows", {"name": "Bob"}).status_code == 200
        bob_id, cat_id = account_id(site, "Bob"), account_id(site, "Cat")

        def finished(s: Session) -> None:
            for n, (who, at) in enumerate([(bob_id, 10.0), (cat_id, 20.0), (bob_id, 30.0)]):
                s.add(TableRow(id=f"done{n}", game="zodiac", options={}, seed=1, settings={},
                               status="finished", seq=0, created_at=at, updated_at=at))
                s.flush()
                s.add(SeatRow(table_id=f"done{n}", seat=0, kind="human", name="x",
                              account_id=who))
                s.add(SeatRow(table_id=f"done{n}", seat=1, kind="bot", bot="easy", name="y"))
                s.add(GameRow(table_id=f"done{n}", game="zodiac", finished_at=at,
                              result={"returns": [1.0, 0.0]}, record={}))
        site.hub.db.call(finished)
        found = ann.get("/api/me/friends/games").json()["games"]
        assert [(g["name"], g["table_id"], g["rank"]) for g in found] == [
            ("Bob", "done2", 1), ("Bob", "done0", 1)]
        assert cat.get("/api/me/friends/games").json()["games"] == []
        refused(site.http.get("/api/me/friends/games"), 401)
