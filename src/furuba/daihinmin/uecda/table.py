"""The UECda protocol's messages (version 20070): 480-byte tables and 4-byte numbers (D29).

Every number is a big-endian unsigned 32-bit integer; a negative value is sent as 0 and a value
read is taken as signed (``0xFFFFFFFF`` arrives as -1, a cell no card has). A *table* is 8 rows of
15 numbers: rows 0–4 hold cards (:mod:`furuba.daihinmin.uecda.cells`), rows 5 and 6 the server's
words about the game (:class:`Status`), row 7 nothing.

>>> table = table_of_cells([(0, 14, 2)])
>>> decode_table(encode_table(table)) == table, len(encode_table(table))
(True, 480)
>>> decode_int(encode_int(-3)), decode_int(bytes.fromhex("ffffffff"))
(0, -1)
>>> profile_table("furuba")[1][:7]
[102, 117, 114, 117, 98, 97, 0]
"""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from furuba.daihinmin.uecda.cells import JOKER_ROW, Cell

PROTOCOL = 20070
ROWS, COLUMNS = 8, 15
TABLE_BYTES = ROWS * COLUMNS * 4
INT_BYTES = 4
NAME_CHARS = 14
"""The characters of a client's name the server keeps."""
PLAYERS = 5

Table = list[list[int]]
_TABLE = struct.Struct(f">{ROWS * COLUMNS}I")
_TABLE_SIGNED = struct.Struct(f">{ROWS * COLUMNS}i")
_INT = struct.Struct(">I")
_INT_SIGNED = struct.Struct(">i")

# what the server's ints say
GAME_GOES_ON, GAME_OVER, ALL_OVER = 0, 1, 2
ACCEPTED, REFUSED = 9, 8


def empty_table() -> Table:
    """A table of zeros (a pass, once sent)."""
    return [[0] * COLUMNS for _ in range(ROWS)]


def encode_table(table: Sequence[Sequence[int]]) -> bytes:
    """The 480 bytes of ``table``: negatives as 0, as the server writes them."""
    return _TABLE.pack(*(max(0, value) for row in table for value in row))


def decode_table(data: bytes) -> Table:
    """The table in 480 bytes (values read as signed). Raises ``ValueError`` on another size."""
    if len(data) != TABLE_BYTES:
        raise ValueError(f"a table is {TABLE_BYTES} bytes, not {len(data)}")
    flat = _TABLE_SIGNED.unpack(data)
    return [list(flat[r * COLUMNS:(r + 1) * COLUMNS]) for r in range(ROWS)]


def encode_int(value: int) -> bytes:
    """The 4 bytes of a number (a negative as 0)."""
    return _INT.pack(max(0, value) & 0xFFFFFFFF)


def decode_int(data: bytes) -> int:
    """The number in 4 bytes (signed)."""
    if len(data) != INT_BYTES:
        raise ValueError(f"a number is {INT_BYTES} bytes, not {len(data)}")
    value: int = _INT_SIGNED.unpack(data)[0]
    return value


def cells_of_table(table: Sequence[Sequence[int]]) -> list[Cell]:
    """The nonzero cells of the card rows (0–4), row by row."""
    return [(r, c, table[r][c]) for r in range(JOKER_ROW + 1) for c in range(COLUMNS)
            if table[r][c]]


def table_of_cells(cells: Iterable[Sequence[int]]) -> Table:
    """A table holding ``cells`` (the other rows zero)."""
    table = empty_table()
    for row, column, value in cells:
        table[row][column] = value
    return table


def profile_table(name: str) -> Table:
    """What a client sends first: the protocol version and its name (ASCII, 14 characters at
    most; others become ``?``)."""
    table = empty_table()
    table[0][0] = PROTOCOL
    for i, char in enumerate(name[:NAME_CHARS]):
        table[1][i] = ord(char) if " " <= char <= "~" else ord("?")
    return table


def name_of_profile(table: Sequence[Sequence[int]]) -> str:
    """The name in a client's first table, as the server reads it (up to the first 0, 14
    characters at most; what is not printable ASCII becomes ``?``)."""
    chars = []
    for value in table[1][:NAME_CHARS]:
        if value == 0:
            break
        chars.append(chr(value) if 32 <= value < 127 else "?")
    return "".join(chars)


@dataclass(frozen=True, slots=True)
class Status:
    """What rows 5 and 6 of a table say.

    ``classes[p]`` is player ``p``'s class (0 daifugo … 4 daihinmin; all 0 when the classes
    were just reset), ``seats[s]`` the player at seat ``s``.
    """

    exchange: bool
    gives: int
    my_turn: bool
    to_move: int
    new_trick: bool
    eleven_back: bool
    revolution: bool
    lock: bool
    counts: tuple[int, ...]
    classes: tuple[int, ...]
    seats: tuple[int, ...]


def status_of(table: Sequence[Sequence[int]]) -> Status:
    """The :class:`Status` of a table the server sent."""
    five, six = table[5], table[6]
    return Status(exchange=bool(five[0]), gives=five[1], my_turn=bool(five[2]), to_move=five[3],
                  new_trick=bool(five[4]), eleven_back=bool(five[5]), revolution=bool(five[6]),
                  lock=bool(five[7]), counts=tuple(six[0:5]), classes=tuple(six[5:10]),
                  seats=tuple(six[10:15]))


async def read_table(reader: asyncio.StreamReader) -> Table:
    """The next table of a stream. Raises ``asyncio.IncompleteReadError`` when it closes."""
    return decode_table(await reader.readexactly(TABLE_BYTES))


async def read_int(reader: asyncio.StreamReader) -> int:
    """The next number of a stream."""
    return decode_int(await reader.readexactly(INT_BYTES))
