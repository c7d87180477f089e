"""The task that runs each table: bots' moves, zombies, turn timers and disconnect grace periods.

It sleeps until the next thing due — a bot's move (``bot_delay`` after the position it answers), a
turn timer running out, a grace period ending — or until the room wakes it because something
changed, then looks again. Everything it changes goes through the room, under the room's lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from furuba.server import bots
from furuba.server.rooms import RoomError

if TYPE_CHECKING:
    from furuba.server.rooms import Room

log = logging.getLogger("furuba.server")
RETRY_SECONDS = 1.0
"""Wait before trying again when a bot's move could not be stored."""

Plan = tuple[float, str, int]
"""(when, what, seat): what is ``bot``, ``turn`` (timer) or ``grace``."""


def next_due(room: Room) -> Plan | None:
    """The next thing the table has to do by itself, if any."""
    if room.status != "playing" or room.closed:
        return None
    plans: list[Plan] = []
    p = room.state.current_player
    active = room.active()
    if 0 <= p < len(room.seats):
        seat = room.seats[p]
        if seat.kind == "bot" or (seat.zombie and active):
            plans.append((room.turn_since + room.config.bot_delay, "bot", p))
        elif active and room.settings.get("turn_seconds"):
            plans.append((room.turn_since + float(room.settings["turn_seconds"]), "turn", p))
    grace = room.settings.get("grace_seconds")
    if grace is not None:
        plans.extend((s.gone_since + float(grace), "grace", s.seat) for s in room.seats
                     if s.kind == "human" and s.claimed and not s.zombie and s.connections == 0
                     and s.gone_since is not None)
    return min(plans) if plans else None


async def drive(room: Room) -> None:
    """Run ``room`` until it is closed or its game is over."""
    loop = asyncio.get_running_loop()
    while not room.closed and room.status != "finished":
        room.wake.clear()
        plan = next_due(room)
        wait = None if plan is None else plan[0] - loop.time()
        if wait is None or wait > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(room.wake.wait(), wait)
            continue
        assert plan is not None
        try:
            await fire(room, plan)
        except asyncio.CancelledError:
            raise
        except Exception:  # pragma: no cover - a bug must not kill the table's task
            log.exception("table %s: %s failed", room.id, plan[1])
            await asyncio.sleep(RETRY_SECONDS)


async def fire(room: Room, plan: Plan) -> None:
    """Do what ``plan`` says, if it is still due once the lock is held."""
    _when, what, seat = plan
    if what == "bot":
        await bot_move(room, seat)
        return
    loop = asyncio.get_running_loop()
    async with room.lock:
        now_plan = next_due(room)
        if now_plan is None or now_plan[1:] != plan[1:] or now_plan[0] > loop.time():
            return
        await room.make_zombie(seat)


async def bot_move(room: Room, seat: int) -> None:
    """A bot (or a zombie) decides for ``seat`` and the room takes the action."""
    state, version = room.state, room.version
    info = room.seats[seat]
    zombie = info.kind != "bot"
    spec = bots.ZOMBIE_BOT if zombie else (info.bot or bots.ZOMBIE_BOT)
    seed = bots.bot_seed(room.seed, seat, len(room.record.actions))
    if bots.is_inline(spec):
        action = bots.choose(spec, seed, state)
    else:
        action = await asyncio.to_thread(bots.choose, spec, seed, state)
    async with room.lock:
        if room.version != version or room.status != "playing" or room.closed:
            return
        current = room.seats[seat]
        if room.state.current_player != seat or (zombie and not current.zombie):
            return
        try:
            await room.commit_action(seat, action, "zombie" if zombie else "bot")
        except RoomError as exc:
            log.warning("table %s: the bot's move was refused: %s", room.id, exc.message)
            room.turn_since = asyncio.get_running_loop().time() + RETRY_SECONDS
