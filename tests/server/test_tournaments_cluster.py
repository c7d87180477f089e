"""A Swiss tournament over two server processes on PostgreSQL and Redis: one process is killed
(SIGKILL) in the middle of a round, the players reconnect to the other, and the tournament
finishes with every entrant's result of every round counted exactly once."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx
from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session

from furuba.server.tournaments.models import ResultRow

from .harness import wait_for
from .services import Cluster
from .session_sockets import play_seat

PASSWORD = "correct horse battery"
NAMES = ["Tohru", "Kyo", "Yuki", "Momiji"]
"""Four: the sign-ups one address may make at once."""


def tournament(http: httpx.Client, tid: str) -> dict[str, Any]:
    out: dict[str, Any] = http.get(f"/api/tournaments/{tid}").json()
    return out


def test_a_swiss_tournament_survives_a_process_killed_mid_round(cluster: Cluster) -> None:
    s1, s2 = cluster.servers
    clients = {n: httpx.Client(base_url=s1.base if i % 2 else s2.base, timeout=20)
               for i, n in enumerate(NAMES)}
    try:
        for n, c in clients.items():
            assert c.post("/api/accounts", json={"name": n, "password": PASSWORD}
                          ).status_code == 201
        csrf = {n: {"X-CSRF-Token": c.cookies["furuba_csrf"]} for n, c in clients.items()}
        made = clients["Tohru"].post("/api/tournaments", headers=csrf["Tohru"], json={
            "name": "Sohma Cup", "game": "zodiac", "players": 2, "rounds": 2,
            "options": {"target": 3}, "starts_in": 5})
        assert made.status_code == 201, made.text
        tid = made.json()["id"]
        for n in NAMES[1:]:
            assert clients[n].post(f"/api/tournaments/{tid}/join", headers=csrf[n]).is_success
        clients["Tohru"].post(f"/api/tournaments/{tid}/start", headers=csrf["Tohru"])
        bases = [s1.ws_base, s2.ws_base]
        killed = False
        for r in (1, 2):
            wait_for(lambda r=r: (lambda x: x["round"] == r and all(
                t["table_id"] for t in x["tables_by_round"][-1]["tables"]))(
                tournament(clients["Kyo"], tid)), timeout=60)
            info = tournament(clients["Kyo"], tid)
            seats = {p["name"]: t["table_id"] for t in info["tables_by_round"][-1]["tables"]
                     for p in t["players"]}
            stop = time.monotonic() + 120
            threads = [threading.Thread(target=play_seat, daemon=True, args=(
                list(bases), seats[n],
                "; ".join(f"{k}={v}" for k, v in clients[n].cookies.items()), i, stop))
                for i, n in enumerate(NAMES)]
            for th in threads:
                th.start()
            if not killed:
                time.sleep(1.0)   # the round's games are under way
                assert tournament(clients["Kyo"], tid)["status"] == "running"
                s1.kill()
                killed = True
                bases = [s2.ws_base]
                for c in clients.values():   # where a proxy would send them now
                    c.base_url = httpx.URL(s2.base)
            for th in threads:
                th.join(130)
        wait_for(lambda: tournament(clients["Kyo"], tid)["status"] == "finished", timeout=60)
        info = tournament(clients["Kyo"], tid)
    finally:
        for c in clients.values():
            c.close()
    assert [len(r["tables"]) for r in info["tables_by_round"]] == [2, 2]
    standings = info["standings"]
    assert all(s["rounds"] == 2 for s in standings), json.dumps(standings)
    # Two rounds of two tables of two: one point a table, four in all.
    assert sum(s["points"] for s in standings) == 4
    engine = create_engine(cluster.servers[1].database_url)
    try:
        with Session(engine) as s:
            rows = s.execute(select(ResultRow.round, func.count()).where(
                ResultRow.tournament_id == tid).group_by(ResultRow.round)).all()
    finally:
        engine.dispose()
    assert sorted(rows) == [(1, 4), (2, 4)], rows
