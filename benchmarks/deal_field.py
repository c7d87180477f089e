"""``python -m benchmarks.deal_field``: a deal of the day played by a crowd, and its standings
checked.

Starts the web app in this process on a temporary SQLite file, makes today's deal of Friends of
the Zodiac short (three players, two friends to win, greedy bots: the crowd's games, not the
bots' thinking, are measured), then ``--accounts`` scripted accounts sign up, start their try
(``POST /api/deals/{id}/play``) and play it to the end over their own WebSocket, ``--workers`` at
a time, each choosing its moves with a random generator of its own (so the results spread).

Then every account asks ``GET /api/deals/{id}`` and its share of the others beaten and its rank
are checked against a count made here from scratch: each table's record replayed to its end
and every pair of results compared. Prints and writes ``benchmarks/results/deal_field.json``:
the times, the standing's cost with the whole field (read from the database, not from the
process's short-lived copy), and the number of standings that disagreed (must be 0).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from benchmarks.accounts import timed
from benchmarks.harness import machine_info
from furuba.core.record import GameRecord
from furuba.server.deals import days
from furuba.server.deals.store import Deal, DealStore, NewDeal

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.server.account_client import ROOMY  # noqa: E402 - the project root is on the path now
from tests.server.harness import Client, LiveServer, play_to_end  # noqa: E402

OUT = Path(__file__).resolve().parent / "results" / "deal_field.json"
PASSWORD = "correct horse battery"


def short_deal(live: LiveServer) -> Deal:
    today = days.day_of(time.time())
    opens, closes = days.bounds(today)
    new = NewDeal(options={"target": 2}, players=3, seat=1, bot="greedy", seed=20261207)
    deal: Deal = live.hub.db.call(DealStore.of_day, today, "zodiac", opens, closes, new)
    return deal


def one_try(live: LiveServer, deal: Deal, i: int) -> dict[str, Any]:
    """Account ``i`` signs up, starts its try and plays it to the end: its table and times."""
    with httpx.Client(base_url=live.base, timeout=60) as http:
        start = time.perf_counter()
        made = http.post("/api/accounts", json={"name": f"Crowd{i:04d}", "password": PASSWORD})
        assert made.status_code == 201, made.text
        signed = time.perf_counter()
        csrf = {"X-CSRF-Token": http.cookies["furuba_csrf"]}
        began = http.post(f"/api/deals/{deal.id}/play", headers=csrf)
        assert began.status_code == 201, began.text
        table_id = began.json()["table_id"]
        cookie = {"Cookie": f"furuba_session={http.cookies['furuba_session']}"}
        rng = random.Random(i)
        with connect(f"{live.ws_base}/ws/tables/{table_id}", open_timeout=30,
                     compression=None, additional_headers=cookie) as ws:
            client = Client(ws)
            client.send({"type": "hello", "tokens": []})
            client.until_type("snapshot", timeout=30)
            play_to_end(client, rng.choice, timeout=300)
        played = time.perf_counter()
        standing = http.get(f"/api/deals/{deal.id}").json()["field"]["mine"]
        return {"i": i, "table_id": table_id, "signup_s": signed - start,
                "game_s": played - signed, "standing": standing, "cookies": dict(http.cookies)}


def final_result(live: LiveServer, table_id: str, seat: int,
                 cookies: dict[str, str]) -> tuple[float, float]:
    """The seat's (return, score), from the table's record replayed to its end (asked by a
    player who finished the deal: to anyone else it is secret while the deal is open)."""
    with httpx.Client(base_url=live.base, timeout=60, cookies=cookies) as http:
        summary = http.get(f"/api/tables/{table_id}/replay").json()
    state = GameRecord.from_json(summary["record"]).replay()
    assert state.is_terminal()
    return float(state.returns()[seat]), float(state.scores()[seat])


def brute_matchpoints(keys: list[tuple[float, float]], mine: int) -> float:
    beaten = sum((k < keys[mine]) + 0.5 * (k == keys[mine]) for j, k in enumerate(keys) if j != mine)
    return beaten / (len(keys) - 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--accounts", type=int, default=200)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--json", type=Path, default=OUT)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder, LiveServer(
            f"sqlite:///{folder}/deal.sqlite3", **ROOMY, open_tables_per_address=None) as live:
        deal = short_deal(live)
        start = time.perf_counter()
        with ThreadPoolExecutor(args.workers) as pool:
            tries = list(pool.map(lambda i: one_try(live, deal, i), range(args.accounts)))
        wall = time.perf_counter() - start
        keys = [final_result(live, t["table_id"], deal.seat, tries[0]["cookies"]) for t in tries]
        disagreements = []
        for n, t in enumerate(tries):
            with httpx.Client(base_url=live.base, timeout=60, cookies=t["cookies"]) as http:
                live.app.state.deals_memory = None   # the whole field, read from the database
                mine = http.get(f"/api/deals/{deal.id}").json()["field"]["mine"]
            want_share = round(brute_matchpoints(keys, n), 4)
            want_rank = 1 + sum(k > keys[n] for k in keys)
            if (mine["matchpoints"], mine["rank"], mine["of"]) != (want_share, want_rank,
                                                                   len(keys)):
                disagreements.append({"account": n, "got": mine, "want": [want_share, want_rank]})
        field_read = timed(lambda: live.hub.db.call(DealStore.field, deal), 20)

        def uncached() -> None:
            live.app.state.deals_memory = None
            live.http.get(f"/api/deals/{deal.id}")

        standing_get = timed(uncached, 20)
        out = {
            "machine": machine_info("none"),
            "accounts": args.accounts, "workers": args.workers,
            "game": "zodiac, 3 players, 2 friends to win, greedy bots",
            "wall_s": round(wall, 1),
            "signup_p50_s": round(statistics.median(t["signup_s"] for t in tries), 3),
            "game_p50_s": round(statistics.median(t["game_s"] for t in tries), 3),
            "distinct_results": len(set(keys)),
            "field_read_ms_p50": round(statistics.median(field_read) * 1000, 2),
            "deal_get_uncached_ms_p50": round(statistics.median(standing_get) * 1000, 2),
            "standings_checked": len(tries), "disagreements": len(disagreements),
            "first_disagreements": disagreements[:5],
        }
    print(json.dumps(out, indent=1))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 1 if disagreements else 0


if __name__ == "__main__":
    raise SystemExit(main())
