"""Load test of the web server: a swarm of scripted players over real WebSockets.

One ``furuba serve`` process (uvicorn, SQLite in WAL mode) is started on a free loopback port;
this process opens one WebSocket per seat (all seats human, so every action crosses the network)
and plays: when a seat must decide, it waits the think time (the fixed mean, ±50% so that tables
do not move in lockstep), then sends a random legal action. It measures, for every action, the
time from sending it to receiving the resulting event (at the actor, and at every seat of the
table), and counts events lost (gaps in ``seq``) and duplicated.

Short games see only short logs: with ``--warmup N`` every table first plays ``N`` actions without
think time (not measured), so the measured minute is played in the middle or late part of games,
where views and their logs are largest.

    python -m benchmarks.load_server                       # 200 seats, 60 s
    python -m benchmarks.load_server --warmup 150          # the same, 150 actions into each game
    python -m benchmarks.load_server --tables 60 --seconds 30 --think 0.5 --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

DEFAULT_JSON = Path(__file__).resolve().parent / "results" / "load_server.json"


@dataclass
class Stats:
    actor_ms: list[float] = field(default_factory=list)
    fanout_ms: list[float] = field(default_factory=list)
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    """(table, seat) → time the seat's pending action was sent."""
    actions: int = 0
    lost: int = 0
    duplicated: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    events: int = 0
    finished_tables: int = 0
    play_seconds: float = 0.0


@dataclass
class Phase:
    """The warm-up, then the measured phase, shared by all the seats."""

    warmup: int
    """Actions each table plays without think time before the measured phase."""
    seats: int
    seconds: float
    warmed: int = 0
    started: asyncio.Event = field(default_factory=asyncio.Event)
    start: float = 0.0
    stop: float = float("inf")
    on_start: Callable[[], None] | None = None

    def seat_warmed(self) -> None:
        """One more seat is past its table's warm-up (or its game ended); the last one starts
        the clock."""
        self.warmed += 1
        if self.warmed == self.seats:
            if self.on_start is not None:
                self.on_start()
            self.start = time.monotonic()
            self.stop = self.start + self.seconds
            self.started.set()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, folder: Path) -> subprocess.Popen[bytes]:
    code = "from furuba.cli.main import main; main()"
    log = (folder / "server.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", str(port), "--database-url",
                             f"sqlite:///{folder / 'load.sqlite3'}", "--log-level", "warning"],
                            stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


async def seat_player(ws_url: str, table_id: str, token: str, seat: int, think: float,
                      phase: Phase, stats: Stats, seed: int) -> None:
    rng = random.Random(seed)
    async with connect(f"{ws_url}/ws/tables/{table_id}", compression=None, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        seq: int | None = None
        status, current, legal = "", None, []
        due: float | None = None
        played = 0
        warm = phase.warmup == 0
        if warm:
            phase.seat_warmed()
        while time.monotonic() < phase.stop:
            measuring = phase.started.is_set()
            wake = due if due is not None else (phase.stop if measuring else time.monotonic() + 0.05)
            try:
                text = await asyncio.wait_for(ws.recv(), max(0.0, wake - time.monotonic()))
            except TimeoutError:
                text = None
            now = time.monotonic()
            if text is not None:
                msg = json.loads(text)
                kind = msg["type"]
                if kind == "snapshot":
                    seq = msg["seq"]
                    status, current = msg["table"]["status"], msg["table"]["current_player"]
                    legal = msg["views"][0]["legal"]
                elif kind == "event":
                    stats.events += 1 if measuring else 0
                    if seq is not None:
                        if msg["seq"] <= seq:
                            stats.duplicated += 1
                            continue
                        if msg["seq"] > seq + 1:
                            stats.lost += msg["seq"] - seq - 1
                    seq = msg["seq"]
                    event = msg["event"]
                    if event["kind"] == "action":
                        played += 1
                        sent = stats.sent.get((table_id, event["player"]))
                        if sent is not None:
                            ms = (now - sent) * 1000
                            stats.fanout_ms.append(ms)
                            if event["player"] == seat:
                                stats.actor_ms.append(ms)
                    if "views" in msg:
                        status, current = msg["status"], msg.get("current_player")
                        legal = msg["views"][0]["legal"]
                        if status == "finished":
                            stats.finished_tables += 1 if seat == 0 and measuring else 0
                            if not warm:
                                phase.seat_warmed()
                            return
                    elif "table" in msg:
                        status = msg["table"]["status"]
                elif kind == "error":
                    stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                if not warm and played >= phase.warmup:
                    warm = True
                    phase.seat_warmed()
            if status == "playing" and current == seat and legal and due is None:
                if not warm:
                    due = now
                elif phase.started.is_set():
                    due = now + think * rng.uniform(0.5, 1.5)
            if due is not None and now >= due and legal and current == seat:
                choice = rng.choice(legal)
                if warm:
                    stats.sent[(table_id, seat)] = time.monotonic()
                    stats.actions += 1
                else:
                    stats.sent.pop((table_id, seat), None)
                await ws.send(json.dumps({"type": "act", "seq_seen": seq, "action": choice["id"]}))
                legal = []
                due = None


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


async def swarm(base: str, ws_url: str, tables: int, think: float, seconds: float, warmup: int,
                on_start: Callable[[], None]) -> tuple[Stats, int]:
    stats = Stats()
    players = []
    seats_total = 0
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for t in range(tables):
            game = "zodiac" if t % 2 == 0 else "daihinmin"
            made = (await http.post("/api/tables", json={
                "game": game, "seats": ["human"] * 4, "seed": t, "grace_seconds": None})).json()
            table_id = made["id"]
            for seat in range(4):
                r = await http.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": f"P{seat}"})
                players.append((table_id, r.json()["token"], seat))
                seats_total += 1
    phase = Phase(warmup=warmup, seats=len(players), seconds=seconds, on_start=on_start)
    await asyncio.gather(*(seat_player(ws_url, table_id, token, seat, think, phase, stats, i)
                           for i, (table_id, token, seat) in enumerate(players)))
    stats.play_seconds = time.monotonic() - phase.start
    return stats, seats_total


def run(tables: int, think: float, seconds: float, warmup: int = 0) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="furuba-load-"))
    port = free_port()
    proc = start_server(port, folder)
    mark: dict[str, Any] = {}

    def on_start() -> None:
        mark.update(load0=os.getloadavg()[0], cpu0=cpu_seconds(proc.pid), wall0=time.monotonic(),
                    own0=resource.getrusage(resource.RUSAGE_SELF))

    try:
        stats, seats = asyncio.run(swarm(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", tables,
                                         think, seconds, warmup, on_start))
        wall = time.monotonic() - mark["wall0"]
        server_cpu = cpu_seconds(proc.pid) - mark["cpu0"]
        own1 = resource.getrusage(resource.RUSAGE_SELF)
        load1 = os.getloadavg()[0]
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    own0, load0 = mark["own0"], mark["load0"]
    client_cpu = (own1.ru_utime - own0.ru_utime) + (own1.ru_stime - own0.ru_stime)
    return {
        "seats": seats, "tables": tables, "games": "half Friends of the Zodiac, half Dai Hin Min, 4 seats",
        "warmup_actions_per_table": warmup, "finished_tables": stats.finished_tables,
        "think_s": think, "seconds": round(stats.play_seconds, 1), "actions": len(stats.actor_ms),
        "actions_per_s": round(len(stats.actor_ms) / stats.play_seconds, 1),
        "events_received": stats.events,
        "actor_latency_ms": {"p50": round(percentile(stats.actor_ms, 50), 2),
                             "p99": round(percentile(stats.actor_ms, 99), 2),
                             "max": round(max(stats.actor_ms, default=float("nan")), 2),
                             "mean": round(statistics.fmean(stats.actor_ms), 2) if stats.actor_ms else None},
        "fanout_latency_ms": {"p50": round(percentile(stats.fanout_ms, 50), 2),
                              "p99": round(percentile(stats.fanout_ms, 99), 2),
                              "max": round(max(stats.fanout_ms, default=float("nan")), 2)},
        "lost_events": stats.lost, "duplicated_events": stats.duplicated, "errors": stats.errors,
        "server_cpu_share": round(server_cpu / wall, 3), "client_cpu_share": round(client_cpu / wall, 3),
        "server_cpu_ms_per_action": round(1000 * server_cpu / max(1, len(stats.actor_ms)), 2),
        "load_average_1min": [round(load0, 2), round(load1, 2)],
        "python": sys.version.split()[0], "cores": os.cpu_count(),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="tables of 4 seats (default 50: 200 seats)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a seat waits before acting")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to play")
    parser.add_argument("--warmup", type=int, default=0,
                        help="actions each table plays first, without think time and unmeasured")
    parser.add_argument("--json", type=Path, default=None,
                        help="where to write the results (default results/load_server.json, "
                             "or load_server_warmup.json with --warmup)")
    args = parser.parse_args(argv)
    if args.json is None:
        args.json = DEFAULT_JSON.with_name("load_server_warmup.json") if args.warmup else DEFAULT_JSON
    report = run(args.tables, args.think, args.seconds, args.warmup)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    a, f = report["actor_latency_ms"], report["fanout_latency_ms"]
    if args.warmup:
        print(f"measured after {args.warmup} actions per table "
              f"({report['finished_tables']} games ended during the measured phase)")
    print(f"{report['seats']} seats on {report['tables']} tables, {report['seconds']} s: "
          f"{report['actions']} actions ({report['actions_per_s']}/s), {report['events_received']} events")
    print(f"action → update, at the actor: p50 {a['p50']} ms, p99 {a['p99']} ms, max {a['max']} ms")
    print(f"action → update, at every seat: p50 {f['p50']} ms, p99 {f['p99']} ms, max {f['max']} ms")
    print(f"lost events: {report['lost_events']}, duplicated: {report['duplicated_events']}, "
          f"errors: {report['errors'] or 'none'}")
    print(f"CPU: server {report['server_cpu_share']:.0%} of a core "
          f"({report['server_cpu_ms_per_action']} ms per action), clients {report['client_cpu_share']:.0%}; "
          f"machine load average {report['load_average_1min'][0]} → {report['load_average_1min'][1]}")


if __name__ == "__main__":
    main()
