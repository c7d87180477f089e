"""``python -m benchmarks.accounts``: what accounts, the lobby and turn notices cost.

Starts the web app in this process on a temporary SQLite file, then measures:

- signing up and signing in (argon2id hashing and checking, a session written), over HTTP;
- the lobby's query with ``--tables`` public tables, and the turns query of ``--accounts``
  signed-in players at playing tables (what each process's feed runs every second while pages
  listen);
- a turn notice: from the action that makes it a player's turn to the event on that player's
  stream (``GET /api/me/events``).

Writes ``benchmarks/results/accounts.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from benchmarks.harness import machine_info
from furuba.server.lobby import queries
from furuba.server.storage import SeatData, Storage, TableData

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.server.account_client import ROOMY  # noqa: E402 - the project root is on the path now
from tests.server.harness import FAST, Client, LiveServer, my_turn  # noqa: E402

OUT = Path(__file__).resolve().parent / "results" / "accounts.json"
PASSWORD = "correct horse battery"


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"n": len(ordered), "p50_ms": round(statistics.median(ordered) * 1000, 2),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 2)}


def timed(fn: Callable[[], Any], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def fill(live: LiveServer, tables: int, accounts: int) -> list[int]:
    """``tables`` public tables waiting, and ``accounts`` accounts each at a playing table where
    it must decide; the accounts' ids."""
    db = live.hub.db
    for i in range(tables):
        db.call(Storage.create_table, TableData(
            id=f"lobby{i:05d}", game="daihinmin", options={"players": 4}, seed=i,
            settings={"public": True}, status="waiting", seq=0,
            seats=[SeatData(0, "human", name="Ann", token_hash=f"h{i}")]
            + [SeatData(k, "human") for k in range(1, 4)]))
    ids = []
    with httpx.Client(base_url=live.base, timeout=30) as http:
        for i in range(accounts):
            r = http.post("/api/accounts", json={"name": f"Player{i:04d}", "password": PASSWORD})
            http.cookies.clear()
            ids.append(i + 1)
            assert r.status_code == 201, r.text
    for i, account in enumerate(ids):
        db.call(Storage.create_table, TableData(
            id=f"turns{i:05d}", game="daihinmin", options={"players": 4}, seed=i,
            settings={}, status="playing", seq=0,
            seats=[SeatData(0, "human", name=f"Player{i:04d}", token_hash=f"t{i}",
                            account_id=account)]
            + [SeatData(k, "bot", bot="greedy") for k in range(1, 4)]))
        db.call(Storage.set_current, f"turns{i:05d}", 0)
    return ids


def play(live: LiveServer, table_id: str, token: str, seat: int, acted: list[float],
         done: threading.Event) -> None:
    """A guest at ``seat`` acts when it must (noting when in ``acted``) until the other seat
    must decide."""
    with connect(f"{live.ws_base}/ws/tables/{table_id}", compression=None) as ws:
        client = Client(ws)
        client.send({"type": "hello", "tokens": [token]})
        while not done.is_set():
            try:
                client.recv(timeout=0.2)
            except TimeoutError:
                continue
            if my_turn(client) == seat:
                acted.append(time.perf_counter())
                client.send({"type": "act", "seat": seat, "seq_seen": client.seq,
                             "action": client.legal[seat][0]["id"]})
            elif client.current == 1 - seat:
                return


def notice_latency(live: LiveServer, rounds: int) -> list[float]:
    """Seconds from a guest's action to the event saying it is the account's turn."""
    samples: list[float] = []
    with httpx.Client(base_url=live.base, timeout=30) as me:
        me.post("/api/accounts", json={"name": "Listener", "password": PASSWORD})
        csrf = {"X-CSRF-Token": me.cookies["furuba_csrf"]}
        for r in range(rounds):
            table = me.post("/api/tables", headers=csrf, json={
                "game": "zodiac", "seats": ["human", "human"], "seed": r}).json()["id"]
            state = live.hub.rooms[table].state
            first = state.current_player
            me.post(f"/api/tables/{table}/join", headers=csrf, json={"seat": 1 - first})
            guest = live.http.post(f"/api/tables/{table}/join",
                                   json={"seat": first, "name": "Guest"}).json()["token"]
            acted: list[float] = []
            done = threading.Event()
            with me.stream("GET", "/api/me/events") as stream:
                lines = stream.iter_lines()
                player = threading.Thread(target=play, args=(live, table, guest, first, acted, done))
                for line in lines:
                    if line.startswith("data: "):
                        break                      # the first list: nothing new
                player.start()
                for line in lines:
                    if line.startswith("data: ") and table in json.loads(line[6:])["new"]:
                        samples.append(time.perf_counter() - acted[-1])
                        break
                done.set()
                player.join()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=130)
    parser.add_argument("--accounts", type=int, default=200)
    parser.add_argument("--notices", type=int, default=20)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="furuba-bench-"))
    results: dict[str, Any] = {"machine": machine_info("none: the server's threads and the "
                                                       "client share the machine"),
                               "tables": args.tables, "accounts": args.accounts}
    with LiveServer(f"sqlite:///{folder / 'bench.sqlite3'}", **{**FAST, **ROOMY}) as live:
        http = live.http
        n = iter(range(10**6))
        results["sign_up"] = percentiles(timed(lambda: (http.post("/api/accounts", json={
            "name": f"Signup{next(n):05d}", "password": PASSWORD}), http.cookies.clear()), 20))
        results["sign_in"] = percentiles(timed(lambda: (http.post("/api/session", json={
            "name": "Signup00000", "password": PASSWORD}), http.cookies.clear()), 40))
        ids = fill(live, args.tables, args.accounts)
        db = live.hub.db
        db.call(queries.lobby), db.call(queries.turns, ids)    # warm: the first call compiles
        results["lobby_query"] = percentiles(timed(lambda: db.call(queries.lobby), 50))
        results["turns_query"] = percentiles(timed(lambda: db.call(queries.turns, ids), 50))
        results["turn_notice"] = percentiles(notice_latency(live, args.notices))
    OUT.write_text(json.dumps(results, indent=2) + "\n")
    for key in ("sign_up", "sign_in", "lobby_query", "turns_query", "turn_notice"):
        print(f"{key:12} {results[key]}")
    print(f"written to {OUT}")


if __name__ == "__main__":
    main()
