"""``python -m benchmarks.tournament_cluster``: a Swiss tournament of 64 players over two server
processes behind nginx, on PostgreSQL and Redis, with one process killed (SIGKILL) in the middle
of a round (``--kind duplicate``: a duplicate tournament, whose every table of a round must then
also have dealt the same seed).

The accounts and their sessions are written straight into the database (64 sign-ups from one
address would meet the sign-up throttle, which is not what is measured). Every account plays its
seat of each round over its own WebSocket, through nginx, choosing at random after a short pause;
when the killed process's sockets drop, the players reconnect to the survivor. After the last
round the benchmark checks, in the database, that every entrant has exactly one result in every
round and that each round shared out exactly the points its tables hold, and prints and writes
``benchmarks/results/tournament_cluster.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from benchmarks.harness import machine_info
from furuba.server.accounts.names import name_key
from furuba.server.accounts.sessions import csrf_token, new_secret, secret_hash
from furuba.server.accounts.store import AccountStore
from furuba.server.models import TableRow
from furuba.server.tournaments.models import ResultRow, RoundTableRow

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.server.services import running_cluster  # noqa: E402 - the project root is on the path now
from tests.server.session_sockets import play_seat  # noqa: E402

OUT = Path(__file__).resolve().parent / "results" / "tournament_cluster.json"
"""Where a Swiss's figures go (a duplicate's: ``tournament_cluster_duplicate.json``)."""


def accounts(database_url: str, count: int) -> list[tuple[str, str]]:
    """``count`` accounts with a session each: (name, session secret)."""
    engine = create_engine(database_url)
    out = []
    try:
        with Session(engine) as s, s.begin():
            for i in range(count):
                name = f"Swiss{i:03d}"
                made = AccountStore.create(s, name, name_key(name), "not a password")
                assert made is not None
                secret = new_secret()
                AccountStore.start_session(s, made.id, secret_hash(secret), 86_400.0)
                out.append((name, secret))
    finally:
        engine.dispose()
    return out


def made_and_entered(http: httpx.Client, base: str, players: list[tuple[str, str]],
                     body: dict[str, Any]) -> str:
    """A tournament of ``body`` made by the first of ``players`` (signed in on ``http``) and
    entered by the others: its id."""
    made = http.post("/api/tournaments", json={"starts_in": 5, **body},
                     headers={"X-CSRF-Token": csrf_token(players[0][1])})
    assert made.status_code == 201, made.text
    tid: str = made.json()["id"]
    for _name, secret in players[1:]:
        with httpx.Client(base_url=base, timeout=30) as one:
            one.cookies.set("furuba_session", secret)
            joined = one.post(f"/api/tournaments/{tid}/join",
                              headers={"X-CSRF-Token": csrf_token(secret)})
            assert joined.status_code == 200, joined.text
    return tid


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--table", type=int, default=4, help="players a table")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--kill-in-round", type=int, default=2)
    parser.add_argument("--kind", choices=("swiss", "duplicate"), default="swiss")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.json is None:
        args.json = OUT if args.kind == "swiss" else OUT.with_name("tournament_cluster_duplicate.json")
    with running_cluster(2, bot_delay=0.0) as cluster:
        s1, s2 = cluster.servers
        players = accounts(s1.database_url, args.players)
        cookies = {n: f"furuba_session={secret}" for n, secret in players}
        http = httpx.Client(base_url=cluster.base, timeout=30)
        secret = players[0][1]
        http.cookies.set("furuba_session", secret)
        csrf = {"X-CSRF-Token": csrf_token(secret)}
        tid = made_and_entered(http, cluster.base, players, {
            "name": f"Benchmark {args.kind}", "game": "zodiac", "kind": args.kind,
            "players": args.table, "rounds": args.rounds, "options": {"target": 3}})
        started = time.perf_counter()
        http.post(f"/api/tournaments/{tid}/start", headers=csrf)
        rounds: list[dict[str, Any]] = []
        killed_at = None
        bases = [cluster.ws_base]
        for r in range(1, args.rounds + 1):
            while True:
                info = http.get(f"/api/tournaments/{tid}").json()
                if info["round"] == r and all(t["table_id"] for t in info["tables_by_round"][-1]["tables"]):
                    break
                time.sleep(0.2)
            seated = time.perf_counter()
            seats = {p["name"]: t["table_id"] for t in info["tables_by_round"][-1]["tables"]
                     for p in t["players"]}
            stop = time.monotonic() + 300
            threads = [threading.Thread(target=play_seat, daemon=True,
                                        args=(list(bases), seats[n], cookies[n], i, stop))
                       for i, n in enumerate(seats)]
            for th in threads:
                th.start()
            if r == args.kill_in_round:
                time.sleep(1.0)
                s1.kill()
                killed_at = time.perf_counter()
            for th in threads:
                th.join(320)
            rounds.append({"round": r, "tables": len(info["tables_by_round"][-1]["tables"]),
                           "byes": len(info["tables_by_round"][-1]["byes"]),
                           "played_s": round(time.perf_counter() - seated, 1)})
        while (info := http.get(f"/api/tournaments/{tid}").json())["status"] != "finished":
            time.sleep(0.2)
        wall = time.perf_counter() - started
        http.close()
        engine = create_engine(s2.database_url)
        try:
            with Session(engine) as s:
                rows = s.execute(select(ResultRow.round, ResultRow.account_id, ResultRow.points,
                                        ResultRow.bye, ResultRow.seat)
                                 .where(ResultRow.tournament_id == tid)).all()
                dealt = s.execute(select(RoundTableRow.round, TableRow.seed)
                                  .join(TableRow, TableRow.id == RoundTableRow.table_id)
                                  .where(RoundTableRow.tournament_id == tid)).all()
        finally:
            engine.dispose()
    per = Counter((row.round, row.account_id) for row in rows)
    twice = sum(1 for n in per.values() if n > 1)
    missing = args.players * args.rounds - len(per)
    table_points = args.table * (args.table - 1) / 2
    wrong_rounds = [r["round"] for r in rounds
                    if abs(sum(row.points for row in rows if row.round == r["round"]
                               and not row.bye) - r["tables"] * table_points) > 1e-9]
    seeds = {r: {seed for rnd, seed in dealt if rnd == r} for r in range(1, args.rounds + 1)}
    mixed = [r for r, found in seeds.items() if len(found) != 1] if args.kind == "duplicate" \
        else []
    held: dict[int, list[int]] = {}
    for row in rows:
        held.setdefault(row.account_id, []).append(row.seat)
    repeated = sum(1 for seats in held.values() if len(set(seats)) < min(len(seats), args.table)) \
        if args.kind == "duplicate" else 0   # every seat once over a table's worth of rounds
    out = {"machine": machine_info("none"), "kind": args.kind, "players": args.players,
           "table": args.table,
           "rounds": args.rounds, "killed_in_round": args.kill_in_round,
           "game": "zodiac, 3 friends to win, random moves after 0.05 s",
           "wall_s": round(wall, 1), "rounds_detail": rounds,
           "results": len(rows), "results_missing": missing, "results_counted_twice": twice,
           "rounds_with_wrong_points": wrong_rounds,
           "duplicate_rounds_with_more_than_one_deal": mixed,
           "duplicate_players_holding_a_seat_twice_before_all": repeated,
           "standings_top": [(s["name"], s["points"]) for s in info["standings"][:3]],
           "killed_after_s": None if killed_at is None else round(killed_at - started, 1)}
    print(json.dumps(out, indent=1))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 1 if missing or twice or wrong_rounds or mixed or repeated else 0


if __name__ == "__main__":
    raise SystemExit(main())
