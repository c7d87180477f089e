"""What a running game review costs the tables: action latency and ``/api/health/live`` latency of
one server process, with no review running, then with reviews running — once with the reviews on
a thread of the server (``review_workers = 0``, as furuba did before), once in two worker
processes (``review_workers = 2``, one per review) and once in one (the default: the second
review waits for the first).

For each way, one server process is started (uvicorn, SQLite in WAL mode in a temporary folder,
bots without delay, ``reviews_at_once = 2``) and finished games of four greedy bots are made to
be reviewed (Friends of the Zodiac: a few seconds of a core per seat at the default budget). One
review is computed before anything is measured, so that the worker processes are already
running (starting them is paid once per server process). Then two phases are measured, each with
new tables of scripted players (the swarm of ``benchmarks.load_server``: every seat a WebSocket,
a random legal action after the think time): first with no review, then while :data:`REVIEWS`
reviews are kept running (when one finishes, the next is asked for). Meanwhile
``/api/health/live`` is asked every :data:`HEALTH_EVERY` seconds. Action latency is from sending
an action to receiving its event at the actor.

    python -m benchmarks.review_load                       # 8 tables, 30 s per phase
    python -m benchmarks.review_load --tables 4 --seconds 10 --json out.json

The machine's load average is reported beside every figure: on a shared machine the figures move
with it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.server.services import ServerProcess  # noqa: E402

from benchmarks.harness import cpu_model  # noqa: E402 - the project root is on the path now
from benchmarks.load_server import Site, Takeover, percentile, swarm  # noqa: E402

DEFAULT_JSON = Path(__file__).resolve().parent / "results" / "review_load.json"
REVIEWS = 2
"""Reviews kept running during the loaded phase."""
HEALTH_EVERY = 0.1
"""Seconds between two ``/api/health/live`` requests."""
WAYS = (("on_a_thread", 0), ("in_2_worker_processes", 2), ("in_1_worker_process", 1))
"""Where the reviews are computed, by name: ``review_workers`` (with one worker the second review
waits for the first, as with the default ``reviews_at_once = 1``)."""
REVIEWED = {"game": "zodiac", "seats": ["greedy"] * 4}
"""The games reviewed: four greedy bots."""


# -- the server (in its own process) -----------------------------------------------------------
@dataclass
class ReviewServer(ServerProcess):
    """A server process with its reviews on a thread (``review_workers = 0``) or in workers."""

    review_workers: int = 0

    def command(self) -> list[str]:
        return [sys.executable, str(Path(__file__).resolve()), "--serve", "--port", str(self.port),
                "--database-url", self.database_url, "--review-workers", str(self.review_workers)]


def serve(port: int, database_url: str, review_workers: int) -> None:
    """Serve the app as ``furuba serve`` would, with the reviews' settings of this benchmark."""
    import uvicorn

    from furuba.server.app import create_app

    app = create_app(database_url, bot_delay=0.0, review_workers=review_workers,
                     reviews_at_once=REVIEWS, reviews_per_address=REVIEWS,
                     tables_per_minute=6000.0, tables_burst=100)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False)


# -- the load --------------------------------------------------------------------------------------
@dataclass
class Probe:
    """``/api/health/live`` latencies, and what the reviews did, during a phase."""

    health_ms: list[float] = field(default_factory=list)
    reviews_done: int = 0
    reviews_started: int = 0
    review_seconds: list[float] = field(default_factory=list)
    """Each finished review's time from its request to its result."""
    running_seconds: float = 0.0
    """Reviews running × seconds, over the phase (its mean is this over the phase's length)."""


async def finished_games(base: str, count: int) -> list[str]:
    """``count`` finished games of bots, to be reviewed."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        ids = []
        for seed in range(count):
            made = await http.post("/api/tables", json={**REVIEWED, "seed": 100 + seed})
            made.raise_for_status()
            ids.append(made.json()["id"])
        for table_id in ids:
            while (await http.get(f"/api/tables/{table_id}")).json()["status"] != "finished":
                await asyncio.sleep(0.2)
        return ids


async def warm_up(base: str, url: str) -> float:
    """One review before anything is measured, so that the worker processes are started (a cost
    paid once per process); its time from request to result."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        began = time.monotonic()
        while (await http.get(url)).status_code == 202:
            await asyncio.sleep(0.25)
        return time.monotonic() - began


async def probe_health(base: str, probe: Probe, started: asyncio.Event, stop: asyncio.Event) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        await started.wait()
        while not stop.is_set():
            sent = time.monotonic()
            (await http.get("/api/health/live")).raise_for_status()
            probe.health_ms.append((time.monotonic() - sent) * 1000)
            await asyncio.sleep(HEALTH_EVERY)


async def keep_reviewing(base: str, queue: list[str], probe: Probe, started: asyncio.Event,
                         stop: asyncio.Event) -> None:
    """Keep :data:`REVIEWS` reviews running from the start of the phase to its end."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        await started.wait()
        running: dict[str, float] = {}
        last = time.monotonic()
        while not stop.is_set():
            while len(running) < REVIEWS and queue:
                url = queue.pop(0)
                if (await http.get(url)).status_code == 202:
                    running[url] = time.monotonic()
                    probe.reviews_started += 1
            await asyncio.sleep(0.25)
            now = time.monotonic()
            probe.running_seconds += len(running) * (now - last)
            last = now
            for url, since in list(running.items()):
                r = await http.get(url)
                if r.status_code != 202:
                    del running[url]
                    if r.status_code == 200:
                        probe.reviews_done += 1
                        probe.review_seconds.append(time.monotonic() - since)


async def phase(base: str, ws_base: str, tables: int, think: float, seconds: float,
                reviews: list[str] | None) -> dict[str, Any]:
    """One measured phase: the swarm, the health probe, and the reviews when given."""
    probe = Probe()
    started, stop = asyncio.Event(), asyncio.Event()
    loads: list[float] = []

    def on_start() -> None:
        loads.append(os.getloadavg()[0])
        started.set()

    site = Site(base, ws_base, [], None, {})
    side = [asyncio.ensure_future(probe_health(base, probe, started, stop))]
    if reviews is not None:
        side.append(asyncio.ensure_future(keep_reviewing(base, reviews, probe, started, stop)))
    try:
        stats, _seats = await swarm(site, tables, think, seconds, 0, on_start, None, Takeover(),
                                    routes=False)
    finally:
        stop.set()
        for task in side:
            with contextlib.suppress(Exception):
                await task
    loads.append(os.getloadavg()[0])
    a, hl = stats.actor_ms, probe.health_ms
    return {
        "reviews_running": REVIEWS if reviews is not None else 0,
        "reviews_started": probe.reviews_started, "reviews_done": probe.reviews_done,
        "mean_reviews_running": round(probe.running_seconds / max(stats.play_seconds, 1e-9), 2),
        "review_s": {"p50": round(percentile(probe.review_seconds, 50), 1),
                     "max": round(max(probe.review_seconds), 1)} if probe.review_seconds else None,
        "seconds": round(stats.play_seconds, 1), "actions": len(a),
        "action_ms": {"p50": round(percentile(a, 50), 1), "p99": round(percentile(a, 99), 1),
                      "max": round(max(a, default=float("nan")), 1),
                      "mean": round(statistics.fmean(a), 1) if a else None},
        "health_ms": {"p50": round(percentile(hl, 50), 1), "p99": round(percentile(hl, 99), 1),
                      "max": round(max(hl, default=float("nan")), 1), "count": len(hl)},
        "errors": stats.errors,
        "load_average_1min": [round(v, 2) for v in loads],
    }


def measure(review_workers: int, tables: int, think: float, seconds: float,
            games: int) -> dict[str, Any]:
    """Both phases against one server with ``review_workers``."""
    with tempfile.TemporaryDirectory(prefix="furuba-review-load-") as folder:
        url = f"sqlite:///{Path(folder) / 'load.sqlite3'}"
        with ReviewServer(url, Path(folder), review_workers=review_workers) as server:

            async def both() -> dict[str, Any]:
                ids = await finished_games(server.base, games)
                queue = [f"{server.base}/api/tables/{t}/review?seat={s}" for t in ids for s in range(4)]
                first = await warm_up(server.base, queue.pop())
                idle = await phase(server.base, server.ws_base, tables, think, seconds, None)
                busy = await phase(server.base, server.ws_base, tables, think, seconds, queue)
                return {"first_review_s": round(first, 1), "no_review": idle, "reviews": busy}

            return asyncio.run(both())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8, help="tables of 4 scripted seats (default 8)")
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a seat waits before acting (default 0.5)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds per phase (default 30)")
    parser.add_argument("--games", type=int, default=8,
                        help="finished games whose seats are reviewed (default 8: 32 reviews, "
                             "enough to keep 2 running through a phase)")
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where to write the results")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--database-url", default="", help=argparse.SUPPRESS)
    parser.add_argument("--review-workers", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.port, args.database_url, args.review_workers)
        return
    report: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d", time.gmtime()), "cpu": cpu_model(),
        "cores": os.cpu_count(), "python": sys.version.split()[0],
        "tables": args.tables, "seats": 4 * args.tables, "think_s": args.think,
        "reviewed": "Friends of the Zodiac, 4 greedy bots, default budget",
    }
    for name, workers in WAYS:
        report[name] = measure(workers, args.tables, args.think, args.seconds, args.games)
        print(f"{name:>20} the first review (workers started): {report[name]['first_review_s']} s")
        for label, got in report[name].items():
            if not isinstance(got, dict):
                continue
            a, hl = got["action_ms"], got["health_ms"]
            print(f"{name:>20} {label:>9}: action p50 {a['p50']} ms, p99 {a['p99']} ms; "
                  f"health p50 {hl['p50']} ms, p99 {hl['p99']} ms; reviews running "
                  f"{got['mean_reviews_running']} on average, done {got['reviews_done']}; "
                  f"load {got['load_average_1min']}")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(f"written to {args.json}")


if __name__ == "__main__":
    main()
