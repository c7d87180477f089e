"""The offline app in real Chromium: what a first visit downloads, how long a warm start takes to
the first legal move, and what a bot's decision costs in Pyodide against native CPython.

The app is built with ``furuba build-static`` and served by ``python -m http.server`` (no furuba
server anywhere), then opened in Debian's Chromium (Playwright) with a fresh profile:

- **first visit**: the bytes of every file the offline page keeps (its manifest), as they are and
  gzip-compressed (what a compressing web server sends; ``http.server`` sends them as they are),
  and the time the first visit takes to keep them all;
- **warm start to the first legal move**: a new page at ``/offline/`` with everything in the
  cache and the network cut, a table started from the form, timed from the navigation until the
  table offers its first legal action (starting Python in the worker included), :data:`STARTS`
  times (the first also describes the games with Python for the form, which later starts read
  from what the browser kept); and what starting Python takes, part by part (the interpreter,
  unpacking furuba's core, importing it);
- **a bot's decision**: an all-bot table of four at each level asked for :data:`DECISIONS` bot
  moves through the worker (``bridge`` op ``bot``: the decision and the frames it sends), beside
  the same moves of the same seeded table played by ``furuba.offline`` in this process — the ratio
  is what Pyodide costs.

    python -m benchmarks.offline_browser                 # both games, normal and hard
    python -m benchmarks.offline_browser --json out.json --decisions 20

Goals (issue: play anywhere): first visit ≤ 15 MB compressed; warm start ≤ 5 s; a decision at
``normal`` ≤ 1 s and at ``hard`` ≤ 3 s.
"""

from __future__ import annotations

import argparse
import gzip
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.harness import machine_info  # noqa: E402 - the project root is on the path now

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
DEFAULT_JSON = ROOT / "benchmarks" / "results" / "offline_browser.json"
GAMES = ("zodiac", "daihinmin")
LEVELS = ("normal", "hard")
STARTS = 5
DECISIONS = 12
SEED = 11


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def build(out: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "furuba", "build-static", str(out)],
                          capture_output=True, text=True, timeout=600)
    if done.returncode:
        raise SystemExit(done.stdout + done.stderr)


def download_size(site: Path) -> dict[str, Any]:
    """The manifest's files, as they are and gzip-compressed (level 6, as web servers do)."""
    manifest = json.loads((site / "offline" / "manifest.json").read_text())
    raw = compressed = 0
    for entry in manifest["files"]:
        url = entry["url"]
        path = site / (url.lstrip("/") + ("index.html" if url.endswith("/") else ""))
        data = path.read_bytes()
        raw += len(data)
        compressed += len(gzip.compress(data, compresslevel=6))
    return {"files": len(manifest["files"]), "bytes": raw, "gzip_bytes": compressed}


def settings(game: str, level: str) -> dict[str, Any]:
    return {"id": f"bench-{game}-{level}", "game": game, "players": 4, "seed": SEED,
            "seats": [{"kind": "bot", "bot": level}] * 4, "lang": "en"}


def native_decisions(game: str, level: str, count: int) -> list[float]:
    """The same table's first ``count`` bot moves in this process (seconds each)."""
    from furuba.offline import LocalTable

    table = LocalTable.new(settings(game, level))
    times = []
    for _ in range(count):
        if not table.bot_due():
            break
        start = time.perf_counter()
        table.bot_turn()
        times.append(time.perf_counter() - start)
    return times


BROWSER_DECISIONS = """async ([settings, count]) => {
  const { offlineWorker } = await import('/static/js/offline-backend.js');
  const worker = offlineWorker();
  await worker.call('new', { settings });
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const answer = await worker.call('bot', {});
    times.push((performance.now() - started) / 1000);
    if (!answer.due) break;
  }
  return times;
}"""


def summary(times: list[float]) -> dict[str, float]:
    return {"n": len(times), "median_s": round(statistics.median(times), 4),
            "max_s": round(max(times), 4), "mean_s": round(statistics.fmean(times), 4)}


def run(decisions: int, starts: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    out: dict[str, Any] = {"machine": machine_info("none"), "chromium": ""}
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build(site)
        out["download"] = download_size(site)
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                                   "127.0.0.1", "--directory", str(site)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            time.sleep(1.0)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                out["chromium"] = browser.version
                context = browser.new_context()
                page = context.new_page()
                started = time.perf_counter()
                page.goto(f"{url}/offline/")
                page.wait_for_selector("#offline-state[data-state=ready]", timeout=300_000)
                out["download"]["first_visit_s"] = round(time.perf_counter() - started, 2)
                page.evaluate("() => localStorage.setItem('furuba:offline:pace', '0')")
                context.set_offline(True)
                warm = []
                for _ in range(starts):
                    fresh = context.new_page()
                    started = time.perf_counter()
                    fresh.goto(f"{url}/offline/")
                    fresh.wait_for_selector("#start-table:not([disabled])", timeout=120_000)
                    fresh.locator("#seat-name-0").fill("Tohru")
                    fresh.locator("#start-table").click()
                    fresh.wait_for_selector("#game[data-turn=mine] [data-action]", timeout=120_000)
                    warm.append(time.perf_counter() - started)
                    fresh.close()
                out["warm_start_to_first_move"] = summary(warm)
                bench = context.new_page()
                bench.goto(f"{url}/offline/")
                bench.wait_for_selector("#start-table:not([disabled])", timeout=120_000)
                out["python_start_ms"] = bench.evaluate("""async () => {
                  const { offlineWorker } = await import('/static/js/offline-backend.js');
                  const worker = offlineWorker();
                  await worker.ready;
                  return worker.boot;
                }""")
                rows = []
                for game in GAMES:
                    for level in LEVELS:
                        in_browser = bench.evaluate(BROWSER_DECISIONS, [settings(game, level),
                                                                        decisions])
                        native = native_decisions(game, level, len(in_browser))
                        rows.append({"game": game, "level": level,
                                     "pyodide": summary(in_browser), "native": summary(native),
                                     "ratio": round(statistics.median(in_browser)
                                                    / statistics.median(native), 2)})
                out["decisions"] = rows
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The offline app in real Chromium.")
    parser.add_argument("--decisions", type=int, default=DECISIONS)
    parser.add_argument("--starts", type=int, default=STARTS)
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON)
    args = parser.parse_args(argv)
    out = run(args.decisions, args.starts)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(out, indent=1) + "\n")
    d = out["download"]
    print(f"first visit: {d['files']} files, {d['bytes'] / 1e6:.1f} MB "
          f"({d['gzip_bytes'] / 1e6:.1f} MB gzip), kept in {d['first_visit_s']} s")
    w = out["warm_start_to_first_move"]
    print(f"warm start to the first legal move: median {w['median_s']} s, slowest {w['max_s']} s")
    print("starting Python in the worker (ms): " + ", ".join(
        f"{part} {ms}" for part, ms in out["python_start_ms"].items()))
    for row in out["decisions"]:
        print(f"{row['game']:10} {row['level']:7} Pyodide median {row['pyodide']['median_s']:.3f} s "
              f"(slowest {row['pyodide']['max_s']:.3f}), native {row['native']['median_s']:.3f} s, "
              f"×{row['ratio']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
