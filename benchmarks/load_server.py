"""Load test of the web server: a swarm of scripted players over real WebSockets.

One ``furuba serve`` process (uvicorn, SQLite in WAL mode) is started on a free loopback port;
this process opens one WebSocket per seat (all seats human, so every action crosses the network)
and plays: when a seat must decide, it waits the think time (the fixed mean, ±50% so that tables
do not move in lockstep), then sends a random legal action. It measures, for every action, the
time from sending it to receiving the resulting event (at the actor, and at every seat of the
table), and counts events lost (gaps in ``seq``) and duplicated.

    python -m benchmarks.load_server                       # 200 seats, 60 s
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


async def seat_player(ws_url: str, table_id: str, token: str, seat: int, think: float, stop: float,
                      stats: Stats, seed: int) -> None:
    rng = random.Random(seed)
    async with connect(f"{ws_url}/ws/tables/{table_id}", compression=None, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        seq: int | None = None
        status, current, legal = "", None, []
        due: float | None = None
        while time.monotonic() < stop:
            timeout = max(0.0, (due if due is not None else stop) - time.monotonic())
            try:
                text = await asyncio.wait_for(ws.recv(), timeout)
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
                    stats.events += 1
                    if seq is not None:
                        if msg["seq"] <= seq:
                            stats.duplicated += 1
                            continue
                        if msg["seq"] > seq + 1:
                            stats.lost += msg["seq"] - seq - 1
                    seq = msg["seq"]
                    event = msg["event"]
                    if event["kind"] == "action":
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
                            stats.finished_tables += 1 if seat == 0 else 0
                            return
                    elif "table" in msg:
                        status = msg["table"]["status"]
                elif kind == "error":
                    stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                if status == "playing" and current == seat and legal and due is None:
                    due = now + think * rng.uniform(0.5, 1.5)
            if due is not None and now >= due and legal and current == seat:
                choice = rng.choice(legal)
                stats.sent[(table_id, seat)] = time.monotonic()
                await ws.send(json.dumps({"type": "act", "seq_seen": seq, "action": choice["id"]}))
                stats.actions += 1
                legal = []
                due = None


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


async def swarm(base: str, ws_url: str, tables: int, think: float, seconds: float) -> tuple[Stats, int]:
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
    start = time.monotonic()
    stop = start + seconds
    await asyncio.gather(*(seat_player(ws_url, table_id, token, seat, think, stop, stats, i)
                           for i, (table_id, token, seat) in enumerate(players)))
    stats.play_seconds = time.monotonic() - start
    return stats, seats_total


def run(tables: int, think: float, seconds: float) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="furuba-load-"))
    port = free_port()
    proc = start_server(port, folder)
    try:
        load0 = os.getloadavg()[0]
        cpu0, wall0 = cpu_seconds(proc.pid), time.monotonic()
        own0 = resource.getrusage(resource.RUSAGE_SELF)
        stats, seats = asyncio.run(swarm(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", tables,
                                         think, seconds))
        wall = time.monotonic() - wall0
        server_cpu = cpu_seconds(proc.pid) - cpu0
        own1 = resource.getrusage(resource.RUSAGE_SELF)
        load1 = os.getloadavg()[0]
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    client_cpu = (own1.ru_utime - own0.ru_utime) + (own1.ru_stime - own0.ru_stime)
    return {
        "seats": seats, "tables": tables, "games": "half Friends of the Zodiac, half Dai Hin Min, 4 seats",
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
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where to write the results")
    args = parser.parse_args(argv)
    report = run(args.tables, args.think, args.seconds)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    a, f = report["actor_latency_ms"], report["fanout_latency_ms"]
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
