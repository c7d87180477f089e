#!/usr/bin/env python3
"""Recording proxy for the UECda (UEC Computer Daihinmin Contest) protocol 20070.

The proxy sits between the five clients and the standard server::

    client k  --->  record.py (--listen PORT)  --->  server (--server HOST:PORT)

For every client that connects (in order) it opens one connection to the real
server, relays every message both ways unchanged, and parses both streams with
the protocol grammar (all integers are big-endian uint32; a table is 8 x 15 of
them = 480 bytes):

    C>S table  profile ([0][0] = protocol version, name in row 1)
    S>C int    player number
    per game:
      S>C table  dealt hand ([5][0] exchange flag, [5][1] cards to give)
      C>S table  cards given, only when [5][0] == 1 and [5][1] > 0
      per turn:
        S>C table  own hand + status ([5][2] == 1: my turn)
        C>S table  the play (only the player whose [5][2] == 1)
        S>C int    ack of the play: 9 accepted, 8 refused (only that player)
        S>C table  stage (the cards on the table after the turn)
        S>C int    0 game goes on, 1 game over, 2 all games over

Messages are forwarded whole (the standard server and the dev-kit client read
a table with a single recv(), so the proxy never forwards a partial table).

Outputs:
  --transcript FILE.gz   gzip text, one line per message in the order the proxy
                         saw them: "<player> <S>C|C>S> <hex of the bytes>".
  --games FILE.jsonl.gz  one JSON object per game (see tests/data/uecda/README.md).
  --server-stdout FILE   the server's captured stdout; read after the match to
                         add each game's places ("result") to the records.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import re
import socket
import struct
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

TABLE_BYTES = 480
INT_BYTES = 4
N_PLAYERS = 5

Table = list[list[int]]
Cell = list[int]


def decode_table(data: bytes) -> Table:
    values = struct.unpack(">120I", data)
    return [list(values[r * 15 : (r + 1) * 15]) for r in range(8)]


def decode_int(data: bytes) -> int:
    value: int = struct.unpack(">I", data)[0]
    return value


def cells(table: Table, rows: range) -> list[Cell]:
    return [[r, c, table[r][c]] for r in rows for c in range(15) if table[r][c] != 0]


HAND_ROWS = range(5)
EXTRA_ROWS = range(5, 8)


def status_of(table: Table) -> list[int]:
    return table[5][0:8] + table[6][0:15]


@dataclass
class Turn:
    player: int | None = None
    status: list[int] | None = None
    cells: list[Cell] | None = None
    extra: list[Cell] | None = None
    ack: int | None = None
    stage: list[Cell] | None = None
    end: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "status": self.status,
            "cells": self.cells,
            "extra": self.extra,
            "ack": self.ack,
            "stage": self.stage,
            "end": self.end,
        }


@dataclass
class Game:
    number: int
    seats: list[int] | None = None
    classes: list[int] | None = None
    hands: list[list[Cell] | None] = field(default_factory=lambda: [None] * N_PLAYERS)
    first_turn_hands: list[list[Cell] | None] = field(default_factory=lambda: [None] * N_PLAYERS)
    gives: list[dict[str, Any]] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)

    def turn(self, index: int) -> Turn:
        while len(self.turns) <= index:
            self.turns.append(Turn())
        return self.turns[index]


class SeatState:
    """Grammar state of one client connection (one player)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.player: int | None = None
        # server -> client
        self.s2c_state = "player_number"  # deal | turn | ack | stage | end | done
        self.game = 0  # number of the current game (1-based) for this seat
        self.turn_index = -1
        # client -> server: what the next table from the client means
        self.c2s_expect: list[str] = ["profile"]

    def next_s2c_size(self) -> int:
        if self.s2c_state in ("player_number", "ack", "end"):
            return INT_BYTES
        if self.s2c_state == "done":
            return 0
        return TABLE_BYTES


class Recorder:
    def __init__(self, match: str, seed: str | None, transcript: IO[str] | None) -> None:
        self.match = match
        self.seed = seed
        self.transcript = transcript
        self.lock = threading.Lock()
        self.seats: list[SeatState] = []
        self.games: dict[int, Game] = {}
        self.warnings: list[str] = []

    def warn(self, text: str) -> None:
        self.warnings.append(text)
        print(f"record.py: warning: {text}", file=sys.stderr)

    def add_seat(self) -> SeatState:
        with self.lock:
            seat = SeatState(len(self.seats))
            self.seats.append(seat)
            return seat

    def game(self, number: int) -> Game:
        if number not in self.games:
            self.games[number] = Game(number)
        return self.games[number]

    def log(self, seat: SeatState, direction: str, data: bytes) -> None:
        if self.transcript is not None:
            self.transcript.write(f"{seat.seat} {direction} {data.hex()}\n")

    # server -> client ------------------------------------------------------
    def on_s2c(self, seat: SeatState, data: bytes) -> None:
        """Handle one complete server->client message (the lock is held)."""
        self.log(seat, "S>C", data)
        state = seat.s2c_state
        if state == "player_number":
            seat.player = decode_int(data)
            if seat.player != seat.seat:
                self.warn(f"connection {seat.seat} got player number {seat.player}")
            seat.s2c_state = "deal"
            return
        if state == "deal":
            table = decode_table(data)
            seat.game += 1
            seat.turn_index = -1
            game = self.game(seat.game)
            player = self.player_of(seat)
            if game.seats is None:
                game.seats = table[6][10:15]
                game.classes = table[6][5:10]
            game.hands[player] = cells(table, HAND_ROWS)
            if table[5][0] == 1 and table[5][1] > 0:
                seat.c2s_expect.append("give")
            seat.s2c_state = "turn"
            return
        if state == "turn":
            table = decode_table(data)
            seat.turn_index += 1
            game = self.game(seat.game)
            player = self.player_of(seat)
            if game.first_turn_hands[player] is None:
                game.first_turn_hands[player] = cells(table, HAND_ROWS)
            if table[5][2] == 1:
                turn = game.turn(seat.turn_index)
                if turn.player is not None:
                    self.warn(f"game {seat.game} turn {seat.turn_index}: two players to move")
                turn.player = player
                turn.status = status_of(table)
                seat.c2s_expect.append("play")
                seat.s2c_state = "ack"
            else:
                seat.s2c_state = "stage"
            return
        if state == "ack":
            turn = self.game(seat.game).turn(seat.turn_index)
            turn.ack = decode_int(data)
            seat.s2c_state = "stage"
            return
        if state == "stage":
            table = decode_table(data)
            turn = self.game(seat.game).turn(seat.turn_index)
            stage = cells(table, HAND_ROWS)
            if turn.stage is None:
                turn.stage = stage
            elif turn.stage != stage:
                self.warn(f"game {seat.game} turn {seat.turn_index}: stage differs between players")
            seat.s2c_state = "end"
            return
        if state == "end":
            value = decode_int(data)
            turn = self.game(seat.game).turn(seat.turn_index)
            if turn.end is None:
                turn.end = value
            elif turn.end != value:
                self.warn(f"game {seat.game} turn {seat.turn_index}: end flag differs between players")
            if value == 0:
                seat.s2c_state = "turn"
            elif value == 1:
                seat.s2c_state = "deal"
            else:
                seat.s2c_state = "done"
            return
        self.warn(f"player {seat.seat}: server sent data after the last game")

    # client -> server ------------------------------------------------------
    def on_c2s(self, seat: SeatState, data: bytes) -> None:
        """Handle one complete client->server table (the lock is held)."""
        self.log(seat, "C>S", data)
        table = decode_table(data)
        if not seat.c2s_expect:
            self.warn(f"player {seat.seat}: unexpected table from the client in game {seat.game}")
            return
        kind = seat.c2s_expect.pop(0)
        if kind == "profile":
            return
        player = self.player_of(seat)
        game = self.game(seat.game)
        if kind == "give":
            game.gives.append(
                {
                    "player": player,
                    "cells": cells(table, HAND_ROWS),
                    "extra": cells(table, EXTRA_ROWS),
                }
            )
            return
        turn = game.turn(seat.turn_index)
        turn.cells = cells(table, HAND_ROWS)
        turn.extra = cells(table, EXTRA_ROWS)

    def player_of(self, seat: SeatState) -> int:
        return seat.player if seat.player is not None else seat.seat

    def records(self, results: dict[int, dict[str, int]]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for number in sorted(self.games):
            game = self.games[number]
            classes = game.classes or [0] * N_PLAYERS
            # The clients send their gives concurrently; the server reads the
            # daifugo's first, then the fugo's: store them in that order.
            gives = sorted(game.gives, key=lambda give: classes[give["player"]])
            out.append(
                {
                    "match": self.match,
                    "seed": self.seed,
                    "game": number,
                    "seats": game.seats,
                    "classes": game.classes,
                    "hands": game.hands,
                    "hands_after_exchange": game.first_turn_hands,
                    "gives": gives,
                    "turns": [t.as_json() for t in game.turns],
                    "result": results.get(number),
                }
            )
        return out


QUICKACK: int | None = getattr(socket, "TCP_QUICKACK", None)


def recv_some(sock: socket.socket) -> bytes:
    """Receive what is there; on Linux ask for an immediate ACK each time.

    The standard server writes small messages back to back (the ack int, then
    the stage table, then the end int) without TCP_NODELAY, so Nagle's
    algorithm holds each one until the previous is acknowledged; with delayed
    ACKs that costs ~40 ms per message.  Quick ACKs only change timing, never
    the bytes.
    """
    try:
        data = sock.recv(65536)
        if QUICKACK is not None:
            sock.setsockopt(socket.IPPROTO_TCP, QUICKACK, 1)
        return data
    except OSError:
        return b""


def relay_s2c(rec: Recorder, seat: SeatState, server: socket.socket, client: socket.socket) -> None:
    buffer = b""
    while True:
        chunk = recv_some(server)
        if not chunk:
            break
        buffer += chunk
        while True:
            with rec.lock:
                size = seat.next_s2c_size()
                if size == 0 or len(buffer) < size:
                    break
                message, buffer = buffer[:size], buffer[size:]
                rec.on_s2c(seat, message)
            try:
                client.sendall(message)
            except OSError:
                rec.warn(f"player {seat.seat}: client closed while relaying")
        if seat.s2c_state == "done" and buffer:
            break
    if buffer:
        with rec.lock:
            rec.warn(f"player {seat.seat}: {len(buffer)} trailing bytes from the server")
            rec.log(seat, "S>C", buffer)
        with contextlib.suppress(OSError):
            client.sendall(buffer)
    with contextlib.suppress(OSError):
        client.shutdown(socket.SHUT_WR)


def relay_c2s(rec: Recorder, seat: SeatState, client: socket.socket, server: socket.socket) -> None:
    buffer = b""
    while True:
        chunk = recv_some(client)
        if not chunk:
            break
        buffer += chunk
        while len(buffer) >= TABLE_BYTES:
            message, buffer = buffer[:TABLE_BYTES], buffer[TABLE_BYTES:]
            with rec.lock:
                rec.on_c2s(seat, message)
            try:
                server.sendall(message)
            except OSError:
                rec.warn(f"player {seat.seat}: server closed while relaying")
    if buffer:
        with rec.lock:
            rec.warn(f"player {seat.seat}: {len(buffer)} trailing bytes from the client")
            rec.log(seat, "C>S", buffer)
        with contextlib.suppress(OSError):
            server.sendall(buffer)
    with contextlib.suppress(OSError):
        server.shutdown(socket.SHUT_WR)


GAME_LINE = re.compile(r"^================ game (\d+)\s*$")
CLASS_LINE = re.compile(r"^(daihugou|fugo|heimin|himmin|daihinmin)\s+(\d+)\.")


def parse_results(text: str) -> dict[int, dict[str, int]]:
    """Places per game from the server's stdout: class name -> player number."""
    results: dict[int, dict[str, int]] = {}
    current: dict[str, int] | None = None
    for line in text.splitlines():
        match = GAME_LINE.match(line)
        if match:
            current = {}
            results[int(match.group(1))] = current
            continue
        if current is not None:
            cls = CLASS_LINE.match(line)
            if cls:
                current[cls.group(1)] = int(cls.group(2))
                if len(current) == N_PLAYERS:
                    current = None
            else:
                current = None
    return results


def wait_for_server_stdout(path: Path, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        text = path.read_text(errors="replace") if path.exists() else ""
        if "All games are overed" in text:
            break
        time.sleep(0.2)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--listen", type=int, required=True, help="port the clients connect to")
    parser.add_argument("--listen-host", default="127.0.0.1")
    parser.add_argument("--server", default="127.0.0.1:42485", help="HOST:PORT of the real server")
    parser.add_argument("--clients", type=int, default=N_PLAYERS)
    parser.add_argument("--match", required=True, help="name stored in every game record")
    parser.add_argument("--seed", help="the server seed (UECDA_SEED) stored in every game record")
    parser.add_argument("--transcript", type=Path, help="write a gzip byte transcript here")
    parser.add_argument("--games", type=Path, help="write gzip JSON-lines game records here")
    parser.add_argument("--server-stdout", type=Path, help="captured server stdout, read for the places")
    parser.add_argument("--wait", type=float, default=30.0, help="seconds to wait for the server stdout")
    args = parser.parse_args(argv)

    host, _, port_text = args.server.rpartition(":")
    server_addr = (host or "127.0.0.1", int(port_text))
    transcript: IO[str] | None = None
    if args.transcript is not None:
        transcript = gzip.open(  # noqa: SIM115 -- closed after the relay threads end
            args.transcript, "wt", encoding="ascii", compresslevel=9
        )
    rec = Recorder(args.match, args.seed, transcript)

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((args.listen_host, args.listen))
    listener.listen(args.clients)
    threads: list[threading.Thread] = []
    sockets: list[socket.socket] = []
    for _ in range(args.clients):
        client, _addr = listener.accept()
        server = socket.create_connection(server_addr)
        for sock in (client, server):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sockets += [client, server]
        seat = rec.add_seat()
        for target, a, b in ((relay_c2s, client, server), (relay_s2c, server, client)):
            thread = threading.Thread(target=target, args=(rec, seat, a, b), daemon=True)
            thread.start()
            threads.append(thread)
    listener.close()
    for thread in threads:
        thread.join()
    for sock in sockets:
        sock.close()
    if transcript is not None:
        transcript.close()

    results: dict[int, dict[str, int]] = {}
    if args.server_stdout is not None:
        results = parse_results(wait_for_server_stdout(args.server_stdout, args.wait))
    if args.games is not None:
        with gzip.open(args.games, "wt", encoding="utf-8", compresslevel=9) as out:
            for record in rec.records(results):
                out.write(json.dumps(record, separators=(",", ":")) + "\n")
    games = len(rec.games)
    missing = [n for n in rec.games if n not in results] if args.server_stdout is not None else []
    print(f"record.py: {games} games, {len(rec.warnings)} warnings, {len(missing)} games without result")
    return 0 if not rec.warnings and not missing else 1


if __name__ == "__main__":
    sys.exit(main())
