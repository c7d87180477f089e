"""Friends across processes (real PostgreSQL and Redis): a friend online on one server process is
seen online, and where, from another; once their socket and page close, offline. A challenge made
through one process reaches the friend's page on the other, whose seat it keeps."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, update
from sqlalchemy.orm import Session

from furuba.server.friends.models import PresenceRow
from furuba.server.friends.online import STALE_SECONDS

from .services import Cluster
from .session_sockets import cookie_socket as socket
from .session_sockets import signed_up

pytestmark = pytest.mark.cluster


@contextmanager
def page(base: str, http: httpx.Client) -> Iterator[list[dict[str, Any]]]:
    """A page open at ``base`` (its signed-in event stream), its events in the list yielded."""
    seen: list[dict[str, Any]] = []
    opened = threading.Event()
    stream = httpx.Client(base_url=base, timeout=30, cookies=http.cookies)

    def listen() -> None:
        with suppress(httpx.HTTPError), stream.stream("GET", "/api/me/events") as r:
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
        stream.close()
        thread.join(20)


def online(http: httpx.Client) -> dict[str, list[dict[str, Any]]]:
    r = http.get("/api/me/friends/online")
    assert r.status_code == 200, r.text
    return {f["name"]: f["tables"] for f in r.json()["friends"]}


def eventually(check: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "it never came to pass"
        time.sleep(0.1)


def test_a_friend_online_on_one_process_is_seen_from_the_other(cluster: Cluster) -> None:
    s1, s2 = cluster.servers
    ann, bob = signed_up(s1.base, "Ann"), signed_up(s2.base, "Bob")
    assert ann.post("/api/me/follows", json={"name": "Bob"}).status_code == 200
    assert bob.post("/api/me/follows", json={"name": "Ann"}).status_code == 200
    table_id = ann.post("/api/tables", json={"game": "zodiac", "seats": ["human", "human"],
                                             "seed": 3}).json()["id"]
    assert bob.post(f"/api/tables/{table_id}/join", json={"seat": 1}).status_code == 200
    ann_on_s2 = httpx.Client(base_url=s2.base, timeout=10, cookies=ann.cookies)
    assert online(ann) == {} and online(ann_on_s2) == {}
    with page(s2.base, bob):                                  # Bob's page, on s2
        eventually(lambda: online(ann).get("Bob") == [])      # seen from s1
        with socket(s2.base, table_id, bob):                  # relayed to s1, which drives it
            for asker in (ann, ann_on_s2):                    # seen from both
                eventually(lambda a=asker: [t["seat"] for t in online(a).get("Bob", [])] == [1])
                assert online(asker)["Bob"][0]["url"] == f"/t/{table_id}"
        eventually(lambda: online(ann_on_s2).get("Bob") == [])   # the socket closed
    eventually(lambda: online(ann) == {})                     # the page closed: offline
    assert online(ann_on_s2) == {}
    for http in (ann, ann_on_s2, bob):
        http.close()


def test_a_challenge_through_one_process_reaches_the_friend_on_the_other(
        cluster: Cluster) -> None:
    s1, s2 = cluster.servers
    ann, bob, cat = (signed_up(s1.base, "Ann"), signed_up(s2.base, "Bob"),
                     signed_up(s2.base, "Cat"))
    assert ann.post("/api/me/follows", json={"name": "Bob"}).status_code == 200
    assert bob.post("/api/me/follows", json={"name": "Ann"}).status_code == 200
    with page(s2.base, bob) as told:
        made = ann.post("/api/me/challenges", json={"name": "Bob", "game": "daihinmin"})
        assert made.status_code == 201, made.text
        challenge = made.json()
        eventually(lambda: any(e["type"] == "challenges" and e["challenges"] for e in told))
    taken = cat.post(f"/api/tables/{challenge['table']}/join", json={"seat": 1})
    assert taken.status_code == 409 and "kept" in taken.json()["detail"]
    accepted = bob.post(f"/api/me/challenges/{challenge['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    seats = httpx.get(f"{s1.base}/api/tables/{challenge['table']}").json()["seats"]
    assert [s["name"] for s in seats[:2]] == ["Ann", "Bob"]
    for http in (ann, bob, cat):
        http.close()


def test_the_friends_of_a_killed_process_go_offline_once_their_rows_grow_old(
        cluster: Cluster) -> None:
    """A process killed without a word deletes nothing: its rows stop being refreshed, and past
    STALE_SECONDS its players count as offline everywhere. (The rows are made older in the
    database rather than waited for: the time passing is all that is skipped.)"""
    s1, s2 = cluster.servers
    ann, bob = signed_up(s1.base, "Ann"), signed_up(s2.base, "Bob")
    assert ann.post("/api/me/follows", json={"name": "Bob"}).status_code == 200
    assert bob.post("/api/me/follows", json={"name": "Ann"}).status_code == 200
    with page(s2.base, bob):
        eventually(lambda: "Bob" in online(ann))
        s2.kill()
        time.sleep(2.0)
        assert "Bob" in online(ann)   # not before the rows grew old
        engine = create_engine(s1.database_url)
        try:
            with Session(engine) as s, s.begin():
                s.execute(update(PresenceRow).values(seen_at=PresenceRow.seen_at - STALE_SECONDS))
        finally:
            engine.dispose()
        eventually(lambda: online(ann) == {}, timeout=10)
    for http in (ann, bob):
        http.close()
