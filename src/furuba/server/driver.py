"""The task that runs each table: bots' moves, zombies, turn timers, disconnect grace periods,
bots filling the seats nobody took, correspondence timeouts and the end of abandoned tables.

It sleeps until the next thing due — a bot's move (``bot_delay`` after the position it answers), a
turn timer running out, a grace period ending, the table being abandoned — or until the room
wakes it because something changed, then looks again. Everything it changes goes through
``moves.py`` and ``presence.py``, or :func:`expire`, under the room's lock. Whichever process
drives a table is the one that expires it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from furuba import i18n
from furuba.server import bots
from furuba.server.errors import RoomError, in_words
from furuba.server.lessons import bot_delay, learner_waits_idle
from furuba.server.logs import current_table
from furuba.server.moves import commit_action, rate
from furuba.server.presence import make_zombie, publish_start
from furuba.server.protocol.events import StartEvent, TableEvent
from furuba.server.ratings.store import RatingStore
from furuba.server.storage import OPEN_STATUSES, Storage
from furuba.server.tables import seat_name

if TYPE_CHECKING:
    from furuba.server.rooms import Room

log = logging.getLogger("furuba.server")
RETRY_SECONDS = 1.0
"""Wait before trying again when a bot's move could not be stored."""

Plan = tuple[float, str, int]
"""(when, what, seat): what is ``bot``, ``turn`` (timer), ``grace``, ``forfeit`` (a
correspondence table that ends when a move is late), ``fill`` (seat ``-1``: bots take the seats
nobody took) or ``expire`` (seat ``-1``: the table is abandoned)."""
CORRESPONDENCE_WAIT = 7 * 86400.0
"""A correspondence table waits this long for its players before it is abandoned."""


def start(room: Room) -> None:
    """Open a table that was just made or loaded, and start its task (needs a running loop).

    Its clocks start now: the current decision, and the grace period of every claimed human
    seat nobody is connected to.
    """
    now = asyncio.get_running_loop().time()
    room.new_decision(now)
    if room.correspondence and room.turn_at:   # its clock went on while nobody drove it
        room.decision_began_at(room.turn_at)
    room.seats.nobody_here(now)
    room.fanout.remember(room.seq, StartEvent())
    if room.task is None and room.status in OPEN_STATUSES:
        room.run(drive(room))


def next_due(room: Room) -> Plan | None:
    """The next thing the table has to do by itself, if any."""
    if room.closed:
        return None
    expiry = abandon_due(room)
    plans: list[Plan] = [] if expiry is None else [(expiry, "expire", -1)]
    fill = fill_due(room)
    if fill is not None:
        plans.append((fill, "fill", -1))
    if room.status == "playing":
        plans.extend(play_plans(room))
    return min(plans) if plans else None


def abandon_due(room: Room) -> float | None:
    """When the table is abandoned if nothing changes before (``None``: not while things stand).

    A table with human seats is abandoned once no seated player has been connected for
    ``abandon_seconds`` and nothing happened in that time (no seat claimed, no action): a table
    waiting for players nobody joins, or a game its players left. Spectators do not keep a
    table alive. Bots alone are never abandoned: their game ends by itself (every game bounds
    its length through its options' bounds). The clock restarts when the table is loaded.
    """
    limit = room.config.abandon_seconds
    if limit is None or room.status not in OPEN_STATUSES:
        return None
    if room.correspondence:   # players come and go; a late move has its own rule
        if room.status == "playing":
            return None
        limit = max(limit, CORRESPONDENCE_WAIT)
    humans = [seat for seat in room.seats if seat.kind == "human"]
    if not humans or any(seat.connections > 0 for seat in humans):
        return None
    since = max([room.turn_since, *(s.gone_since for s in humans if s.gone_since is not None)])
    return since + float(limit)


def fill_due(room: Room) -> float | None:
    """When bots take the seats nobody took (``bots_after``), in loop time: only while the
    table waits and someone sits at it."""
    after = room.settings.bots_after
    if after is None or room.status != "waiting":
        return None
    if not any(s.kind == "human" and s.claimed for s in room.seats):
        return None
    now = asyncio.get_running_loop().time()
    return now + (room.created_at + float(after) - time.time())


def play_plans(room: Room) -> list[Plan]:
    """What a table being played has to do by itself: bots' moves, turn timers (a zombie, or
    the end of a correspondence game), grace periods."""
    plans: list[Plan] = []
    p = room.state.current_player
    active = room.clocks_run()
    limit = room.turn_limit
    if 0 <= p < len(room.seats):
        seat = room.seats[p]
        if seat.kind == "bot" or (seat.zombie and active):
            hurried = learner_waits_idle(room.spec, room.stored_settings, room.state)
            plans.append((room.turn_since + bot_delay(room.stored_settings,
                                                      room.config.bot_delay, hurried), "bot", p))
        elif active and limit:
            ends = room.correspondence and room.settings.on_timeout == "end"
            plans.append((room.turn_since + limit, "forfeit" if ends else "turn", p))
    grace = room.settings.grace_seconds
    if grace is not None:
        plans.extend((due, "grace", seat_no)
                     for due, seat_no in room.seats.grace_deadlines(float(grace)))
    return plans


async def drive(room: Room) -> None:
    """Run ``room`` until it is closed or its game is over.

    What the table's own task says, it says to everyone at the table: in no one's language (the
    task does not speak the language of the request that opened the table). Its events carry
    data the pages put into words; their ``message`` is English.
    """
    current_table.set(room.id)   # this task's log records name the table (logs.py)
    i18n.choose(i18n.DEFAULT)
    loop = asyncio.get_running_loop()
    while not room.closed and room.status in OPEN_STATUSES:
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
    if what == "expire":
        await expire(room)
        return
    if what == "fill":
        await fill(room)
        return
    if what == "forfeit":
        await forfeit(room, seat)
        return
    loop = asyncio.get_running_loop()
    async with room.lock:
        now_plan = next_due(room)
        if now_plan is None or now_plan[1:] != plan[1:] or now_plan[0] > loop.time():
            return
        make_zombie(room, seat)


FILL_BOT = "normal"
"""Who takes a seat nobody took (``greedy`` where the search bot is not installed)."""


def fill_bot() -> str:
    return FILL_BOT if FILL_BOT in bots.available_bots() else bots.ZOMBIE_BOT


async def fill(room: Room) -> None:
    """Bots take the seats nobody took, and the game starts (if it still waits)."""
    loop = asyncio.get_running_loop()
    async with room.lock:
        due = fill_due(room)
        if due is None or due > loop.time():
            return
        spec = fill_bot()
        empty = [s for s in room.seats if s.kind == "human" and not s.claimed]
        bots_in = [(s.seat, spec, seat_name(spec, s.seat)) for s in empty]
        if not await room.db.run(Storage.fill_seats, room.id, bots_in,
                                 room.state.current_player):
            return
        room.seats.fill(bots_in)
        room.start()
        publish_start(room, bots_in[0][0] if bots_in else -1)
        room.changed(lobby=True)
        room.wake.set()


async def forfeit(room: Room, seat: int) -> None:
    """A correspondence move came too late at a table whose settings end the game then: it is
    over (stored as abandoned), and everyone is told who ran out of time."""
    loop = asyncio.get_running_loop()
    async with room.lock:
        plan = next_due(room)
        if plan is None or plan[1:] != ("forfeit", seat) or plan[0] > loop.time():
            return
        result = lost_on_time(len(room.seats), seat, bool(room.spec.cooperative(room.state)))
        if not await room.db.run(Storage.forfeit_table, room.id, result, room.record.to_json()):
            return
        room.abandon()
        name = room.seats[seat].name or f"seat {seat + 1}"
        hours = int(room.settings.move_hours or 0)
        room.fanout.publish(TableEvent(reason="timeout", seat=seat, hours=hours,
                                       message=f"{name} did not move within {hours} "
                                               f"hour{'' if hours == 1 else 's'}: the game is over"),
                            table=True)
        room.changed(lobby=True)
        log.info("table %s ended: seat %d ran out of time", room.id, seat)
    await on_forfeit(room)


def lost_on_time(players: int, late: int, cooperative: bool) -> dict[str, Any]:
    """The result of a game that seat ``late`` lost on time: it lost, the others share the win
    (a co-op game: everyone lost); ``timeout`` names the late seat.

    >>> result = lost_on_time(3, 1, False)
    >>> result["returns"], result["winners"], result["timeout"]
    ([0.5, 0.0, 0.5], [0, 2], 1)
    >>> lost_on_time(2, 0, True)["returns"]
    [0.0, 0.0]
    """
    returns = [0.0 if cooperative or p == late else 1.0 / max(players - 1, 1) for p in range(players)]
    return {"returns": returns, "scores": [], "winners": [p for p, r in enumerate(returns) if r],
            "cooperative": cooperative, "timeout": late}


async def on_forfeit(room: Room) -> None:
    """What else follows a game lost on time: a rated table's ratings, from its stored result
    (the late seat lost)."""
    if room.settings.rated:
        async with room.lock:
            await rate(room, RatingStore.rate_table, room.id)


async def expire(room: Room) -> None:
    """End an abandoned table, if it still is once the lock is held: its status becomes
    ``abandoned`` (stored first), everyone watching is told, and its task stops."""
    loop = asyncio.get_running_loop()
    async with room.lock:
        due = abandon_due(room)
        if due is None or due > loop.time():
            return
        if not await room.db.run(Storage.abandon_table, room.id):
            log.warning("table %s: already over in the database; stopping it here", room.id)
        room.abandon()
        seconds = float(room.config.abandon_seconds or 0)
        with i18n.speaking(i18n.DEFAULT):
            idle = in_words(seconds)
        room.fanout.publish(TableEvent(reason="abandoned", seat=None, idle_seconds=seconds,
                                       message=f"nobody played at this table for {idle}: it is "
                                               "closed; start a new table to play again"),
                            table=True)
        room.changed(lobby=True)
        log.info("table %s abandoned", room.id)   # the table's task ends with this plan


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
            await commit_action(room, seat, action, "zombie" if zombie else "bot")
        except RoomError as exc:
            log.warning("table %s: the bot's move was refused: %s", room.id, exc.message)
            room.delay_decision(RETRY_SECONDS)
