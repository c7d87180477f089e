"""The recorded protocol exchanges (tests/data/uecda/transcript-*.txt.gz), byte for byte."""

from __future__ import annotations

import gzip
from pathlib import Path

DATA = Path(__file__).parents[2] / "data" / "uecda"
TRANSCRIPTS = {"tr3": ("transcript-g3-seed31.txt.gz", 31, 3),
               "tr5": ("transcript-g5-seed32.txt.gz", 32, 5)}
"""name → (file, the server's seed, games)."""

Streams = dict[tuple[int, str], list[bytes]]


def streams(name: str) -> Streams:
    """Each player's messages by direction (``"S>C"``, ``"C>S"``), in order."""
    out: Streams = {}
    with gzip.open(DATA / TRANSCRIPTS[name][0], "rt", encoding="ascii") as f:
        for line in f:
            player, direction, data = line.split()
            out.setdefault((int(player), direction), []).append(bytes.fromhex(data))
    return out
