"""Hints: what the bot would do for the seat that must decide, sent to the asking connection only.

Requests for the same seat and position share a search: the first starts it, the ones that come
while it runs wait for the same result, and later ones get it from the room's cache
(``Room.hint_cache``) until the position changes. A hint's reasons are words in the asking
socket's language, so searches and the cache are kept per language too (two languages asking for
one seat's hint is rare: each gets its own search).

A new search takes a place in the hints' line (:mod:`furuba.server.workloads`: ``hints_at_once``
per process, ``hints_waiting`` more, ``hints_per_address`` per client address); beyond it the
socket gets its usual ``error`` message, code ``busy``, with the sentence (a cached hint, or one
already being searched, is never refused).

The search runs on a thread, not in a worker process. With the default budget (400 simulations)
a hint costs about 45 ms of CPU (the median over positions of both games, at most about 60 ms,
measured with ``time.process_time``): while it runs, the event loop still gets the interpreter
back every few milliseconds (its switch interval), so the tables' answers are delayed by little
and only for that long. A review costs seconds, which is why reviews went to worker processes; a
hint there would wait behind a review, and a pool of its own would keep another Python process
(about 65 MB) per server process for a search that is over in a twentieth of a second. The line
bounds what hints cost instead: at most ``hints_at_once`` searches share the interpreter with the
loop at a time. (Carrying a position to a process and back would cost under a millisecond: if a
larger ``hint_sims`` makes hints long, they belong in a pool.)
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import TYPE_CHECKING, Any

from furuba import i18n
from furuba.bots.hint import hint_seed
from furuba.server import bots
from furuba.server import messages as m
from furuba.server.admission import BusyError
from furuba.server.conn import Conn
from furuba.server.errors import RoomError
from furuba.server.seats import pick_seat
from furuba.server.workloads import work_of_hub
from furuba.text import _

if TYPE_CHECKING:
    from furuba.core.protocol import State
    from furuba.server.hub import Hub
    from furuba.server.rooms import Room

log = logging.getLogger("furuba.server")
Found = tuple[str, list[Any]]
"""Who made the hint, and its suggestions (:class:`furuba.server.bots.Suggestion`), best first."""

_searching: weakref.WeakKeyDictionary[Room, dict[tuple[int, int, str], asyncio.Future[Found]]] = \
    weakref.WeakKeyDictionary()
"""Per room: the searches running, by (seat, state version, language)."""


async def hint(conn: Conn, room: Room, wanted: int | None, hub: Hub) -> None:
    """What the bot would do for the asking seat, sent to this connection only."""
    if not room.settings.hints:
        raise RoomError("not_allowed", _("hints are off at this table"))
    if room.status != "playing":
        raise RoomError("not_playing", _("there is nothing to decide"))
    seat = pick_seat(conn.seats, wanted, room.state.current_player)
    if room.state.current_player != seat:
        raise RoomError("not_your_turn", _("a hint is for the seat that must decide now"))
    state, version = room.state, room.version
    cached = room.hint_cache.get((seat, i18n.current()))
    if cached is not None and cached[0] == version:
        by, found = cached[1], cached[2]
    else:
        by, found = await asyncio.shield(search(conn, room, seat, state, version, hub))
    best = m.LegalAction.of(state.action_info(found[0].action))
    conn.send_model(m.HintMsg(seat=seat, action=best, by=by,
                              suggestions=[m.Suggestion(id=h.action, name=h.name, win_chance=h.win_chance,
                                                        reason=h.reason) for h in found]))


def search(conn: Conn, room: Room, seat: int, state: State, version: int,
           hub: Hub) -> asyncio.Future[Found]:
    """The search for ``seat`` in the position ``version``: the one running, or a new one.

    A connection starts one search at a time (a second one is ``throttled``); waiting for a
    search another connection started is always allowed. The search goes on even when the
    connection that started it goes away, and keeps its result in the room's cache.
    """
    running = _searching.setdefault(room, {})
    language = i18n.current()
    key = (seat, version, language)
    future = running.get(key)
    if future is not None:
        return future
    if conn.hinting:
        raise RoomError("throttled", _("a hint is already being worked out for you"))
    try:
        place = work_of_hub(hub).hints.reserve(conn.address)
    except BusyError as busy:
        raise RoomError("busy", busy.detail) from None
    conn.hinting = True
    config = hub.config
    seed = hint_seed(room.seed, seat, len(room.record.actions))

    async def work() -> Found:
        try:
            async with place:
                by, found = await asyncio.to_thread(bots.hints, state, seat, seed,
                                                    config.hint_bot, config.hint_sims)
        finally:
            place.give_back()
            conn.hinting = False
            running.pop(key, None)
        room.hint_cache[(seat, language)] = (version, by, found)
        return by, found

    future = running[key] = asyncio.ensure_future(work())
    future.add_done_callback(_report)
    return future


def _report(future: asyncio.Future[Found]) -> None:
    """Log a search that failed (whether or not anyone still waits for it)."""
    if not future.cancelled() and future.exception() is not None:
        log.error("a hint search failed", exc_info=future.exception())
