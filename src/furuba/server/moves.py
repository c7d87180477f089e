"""Changes of the game: actions (a player's ``act``, a bot's move), written inputs, and taking
back an action (``undo``, whose rules are in ``undo.py``).

Each one is checked against the current state, applied to a clone, written to the database, and
only then made the room's state, numbered and announced (the lock is held throughout). A refusal
raises :class:`~furuba.server.errors.RoomError` and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from time import perf_counter
from typing import TYPE_CHECKING, Any

from furuba.core.errors import IllegalActionError
from furuba.core.record import WrittenInput
from furuba.server import messages as m
from furuba.server.conn import Conn
from furuba.server.errors import RoomError
from furuba.server.presence import reclaim_seat
from furuba.server.protocol.events import (
    ActionBy,
    ActionEvent,
    AnswerEvent,
    RatingMove,
    TableEvent,
    UndoEvent,
)
from furuba.server.ratings.store import RatingStore
from furuba.server.ratings.values import POOL_ALL, RatingChange
from furuba.server.seats import pick_seat
from furuba.server.storage import Storage
from furuba.server.undo import last_action, refusal
from furuba.tables.actions import check_act, input_name, input_text, resolve
from furuba.text import N_, _

if TYPE_CHECKING:
    from furuba.server.rooms import Room

log = logging.getLogger("furuba.server")
NOT_PLAYING = {"waiting": N_("the table is waiting for its players"),
               "abandoned": N_("the table was abandoned: nobody played it for too long")}
GAME_OVER = N_("the game is over")


async def act(room: Room, conn: Conn, msg: m.Act) -> None:
    """A player's ``act``: checked (seat, turn, staleness, legality), then committed."""
    async with room.lock:
        if room.status != "playing":
            raise RoomError("not_playing", _(NOT_PLAYING.get(room.status, GAME_OVER)))
        seat = pick_seat(conn.seats, msg.seat, room.state.current_player)
        check_act(seat, room.state.current_player, seen=msg.seq_seen, seq=room.seq,
                  state_seq=room.state_seq, refuse=RoomError)
        action = resolve(room.state, msg.action, RoomError)
        if room.seats[seat].zombie:
            reclaim_seat(room, seat)
        await commit_action(room, seat, action, "human")


async def commit_action(room: Room, seat: int, action: int, by: ActionBy) -> None:
    """Store, then apply and announce ``action`` for ``seat`` (the lock is held)."""
    if room.state.current_player != seat:
        raise RoomError("not_your_turn", _("it is not this seat's turn"))
    if action not in room.state.legal_actions():
        raise RoomError("illegal", _("action {action} is not legal now").format(action=action))
    info = m.LegalAction.of(room.state.action_info(action))
    new = room.state.clone()
    new.apply(action)
    idx = len(room.record.actions)
    seq = room.seq + 1
    finished = record = None
    if new.is_terminal():
        returns = new.returns()
        finished = {"returns": returns, "scores": new.scores(),
                    "winners": [p for p, r in enumerate(returns) if r > 0],
                    "cooperative": bool(room.spec.cooperative(new))}
        record = {**room.record.to_json(), "actions": [*room.record.actions, action]}
    metrics = room.db.metrics
    start = perf_counter()
    try:
        await room.db.run(Storage.append_action, room.id, idx, seq, seat, action, by,
                          finished, record, None if finished else new.current_player)
    except RoomError:   # e.g. "busy": another process may drive the table now; nothing was stored
        raise
    except Exception:
        log.exception("table %s: could not store action %s", room.id, idx)
        raise RoomError("server_error",
                        _("the server could not save the action; it was not taken")) from None
    base = room.took(seat, action, by, new, seq)
    room.fanout.publish(ActionEvent(player=seat, by=by), views=True, actor=seat,
                        action=info, base=base, seq=seq)
    room.changed(lobby=finished is not None)
    if finished is not None and room.settings.rated:
        await rate(room, RatingStore.rate_table, room.id)
    if metrics is not None:
        metrics.action_taken(perf_counter() - start)
    room.wake.set()


async def take_back(room: Room, conn: Conn, msg: m.Undo) -> None:
    """A player's ``undo``: their own last action is taken back (see ``undo.py`` for when).

    Its row is deleted first; then the room goes back to the state it was taken in, under a new
    version and event number (an ``act`` on the undone position is stale), the turn timer
    starts again, and an ``undo`` event gives every seat its view again, its log cut back to
    where it was.
    """
    async with room.lock:
        last_seat = room.actors[-1][0] if room.actors else room.state.current_player
        seat = pick_seat(conn.seats, msg.seat, last_seat)
        why = refusal(room, seat)
        if why is not None:
            raise RoomError(*why)
        if room.seats[seat].zombie:
            reclaim_seat(room, seat)
        last = last_action(room)
        action = room.record.actions[-1]
        restored = last.before
        info = m.LegalAction.of(restored.action_info(action))
        seq = room.seq + 1
        try:
            stored = await room.db.run(Storage.undo_action, room.id, last.index, seq,
                                       restored.current_player)
        except RoomError:
            raise
        except Exception:
            log.exception("table %s: could not take back action %s", room.id, last.index)
            stored = False
        if not stored:
            raise RoomError("server_error", _("the server could not take the action back; "
                                              "it stands"))
        base = (restored, last.version) if last.version is not None else None
        room.took_back(restored, seq)
        room.fanout.publish(UndoEvent(player=seat), views=True, actor=seat,
                            action=info, base=base, seq=seq, rewind=True)
        room.changed(lobby=False)
        room.wake.set()


async def rate(room: Room, query: Callable[..., list[RatingChange]], *args: Any) -> None:
    """A rated table's game is over: rate it (``query``: how), and tell the table how each
    player's rating moved. A failure is logged; the game's result stands."""
    try:
        changes = await room.db.run(query, *args)
    except Exception:
        log.exception("table %s: the ratings could not be updated", room.id)
        return
    moved = [RatingMove(seat=c.seat, name=room.seats[c.seat].name, before=c.before.displayed,
                        after=c.after.displayed) for c in changes if c.pool == POOL_ALL]
    if moved:
        words = ", ".join(f"{x.name} {x.before} → {x.after}" for x in moved)
        room.fanout.publish(TableEvent(reason="rated", seat=None, ratings=moved,
                                       message=f"Ratings: {words}"), table=True)


async def write(room: Room, conn: Conn, msg: m.Answer) -> None:
    """A written input (the ``answer`` message): the game's input ``msg.name`` (default: its
    first), kept in the state and the record where it was written."""
    async with room.lock:
        seat = pick_seat(conn.seats, msg.seat, room.state.current_player)
        name = input_name(room.spec, msg.name, RoomError)
        text = input_text(room.spec, name, msg.text, RoomError)
        new = room.state.clone()
        try:
            kept = new.write(seat, name, text)
        except IllegalActionError as exc:
            raise RoomError("not_allowed", str(exc)) from None
        after = len(room.record.actions)
        seq = room.seq + 1
        try:
            await room.db.run(Storage.append_answer, room.id, after, seq, seat, kept, name)
        except RoomError:
            raise
        except Exception:
            log.exception("table %s: could not store a written input", room.id)
            raise RoomError("server_error", _("the server could not save the {name}").format(
                name=name)) from None
        base = room.wrote(WrittenInput(after, seat, name, kept), new, seq)
        room.fanout.publish(AnswerEvent(player=seat, name=name), views=True,
                            base=base, seq=seq)

