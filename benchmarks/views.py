"""What a game view costs late in a game: whole, and with ``log_from`` as the web server asks.

For each game a seeded random game is played to its end and replayed to a late position (95% of
its actions by default); every seat's view (and the spectator's) is then timed two ways:

* **whole** — ``state.view(seat)``: the whole numbered log rendered;
* **delta** — ``state.view(seat, log_from=k)`` with ``k`` the last public entry of the view one
  action earlier: what the server computes after every action.

Each figure is the best of several repeats (other processes can only slow a repeat down), in
microseconds per view and per action (all the seats of one table).

    python -m benchmarks.views
    python -m benchmarks.views --fraction 0.5 --json out.json
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from furuba import games
from furuba.core.protocol import State

CASES: list[tuple[str, dict[str, Any]]] = [
    ("daihinmin", {"players": 7}),
    ("zodiac", {"players": 4}),
]


def late_states(game: str, options: dict[str, Any], seed: int,
                fraction: float) -> tuple[State, State, int]:
    """The states one action before and at ``fraction`` of a seeded random game, and its length."""
    rng = random.Random(seed)
    state = games.new_game(game, seed=seed, **options)
    actions = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply(action)
    stop = max(1, int(len(actions) * fraction))
    state = games.new_game(game, seed=seed, **options)
    for action in actions[:stop - 1]:
        state.apply(action)
    before = state.clone()
    state.apply(actions[stop - 1])
    return before, state, len(actions)


def best_us(fn: Callable[[], object], repeats: int = 7, number: int = 20) -> float:
    """The best of ``repeats`` timings of ``number`` calls, in µs per call."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best * 1e6


def last_public(log: list[dict[str, Any]]) -> int:
    """The number of the last public entry of a log (0: none)."""
    return next((int(e["n"]) for e in reversed(log) if "n" in e), 0)


def measure(game: str, options: dict[str, Any], seed: int, fraction: float) -> dict[str, Any]:
    before, state, length = late_states(game, options, seed, fraction)
    viewers: list[int | None] = [None, *range(state.num_players)]
    marks = {v: last_public(before.view(v)["log"]) for v in viewers}
    whole = {v: best_us(lambda v=v: state.view(v)) for v in viewers}  # type: ignore[misc]
    delta = {v: best_us(lambda v=v: state.view(v, log_from=marks[v]))  # type: ignore[misc]
             for v in viewers}
    seats = range(state.num_players)
    return {
        "game": game, "options": options, "seed": seed, "actions_in_game": length,
        "position": int(length * fraction), "log_entries": len(state.view(0)["log"]),
        "whole_us": {str(v): round(t, 1) for v, t in whole.items()},
        "delta_us": {str(v): round(t, 1) for v, t in delta.items()},
        "whole_per_action_us": round(sum(whole[s] for s in seats), 1),
        "delta_per_action_us": round(sum(delta[s] for s in seats), 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--fraction", type=float, default=0.95)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    results = [measure(g, o, args.seed, args.fraction) for g, o in CASES]
    for r in results:
        print(f"{r['game']} {r['options']}: position {r['position']} of {r['actions_in_game']} "
              f"actions, {r['log_entries']} log entries")
        print(f"  per seat view  whole {r['whole_us']['0']:8.1f} µs   delta {r['delta_us']['0']:6.1f} µs"
              f"   (spectator {r['whole_us']['None']:.1f} / {r['delta_us']['None']:.1f})")
        print(f"  all seats      whole {r['whole_per_action_us']:8.1f} µs   "
              f"delta {r['delta_per_action_us']:6.1f} µs")
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
