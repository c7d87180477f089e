"""Restart recovery: drop the app, build a new one on the same database, and carry on.

Also the hard way: ``furuba serve`` killed with SIGKILL in the middle of a bot game, started
again on the same SQLite file; every action any client had heard of is in the record, and the
game continues from exactly there to its end.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from furuba.server.tables import new_state

from .harness import LiveServer, is_event, my_turn, play_to_end


def test_a_new_app_on_the_same_database_resumes_every_table(db_url: str) -> None:
    with LiveServer(db_url) as first:
        table_id = first.create(game="zodiac", seats=["human", "greedy", "greedy"],
                                options={"variant": "true-friends"})["id"]
        token = first.join(table_id, 0, "Ann")
        waiting_id = first.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"])["id"]
        first.join(waiting_id, 0, "Cy")
        with first.client(table_id, [token]) as c:
            c.until_type("snapshot")
            answered = False
            for _ in range(400):                     # play until an answer is in the journal
                seat = my_turn(c)
                if seat is not None:
                    names = [a["name"] for a in c.legal[0]]
                    pick = next((n for n in names if n.startswith("play ")), names[0])
                    c.send({"type": "act", "seq_seen": c.seq, "action": pick})
                    c.legal[0] = []
                msg = c.recv()
                journal = c.views[0]["journal"] if 0 in c.views else []
                if not answered and any(j["player"] == 0 and not j["answer"] for j in journal):
                    c.send({"type": "answer", "text": "the day we met"})
                    c.until(is_event("answer"))
                    answered = True
                if answered and msg.get("type") == "event" and msg["event"]["kind"] == "action" \
                        and msg["event"]["by"] == "bot":
                    break
            assert answered
            c.send({"type": "chat", "text": "brb"})
            c.until(is_event("chat"))
            c.drain(0.3)
            before_view = first.hub.rooms[table_id].state.view(0)
            before_json = first.hub.rooms[table_id].state.to_json()
            seq, epoch = c.seq, c.epoch
            actions = list(first.hub.rooms[table_id].record.actions)
    with LiveServer(db_url) as second:
        room = second.hub.rooms[table_id]          # rebuilt at start-up, not on demand
        assert room.record.actions == actions
        assert room.state.to_json() == before_json
        assert room.state.view(0) == before_view
        assert any(j[2] == "the day we met" for j in room.state.journal)
        assert room.seq == seq and room.epoch != epoch
        assert second.table(waiting_id)["seats"][0]["name"] == "Cy"
        with second.client(table_id, [token], last_seq=seq, epoch=epoch) as c:
            assert c.until_type("welcome")["resync"] == "snapshot"
            snap = c.until_type("snapshot")
            assert [line["text"] for line in snap["chat"]] == ["brb"]
            assert c.views[0] == before_view
            play_to_end(c)
        final = second.http.get(f"/api/tables/{table_id}/replay").json()["record"]["actions"]
        assert final[:len(actions)] == actions and len(final) > len(actions)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db_url: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    code = "from furuba.cli.main import main; main()"
    out = log.open("ab")
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", str(port),
                             "--database-url", db_url, "--bot-delay", "0.01", "--log-level", "warning"],
                            stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"furuba serve did not start: {log.read_text()}")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_killed_server_loses_nothing(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'kill.sqlite3'}"
    log = tmp_path / "serve.log"
    port = free_port()
    proc = start_server(db_url, port, log)
    heard: list[int] = []
    try:
        r = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={
            "game": "daihinmin", "seats": ["greedy"] * 4, "options": {"max_rounds": 2}, "seed": 5})
        table_id = r.json()["id"]
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}", compression=None) as ws:
            ws.send(json.dumps({"type": "hello"}))
            while len(heard) < 30:
                msg = json.loads(ws.recv(timeout=10))
                if msg["type"] == "event" and msg["event"]["kind"] == "action":
                    heard.append(msg["seq"])
            os.kill(proc.pid, signal.SIGKILL)       # mid-game, no shutdown of any kind
            proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    proc = start_server(db_url, port, log)
    try:
        table = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table_id}").json()
        assert table["seq"] >= heard[-1]           # every action a client heard of was stored
        deadline = time.monotonic() + 60
        while table["status"] != "finished":       # the bots carry on by themselves
            assert time.monotonic() < deadline, "the game did not resume"
            time.sleep(0.2)
            table = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table_id}").json()
        replay = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table_id}/replay").json()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=15)
    record = replay["record"]
    state = new_state(record["game"], record["options"], record["seed"])
    for action in record["actions"]:
        state.apply(action)
    assert state.is_terminal() and len(record["actions"]) > len(heard)
