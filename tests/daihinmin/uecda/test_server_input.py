"""furuba's UECda server and what clients may send it (D29): malformed plays refused as the
standard server refuses them (8, and a pass), a client that leaves or stalls ending the match
with one sentence, and its record readable by the replay of the recorded matches."""

from __future__ import annotations

import asyncio
import gzip
import io
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.daihinmin.uecda.records import replay

from furuba.daihinmin.uecda.links import MatchError
from furuba.daihinmin.uecda.running import run_sync
from furuba.daihinmin.uecda.server import Summary, serve
from furuba.daihinmin.uecda.table import (
    Table,
    decode_int,
    decode_table,
    empty_table,
    encode_table,
    profile_table,
    table_of_cells,
)

PLAYERS = 5


def _lowest(table: Table) -> tuple[int, int, int]:
    """The first card of a hand table, column by column."""
    return next((r, c, table[r][c]) for c in range(15) for r in range(5) if table[r][c])


class Simple:
    """A client that leads its lowest card and passes otherwise (giving its lowest cards);
    ``first`` plays are sent at its first turns instead, by a function of its hand table."""

    def __init__(self, first: list[str]) -> None:
        self.first = list(first)
        self.acks: list[int] = []
        self.turns: list[Table] = []
        self.stages: list[Table] = []

    def choose(self, hand: Table) -> Table:
        if self.first:
            return MALFORMED[self.first.pop(0)](hand)
        if hand[5][4]:
            return table_of_cells([_lowest(hand)])
        return empty_table()

    async def play(self, port: int, number: asyncio.Event) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)

        async def table() -> Table:
            return decode_table(await asyncio.wait_for(reader.readexactly(480), 10))

        async def integer() -> int:
            return decode_int(await asyncio.wait_for(reader.readexactly(4), 10))

        try:
            writer.write(encode_table(profile_table("simple")))
            await integer()
            number.set()
            while True:
                dealt = await table()
                if dealt[5][1] > 0:
                    cells = sorted((c, r, dealt[r][c]) for r in range(5) for c in range(15)
                                   if dealt[r][c])[:dealt[5][1]]
                    writer.write(encode_table(table_of_cells([(r, c, v) for c, r, v in cells])))
                end = 0
                while end == 0:
                    hand = await table()
                    self.turns.append(hand)
                    if hand[5][2]:
                        writer.write(encode_table(self.choose(hand)))
                        self.acks.append(await integer())
                    self.stages.append(await table())
                    end = await integer()
                if end == 2:
                    return
        finally:
            number.set()
            writer.close()


def _three(hand: Table) -> Table:
    r, c, v = _lowest(hand)
    table = table_of_cells([(r, c, v)])
    table[(r + 1) % 4][(c % 13) + 1] = 3      # a value that is no card, beside a good card
    return table


MALFORMED = {
    "three": _three,
    "column 0": lambda hand: table_of_cells([(2, 0, 1)]),
    "two jokers": lambda hand: table_of_cells([(0, 14, 2), (1, 14, 2)]),
    "pass": lambda hand: empty_table(),
}


async def _serve(clients: list[Simple], games: int, seed: int, record: Path | None = None
                 ) -> Summary:
    opened: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    server = asyncio.create_task(serve("127.0.0.1", 0, games, seed, record, timeout=10,
                                       out=io.StringIO(), listening=opened.set_result))
    port = await opened
    tasks = []
    for client in clients:
        number = asyncio.Event()
        tasks.append(asyncio.create_task(client.play(port, number)))
        await number.wait()
    summary = await asyncio.wait_for(server, 60)
    await asyncio.gather(*tasks)
    return summary


def test_ruling_d29_malformed_plays_are_refused_as_passes() -> None:
    # seed 31: seats 1, 0, 3, 4, 2 and player 4 holds the 3♦, so 4, 2, 1, 0, 3 move first
    firsts = {4: "three", 2: "column 0", 1: "two jokers", 0: "pass"}
    clients = [Simple([firsts[p]] if p in firsts else []) for p in range(PLAYERS)]
    run_sync(_serve(clients, 1, 31))
    assert [t[5][3] for t in clients[0].turns[:5]] == [4, 2, 1, 0, 3]
    # on an empty table: three malformed plays refused (8), a pass answered 9
    assert [clients[p].acks[0] for p in (4, 2, 1, 0)] == [8, 8, 8, 9]
    for stage in clients[0].stages[:4]:
        assert not any(any(row) for row in stage[0:5])      # nothing reached the table
        assert stage[5][4] == 1                              # still a new trick
    # each was a pass: out of the trick, so player 3 leads, then the trick starts again
    assert clients[3].acks[0] == 9 and clients[0].stages[4][5][4] == 0


def test_ruling_d29_the_record_replays_in_furuba(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl.gz"
    summary = run_sync(_serve([Simple([]) for _ in range(PLAYERS)], 4, 7, path))
    with gzip.open(path, "rt", encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    assert [r["game"] for r in records] == [1, 2, 3, 4]
    tally = replay(records)
    assert tally.problems == [] and tally.games == 4 and tally.gives == 6
    assert sum(summary.points) == 4 * 15


def test_ruling_d29_a_stalled_client_ends_the_match_with_a_sentence() -> None:
    async def stall() -> str:
        opened: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        server = asyncio.create_task(serve("127.0.0.1", 0, 1, 31, timeout=0.3,
                                           out=io.StringIO(), listening=opened.set_result))
        port = await opened
        streams = []
        for _ in range(PLAYERS):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(encode_table(profile_table("mute")))
            await reader.readexactly(4)
            streams.append(writer)
        try:
            await asyncio.wait_for(server, 10)
        except MatchError as exc:
            return str(exc)
        finally:
            for writer in streams:
                writer.close()
        return ""

    message = run_sync(stall())
    assert message == ("player 4 (mute) sent nothing for 0.3 seconds while the server waited "
                       "for its play.")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_ruling_d29_a_client_leaving_ends_the_server_with_a_sentence() -> None:
    port = _free_port()
    code = ("from furuba.daihinmin.uecda.commands import build_app; "
            f"build_app()(['uecda', 'serve', '--port', '{port}', '--games', '2', '--seed', "
            "'31', '--timeout', '5'], prog_name='furuba')")
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        socks = []
        for _ in range(PLAYERS):
            deadline = time.monotonic() + 20
            while True:
                try:
                    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                    break
                except ConnectionRefusedError:
                    assert time.monotonic() < deadline, "the server did not listen"
                    time.sleep(0.05)
            sock.sendall(encode_table(profile_table("leaver")))
            assert len(sock.recv(4)) == 4
            socks.append(sock)
        for sock in socks:          # everybody leaves once dealt
            sock.close()
        _, err = server.communicate(timeout=20)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == 2
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "player" in lines[0] and lines[0].endswith(".")
