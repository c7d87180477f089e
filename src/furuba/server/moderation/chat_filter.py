"""Chat and moderation: a muted player's lines are refused, and a line never reaches a
connection whose account blocked its speaker — live (the event is masked) or in a snapshot.

A masked event keeps its number (a ``hidden`` event), so the client sees no gap. Whether a
recipient blocks the speaker, and whether the speaker is muted, are read from the database for
each line (one query), so a block or a mute decided on another process holds at once.
"""

from __future__ import annotations

import time
import weakref
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

from furuba.server import messages as m
from furuba.server.errors import RoomError, in_words
from furuba.server.moderation.blocks import blocked_by, blockers_among
from furuba.server.moderation.store import banned_among, muted_until
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.conn import Conn
    from furuba.server.rooms import Room

_speakers: weakref.WeakKeyDictionary[Room, dict[int, int]] = weakref.WeakKeyDictionary()


def chat_facts(s: Session, speaker: int, recipients: list[int]) -> tuple[float | None,
                                                                        frozenset[int]]:
    """Until when ``speaker`` is muted, and which ``recipients`` block them."""
    return muted_until(s, speaker), blockers_among(s, speaker, recipients)


async def chat_gate(room: Room, conn: Conn) -> frozenset[int]:
    """Before ``conn``'s line is stored: :class:`RoomError` (``muted``) when its account is
    muted; else the accounts that must not get the line (they block its speaker)."""
    speaker = conn.account_id
    if speaker is None:
        return frozenset()
    listeners = [c for c in room.conns if c.account_id is not None]
    until, blockers = await room.db.run(chat_facts, speaker,
                                        [c.account_id for c in listeners])
    if until is not None:
        raise RoomError("muted", _("the moderators muted your chat: you can chat again in "
                                   "{wait}").format(wait=in_words(until - time.time())))
    for c in listeners:   # what later snapshots of these connections show
        c.blocks = c.blocks | {speaker} if c.account_id in blockers else c.blocks - {speaker}
    return blockers


def said(room: Room, seq: int, account_id: int | None) -> None:
    """Remember who said line ``seq`` (for the snapshots of connections that block them), as
    long as the room keeps the line."""
    if account_id is None:
        return
    known = _speakers.setdefault(room, {})
    known[seq] = account_id
    if room.chat and len(known) > len(room.chat):
        oldest = room.chat[0].seq
        for old in [q for q in known if q < oldest]:
            del known[old]


def speaker_of(room: Room, line: m.ChatLine) -> int | None:
    """The account that said ``line``: as remembered, else the one holding its seat."""
    found = _speakers.get(room, {}).get(line.seq)
    if found is not None:
        return found
    if line.seat is not None and 0 <= line.seat < len(room.seats):
        return room.seats[line.seat].account_id
    return None


def visible_chat(room: Room, conn: Conn) -> list[m.ChatLine]:
    """The table's recent lines that ``conn`` may see (none of an account it blocks)."""
    if not conn.blocks:
        return list(room.chat)
    return [line for line in room.chat if speaker_of(room, line) not in conn.blocks]


def connection_facts(s: Session, account_id: int | None,
                     seated: list[int]) -> tuple[frozenset[int], frozenset[int]]:
    """The accounts ``account_id`` blocks, and which of the ``seated`` accounts are banned."""
    blocks = blocked_by(s, account_id) if account_id is not None else frozenset()
    return blocks, banned_among(s, seated)


async def identify(conn: Conn, account_id: int | None, room: Room) -> None:
    """A new connection of ``account_id`` (signed in; ``None``: a guest) at ``room``, before it
    attaches: the accounts it blocks; and the seats of banned accounts are barred, so that it
    holds none of them (a table loaded after the ban was decided)."""
    conn.account_id = account_id
    seated = sorted({s.account_id for s in room.seats if s.account_id is not None and not s.barred})
    if account_id is None and not seated:
        return
    conn.blocks, banned = await room.db.run(connection_facts, account_id, seated)
    for seat in room.seats:
        if seat.account_id in banned:
            seat.barred = True
    conn.seats = tuple(n for n in conn.seats if not room.seats[n].barred)
