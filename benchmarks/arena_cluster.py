"""``python -m benchmarks.arena_cluster``: an arena of 32 players over two server processes behind
nginx, on PostgreSQL and Redis, with one process killed (SIGKILL) while tables are under way.

The accounts and their sessions are written straight into the database (as in
:mod:`benchmarks.tournament_cluster`). Each player keeps a page open: the signed-in event stream,
opened straight to one of the processes (nginx caps the streams of one address, and the players
here share one) and reopened at the other when its process dies. Whenever the arena's page names
a table of theirs, a player plays its seat over its own WebSocket, choosing at random after a
short pause. When the arena is over the benchmark checks, in the database, that every table made
was counted once (each seat's result one row, the table's points all shared out), that no player
ever sat at two tables at once, and how long players waited between a table's count and their
next table; it prints and writes ``benchmarks/results/arena_cluster.json``.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import statistics
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from tests.server.services import running_cluster
from tests.server.session_sockets import play_seat

from benchmarks.harness import machine_info
from benchmarks.tournament_cluster import accounts, made_and_entered
from furuba.server.accounts.sessions import csrf_token
from furuba.server.tournaments.models import EntryRow, ResultRow, RoundTableRow

OUT = Path(__file__).resolve().parent / "results" / "arena_cluster.json"


def page_open(bases: list[str], secret: str, address: str, stop: threading.Event) -> None:
    """Keep the account's event stream open (it is online) until ``stop``, at the first of
    ``bases`` and at the next when the process serving it goes away."""
    which = 0
    while not stop.is_set():
        with contextlib.suppress(httpx.HTTPError), httpx.Client(
                base_url=bases[which], timeout=httpx.Timeout(10, read=60),
                headers={"X-Forwarded-For": address}) as http:
            http.cookies.set("furuba_session", secret)
            with http.stream("GET", "/api/me/events") as events:
                for _ in events.iter_lines():
                    if stop.is_set():
                        return
        which = (which + 1) % len(bases)
        stop.wait(0.5)


def player(base: str, ws_base: str, tid: str, secret: str, seed: int, stop: float) -> None:
    """Play each table the arena gives the account until the arena is over."""
    last = None
    with httpx.Client(base_url=base, timeout=20, headers={"X-Forwarded-For": address_of(seed)}
                      ) as http:
        http.cookies.set("furuba_session", secret)
        while time.monotonic() < stop:
            try:
                info = http.get(f"/api/tournaments/{tid}").json()
            except (httpx.HTTPError, ValueError):
                time.sleep(0.5)   # the process behind nginx died: the next one answers
                continue
            if info.get("status") == "finished":
                return
            mine = info.get("my_table")
            if mine and mine["table_id"] != last:
                last = mine["table_id"]
                play_seat([ws_base], last, f"furuba_session={secret}", seed, stop)
            else:
                time.sleep(0.5)


def address_of(player: int) -> str:
    """Player ``player``'s own address (forwarded by nginx, as each player's would be: the caps
    on streams and sockets are per address)."""
    return f"198.51.100.{player + 1}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=32)
    parser.add_argument("--table", type=int, default=4, help="players a table")
    parser.add_argument("--minutes", type=int, default=3)
    parser.add_argument("--kill-after", type=float, default=60.0,
                        help="seconds after the start when one process is killed")
    parser.add_argument("--json", type=Path, default=OUT)
    args = parser.parse_args(argv)
    with running_cluster(2, bot_delay=0.0) as cluster:
        s1, s2 = cluster.servers
        players = accounts(s1.database_url, args.players)
        http = httpx.Client(base_url=cluster.base, timeout=30)
        first = players[0][1]
        http.cookies.set("furuba_session", first)
        tid = made_and_entered(http, cluster.base, players, {
            "name": "Benchmark Arena", "game": "zodiac", "kind": "arena",
            "players": args.table, "minutes": args.minutes, "options": {"target": 3}})
        done = threading.Event()
        bases = [s1.base, s2.base]
        pages = [threading.Thread(target=page_open, daemon=True,
                                  args=(bases[i % 2:] + bases[:i % 2], sec, address_of(i),
                                        done))
                 for i, (_n, sec) in enumerate(players)]
        for th in pages:
            th.start()
        time.sleep(2.0)   # every page seen online
        started = time.perf_counter()
        http.post(f"/api/tournaments/{tid}/start", headers={"X-CSRF-Token": csrf_token(first)})
        stop = time.monotonic() + 60 * args.minutes + 300
        threads = [threading.Thread(target=player, daemon=True, args=(
            cluster.base, cluster.ws_base, tid, sec, i, stop))
            for i, (_n, sec) in enumerate(players)]
        for th in threads:
            th.start()
        time.sleep(args.kill_after)
        s1.kill()
        killed_at = time.perf_counter() - started
        for th in threads:
            th.join(60 * args.minutes + 320)
        while (info := http.get(f"/api/tournaments/{tid}").json())["status"] != "finished":
            time.sleep(0.5)
        wall = time.perf_counter() - started
        done.set()
        http.close()
        engine = create_engine(s2.database_url)
        try:
            with Session(engine) as s:
                tables = s.execute(select(RoundTableRow).where(
                    RoundTableRow.tournament_id == tid)).scalars().all()
                rows = s.execute(select(ResultRow).where(ResultRow.tournament_id == tid)
                                 ).scalars().all()
                tables_ = [(t.round, t.number, list(t.accounts), t.table_id, t.counted,
                            t.made_at, t.counted_at) for t in tables]
                results = [(r.round, r.number, r.account_id, r.points) for r in rows]
                entrants = list(s.scalars(select(EntryRow.account_id).where(
                    EntryRow.tournament_id == tid)))
        finally:
            engine.dispose()
    return report(args, tables_, results, entrants, info, wall, killed_at)


def report(args: argparse.Namespace, tables: list[tuple[Any, ...]],
           results: list[tuple[int, int | None, int, float]], entrants: list[int],
           info: dict[str, Any], wall: float, killed_at: float) -> int:
    """Check the arena's tables and results; print and write the figures."""
    by_table: dict[tuple[int, int], list[tuple[int, float]]] = defaultdict(list)
    for rnd, number, account, points in results:
        by_table[(rnd, number or 0)].append((account, points))
    uncounted = [t for t in tables if not t[4]]
    wrong = []
    for rnd, number, seats, _tid, _counted, _made, _at in tables:
        humans = [a for a in seats if a > 0]
        got = by_table.get((rnd, number), [])
        size = len(seats)
        if sorted(a for a, _ in got) != sorted(humans):
            wrong.append((rnd, number, "seats"))
        elif len(humans) == size and abs(sum(p for _, p in got) - size * (size - 1) / 2) > 1e-9:
            wrong.append((rnd, number, "points"))
    spans: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for _rnd, _number, seats, _tid, _counted, made, at in tables:
        for a in seats:
            if a > 0 and made is not None and at is not None:
                spans[a].append((made, at))
    overlaps = 0
    waits: list[float] = []
    for listed in spans.values():
        listed.sort()
        for (_m1, c1), (m2, _c2) in itertools.pairwise(listed):
            if m2 < c1:
                overlaps += 1
            else:
                waits.append(m2 - c1)
    bots = sum(1 for t in tables if any(a <= 0 for a in t[2]))
    counted = Counter(account for _r, _n, account, _p in results)
    games = [counted.get(a, 0) for a in entrants]
    out = {"machine": machine_info("none"), "players": args.players, "table": args.table,
           "minutes": args.minutes, "killed_after_s": round(killed_at, 1),
           "game": "zodiac, 3 friends to win, random moves after 0.05 s",
           "wall_s": round(wall, 1), "waves": info["round"], "tables": len(tables),
           "tables_with_bots": bots, "results": len(results),
           "tables_not_counted": len(uncounted), "tables_wrong": wrong,
           "players_at_two_tables_at_once": overlaps,
           "games_per_player": {"min": min(games), "mean": round(statistics.mean(games), 2),
                                "max": max(games)},
           "reseat_wait_s": {"median": round(statistics.median(waits), 2) if waits else None,
                             "p95": round(sorted(waits)[int(0.95 * (len(waits) - 1))], 2)
                             if waits else None,
                             "max": round(max(waits), 2) if waits else None},
           "standings_top": [(s["name"], s["points"]) for s in info["standings"][:3]]}
    print(json.dumps(out, indent=1))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 1 if uncounted or wrong or overlaps else 0


if __name__ == "__main__":
    raise SystemExit(main())
