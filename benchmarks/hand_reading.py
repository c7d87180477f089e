"""How much of the hidden hands Dai Hin Min's world samplers put in the right place.

Positions are taken from single rounds played by four search bots (``normal`` unless told
otherwise), at 10 to 35 moves in. At each, the player to move draws worlds from a sampler, and
the benchmark counts, for every other player and every rank, how many of that player's cards of
that rank the world gives them (at most as many as they really hold): the share of the hidden
cards whose rank is placed in the right hand. Suits are left out: in the rulebook's game they
never matter. Compared: uniform deals (``determinize``), and the game's ``world_sampler``
(``infer=on``), each with a 95% interval over positions and the paired difference.

``python -m benchmarks.hand_reading --positions 100``
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

from benchmarks.ismcts import mean_interval

GAME = "daihinmin"
PLAYERS = 4


def positions(count: int, level: str = "normal", seed: int = 300) -> list[Any]:
    """``count`` positions of single rounds played by four ``level`` bots."""
    from furuba import games
    from furuba.bots.registry import make_bot

    out = []
    for i in range(count):
        state = games.new_game(GAME, players=PLAYERS, seed=seed + i, max_rounds=1)
        bots = [make_bot(level, seed=i * 7 + p) for p in range(PLAYERS)]
        for _ in range(10 + (i % 6) * 5):
            if state.is_terminal():
                break
            state.apply(bots[state.current_player].choose(state))
        if not state.is_terminal():
            out.append(state)
    return out


def placed(state: Any, sampler: Callable[[random.Random], Any], draws: int, seed: int) -> float:
    """The mean share of the hidden cards whose rank a drawn world places in the right hand."""
    player = state.current_player
    others = [q for q in range(PLAYERS) if q != player]
    hidden = sum(state.hand_sizes()[q] for q in others)
    truth = {q: state.hand_counts(q) for q in others}
    rng = random.Random(seed)
    right = 0
    for _ in range(draws):
        world = sampler(rng)
        right += sum(min(a, b) for q in others
                     for a, b in zip(world.hand_counts(q), truth[q], strict=True))
    return right / draws / max(1, hidden)


def run(count: int = 100, draws: int = 60, level: str = "normal") -> dict[str, Any]:
    """Both samplers on ``count`` positions, ``draws`` worlds each."""
    from furuba import games

    refined = games.spec(GAME).policies.world_sampler
    assert refined is not None, "the game has no world sampler"
    found = positions(count, level)
    uniform = [placed(s, s.sampler(s.current_player), draws, i) for i, s in enumerate(found)]
    inferred = [placed(s, refined(s, s.current_player), draws, i) for i, s in enumerate(found)]
    gain = [b - a for a, b in zip(uniform, inferred, strict=True)]
    return {"positions": len(found), "draws": draws, "level": level,
            "uniform": round(statistics.fmean(uniform), 4),
            "uniform_ci95": [round(x, 4) for x in mean_interval(uniform)],
            "inferred": round(statistics.fmean(inferred), 4),
            "inferred_ci95": [round(x, 4) for x in mean_interval(inferred)],
            "gain": round(statistics.fmean(gain), 4),
            "gain_ci95": [round(x, 4) for x in mean_interval(gain)]}


if __name__ == "__main__":  # pragma: no cover - a diagnostic, run by hand
    import argparse
    import json

    parser = argparse.ArgumentParser(description="how much of the hidden hands Dai Hin Min's "
                                                 "world samplers place right")
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--draws", type=int, default=60)
    parser.add_argument("--level", default="normal")
    args = parser.parse_args()
    print(json.dumps(run(args.positions, args.draws, args.level), indent=1))
