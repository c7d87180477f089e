"""Hints: what the bot would do for the seat that must decide, sent to the asking connection only."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from furuba.server import bots
from furuba.server import messages as m
from furuba.server.conn import Conn
from furuba.server.errors import RoomError
from furuba.server.seats import pick_seat

if TYPE_CHECKING:
    from furuba.server.hub import Hub
    from furuba.server.rooms import Room


async def hint(conn: Conn, room: Room, wanted: int | None, hub: Hub) -> None:
    """What the bot would do for the asking seat, sent to this connection only."""
    if not room.settings.get("hints", True):
        raise RoomError("not_allowed", "hints are off at this table")
    if room.status != "playing":
        raise RoomError("not_playing", "there is nothing to decide")
    seat = pick_seat(conn.seats, wanted, room.state.current_player)
    if room.state.current_player != seat:
        raise RoomError("not_your_turn", "a hint is for the seat that must decide now")
    state, version = room.state, room.version
    cached = room.hint_cache.get(seat)
    if cached is not None and cached[0] == version:
        by, found = cached[1], cached[2]
    else:
        if conn.hinting:
            raise RoomError("throttled", "a hint is already being worked out for you")
        conn.hinting = True
        try:
            seed = bots.bot_seed(room.seed ^ 0x5EED, seat, len(room.record.actions))
            config = hub.config
            by, found = await asyncio.to_thread(bots.hints, state, seat, seed, config.hint_bot,
                                                config.hint_sims)
        finally:
            conn.hinting = False
        room.hint_cache[seat] = (version, by, found)
    best = m.LegalAction.of(state.action_info(found[0].action))
    conn.send_model(m.HintMsg(seat=seat, action=best, by=by,
                              suggestions=[m.Suggestion(id=h.action, name=h.name, win_chance=h.win_chance,
                                                        reason=h.reason) for h in found]))
