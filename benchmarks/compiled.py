"""The compiled engines against the same source run as plain Python, side by side in one run.

Each figure is measured in a fresh child process, once with the engines compiled and once with
``FURUBA_PURE=1`` (every module from its source), the two builds alternating round by round on
one pinned core; the table gives each build's best round and the median of the paired ratios.

* ``steps``: random playouts driven from Python as the main benchmark drives them
  (``state.apply(rng.choice(state.legal_actions()))``), steps per CPU second;
* ``playout``: the same playouts run by :func:`furuba.core.playout.random_playout`, whose loop
  compiles too;
* ``ismcts``: the search's simulations per CPU second at a level, on the mid-game positions of
  :mod:`benchmarks.ismcts`;
* ``simulate`` (``--simulate``): the wall time of ``furuba simulate zodiac --games N --players 4
  --bots greedy --jobs 2`` on both cores.

Examples::

    python -m benchmarks.compiled                      # steps, playouts, the three levels
    python -m benchmarks.compiled --only playout --seconds 2 --rounds 5
    python -m benchmarks.compiled --only simulate --simulate 10000
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.harness import machine_info

GAMES = ("zodiac", "daihinmin")
LEVELS = ("normal", "hard", "expert")
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_JSON = Path(__file__).resolve().parent / "results" / "compiled.json"


def _steps(game: str, seconds: float, compiled_loop: bool) -> float:
    from furuba import games
    from furuba.core.playout import random_playout

    spec = games.spec(game)
    rng = random.Random(1)
    steps = seed = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        seed += 1
        state = spec.new_game(players=4, seed=seed)
        if compiled_loop:
            steps += random_playout(state, rng)
            continue
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - started)


def child(subject: str, seconds: float, positions: int) -> dict[str, Any]:
    """Measure one subject in this process (the parent sets the build)."""
    from furuba.compiled import engine_build

    kind, _, rest = subject.partition(":")
    if kind in ("steps", "playout"):
        value = _steps(rest, seconds, kind == "playout")
        unit = "steps/s"
    elif kind == "ismcts":
        from benchmarks.ismcts import measure

        level, _, game = rest.partition(":")
        value = measure(game, level, count=positions).sims_per_s
        unit = "sims/s"
    else:
        raise SystemExit(f"unknown subject {subject!r}")
    return {"subject": subject, "value": value, "unit": unit, "build": engine_build()}


def _run_child(subject: str, pure: bool, seconds: float, positions: int) -> dict[str, Any]:
    env = {**os.environ, "FURUBA_PURE": "1" if pure else "0"}
    command = [sys.executable, "-m", "benchmarks.compiled", "--child", subject,
               "--seconds", str(seconds), "--positions", str(positions)]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True,
                          check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _simulate(games: int, pure: bool) -> dict[str, Any]:
    env = {**os.environ, "FURUBA_PURE": "1" if pure else "0"}
    furuba = Path(sys.executable).with_name("furuba")
    command = [str(furuba), "simulate", "zodiac", "--games", str(games), "--players", "4",
               "--bots", "greedy", "--jobs", "2"]
    started = time.perf_counter()
    subprocess.run(command, env=env, cwd=ROOT, capture_output=True, check=True)
    return {"subject": f"simulate:{games}", "value": time.perf_counter() - started,
            "unit": "s"}


def subjects(only: set[str] | None) -> list[str]:
    """The subjects to measure, in table order (``--only`` keeps the named kinds and subjects)."""
    every = ([f"steps:{g}" for g in GAMES] + [f"playout:{g}" for g in GAMES]
             + [f"ismcts:{level}:{g}" for level in LEVELS for g in GAMES])
    return [s for s in every if only is None or s.split(":")[0] in only or s in only]


def measure(only: set[str] | None, rounds: int, seconds: float, positions: int,
            simulate: int) -> dict[str, Any]:
    """Every subject in both builds, ``rounds`` times, alternating which build goes first."""
    rows = []
    for subject in subjects(only):
        runs: dict[str, list[float]] = {"compiled": [], "pure": []}
        unit = ""
        for round_ in range(rounds):
            order = (False, True) if round_ % 2 == 0 else (True, False)
            for pure in order:
                result = _run_child(subject, pure, seconds, positions)
                runs["pure" if pure else "compiled"].append(result["value"])
                unit = result["unit"]
        ratios = [c / p for c, p in zip(runs["compiled"], runs["pure"], strict=True)]
        rows.append({"subject": subject, "unit": unit, "compiled": max(runs["compiled"]),
                     "pure": max(runs["pure"]), "ratio_best": max(runs["compiled"]) /
                     max(runs["pure"]), "ratio_paired_median": statistics.median(ratios),
                     "runs": runs})
        print(f"{subject:28} compiled {max(runs['compiled']):>12,.0f}  pure "
              f"{max(runs['pure']):>10,.0f} {unit:8} × {rows[-1]['ratio_best']:.2f} "
              f"(paired median × {rows[-1]['ratio_paired_median']:.2f})", flush=True)
    if simulate:
        times = {"compiled": _simulate(simulate, False)["value"],
                 "pure": _simulate(simulate, True)["value"]}
        rows.append({"subject": f"simulate:{simulate}", "unit": "s", **times,
                     "ratio_best": times["pure"] / times["compiled"]})
        print(f"simulate zodiac {simulate} greedy games, --jobs 2: compiled "
              f"{times['compiled']:.1f} s, pure {times['pure']:.1f} s", flush=True)
    return {"machine": machine_info("each child process pinned to one core"),
            "rounds": rounds, "seconds": seconds, "positions": positions, "rows": rows}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="kinds to measure: steps, playout, ismcts (comma-separated)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--simulate", type=int, default=0, metavar="GAMES",
                        help="also time `furuba simulate zodiac` with this many greedy games")
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        print(json.dumps(child(args.child, args.seconds, args.positions)))
        return
    only = {w.strip() for w in args.only.split(",")} if args.only else None
    result = measure(only, args.rounds, args.seconds, args.positions, args.simulate)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
