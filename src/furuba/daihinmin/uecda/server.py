"""furuba's engine as a UECda server (D29): clients written for the contest's standard server
play furuba's games and read, byte for byte, what that server would write them.

Five clients connect (player number = connection order), each sends its profile table and is
answered its number. Each game then goes as the standard server plays it:

- every player gets its dealt table (``[5][0] = 1``, ``[5][1] = 2 - class`` with negatives sent
  as 0, ``[5][3] = 6``; the hinmin and daihinmin before their strongest cards are taken);
- the daifugo, then the fugo, send the cards they give (an invalid give is replaced by their
  strongest cards; there is no answer);
- each turn every player gets its hand table (``[5][2] = 1`` for the one to move), the player
  to move sends a play, gets 9 (accepted, or a pass on a new trick) or 8, then everybody gets
  the stage table and 0 (the game goes on), 1 (game over) or 2 (all games over).

furuba's engine is the judge: a play the engine finds legal is what the server accepts; any
other is refused and taken as a pass. The tables are built as the server builds them, from one
work table that every read overwrites — so, as there, cells the server never rewrites (row 5
after column 7, some class cells while players go out) still hold what a client last sent.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from furuba.daihinmin.exchange import RICH_GIFTS, SECOND_GIFTS, strongest_cards
from furuba.daihinmin.moves import GIVE_JOKER, PASS, PLAY_TOTAL, SUITED
from furuba.daihinmin.ranks import JOKER_SHIFT, cards_of
from furuba.daihinmin.uecda.cells import card_of_cell, cells_of_hand, play_of_cells
from furuba.daihinmin.uecda.links import (
    Link,
    MatchError,
    close_all,
    no_delay,
    receive_table,
    send,
)
from furuba.daihinmin.uecda.referee import Referee
from furuba.daihinmin.uecda.table import (
    ACCEPTED,
    ALL_OVER,
    GAME_GOES_ON,
    GAME_OVER,
    PLAYERS,
    PROTOCOL,
    REFUSED,
    Table,
    cells_of_table,
    decode_table,
    empty_table,
    encode_int,
    encode_table,
    name_of_profile,
    table_of_cells,
)

CLASS_NAMES = ("daihugou", "fugo", "heimin", "himmin", "daihinmin")
"""The places as the server prints them (and the records key them)."""
JOKER = 1 << JOKER_SHIFT
DEALT_TO_MOVE = 6
"""``[5][3]`` of a dealt table: no player."""


@dataclass
class Summary:
    """A match's points: 5 for a daifugo … 1 for a daihinmin, each game."""

    names: list[str]
    points: list[int]
    games: int

    def __str__(self) -> str:
        """The totals as the standard server prints them after each game."""
        lines = ["--------- total point"]
        for p, (name, got) in enumerate(zip(self.names, self.points, strict=True)):
            lines.append(f"{got} ({got / max(self.games, 1):1.3f}) {p}.{name}")
        return "\n".join(lines)


def give_of_table(table: Table, hand: int, count: int, strict: bool) -> int | None:
    """The cards a give table hands over, ``None`` when the server would not take it: not
    ``count`` cards, not all the giver's; with ``strict`` (the daifugo's) also no value other
    than 0, 1 and 2, no 1 in column 0 or 14 or in row 4, and at most one 2."""
    cards, number, twos, bad, own = 0, 0, 0, False, True
    for row in range(5):
        for column in range(15):
            value = table[row][column]
            if value == 1:
                number += 1
                if row == 4 or column in (0, 14):
                    bad, own = True, False
                    continue
                card = 1 << card_of_cell(row, column)
                own = own and bool(hand & card)
                cards |= card
            elif value == 2:
                number, twos, cards = number + 1, twos + 1, cards | JOKER
                own = own and bool(hand & JOKER)
            elif value:
                bad = True
    if not own or number != count or (strict and (bad or twos > 1)):
        return None
    return cards


def gift_taken(table: Table, hand: int, count: int, strict: bool) -> int:
    """The cards the server hands over for a give table: those it gives
    (:func:`give_of_table`), or the giver's strongest when it would not take them."""
    cards = give_of_table(table, hand, count, strict)
    return strongest_cards(hand, count) if cards is None else cards


def _cells(table: Table, rows: range) -> list[list[int]]:
    """Nonzero cells as a record lists them (values as the wire carries them: unsigned)."""
    return [[r, c, table[r][c] & 0xFFFFFFFF] for r in rows for c in range(15) if table[r][c]]


CARD_ROWS, EXTRA_ROWS = range(5), range(5, 8)


class Match:
    """A match being played: furuba's state and the server's own tables."""

    def __init__(self, links: list[Link], seed: int, games: int, timeout: float,
                 match: str = "furuba") -> None:
        self.links = links
        self.games = games
        self.timeout = timeout
        self.seed = seed
        self.match = match
        self.state = Referee.begin(seed, games)
        self.work = empty_table()
        """The server's work table: every table read lands here, the status is written here."""
        self.stage = empty_table()
        self.mibun = list(range(PLAYERS))
        self.seats = list(range(PLAYERS))
        """This game's seats (the state's change when the game's last play starts the next)."""
        """Player by place: last game's order, places overwritten as players go out."""
        self.points = [0] * PLAYERS
        self.record: dict[str, Any] = {}

    # -- the tables ---------------------------------------------------------------------------
    def _status(self, five: list[int], counts: list[int], reset: bool) -> None:
        """Rows 5 and 6 of the work table (row 5 only up to column 7; the class cells through
        ``mibun``, which may repeat a player while players go out)."""
        work = self.work
        work[5][0:8] = five
        work[6][0:5] = counts
        if reset:
            work[6][5:10] = [0] * PLAYERS
        else:
            for place, player in enumerate(self.mibun):
                work[6][player + 5] = place
        work[6][10:15] = self.seats

    def _hand_table(self, hand: int) -> Table:
        table = table_of_cells(cells_of_hand(hand))
        table[5], table[6] = self.work[5][:], self.work[6][:]
        return table

    async def _send(self, messages: list[tuple[int, bytes]]) -> None:
        await send(self.links, messages, self.timeout)

    async def _read(self, player: int, what: str) -> bytes:
        data = await receive_table(self.links[player], self.timeout, what)
        self.work = decode_table(data)
        return data

    # -- a game ---------------------------------------------------------------------------------
    async def play_game(self, number: int) -> None:
        """Deal, exchange and play game ``number``; the state moves on to the next."""
        state = self.state
        reset = classes_reset(state)
        self.stage = empty_table()
        self.seats = list(state.seating)
        dealt = state.dealt
        self._status([0, 0, 0, DEALT_TO_MOVE, 0, 0, 0, 0],
                     [hand.bit_count() for hand in dealt], reset)
        self.record = {"match": self.match, "seed": str(self.seed), "game": number,
                       "seats": self.work[6][10:15], "classes": [max(0, v) for v in
                                                                self.work[6][5:10]],
                       "hands": [[] for _ in range(PLAYERS)], "hands_after_exchange": None,
                       "gives": [], "turns": []}
        messages = []
        for place, player in enumerate(self.mibun):
            poor = not reset and place >= 3
            table = self._hand_table(dealt[player] if poor or reset else state.hand(player))
            table[5][0], table[5][1] = 1, 0 if reset else 2 - place
            self.record["hands"][player] = _cells(table, CARD_ROWS)
            messages.append((player, encode_table(table)))
        await self._send(messages)
        if not reset:
            for place, count in ((0, RICH_GIFTS), (1, SECOND_GIFTS)):
                await self._exchange(self.mibun[place], count, strict=place == 0)
        self.work = empty_table()
        while await self._turn():
            pass

    async def _exchange(self, giver: int, count: int, strict: bool) -> None:
        state = self.state
        if state.current_player != giver:
            raise AssertionError(f"furuba asks player {state.current_player}, not {giver}")
        await self._read(giver, "the cards it gives")
        self.record["gives"].append({"player": giver, "cells": _cells(self.work, CARD_ROWS),
                                     "extra": _cells(self.work, EXTRA_ROWS)})
        hand = state.hand(giver)
        cards = gift_taken(self.work, hand, count, strict)
        for card in cards_of(cards):
            state.apply(GIVE_JOKER if card >= JOKER_SHIFT else SUITED.gift_id(card))

    async def _turn(self) -> bool:
        """One turn; whether the game goes on."""
        state = self.state
        reset = classes_reset(state)
        mover = state.current_player
        new_trick = state.top_play() is None
        counts = state.hand_sizes()
        self._status([0, 0, 0, mover, int(new_trick), 0, int(state.reversed()),
                      int(state.locked())], counts, reset)
        tables = [self._hand_table(state.hand(player)) for player in range(PLAYERS)]
        tables[mover][5][2] = 1
        status = [max(0, v) for v in tables[mover][5][0:8] + tables[mover][6][0:15]]
        messages = [(player, encode_table(table)) for player, table in enumerate(tables)]
        if self.record["hands_after_exchange"] is None:
            self.record["hands_after_exchange"] = [
                [list(cell) for cell in cells_of_hand(state.hand(p))] for p in range(PLAYERS)]
        await self._send(messages)
        await self._read(mover, "its play")
        sent = self.work
        action = play_of_cells(cells_of_table(sent))
        accepted = action is not None and action != PASS and action in state.legal_actions()
        ack = ACCEPTED if accepted or (action == PASS and new_trick) else REFUSED
        await self._send([(mover, encode_int(ack))])
        play = action if accepted and action is not None else None
        reversed_, locked = state.status_after(play)
        if play is not None:
            self.stage = [row[:] for row in sent]
            counts[mover] -= PLAY_TOTAL[play]
            if not counts[mover]:
                self.mibun[sum(c == 0 for c in counts) - 1] = mover
        before = state.round
        state.apply(PASS if play is None else play)
        self._status([0, 0, 0, mover, int(new_trick and play is None), 0, int(reversed_),
                      int(locked)], counts, reset)
        self.stage[5], self.stage[6] = self.work[5][:], self.work[6][:]
        await self._send([(p, encode_table(self.stage)) for p in range(PLAYERS)])
        over = state.is_terminal() or state.round != before
        end = GAME_GOES_ON if not over else ALL_OVER if state.is_terminal() else GAME_OVER
        self.record["turns"].append({
            "player": mover, "status": status, "cells": _cells(sent, CARD_ROWS),
            "extra": _cells(sent, EXTRA_ROWS), "ack": ack,
            "stage": _cells(self.stage, CARD_ROWS), "end": end})
        if not over and state.top_play() is None:
            self.stage = empty_table()      # the trick ended: the server empties the stage
        await self._send([(p, encode_int(end)) for p in range(PLAYERS)])
        if over:
            self._game_over()
        return not over

    def _game_over(self) -> None:
        self.mibun = list(self.state.order)
        for place, player in enumerate(self.mibun):
            self.points[player] += PLAYERS - place
        self.record["result"] = {name: player
                                 for name, player in zip(CLASS_NAMES, self.mibun, strict=True)}


def classes_reset(state: Referee) -> bool:
    """Whether this game's classes were reset (no exchange, all classes sent as 0)."""
    every = state.options.reset_every or 0
    return bool(every) and (state.round - 1) % every == 0


async def _accept(host: str, port: int, timeout: float,
                  listening: Callable[[int], object] | None) -> list[Link]:
    """Wait for the five clients, in order: each sends its profile, is told its number."""
    queue: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = asyncio.Queue()

    async def arrived(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await queue.put((reader, writer))

    try:
        server = await asyncio.start_server(arrived, host, port)
    except OSError as exc:
        raise MatchError(f"cannot listen on {host}:{port} ({exc.strerror or exc}).") from None
    links: list[Link] = []
    try:
        if listening is not None:
            listening(server.sockets[0].getsockname()[1])
        while len(links) < PLAYERS:
            reader, writer = await queue.get()
            link = Link(len(links), reader, writer)
            links.append(link)
            no_delay(writer)
            profile = decode_table(await receive_table(link, timeout, "its profile"))
            if profile[0][0] != PROTOCOL:
                raise MatchError(f"{link.who()} speaks protocol {profile[0][0]}, not "
                                 f"{PROTOCOL}.")
            link.name = name_of_profile(profile)
            await send(links, [(link.number, encode_int(link.number))], timeout)
    except BaseException:
        close_all(links)
        raise
    finally:
        server.close()
        while not queue.empty():
            queue.get_nowait()[1].close()
    return links


@contextmanager
def _recorder(path: Path | None) -> Iterator[Callable[[dict[str, Any]], None]]:
    """Write each game as a JSON line (gzip when the name ends in ``.gz``)."""
    if path is None:
        yield lambda record: None
        return
    f: IO[str]
    with (gzip.open(path, "wt", encoding="utf-8") if path.suffix == ".gz"
          else open(path, "w", encoding="utf-8")) as f:
        def write(record: dict[str, Any]) -> None:
            f.write(json.dumps(record, separators=(", ", ": ")) + "\n")
            f.flush()
        yield write


async def serve(host: str, port: int, games: int, seed: int, record: Path | None = None, *,
                timeout: float = 60.0, out: IO[str] | None = None, match: str = "furuba",
                listening: Callable[[int], object] | None = None) -> Summary:
    """Play a match of ``games`` games for five clients connecting to ``host:port``, chance
    drawn as the standard server draws it from ``seed``; ``timeout`` seconds for each message
    from a client. Prints each game's places and the points as the server does (to ``out``),
    writes the games to ``record`` (JSON lines); ``listening`` is told the port once open.
    Raises :class:`MatchError` (one sentence) when a client fails."""
    out = sys.stdout if out is None else out
    links = await _accept(host, port, timeout, listening)
    names = [link.name for link in links]
    state = Match(links, seed, games, timeout, match)
    summary = Summary(names, state.points, 0)
    try:
        with _recorder(record) as write:
            for number in range(1, games + 1):
                await state.play_game(number)
                write(state.record)
                summary.games = number
                print(f"================ game {number} ", file=out)
                for name, player in zip(CLASS_NAMES, state.mibun, strict=True):
                    print(f"{name:<10} {player}.{names[player]}", file=out)
                print(summary, file=out)
    finally:
        close_all(links)
    return summary

