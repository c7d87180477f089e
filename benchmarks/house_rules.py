"""``python -m benchmarks.house_rules``: Dai Hin Min's rule sets side by side (docs/BALANCE.md).

For the rulebook's game, each house rule alone (D13–D18) and all of them together, it runs
``furuba simulate daihinmin`` with greedy bots in every seat (the same seeds for every rule set),
reads every game's result (``--games-out``) and prints one table:

* **decisiveness** — how often the game has one winner (no tie for most points), the winner's
  lead over the runner-up, the spread of the final points (their standard deviation within a
  game), and how often the first round's Rich Man goes on to win the game;
* **length** — rounds per game, plays (sets and runs put on the pile) per round;
* **mobility** — how often the Poor Man climbs (holds a better title the next round) and the Rich
  Man keeps his title;
* how often each rule fires, per round.

Examples::

    python -m benchmarks.house_rules                      # 2,000 games per rule set
    python -m benchmarks.house_rules --games 200 --only rulebook,eight_cut
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path
from typing import Any

from furuba.daihinmin.options import HOUSE_RULES
from furuba.daihinmin.summary import HOUSE_EVENTS
from furuba.sim.summary import wilson

RESULTS = Path(__file__).resolve().parent / "results"
RULE_SETS: dict[str, tuple[str, ...]] = {"rulebook": (), **{r: (r,) for r in HOUSE_RULES},
                                         "all": HOUSE_RULES}
"""Each rule set by name: the house rules it switches on."""
EVENT_OF_RULE = dict(zip(HOUSE_RULES, ("eight cut", "sequence", "fallen", "eleven back", "lock",
                                       "spade three"), strict=True))
assert set(EVENT_OF_RULE.values()) == set(HOUSE_EVENTS)
Row = dict[str, Any]


def command(rules: tuple[str, ...], games: int, seed: int, jobs: int, out: Path) -> list[str]:
    """The ``furuba simulate`` command of one rule set."""
    options = [arg for rule in rules for arg in ("-o", f"{rule}=on")]
    return [sys.executable, "-m", "furuba", "simulate", "daihinmin", "--games", str(games),
            "--players", "4", "--bots", "greedy", "--seed", str(seed), "--jobs", str(jobs),
            "--quiet", "--games-out", str(out), *options]


def read_rows(path: Path) -> list[Row]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _pct(successes: float, n: int) -> dict[str, Any]:
    low, high = wilson(successes, n)
    return {"rate": successes / n if n else 0.0, "ci95": [low, high], "n": n}


def measure(rows: list[Row]) -> dict[str, Any]:
    """The figures of one rule set from its games' results."""
    single = margins = 0.0
    spreads, first_rich_wins, first_rich_games = [], 0, 0
    climbs = poor = stays = rich = 0
    rounds = [int(r["rounds"]) for r in rows]
    plays = sum(int(r["plays"]) for r in rows)
    fired = dict.fromkeys(HOUSE_EVENTS, 0)
    for r in rows:
        scores = sorted(r["scores"], reverse=True)
        single += scores[0] > scores[1]
        margins += scores[0] - scores[1]
        spreads.append(statistics.pstdev(r["scores"]))
        winners = {p for p, x in enumerate(r["returns"]) if x > 0}
        titles = r["titles"]
        if titles:
            first_rich_games += 1
            first_rich_wins += titles[0].index("Rich Man") in winners
        for before, after in pairwise(titles):
            for a, b in zip(before, after, strict=True):
                if a == "Poor Man":
                    poor += 1
                    climbs += b != "Poor Man"
                if a == "Rich Man":
                    rich += 1
                    stays += b == "Rich Man"
        for kind, count in r.get("house_events", {}).items():
            fired[kind] += int(count)
    total_rounds = sum(rounds)
    return {
        "games": len(rows),
        "one_winner": _pct(single, len(rows)),
        "lead": margins / len(rows),
        "spread": statistics.fmean(spreads),
        "first_rich_man_wins": _pct(first_rich_wins, first_rich_games),
        "rounds_mean": statistics.fmean(rounds),
        "rounds_median": statistics.median(rounds),
        "plays_per_round": plays / total_rounds,
        "poor_man_climbs": _pct(climbs, poor),
        "rich_man_stays": _pct(stays, rich),
        "fired_per_round": {k: v / total_rounds for k, v in fired.items()},
    }


def _p(x: dict[str, Any]) -> str:
    return f"{100 * x['rate']:.1f}% ({100 * x['ci95'][0]:.1f}–{100 * x['ci95'][1]:.1f})"


def table(figures: dict[str, dict[str, Any]]) -> str:
    """The rule sets side by side, as a Markdown table."""
    head = ("| rule set | one winner | lead | spread | 1st Rich Man wins | rounds (median) "
            "| plays per round | Poor Man climbs | Rich Man stays | rule fires per round |\n"
            "|---|---|---|---|---|---|---|---|---|---|")
    lines = [head]
    for name, f in figures.items():
        rules = RULE_SETS[name]
        fires = " · ".join(f"{EVENT_OF_RULE[r]} {f['fired_per_round'][EVENT_OF_RULE[r]]:.2f}"
                           for r in rules) or "—"
        lines.append(f"| {name} | {_p(f['one_winner'])} | {f['lead']:.2f} | {f['spread']:.2f} "
                     f"| {_p(f['first_rich_man_wins'])} | {f['rounds_mean']:.2f} "
                     f"({f['rounds_median']:g}) | {f['plays_per_round']:.1f} "
                     f"| {_p(f['poor_man_climbs'])} | {_p(f['rich_man_stays'])} | {fires} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="rule sets, comma-separated (default: all)")
    parser.add_argument("--games-dir", type=Path, default=None,
                        help="keep every game's result here (default: a temporary folder)")
    parser.add_argument("--json", type=Path, default=RESULTS / "house_rules.json")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(RULE_SETS)
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.games_dir or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        figures = {name: run(name, args, folder) for name in names}
    print(table(figures))
    summary = {"date": datetime.now(UTC).strftime("%Y-%m-%d"), "games": args.games,
               "seed": args.seed, "bots": "greedy x4", "figures": figures}
    args.json.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return 0


def run(name: str, args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """Simulate one rule set and measure it."""
    path = folder / f"{name}.jsonl"
    began = time.perf_counter()
    subprocess.run(command(RULE_SETS[name], args.games, args.seed, args.jobs, path),
                   check=True, stdout=subprocess.DEVNULL)
    figures = measure(read_rows(path))
    figures["seconds"] = time.perf_counter() - began
    print(f"{name}: {args.games} games in {figures['seconds']:.0f} s", file=sys.stderr)
    return figures


if __name__ == "__main__":
    raise SystemExit(main())
