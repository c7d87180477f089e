"""Find a deal for a game's tutorial: a seed whose story visits every step, in order, soonest.

A tutorial's lessons are computed from the position, and its bots decide from the table's seed,
so a seed fixes the whole story of a learner who follows the lessons. This script follows the
tutorial (as ``tests/tutorial_walk.py`` does) for each seed in a range, gives up on a deal as
soon as it shows a step before one more than SLACK places earlier, and lists the seeds that show
them all — those in order first — by the number of actions the guided part takes.

    python scripts/tutorial_seeds.py daihinmin 0 2000 [SLACK]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from tutorial_walk import in_order, walk


def main(game: str, low: int, high: int, slack: int = 0) -> None:
    found: list[tuple[bool, int, int]] = []
    for seed in range(low, high):
        out = walk(game, seed=seed, slack=slack)
        if out.ended and set(out.tutorial.steps) <= set(out.steps):
            ordered = in_order(out)
            found.append((not ordered, len(out.actions), seed))
            print(f"seed {seed}: every step{' in order' if ordered else ''}, the guided part "
                  f"ends after {len(out.actions)} actions", flush=True)
    for disordered, length, seed in sorted(found)[:10]:
        print(f"{seed}\t{length}\t{'' if disordered else 'in order'}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), *(int(a) for a in sys.argv[4:5]))
