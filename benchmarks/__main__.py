"""``python -m benchmarks``: measure, print a table, write JSON.

Examples::

    python -m benchmarks                       # everything, ~3 s per subject
    python -m benchmarks --only zodiac,peers --seconds 5
    python -m benchmarks --only daihinmin --profile   # where the time goes (cProfile, top 15)

The web server's load test is separate (it starts a server and 200 WebSocket players)::

    python -m benchmarks.load_server           # p50/p99 action → update, lost/duplicated events
    python -m benchmarks.hostile               # health p99 and memory under 20 hostile uploads
    python -m benchmarks.review_load           # the tables' latency while reviews run
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import statistics
import sys
import time
from importlib import metadata
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from benchmarks import CONTEXT_RATIOS, RATIOS, Ratio, furuba_games, peers
from benchmarks.harness import (
    Result,
    SkipSubjectError,
    Subject,
    machine_info,
    pin_to_one_core,
    run_all,
)

DEFAULT_JSON = Path(__file__).resolve().parent / "results" / "latest.json"
GROUPS = ("zodiac", "daihinmin", "peers")

METHOD = {
    "step": "one apply of a uniformly random legal action (legal-action generation included), "
    "chosen with a seeded random.Random",
    "throughput": "whole random games back to back, game creation and dealing included; "
    "OpenSpiel chance nodes are sampled and timed but not counted as steps; "
    "slices of all subjects interleaved; the best slice is reported (median also in the JSON)",
    "clone": "timeit (garbage collector off) on the half-way state of 3 seeded random games; "
    "best repeat per state, median over the states",
}


def all_subjects() -> list[Subject]:
    """Every subject, in table order."""
    return [*furuba_games.subjects(), *peers.subjects()]


def select(subjects: list[Subject], only: str | None) -> list[Subject]:
    """The subjects named by ``--only`` (groups or subject keys, comma-separated)."""
    if not only:
        return subjects
    wanted = {w.strip() for w in only.split(",") if w.strip()}
    known = set(GROUPS) | {s.key for s in subjects}
    unknown = wanted - known
    if unknown:
        raise SystemExit(
            f"--only: unknown {', '.join(sorted(unknown))}; choose from {', '.join(sorted(known))}"
        )
    return [s for s in subjects if s.group in wanted or s.key in wanted]


def metric(result: Result | None, name: str) -> float | None:
    """``steps_per_s`` / ``games_per_s`` / ``clone_us`` of a measured result, else ``None``."""
    if result is None or result.status != "ok":
        return None
    if name == "clone_us":
        return result.clone.clone_us if result.clone else None
    if result.throughput is None:
        return None
    value: float = getattr(result.throughput, name)
    return value


def evaluate(ratio: Ratio, results: dict[str, Result]) -> dict[str, Any]:
    """The value of ``ratio`` (``None`` when a side was not measured) and whether it is met."""
    top = metric(results.get(ratio.numerator), ratio.metric)
    value: float | None = top
    if ratio.denominator is not None:
        bottom = metric(results.get(ratio.denominator), ratio.metric)
        value = top / bottom if top is not None and bottom else None
    row: dict[str, Any] = {
        "name": ratio.name,
        "numerator": ratio.numerator,
        "denominator": ratio.denominator,
        "metric": ratio.metric,
        "value": None if value is None else round(value, 3),
    }
    if ratio.denominator is not None:
        paired = paired_median(
            results.get(ratio.numerator), results.get(ratio.denominator), ratio.metric
        )
        row["paired_median"] = None if paired is None else round(paired, 3)
    if ratio.target:
        row["target"] = f"{'≥' if ratio.at_least else '≤'} {ratio.target:g}"
        row["met"] = (
            None
            if value is None
            else (value >= ratio.target if ratio.at_least else value <= ratio.target)
        )
    return row


def paired_median(top: Result | None, bottom: Result | None, name: str) -> float | None:
    """Median over repeats of the ratio of slices run back to back (robust to load bursts)."""
    if name != "steps_per_s" or top is None or bottom is None:
        return None
    if top.throughput is None or bottom.throughput is None:
        return None
    pairs = zip(
        top.throughput.repeats_steps_per_s, bottom.throughput.repeats_steps_per_s, strict=False
    )
    ratios = [a / b for a, b in pairs if b]
    return statistics.median(ratios) if ratios else None


def versions() -> dict[str, str]:
    """Installed versions of the measured packages."""
    out: dict[str, str] = {}
    for dist in ("furuba", "open_spiel", "rlcard", "numpy"):
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[dist] = "not installed"
    return out


# -- output -------------------------------------------------------------------------------------


def _fmt(value: float | None, digits: int = 0) -> str:
    return "—" if value is None else f"{value:,.{digits}f}"


def print_report(console: Console, report: dict[str, Any], results: list[Result]) -> None:
    """A header, the subjects table with its footnotes, then the targets table."""
    m = report["machine"]
    console.print(f"[bold]furuba benchmarks[/bold] · {m['date']} · {m['python']}")
    console.print(
        f"CPU: {m['cpu']} · {m['pinning']} · 1-min load at start "
        f"{m.get('load_average_1m_at_start', '?')}"
    )
    console.print(
        f"{report['seconds_per_subject']:g} s per subject, {report['repeats']} repeats. "
        "steps/s, games/s: best of the interleaved slices; "
        "clone µs: best repeat, median of 3 mid-game states."
    )
    table = Table(title="Random playouts and clone()", title_justify="left")
    for col, justify in [
        ("subject", "left"),
        ("players", "right"),
        ("steps/s", "right"),
        ("games/s", "right"),
        ("steps/game", "right"),
        ("clone µs", "right"),
        ("clone via", "left"),
        ("note", "right"),
    ]:
        table.add_column(col, justify=justify, no_wrap=col != "subject")  # type: ignore[arg-type]
    footnotes: list[str] = []
    for r in results:
        text = f"{r.status}: {r.reason}" if r.status != "ok" else r.notes
        ref = ""
        if text:
            footnotes.append(f"[{len(footnotes) + 1}] {r.label}: {text}")
            ref = f"[{len(footnotes)}]"
        if r.status != "ok":
            status = "[yellow]skipped[/yellow]" if r.status == "skipped" else "[red]failed[/red]"
            table.add_row(r.label, str(r.players or "—"), "—", "—", "—", "—", status, ref)
            continue
        t, c = r.throughput, r.clone
        assert t is not None and c is not None
        table.add_row(
            r.label,
            str(r.players),
            _fmt(t.steps_per_s),
            _fmt(t.games_per_s, 2),
            _fmt(t.steps_per_game, 1),
            _fmt(c.clone_us, 2),
            r.clone_method,
            ref,
        )
    console.print(table)
    for note in footnotes:
        console.print(note, markup=False, highlight=False)
    ratios = Table(title="Targets", title_justify="left")
    for col in ("comparison", "value", "paired median", "target", "met"):
        ratios.add_column(col, justify="left" if col == "comparison" else "right")
    for row in report["ratios"] + report["context"]:
        value = row["value"]
        shown = (
            "—"
            if value is None
            else (f"{value:.2f} µs" if row["metric"] == "clone_us" else f"{value:.2f}×")
        )
        paired = row.get("paired_median")
        paired_shown = "" if paired is None else f"{paired:.2f}×"
        met = row.get("met")
        mark = (
            ""
            if "target" not in row
            else ("n/a" if met is None else "[green]yes[/green]" if met else "[red]no[/red]")
        )
        ratios.add_row(row["name"], shown, paired_shown, row.get("target", "context"), mark)
    console.print(ratios)
    console.print(
        "value: best ÷ best; paired median: median over repeats of the ratio of slices run "
        "back to back. The target is judged on value."
    )


def profile(console: Console, subjects: list[Subject], seconds: float, seed: int) -> None:
    """Profile random playouts of each subject with cProfile; print the top 15 by own time."""
    for subject in subjects:
        try:
            subject.load()
        except SkipSubjectError as exc:
            console.print(f"[yellow]{subject.label}: skipped: {exc}[/yellow]")
            continue
        rng = random.Random(seed)
        profiler = cProfile.Profile()
        deadline = time.perf_counter() + seconds
        game_seed = seed
        games = 0
        profiler.enable()
        while time.perf_counter() < deadline:
            subject.playout(game_seed, rng)
            game_seed += 1
            games += 1
        profiler.disable()
        stream = io.StringIO()
        stats = pstats.Stats(profiler, stream=stream)
        stats.strip_dirs().sort_stats("tottime").print_stats(15)
        console.rule(f"{subject.label}: {games} random games, top 15 by own time")
        print(stream.getvalue().strip("\n"), flush=True)


def search_bot(console: Console, args: argparse.Namespace) -> int:
    """``--only ismcts``: the search bot's simulations/s and decision time (benchmarks/ismcts.py)."""
    from benchmarks import ismcts

    pinning = pin_to_one_core()
    with console.status("measuring the search bot…"):
        measured = ismcts.measure_all(args.level, args.positions, args.seed)
    report = {"machine": machine_info(pinning), "versions": versions(), **measured}
    ismcts.print_report(console, measured)
    if not args.no_json:
        path = args.json if args.json != DEFAULT_JSON else DEFAULT_JSON.with_name("ismcts.json")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", "utf-8")
        console.print(f"wrote {path.name}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the flags, measure, report."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Random-playout steps/s, games/s and clone() µs of furuba's games beside "
        "OpenSpiel and RLCard, on one core.",
    )
    parser.add_argument(
        "--only",
        metavar="LIST",
        help="comma-separated groups (zodiac, daihinmin, peers) or subject keys; or ismcts alone",
    )
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="time budget per subject (default 3)"
    )
    parser.add_argument(
        "--repeats", type=int, default=7, help="interleaved timing slices per subject (default 7)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random playouts")
    parser.add_argument(
        "--json",
        type=Path,
        default=DEFAULT_JSON,
        help="where to write the results (default benchmarks/results/latest.json)",
    )
    parser.add_argument("--no-json", action="store_true", help="do not write a JSON file")
    parser.add_argument("--level", default="hard", help="--only ismcts: the level (default hard)")
    parser.add_argument("--positions", type=int, default=8,
                        help="--only ismcts: positions per game (default 8)")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="instead of timing, profile the selected subjects' playouts (cProfile, top 15)",
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be > 0 and --repeats ≥ 1")

    console = Console()
    if not console.is_terminal:
        console = Console(width=120)
    if args.only and args.only.strip() == "ismcts":
        return search_bot(console, args)
    subjects = select(all_subjects(), args.only)
    pinning = pin_to_one_core()
    if args.profile:
        profile(console, subjects, args.seconds, args.seed)
        return 0

    budget = args.seconds * len(subjects)
    with console.status(f"measuring {len(subjects)} subjects, about {budget:.0f} s…"):
        results = run_all(subjects, args.seconds, args.repeats, args.seed)
    by_key = {r.key: r for r in results}
    report: dict[str, Any] = {
        "machine": machine_info(pinning),
        "versions": versions(),
        "seconds_per_subject": args.seconds,
        "repeats": args.repeats,
        "seed": args.seed,
        "method": METHOD,
        "subjects": {r.key: r.to_json() for r in results},
        "ratios": [evaluate(r, by_key) for r in RATIOS],
        "context": [evaluate(r, by_key) for r in CONTEXT_RATIOS],
    }
    print_report(console, report, results)
    if not args.no_json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", "utf-8")
        console.print(f"wrote {args.json.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
