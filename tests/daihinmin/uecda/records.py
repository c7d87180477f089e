"""The standard UECda server's recorded matches (tests/data/uecda), read with furuba's reader of
records (:mod:`furuba.daihinmin.uecda.records`), which replays them in furuba's engine under the
UECda preset: the seats and the deals come from the record, everything else — the exchange,
every play, the lock, the revolution, the places — from furuba's rules, checked against what
the server did."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from furuba.daihinmin.uecda.records import Tally, read_records, replay

DATA = Path(__file__).parents[2] / "data" / "uecda"

__all__ = ["DATA", "Tally", "games", "replay"]


def games(name: str) -> list[dict[str, Any]]:
    """The games of a recorded match, in order."""
    return read_records(DATA / f"games-{name}.jsonl.gz")
