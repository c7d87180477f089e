"""Moderation across processes: a mute and a ban decided through one server process hold at
once at a table another process drives (real PostgreSQL and Redis)."""

from __future__ import annotations

import json

import httpx
import pytest
import redis
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed

from furuba.cli.main import app

from .services import Cluster
from .session_sockets import PASSWORD, signed_up
from .session_sockets import cookie_socket as socket

pytestmark = pytest.mark.cluster


def test_a_mute_and_a_ban_decided_on_one_process_hold_on_a_table_driven_by_another(
        cluster: Cluster) -> None:
    s1, s2 = cluster.servers
    ann, bob, mia = signed_up(s1.base, "Ann"), signed_up(s2.base, "Bob"), signed_up(s2.base, "Mia")
    named = CliRunner().invoke(app, ["admin", "role", "Mia", "moderator", "--database-url",
                                     s1.database_url])
    assert named.exit_code == 0, named.output
    table_id = ann.post("/api/tables", json={"game": "zodiac", "seats": ["human", "human"],
                                             "seed": 3}).json()["id"]
    assert redis.Redis.from_url(cluster.redis.url, decode_responses=True).get(
        f"furuba:lease:{table_id}").startswith("s1.")   # driven by s1
    assert ann.post(f"/api/tables/{table_id}/join", json={"seat": 0}).status_code == 200
    assert bob.post(f"/api/tables/{table_id}/join", json={"seat": 1}).status_code == 200
    with socket(s1.base, table_id, ann) as a, socket(s2.base, table_id, bob) as b:
        muted = mia.post("/api/moderation/actions", json={"action": "mute", "player": "Bob",
                                                     "minutes": 5, "reason": "insults"})
        assert muted.status_code == 200, muted.text
        b.send({"type": "chat", "text": "can you hear me"})
        assert b.until_type("error")["code"] == "muted"
        banned = mia.post("/api/moderation/actions", json={"action": "ban", "player": "Bob",
                                                      "reason": "threats"})
        assert banned.status_code == 200, banned.text
        zombie = a.until(lambda msg: msg.get("type") == "event"
                         and msg["event"].get("reason") == "zombie")
        assert zombie["event"]["seat"] == 1
        with pytest.raises(ConnectionClosed):
            b.until(lambda msg: False, timeout=10)
        assert "can you hear me" not in "".join(a.frames)
    refused = httpx.post(f"{s1.base}/api/session", json={"name": "Bob", "password": PASSWORD})
    assert refused.status_code == 403 and "banned" in json.loads(refused.text)["detail"]
    assert bob.get("/api/me").json()["signed_in"] is False
    for http in (ann, bob, mia):
        http.close()
