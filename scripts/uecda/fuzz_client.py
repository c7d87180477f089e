#!/usr/bin/env python3
"""Adversarial UECda client (protocol 20070) for recording refused plays.

It follows the protocol grammar exactly (so it never hangs the server), but on
its turns it sends, at random (seeded by --seed):

* with probability --skill, the move of a plain greedy rule (weakest single,
  set or run that beats the stage, else a pass), so that it sometimes wins and
  has to give cards as daifugo / fugo;
* a pass (an all-zero table);
* a legal-looking play from its hand: a single, a set (with or without the
  joker standing in an empty suit row of the same rank), a run of 3+ of one
  suit (with or without the joker inside it or at column 0 / 14), a joker
  single placed in a suit row; sometimes with junk in rows 5..7;
* a deliberately wrong play: cards it does not hold, the joker at [4][col],
  mixed shapes, a run of 2, a 1 at column 0 or 14, a cell value of 3 or
  0xFFFFFFFF, a joker (2) it does not hold.

On exchange it sometimes gives the right count of its own cards, sometimes the
wrong count or cards it lacks.

Usage: fuzz_client.py -h HOST -p PORT -n NAME --seed N
"""

from __future__ import annotations

import argparse
import random
import socket
import struct
import sys

PROTOCOL_VERSION = 20070
TABLE_BYTES = 480

Table = list[list[int]]


def empty() -> Table:
    return [[0] * 15 for _ in range(8)]


def encode(table: Table) -> bytes:
    return struct.pack(">120I", *[v & 0xFFFFFFFF for row in table for v in row])


def recv_exact(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise ConnectionError("server closed the connection")
        data += chunk
    return data


def recv_table(sock: socket.socket) -> Table:
    values = struct.unpack(">120I", recv_exact(sock, TABLE_BYTES))
    return [list(values[r * 15 : (r + 1) * 15]) for r in range(8)]


def recv_int(sock: socket.socket) -> int:
    value: int = struct.unpack(">I", recv_exact(sock, 4))[0]
    return value


def send_table(sock: socket.socket, table: Table) -> None:
    sock.sendall(encode(table))


class Hand:
    def __init__(self, table: Table) -> None:
        self.cards = {(r, c) for r in range(4) for c in range(1, 14) if table[r][c] == 1}
        self.joker = table[4][1] == 2

    def missing(self) -> list[tuple[int, int]]:
        return [(r, c) for r in range(4) for c in range(1, 14) if (r, c) not in self.cards]


class Fuzzer:
    def __init__(self, rng: random.Random, skill: float) -> None:
        self.rng = rng
        self.skill = skill
        self.counts: dict[str, int] = {}

    def note(self, kind: str) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1

    # legal-looking plays -------------------------------------------------
    def single(self, hand: Hand) -> Table | None:
        table = empty()
        if hand.joker and (not hand.cards or self.rng.random() < 0.15):
            table[self.rng.randrange(4)][self.rng.randrange(1, 14)] = 2
            self.note("joker single")
            return table
        if not hand.cards:
            return None
        r, c = self.rng.choice(sorted(hand.cards))
        table[r][c] = 1
        self.note("single")
        return table

    def group(self, hand: Hand) -> Table | None:
        by_rank: dict[int, list[int]] = {}
        for r, c in hand.cards:
            by_rank.setdefault(c, []).append(r)
        ranks = [c for c, rows in by_rank.items() if len(rows) + hand.joker >= 2]
        if not ranks:
            return None
        c = self.rng.choice(sorted(ranks))
        rows = sorted(by_rank[c])
        use_joker = hand.joker and len(rows) < 4 and (len(rows) == 1 or self.rng.random() < 0.3)
        size = self.rng.randint(max(1 if use_joker else 2, 1), len(rows))
        chosen = self.rng.sample(rows, size)
        table = empty()
        for r in chosen:
            table[r][c] = 1
        if use_joker:
            free = [r for r in range(4) if r not in chosen]
            table[self.rng.choice(free)][c] = 2
        self.note("set+joker" if use_joker else "set")
        return table

    def run(self, hand: Hand) -> Table | None:
        for _ in range(30):
            suit = self.rng.randrange(4)
            length = self.rng.choice([3, 3, 3, 4, 4, 5, 6])
            start = self.rng.randrange(0, 16 - length)
            joker_used = False
            table = empty()
            ok = True
            for c in range(start, start + length):
                if (suit, c) in hand.cards:
                    table[suit][c] = 1
                elif hand.joker and not joker_used:
                    table[suit][c] = 2
                    joker_used = True
                else:
                    ok = False
                    break
            if ok:
                self.note("run+joker" if joker_used else "run")
                return table
        return None

    # deliberately wrong plays ---------------------------------------------
    def wrong(self, hand: Hand) -> Table:
        table = empty()
        kind = self.rng.choice(
            ["not held", "joker row 4", "mixed", "run of 2", "edge 1", "value 3", "big value", "fake joker"]
        )
        self.note("wrong " + kind)
        held = sorted(hand.cards)
        if kind == "not held":
            missing = hand.missing()
            for r, c in self.rng.sample(missing, min(len(missing), self.rng.randint(1, 3))):
                table[r][c] = 1
        elif kind == "joker row 4":
            table[4][self.rng.randrange(15)] = 2
            if held and self.rng.random() < 0.5:
                r, c = self.rng.choice(held)
                table[r][c] = 1
        elif kind == "mixed":
            count = min(len(held), self.rng.randint(2, 4))
            picks = self.rng.sample(held, count) if held else [(0, 1), (1, 5)]
            for r, c in picks:
                table[r][c] = 1
        elif kind == "run of 2":
            pairs = [(r, c) for r, c in held if (r, c + 1) in hand.cards]
            r, c = self.rng.choice(pairs) if pairs else (self.rng.randrange(4), self.rng.randrange(1, 13))
            table[r][c] = 1
            table[r][c + 1] = 1
        elif kind == "edge 1":
            table[self.rng.randrange(4)][self.rng.choice([0, 14])] = 1
        elif kind == "value 3":
            r, c = self.rng.choice(held) if held else (0, 1)
            table[r][c] = 3
        elif kind == "big value":
            r, c = self.rng.choice(held) if held else (0, 1)
            table[r][c] = 0xFFFFFFFF
        else:  # a joker value without holding the joker (or a second joker)
            table[self.rng.randrange(4)][self.rng.randrange(1, 14)] = 2
            if hand.joker:
                table[self.rng.randrange(4)][self.rng.randrange(1, 14)] = 2
        return table

    # a plain greedy player, so that the fuzz client sometimes wins and gives --
    def greedy(self, table: Table, stage: Table) -> Table | None:
        hand = Hand(table)
        rev = table[5][6] == 1
        # candidates: (cells, kind, size, low col, high col)
        cands: list[tuple[list[tuple[int, int]], str, int, int, int]] = []
        for c in range(1, 14):
            rows = [r for r in range(4) if (r, c) in hand.cards]
            for size in range(1, len(rows) + 1):
                cands.append(([(r, c) for r in rows[:size]], "set", size, c, c))
        for r in range(4):
            for start in range(1, 14):
                c = start
                while (r, c) in hand.cards:
                    c += 1
                    if c - start >= 3:
                        cands.append(([(r, x) for x in range(start, c)], "run", c - start, start, c - 1))
        stage_cells = [(r, c) for r in range(5) for c in range(15) if stage[r][c] != 0]
        if table[5][4] == 1 or not stage_cells:
            if not cands:
                return None
            pick = min(cands, key=lambda x: ((14 - x[3]) if rev else x[3], -x[2]))
        else:
            stage_rows = {r for r, _ in stage_cells}
            cols = sorted({c for _, c in stage_cells})
            size = len(stage_cells)
            kind = "run" if size >= 3 and len(stage_rows) == 1 and len(cols) == size else "set"
            lo, hi = cols[0], cols[-1]
            fits = [
                x for x in cands if x[1] == kind and x[2] == size and ((x[4] < lo) if rev else (x[3] > hi))
            ]
            if not fits:
                if size == 1 and hand.joker and self.rng.random() < 0.5:
                    out = empty()
                    out[0][1] = 2
                    self.note("greedy joker single")
                    return out
                return None
            pick = max(fits, key=lambda x: x[3]) if rev else min(fits, key=lambda x: x[3])
        out = empty()
        for r, c in pick[0]:
            out[r][c] = 1
        self.note("greedy " + pick[1])
        return out

    def play(self, table: Table, stage: Table) -> Table:
        hand = Hand(table)
        if self.rng.random() < self.skill:
            move = self.greedy(table, stage)
            if move is None:
                self.note("greedy pass")
                return empty()
            return move
        roll = self.rng.random()
        if roll < 0.2:
            self.note("pass")
            return empty()
        if roll < 0.72:
            maker = self.rng.choice([self.single, self.single, self.group, self.run])
            play = maker(hand) or self.single(hand)
            if play is not None:
                if self.rng.random() < 0.05:
                    play[self.rng.randrange(5, 8)][self.rng.randrange(15)] = self.rng.randint(1, 9)
                    self.note("junk rows 5-7")
                return play
        return self.wrong(hand)

    def give(self, table: Table) -> Table:
        hand = Hand(table)
        want = table[5][1]
        own: list[tuple[int, int, int]] = [(r, c, 1) for r, c in sorted(hand.cards)]
        if hand.joker:
            own.append((4, 1, 2))
        roll = self.rng.random()
        out = empty()
        if roll < 0.6:
            self.note("give right")
            count = want
        elif roll < 0.8:
            self.note("give wrong count")
            count = self.rng.choice([c for c in (0, 1, 2, 3) if c != want])
        else:
            self.note("give not held")
            missing = hand.missing()
            for r, c in self.rng.sample(missing, min(len(missing), want)):
                out[r][c] = 1
            return out
        for r, c, v in self.rng.sample(own, min(len(own), count)):
            out[r][c] = v
        return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, add_help=False, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--help", action="help")
    parser.add_argument("-h", dest="host", default="127.0.0.1")
    parser.add_argument("-p", dest="port", type=int, default=42485)
    parser.add_argument("-n", dest="name", default="fuzz")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--skill", type=float, default=0.5, help="share of turns played by a plain greedy rule (rest: fuzz)"
    )
    args = parser.parse_args(argv)

    fuzzer = Fuzzer(random.Random(args.seed), args.skill)
    sock = socket.create_connection((args.host, args.port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    profile = empty()
    profile[0][0] = PROTOCOL_VERSION
    for i, ch in enumerate(args.name.encode("ascii", "replace")[:14]):
        profile[1][i] = ch
    send_table(sock, profile)
    player = recv_int(sock)
    games = 0
    acks = {8: 0, 9: 0}
    try:
        while True:
            dealt = recv_table(sock)
            games += 1
            if dealt[5][0] == 1 and dealt[5][1] > 0:
                send_table(sock, fuzzer.give(dealt))
            end = 0
            stage = empty()
            while end == 0:
                mine = recv_table(sock)
                if mine[5][2] == 1:
                    send_table(sock, fuzzer.play(mine, stage))
                    ack = recv_int(sock)
                    acks[ack] = acks.get(ack, 0) + 1
                stage = recv_table(sock)
                end = recv_int(sock)
            if end != 1:
                break
    finally:
        sock.close()
        summary = " ".join(f"{k}={v}" for k, v in sorted(fuzzer.counts.items()))
        print(f"fuzz_client player {player}: {games} games, acks {acks}; {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
