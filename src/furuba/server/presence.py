"""Who is at a table: connections coming and going, seats claimed, zombies and their players' return.

A connection's seats are those whose tokens it showed in ``hello``. A claimed human seat with no
connection starts its grace period; when that runs out (or the seat's turn timer does) a bot
plays it — a *zombie* — until its player reconnects, acts or reclaims it. The checks of time are
the driver's (``driver.py``); this module only changes the seats, under the room's lock.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from furuba.server import messages as m
from furuba.server.accounts.names import DELETED
from furuba.server.conn import Conn
from furuba.server.errors import RoomError
from furuba.server.friends.challenges import reserved_for
from furuba.server.friends.online import Online
from furuba.server.protocol.events import TableEvent
from furuba.server.seats import pick_seat
from furuba.server.storage import OPEN_STATUSES, Storage
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.rooms import Room


CLOSE_SEALED = 4425
"""The close code of a spectator's socket at a sealed table whose game is not over."""
SEALED_CLOSE_REASON = "sealed: the game can be watched once it is over"


def sealed_to(room: Room, conn: Conn) -> bool:
    """Whether ``conn`` may not watch ``room`` now: it holds no seat of a sealed table whose
    game is not over (the setting ``sealed``: its deal is played at other tables too)."""
    return room.settings.sealed and not conn.seats and room.status in OPEN_STATUSES


async def attach(room: Room, conn: Conn, bad_tokens: int, last_seq: int | None,
                 epoch: str | None) -> bool:
    """Greet a new connection: ``welcome``, then a snapshot or the events it missed; or, for a
    spectator of a sealed table whose game is not over, an ``error`` (``sealed``) and a close
    (:data:`CLOSE_SEALED`), the table unchanged. Whether it was greeted."""
    async with room.lock:
        if sealed_to(room, conn):
            conn.send_model(m.ErrorMsg(code="sealed", message=_(
                "this table's game can be watched once it is over")))
            conn.close(CLOSE_SEALED, SEALED_CLOSE_REASON)
            return False
        room.conns.add(conn)
        resync = "snapshot"
        if last_seq is not None and epoch == room.epoch:
            resync = "none" if last_seq == room.seq else "events"
        returned, reclaimed = room.seats.connect(conn.seats)
        if reclaimed:
            room.new_decision()
        welcome = m.Welcome(table_id=room.id, seats=list(conn.seats), bad_tokens=bad_tokens,
                            epoch=room.epoch, seq=room.seq, resync=resync,
                            route=room.config.route if conn.relayed else None)
        missed: list[str] = []
        if resync == "events":
            probe = Conn(conn.seats, room.config, 0.0)
            if room.fanout.resend(probe, last_seq or 0):
                missed = probe.drain()
            else:
                welcome.resync = resync = "snapshot"
        conn.send_model(welcome)
        for text in missed:
            conn.send(text)
        if resync == "snapshot":
            conn.send_model(room.snapshot(conn))
        if returned:
            room.fanout.publish(TableEvent(reason="connect", seat=returned[0]),
                                table=True)
        room.wake.set()
    Online.of(room.db).attached(room, conn)   # who is online where (friends/online.py)
    return True


async def detach(room: Room, conn: Conn) -> None:
    """A connection closed: its seats may now wait for their players (grace period)."""
    async with room.lock:
        if conn not in room.conns:
            return
        room.conns.discard(conn)
        left = room.seats.disconnect(conn.seats, asyncio.get_running_loop().time())
        if left and room.status != "finished":
            room.fanout.publish(TableEvent(reason="disconnect", seat=left[0]),
                                table=True)
        room.wake.set()
    Online.of(room.db).detached(room, conn)


async def sync(room: Room, conn: Conn, last_seq: int) -> None:
    """A client saw a gap: the missed events, or a snapshot."""
    async with room.lock:
        if not room.fanout.resend(conn, last_seq):
            conn.send_model(room.snapshot(conn))


async def claim(room: Room, seat_no: int, name: str, token_hash: str,
                account_id: int | None = None) -> None:
    """Give a free human seat to ``name`` (signed in as ``account_id``, if any); the table
    starts when it was the last one. A rated table seats signed-in players only."""
    async with room.lock:
        if room.status not in OPEN_STATUSES:
            why = _("the game at this table is over") if room.status == "finished" \
                else _("this table was abandoned: nobody played it for too long; start a new "
                       "table")
            raise RoomError("closed", why)
        if not 0 <= seat_no < len(room.seats):
            raise RoomError("bad_seat", _("there is no seat {seat_no} (seats are 0 to "
                                          "{last})").format(
                seat_no=seat_no, last=len(room.seats) - 1))
        seat = room.seats[seat_no]
        if seat.kind != "human":
            raise RoomError("taken", _("seat {seat_no} is a bot's").format(seat_no=seat_no))
        if seat.claimed:
            raise RoomError("taken", _("seat {seat_no} is already taken").format(seat_no=seat_no))
        if room.settings.rated and account_id is None:
            raise RoomError("not_signed_in", _("this table is rated: sign in to take a seat"))
        last = all(s.claimed for s in room.seats if s is not seat)
        status = "playing" if last and room.status == "waiting" else None
        first = room.state.current_player if status is not None else None
        ok = await room.db.run(Storage.claim_seat, room.id, seat_no, name, token_hash, status,
                               account_id, first)
        if not ok:
            kept = await room.db.run(reserved_for, room.id, seat_no)
            if kept is not None and kept != account_id:
                raise RoomError("taken", _("seat {seat_no} is kept for the friend this table was "
                                           "opened for").format(seat_no=seat_no))
            raise RoomError("taken", _("seat {seat_no} is already taken").format(seat_no=seat_no))
        room.seats.take(seat_no, name, token_hash, account_id, asyncio.get_running_loop().time())
        if status is not None:
            room.start()
            publish_start(room, seat_no)
        else:
            room.fanout.publish(TableEvent(reason="join", seat=seat_no), table=True)
        room.changed(lobby=True)
        room.wake.set()


async def bind(room: Room, token_hash: str, account_id: int, name: str) -> list[int]:
    """Keep the seats a guest's token holds under their account (the guest just signed in):
    they take the account's name, and from now on the account holds them from any device."""
    async with room.lock:
        held, _bad = room.seats.holding([token_hash])
        free = [s for s in held if room.seats[s].account_id is None and room.seats[s].kind == "human"]
        if free:
            await room.db.run(Storage.bind_seats, room.id, free, account_id, name)
            room.seats.bind(free, account_id, name)
            room.fanout.publish(TableEvent(reason="join", seat=free[0]), table=True)
            room.changed(lobby=False)
        return [s for s in held if room.seats[s].account_id == account_id]


async def forget_account(room: Room, account_id: int) -> None:
    """A deleted account's seats at this table: named "deleted player", held by no account (their
    tokens still work, so a game under way goes on)."""
    async with room.lock:
        gone = room.seats.forget(account_id, DELETED)
        if gone:
            room.fanout.publish(TableEvent(reason="join", seat=gone[0]),
                                table=True)


def publish_start(room: Room, seat_no: int) -> None:
    """The lock is held and the game just started: every seat's first view of it with its legal
    actions (the position did not change, its log delta from the last view sent is empty, but
    now it is played)."""
    room.fanout.publish(TableEvent(reason="start", seat=seat_no), table=True,
                        views=True, base=(room.state, room.version))


async def reclaim(room: Room, conn: Conn, wanted: int | None) -> None:
    """A player takes their zombie seat back without acting."""
    async with room.lock:
        seat = pick_seat(conn.seats, wanted, room.state.current_player)
        if room.seats[seat].zombie:
            reclaim_seat(room, seat)
            room.wake.set()


def reclaim_seat(room: Room, seat: int) -> None:
    """The lock is held: ``seat`` is its player's again."""
    room.seats.play_by_bot(seat, zombie=False)
    room.new_decision()
    room.fanout.publish(TableEvent(reason="reclaim", seat=seat), table=True)


def make_zombie(room: Room, seat: int) -> None:
    """The lock is held: a bot plays ``seat`` from now on."""
    room.seats.play_by_bot(seat)
    room.fanout.publish(TableEvent(reason="zombie", seat=seat), table=True)
    room.wake.set()
