"""Fake UECda clients that replay a recorded transcript (tests/data/uecda/transcript-*.txt.gz)
against a server: each sends exactly its recorded messages, each after the ones it received
before, and keeps every byte the server sends it."""

from __future__ import annotations

import asyncio
import gzip
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from furuba.daihinmin.uecda.table import decode_table

DATA = Path(__file__).parents[2] / "data" / "uecda"
PLAYERS = 5


@dataclass
class Script:
    """One player's messages in stream order: ``("S>C" | "C>S", bytes)``."""

    lines: list[tuple[str, bytes]] = field(default_factory=list)

    def expected(self) -> bytes:
        return b"".join(data for way, data in self.lines if way == "S>C")


def load(name: str) -> list[Script]:
    """The five players' scripts of a transcript."""
    scripts = [Script() for _ in range(PLAYERS)]
    with gzip.open(DATA / name, "rt", encoding="ascii") as f:
        for line in f:
            player, way, text = line.split()
            scripts[int(player)].lines.append((way, bytes.fromhex(text)))
    return scripts


@dataclass
class Heard:
    """What a fake client received, and where it first differed from the script."""

    data: bytearray = field(default_factory=bytearray)
    problem: str = ""


def describe(expected: bytes, got: bytes) -> str:
    """The cells where two tables differ (or the two messages, when not tables)."""
    if len(expected) == len(got) == 480:
        want, have = decode_table(expected), decode_table(got)
        return ", ".join(f"[{r}][{c}] {have[r][c]} not {want[r][c]}"
                         for r in range(8) for c in range(15) if want[r][c] != have[r][c])
    return f"{got.hex()} not {expected.hex()}"


async def play(script: Script, port: int, heard: Heard, timeout: float = 10.0,
               stop: Callable[[int], bool] | None = None,
               connected: asyncio.Event | None = None) -> None:
    """Connect and follow ``script``; ``stop(i)`` true ends it (the connection closed) before
    line ``i``; ``connected`` is set once the player number came."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        for i, (way, data) in enumerate(script.lines):
            if stop is not None and stop(i):
                return
            if way == "C>S":
                writer.write(data)
                await writer.drain()
                continue
            try:
                got = await asyncio.wait_for(reader.readexactly(len(data)), timeout)
            except asyncio.IncompleteReadError as exc:
                heard.data += exc.partial
                heard.problem = f"line {i}: the server closed the connection"
                return
            heard.data += got
            if connected is not None:
                connected.set()
            if got != data and not heard.problem:
                heard.problem = f"line {i}: {describe(data, got)}"
        rest = await asyncio.wait_for(reader.read(), timeout)
        if rest and not heard.problem:
            heard.problem = f"{len(rest)} bytes after the last message"
    finally:
        if connected is not None:
            connected.set()
        writer.close()
