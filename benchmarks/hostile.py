"""Hostile uploads against a real server: does the event loop keep answering, does memory stay put?

One ``furuba serve`` process (uvicorn, SQLite) is started on a free loopback port. For each shape
below, 20 uploads of it are sent at once to ``POST /api/cardsets/check``, each from another
address (``X-Forwarded-For``, which the server trusts from loopback: one address alone would get
only its 2 turns and then ``429``), while this process asks ``/api/health/live`` every 20 ms and
reads the server's resident memory (``VmRSS`` in ``/proc``) as often. It reports, per shape and
over all, the health answers' latency (p50, p99, max), the answers' statuses, and how much the
server process grew beyond its size after a warm-up (the children that read the files are
measured apart: their peak, summed).

The shapes are the worst a file within the size limit (256 KB) can be for each bound of
:mod:`furuba.core.bounded_toml` — the deepest keys allowed, the deepest nesting, the most keys,
the longest arrays — and shapes refused by the bounds (a key 40,000 or 125,000 levels deep,
arrays nested 125,000 deep). *Before*: the standard parser alone, in a child process, on one key
20,000 levels deep (what each upload cost the server's own process before the bounds).

    python -m benchmarks.hostile                 # every shape, 20 uploads each
    python -m benchmarks.hostile --uploads 10 --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.harness import machine_info  # noqa: E402 - the project root is on the path now
from furuba.core.bounded_toml import DEFAULT_LIMITS  # noqa: E402

DEFAULT_JSON = Path(__file__).resolve().parent / "results" / "hostile.json"
SIZE = 250 * 1024
"""Each file's size: just within the server's 256 KB."""
POLL = 0.02
GOALS = {"p99_ms": 100.0, "growth_mb": 200.0}


def fill(line: str, *, size: int = SIZE, most: int | None = None) -> str:
    """Lines ``line.format(i=i)`` up to ``size`` bytes (and at most ``most`` lines)."""
    out, total, i = [], 0, 0
    while most is None or i < most:
        piece = line.format(i=i) + "\n"
        if total + len(piece) > size:
            break
        out.append(piece)
        total += len(piece)
        i += 1
    return "".join(out)


def shapes() -> dict[str, str]:
    """The hostile files, by name (the accepted shapes first)."""
    lim = DEFAULT_LIMITS
    deep = ".".join(["a"] * (lim.max_key_parts - 1))
    nest = lim.max_nesting
    keys = lim.max_keys - 1
    items = ",".join(["1"] * lim.max_array_items)
    return {
        "deepest keys": fill(deep + ".k{i} = 1", most=keys),
        "deepest headers": fill("[" + deep + ".t{i}]", most=keys),
        "deepest nesting": fill("n{i} = " + "[" * nest + "]" * nest, most=keys),
        "most keys": fill("k{i}=1", most=keys),
        "longest arrays": fill("a{i} = [" + items + "]", most=keys),
        "refused: key 40,000 deep": "a." * 40_000 + "a = 1\n",
        "refused: key 125,000 deep": "a." * (SIZE // 2 - 8) + "a = 1\n",
        "refused: arrays 125,000 deep": "x = " + "[" * (SIZE // 2 - 4) + "]" * (SIZE // 2 - 4),
    }


def rss_mb(pid: int) -> float:
    """Resident memory of process ``pid`` in MB (0 when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children_rss_mb(pid: int) -> float:
    """Resident memory of ``pid``'s descendants, summed (the forkserver and its children)."""
    total, kids = 0.0, []
    for task in Path(f"/proc/{pid}/task").glob("*"):   # any thread may have started a child
        try:
            kids += (task / "children").read_text().split()
        except OSError:
            continue
    for kid in kids:
        total += rss_mb(int(kid)) + children_rss_mb(int(kid))
    return total


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def storm(base: str, pid: int, text: str, uploads: int) -> dict[str, Any]:
    """``uploads`` uploads of ``text`` at once while health and memory are polled."""
    latencies: list[float] = []
    server_peak, children_peak = rss_mb(pid), 0.0
    done = asyncio.Event()

    async def poll(client: httpx.AsyncClient) -> None:
        nonlocal server_peak, children_peak
        while not done.is_set():
            started = time.perf_counter()
            r = await client.get("/api/health/live")
            latencies.append((time.perf_counter() - started) * 1000)
            assert r.status_code == 200
            server_peak = max(server_peak, rss_mb(pid))
            children_peak = max(children_peak, children_rss_mb(pid))
            await asyncio.sleep(POLL)

    async def upload(client: httpx.AsyncClient, i: int) -> int:
        r = await client.post("/api/cardsets/check", content=text.encode(), headers={
            "content-type": "application/toml", "x-forwarded-for": f"198.51.100.{i + 1}"})
        return r.status_code

    limits = httpx.Limits(max_connections=uploads + 2)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        poller = asyncio.create_task(poll(client))
        await asyncio.sleep(0.2)
        started = time.perf_counter()
        statuses = await asyncio.gather(*(upload(client, i) for i in range(uploads)))
        elapsed = time.perf_counter() - started
        await asyncio.sleep(0.2)
        done.set()
        await poller
    counts: dict[str, int] = {}
    for status in statuses:
        counts[str(status)] = counts.get(str(status), 0) + 1
    return {"statuses": counts, "seconds": round(elapsed, 2), "health": summary(latencies),
            "latencies_ms": latencies, "server_peak_mb": round(server_peak, 1),
            "children_peak_mb": round(children_peak, 1)}


def summary(latencies: list[float]) -> dict[str, float]:
    return {"n": len(latencies), "p50_ms": round(statistics.median(latencies), 1),
            "p99_ms": round(percentile(latencies, 0.99), 1),
            "max_ms": round(max(latencies), 1)}


BEFORE = """
import resource, sys, time, tomllib
text = "a." * 20_000 + "a = 1"
start = time.perf_counter()
tomllib.loads(text)
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def before() -> dict[str, float]:
    """The standard parser alone on one key 20,000 levels deep (in a child process)."""
    out = subprocess.run([sys.executable, "-c", BEFORE], capture_output=True, text=True,
                         check=True).stdout.split()
    return {"seconds": round(float(out[0]), 2), "peak_rss_mb": round(float(out[1]), 1)}


def run(uploads: int) -> dict[str, Any]:
    from tests.server.services import ServerProcess

    report: dict[str, Any] = {"machine": machine_info("not pinned"), "uploads": uploads,
                              "poll_seconds": POLL, "goals": GOALS}
    report["before_tomllib_20000_deep_key"] = before()
    with tempfile.TemporaryDirectory(prefix="furuba-hostile-") as folder, ServerProcess(
            f"sqlite:///{folder}/hostile.sqlite3", Path(folder), log_level="warning") as server:
        default = (ROOT / "src" / "furuba" / "zodiac" / "cardsets" / "default.toml").read_text()
        for _ in range(3):   # warm-up: the forkserver and the first children
            httpx.post(f"{server.base}/api/cardsets/check", content=default.encode(), timeout=60)
        start_mb = rss_mb(server.pid)
        report["server_start_mb"] = round(start_mb, 1)
        every: list[float] = []
        report["shapes"] = {}
        peak = start_mb
        for name, text in shapes().items():
            print(f"{name}: {len(text) // 1024} KB × {uploads} …", flush=True)
            measured = asyncio.run(storm(server.base, server.pid, text, uploads))
            every += measured.pop("latencies_ms")
            peak = max(peak, measured["server_peak_mb"])
            measured["kb"] = len(text) // 1024
            report["shapes"][name] = measured
            print(f"  {measured}", flush=True)
        report["server_end_mb"] = round(rss_mb(server.pid), 1)
    report["health"] = summary(every)
    report["server_growth_mb"] = round(peak - start_mb, 1)
    report["met"] = {"p99": report["health"]["p99_ms"] <= GOALS["p99_ms"],
                     "growth": report["server_growth_mb"] <= GOALS["growth_mb"]}
    if hasattr(os, "getloadavg"):
        report["machine"]["load_average_1m_at_end"] = round(os.getloadavg()[0], 2)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.hostile", description=__doc__
                                     .split("\n")[0])
    parser.add_argument("--uploads", type=int, default=20, help="uploads at once per shape")
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where to write results")
    parser.add_argument("--no-json", action="store_true", help="do not write a JSON file")
    args = parser.parse_args(argv)
    report = run(args.uploads)
    health = report["health"]
    print(f"health over all shapes: p50 {health['p50_ms']} ms, p99 {health['p99_ms']} ms, "
          f"max {health['max_ms']} ms ({health['n']} answers); server grew "
          f"{report['server_growth_mb']} MB; before: {report['before_tomllib_20000_deep_key']}")
    if not args.no_json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", "utf-8")
        print(f"wrote {args.json}")
    return 0 if all(report["met"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
