"""Ending a session across server processes (PostgreSQL and Redis shared): the sockets and event
streams one process holds close at once when the session ends on another, and a deleted
account's seats are renamed at the tables every process drives."""

from __future__ import annotations

import time
from contextlib import ExitStack
from typing import Any

import pytest
import redis

from .account_client import PASSWORD, Browser
from .harness import is_event, wait_for
from .services import Cluster, ServerProcess
from .session_sockets import CLOSE_SIGNED_OUT, Stream, closed_within, still_open, table_socket

pytestmark = pytest.mark.cluster


def browser(server: ServerProcess) -> Browser:
    """A browser of ``server`` (``Browser`` needs only its ``base``)."""
    site: Any = server
    return Browser(site)


def owner_of(cluster: Cluster, table_id: str) -> ServerProcess:
    node = redis.Redis.from_url(cluster.redis.url, decode_responses=True).get(f"furuba:lease:{table_id}")
    assert isinstance(node, str)
    return next(s for s in cluster.servers if node.startswith(f"{s.name}."))


def seated_table(server: ServerProcess, ann: Browser) -> str:
    """A table made on ``server`` (which drives it) where Ann, signed in, holds seat 0."""
    with browser(server) as maker:
        made = maker.post("/api/tables", {"game": "daihinmin",
                                          "seats": ["human", "human", "greedy", "greedy"]})
        assert made.status_code == 201, made.text
    table_id: str = made.json()["id"]
    joined = ann.post(f"/api/tables/{table_id}/join", {"seat": 0, "name": ""})
    assert joined.status_code == 200, joined.text
    return table_id


def test_signing_out_everywhere_on_one_process_closes_the_sockets_another_holds(
        cluster: Cluster) -> None:
    s1, s2 = cluster.servers
    with ExitStack() as stack:
        ann = stack.enter_context(browser(s1))
        ann.sign_up("Ann")
        ben = stack.enter_context(browser(s2))
        ben.sign_up("Ben")
        table_id = seated_table(s1, ann)
        assert owner_of(cluster, table_id) is s1
        spectator = stack.enter_context(table_socket(s1.ws_base, table_id))
        relayed = stack.enter_context(table_socket(s2.ws_base, table_id, ann))   # held by s2
        direct = stack.enter_context(table_socket(s1.ws_base, table_id, ann))
        turns = stack.enter_context(Stream(s2.base, "/api/me/events", ann))
        bens = stack.enter_context(table_socket(s2.ws_base, table_id, ben))
        assert 0 in relayed.views
        direct.drain(0.2)
        spectator.drain(0.2)
        r = ann.delete("/api/me/sessions")
        assert r.status_code == 200 and r.json() == {"ended": 1}, r.text
        started = time.monotonic()
        assert closed_within(relayed) == (CLOSE_SIGNED_OUT,
                                          "signed out: the account signed out everywhere")
        assert closed_within(direct)[0] == CLOSE_SIGNED_OUT
        turns.ends_within(1.0 - (time.monotonic() - started))
        # No socket of Ann's is left on either process: her seat is a disconnected player's.
        left = spectator.until(is_event("table"), timeout=5)
        assert left["event"] == {"kind": "table", "reason": "disconnect", "seat": 0}
        still_open(bens)
        still_open(spectator)
    wait_for(lambda: "security event=connections_closed why=sign_out_everywhere" in s2.logs(), 5)
    assert "security event=sign_out_everywhere account=" in s1.logs()


def test_a_deleted_account_is_renamed_at_once_at_a_table_another_process_drives(
        cluster: Cluster) -> None:
    s1, s2 = cluster.servers
    with ExitStack() as stack:
        ann = stack.enter_context(browser(s1))
        ann.sign_up("Ann")
        table_id = seated_table(s2, ann)
        assert owner_of(cluster, table_id) is s2
        spectator = stack.enter_context(table_socket(s2.ws_base, table_id))
        mine = stack.enter_context(table_socket(s2.ws_base, table_id, ann))
        assert spectator.table is not None and spectator.table["seats"][0]["name"] == "Ann"
        spectator.drain(0.2)
        assert ann.delete("/api/me", {"password": PASSWORD}).status_code == 204
        assert closed_within(mine) == (CLOSE_SIGNED_OUT, "signed out: the account was deleted")
        renamed = spectator.until(lambda msg: is_event("table")(msg) and msg.get("table")
                                  and msg["table"]["seats"][0]["name"] == "deleted player",
                                  timeout=5)
        assert renamed["table"]["seats"][0]["account"] is False
