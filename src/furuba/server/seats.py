"""The seats of a table: who holds them, who is connected, who is played by a bot for now.

Plain bookkeeping, no locking and no I/O: the room changes its seats under its lock, after the
database agreed (a claim), and announces what changed.

>>> seats = Seats([Seat(0, "human"), Seat(1, "bot", bot="greedy")])
>>> seats.active(), [s.claimed for s in seats]     # nobody is here yet
(False, [False, True])
>>> seats[0].token_hash = "h0"
>>> seats.connect((0,)), seats.active(), seats.disconnect((0,), now=5.0)
(([0], False), True, [0])
>>> seats.grace_deadlines(60)
[(65.0, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from furuba.server import messages as m
from furuba.server.errors import RoomError
from furuba.server.security import same_hash
from furuba.server.storage import SeatData
from furuba.tables import seats as table_seats


@dataclass
class Seat:
    """A seat at the table, as the room keeps it."""

    seat: int
    kind: str
    """``human`` or ``bot``."""
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    zombie: bool = False
    """A bot plays this human seat for now (its turn timer ran out, or its player left)."""
    connections: int = 0
    gone_since: float | None = None
    """Loop time at which the seat's last connection closed (grace period)."""
    account_id: int | None = None
    """The account holding the seat: signed in, its player holds it from any device."""
    barred: bool = False
    """Its player was banned: a bot plays it for good, and nobody holds it again."""

    @property
    def claimed(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None


class Seats:
    """A table's seats in seat order: ``seats[p]`` is player ``p``'s."""

    def __init__(self, seats: Iterable[Seat]) -> None:
        self._seats = list(seats)

    @classmethod
    def from_data(cls, rows: Iterable[SeatData]) -> Seats:
        return cls(Seat(s.seat, s.kind, s.bot, s.name, s.token_hash, account_id=s.account_id)
                   for s in rows)

    def __getitem__(self, seat: int) -> Seat:
        return self._seats[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(self._seats)

    def __len__(self) -> int:
        return len(self._seats)

    def holding(self, hashes: Iterable[str], account_id: int | None = None) -> tuple[list[int], int]:
        """The seats whose tokens have these hashes or that ``account_id`` holds, and how many
        hashes matched none (a barred seat is nobody's)."""
        held: list[int] = [s.seat for s in self._seats
                           if account_id is not None and s.account_id == account_id
                           and not s.barred]
        bad = 0
        for h in hashes:
            match = [s.seat for s in self._seats if same_hash(s.token_hash, h)]
            if match:
                held.extend(x for x in match if x not in held and not self._seats[x].barred)
            else:
                bad += 1
        return sorted(held), bad

    def of_account(self, account_id: int) -> list[int]:
        """The seats ``account_id`` holds."""
        return [s.seat for s in self._seats if s.account_id == account_id]

    def connect(self, held: Iterable[int]) -> tuple[list[int], bool]:
        """A connection holding ``held`` opened: the seats that were empty until now, and
        whether one of them was a zombie (it is its player's again)."""
        returned = []
        reclaimed = False
        for seat_no in held:
            seat = self._seats[seat_no]
            seat.connections += 1
            seat.gone_since = None
            reclaimed = reclaimed or seat.zombie
            seat.zombie = False
            if seat.connections == 1:
                returned.append(seat_no)
        return returned, reclaimed

    def disconnect(self, held: Iterable[int], now: float) -> list[int]:
        """A connection holding ``held`` closed: the seats it leaves empty (their grace period
        starts ``now``)."""
        left = []
        for seat_no in held:
            seat = self._seats[seat_no]
            seat.connections = max(0, seat.connections - 1)
            if seat.connections == 0:
                seat.gone_since = now
                left.append(seat_no)
        return left

    def nobody_here(self, now: float) -> None:
        """The table was just opened: the grace period of every claimed human seat starts
        ``now`` (nobody is connected yet)."""
        for seat in self._seats:
            if seat.kind == "human" and seat.claimed and seat.connections == 0:
                seat.gone_since = now

    def take(self, seat_no: int, name: str, token_hash: str, account_id: int | None,
             now: float) -> None:
        """``name`` took the free human seat ``seat_no`` (stored so): it holds it with the token
        of hash ``token_hash`` (and, signed in, as ``account_id``); its grace period starts
        ``now``, until its player connects."""
        seat = self._seats[seat_no]
        seat.name, seat.token_hash, seat.account_id = name, token_hash, account_id
        seat.gone_since = now

    def fill(self, bots: Iterable[tuple[int, str, str]]) -> None:
        """Bots take seats nobody took: (seat, bot, name) each."""
        for seat_no, bot, name in bots:
            seat = self._seats[seat_no]
            seat.kind, seat.bot, seat.name = "bot", bot, name

    def bind(self, held: Iterable[int], account_id: int, name: str) -> None:
        """The seats ``held`` are ``account_id``'s now, under its ``name``."""
        for seat_no in held:
            self._seats[seat_no].account_id = account_id
            self._seats[seat_no].name = name

    def forget(self, account_id: int, name: str) -> list[int]:
        """The seats of a deleted account: held by no account, named ``name``; which they are."""
        gone = [s for s in self._seats if s.account_id == account_id]
        for seat in gone:
            seat.account_id, seat.name = None, name
        return [s.seat for s in gone]

    def play_by_bot(self, seat_no: int, zombie: bool = True) -> None:
        """A bot plays ``seat_no`` for now (``zombie``), or its player again (not)."""
        self._seats[seat_no].zombie = zombie

    def active(self) -> bool:
        """Whether zombies and turn timers run: a human is here, or the table has none."""
        humans = [s for s in self._seats if s.kind == "human"]
        return not humans or any(s.connections > 0 for s in humans)

    def grace_deadlines(self, grace: float) -> list[tuple[float, int]]:
        """(when, seat) at which each claimed human seat left empty becomes a zombie."""
        return [(s.gone_since + grace, s.seat) for s in self._seats
                if s.kind == "human" and s.claimed and not s.zombie and s.connections == 0
                and s.gone_since is not None]

    def describe(self) -> list[m.SeatOut]:
        """The seats as every client may see them (no token in it)."""
        return [m.SeatOut(seat=s.seat, kind=s.kind, bot=s.bot, name=s.name, claimed=s.claimed,
                          connected=s.kind == "bot" or s.connections > 0, zombie=s.zombie,
                          account=s.account_id is not None)
                for s in self._seats]

    def data(self) -> list[SeatData]:
        """The seats as the database keeps them."""
        return [SeatData(s.seat, s.kind, s.bot, s.name, s.token_hash, s.account_id)
                for s in self._seats]


def pick_seat(held: tuple[int, ...], wanted: int | None, current: int) -> int:
    """The seat a message acts for (:func:`furuba.tables.seats.pick_seat`), refused with a
    :class:`RoomError`.

    >>> pick_seat((0, 2), None, 2), pick_seat((1,), None, 0)
    (2, 1)
    >>> pick_seat((0, 2), None, 1)
    Traceback (most recent call last):
    ...
    furuba.server.errors.RoomError: say which of your seats (field 'seat')
    """
    return table_seats.pick_seat(held, wanted, current, RoomError)
