#!/usr/bin/env python3
"""Count what a UECda games file (written by record.py) exercises.

Usage: summarize.py FILE.jsonl.gz [...]

Counts games, turns, accepted / refused plays, passes, accepted plays by
shape (single, set, run, joker single), revolutions (flips of status [5][6]),
locks (status [5][7] going 0 -> 1), 8-cuts (an accepted play containing an 8
that leaves the next turn with a new trick and the same player to move),
11-back flags seen, exchange submissions and games ended by the server's
20-passes rule (a game whose last turn's play was not accepted).
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import Counter
from typing import Any

EIGHT = 6  # column of rank 8


def shape(cells: list[list[int]]) -> str:
    if not cells:
        return "pass"
    rows = {r for r, _, _ in cells}
    cols = sorted(c for _, c, _ in cells)
    if len(cells) == 1:
        return "joker single" if cells[0][2] == 2 else "single"
    if len(set(cols)) == 1:
        return f"set of {len(cells)}"
    if len(rows) == 1 and cols == list(range(cols[0], cols[0] + len(cols))):
        return f"run of {len(cells)}"
    return "other"


def summarize(path: str) -> Counter[str]:
    count: Counter[str] = Counter()
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            game: dict[str, Any] = json.loads(line)
            count["games"] += 1
            if game.get("result") is None:
                count["games without result"] += 1
            count["exchange submissions"] += len(game["gives"])
            turns: list[dict[str, Any]] = game["turns"]
            count["turns"] += len(turns)
            if turns and (turns[-1]["ack"] == 8 or not turns[-1]["cells"]):
                count["games ended by the 20-passes rule"] += 1
            for i, turn in enumerate(turns):
                status = turn["status"]
                nxt = turns[i + 1]["status"] if i + 1 < len(turns) else None
                if turn["extra"]:
                    count["plays with nonzero rows 5-7"] += 1
                if not turn["cells"]:
                    count[f"passes (ack {turn['ack']})"] += 1
                    continue
                if turn["ack"] == 8:
                    count["refused plays"] += 1
                    count[f"refused by shape: {shape(turn['cells'])}"] += 1
                    continue
                count["accepted plays"] += 1
                kind = shape(turn["cells"])
                count[f"accepted: {kind}"] += 1
                if any(c == 2 for _, _, c in turn["cells"]) and kind != "joker single":
                    count["accepted: with joker substitute"] += 1
                if nxt is not None:
                    if nxt[6] != status[6]:
                        count["revolutions"] += 1
                    if nxt[7] == 1 and status[7] == 0:
                        count["locks"] += 1
                    if nxt[5] == 1:
                        count["11-back flags"] += 1
                    has_eight = any(c == EIGHT for _, c, _ in turn["cells"])
                    if has_eight and kind != "joker single" and nxt[4] == 1 and nxt[3] == turn["player"]:
                        count["8-cuts"] += 1
                    if kind == "single" and turn["cells"][0][:2] == [0, 1] and status[4] == 0:
                        prev = turns[i - 1] if i > 0 else None
                        if prev and prev["stage"] and shape(prev["stage"]) == "joker single":
                            count["spade 3 over a joker single"] += 1
    return count


def main(argv: list[str]) -> int:
    for path in argv:
        print(f"== {path.rsplit('/', 1)[-1]}")
        for key, value in sorted(summarize(path).items()):
            print(f"{key:40s} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
