"""What each client message does at an offline table (the server's ``dispatch``, ``moves``,
``hints`` and ``presence``), returning the frames to deliver.

Every change is checked against the current state, by the rules of any table
(:mod:`furuba.tables`), and made on a clone; only once it is accepted does the table take it
(:func:`commit`). A refusal raises :class:`~furuba.offline.errors.TableError` and changes nothing.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from furuba.bots.hint import hint_seed
from furuba.core.errors import FurubaError
from furuba.core.protocol import State
from furuba.core.record import WrittenInput
from furuba.offline import frames
from furuba.offline.errors import TableError
from furuba.offline.messages import Message
from furuba.offline.records import Rematch
from furuba.offline.undo import before_last, refusal
from furuba.tables import seats
from furuba.tables.actions import check_act, input_name, input_text, resolve
from furuba.tables.hints import hints
from furuba.text import _

if TYPE_CHECKING:
    from furuba.offline.frames import Frame
    from furuba.offline.table import LocalTable


def handle(table: LocalTable, msg: Message) -> list[Frame]:
    """The frames answering one (valid) client message."""
    kind = msg.type
    if kind == "hello":
        return table.hello(msg.last_seq, msg.epoch)
    if kind == "ping":
        return [{"type": "pong"}]
    if kind == "sync":
        return [] if msg.last_seq == table.seq else [frames.snapshot(table)]
    if kind == "chat":
        raise TableError("not_allowed", _("chat is off at this table"))
    if kind == "reclaim":   # no seat is ever played by a bot for its player offline
        pick_seat(table, msg.seat, table.state.current_player)
        return []
    if kind == "rematch":
        return rematch(table)
    if kind == "act":
        return act(table, msg)
    if kind == "undo":
        return take_back(table, msg.seat)
    if kind == "hint":
        return give_hint(table, msg.seat)
    return write(table, msg)


def commit(table: LocalTable, seat: int, action: int, by: str) -> Frame:
    """Take ``action`` for ``seat`` (``by`` a ``human`` or a ``bot``) and return its event;
    refused unless it is legal now."""
    state = table.state
    if state.current_player != seat or action not in state.legal_actions():
        raise TableError("illegal", _("action {action} is not legal now").format(action=action))
    info = frames.legal_action(state.action_info(action))
    new = state.clone()
    new.apply(action)
    table.record.actions.append(action)
    table.actors.append((seat, by))
    advance(table, new, before=state, moved=True)
    return frames.event(table, {"kind": "action", "player": seat, "by": by}, views=True,
                        actor=seat, action=info)


def advance(table: LocalTable, new: State, *, before: State | None, moved: bool) -> None:
    """``new`` becomes the table's state, at the next event; ``moved``: an action was taken or
    taken back (a written input is not), which makes earlier positions stale."""
    table.state = new
    table.version += 1
    table.seq += 1
    table.before = before
    table.hints.clear()   # hints are for the position they were asked in
    if moved:
        table.state_seq = table.seq
        table.revealed = None


def pick_seat(table: LocalTable, wanted: int | None, current: int) -> int:
    """The seat a message acts for (:func:`furuba.tables.seats.pick_seat`): the one named, the
    browser's only one, or the one of its seats that must decide now (``current``)."""
    return seats.pick_seat(table.held, wanted, current, TableError)


def act(table: LocalTable, msg: Message) -> list[Frame]:
    """A player's action: checked (seat, turn, staleness, legality), then taken."""
    if table.status != "playing":
        raise TableError("not_playing", _("the game is over"))
    state = table.state
    seat = pick_seat(table, msg.seat, state.current_player)
    seen = msg.seq_seen if msg.seq_seen is not None else 0
    check_act(seat, state.current_player, seen=seen, seq=table.seq, state_seq=table.state_seq,
              refuse=TableError)
    action = resolve(state, msg.action if msg.action is not None else -1, TableError)
    return [commit(table, seat, action, "human")]


def take_back(table: LocalTable, wanted: int | None) -> list[Frame]:
    """A player's ``undo``: their own last action taken back (see ``undo.py`` for when); the
    views are those of the position before it, with their whole logs."""
    last_seat = table.actors[-1][0] if table.actors else table.state.current_player
    seat = pick_seat(table, wanted, last_seat)
    why = refusal(table, seat)
    if why is not None:
        raise why
    restored = before_last(table)
    action = table.record.actions[-1]
    info = frames.legal_action(restored.action_info(action))
    table.record.actions.pop()
    table.actors.pop()
    advance(table, restored, before=None, moved=True)
    return [frames.event(table, {"kind": "undo", "player": seat}, views=True, delta=False,
                         actor=seat, action=info)]


def give_hint(table: LocalTable, wanted: int | None) -> list[Frame]:
    """What the bot would do for the asking seat (the one that must decide)."""
    if not table.settings.hints:
        raise TableError("not_allowed", _("hints are off at this table"))
    if table.status != "playing":
        raise TableError("not_playing", _("there is nothing to decide"))
    state = table.state
    seat = pick_seat(table, wanted, state.current_player)
    if state.current_player != seat:
        raise TableError("not_your_turn", _("a hint is for the seat that must decide now"))
    key = (seat, table.version, table.settings.lang)
    found = table.hints.get(key)
    if found is None:
        seed = hint_seed(table.settings.seed, seat, len(table.record.actions))
        found = table.hints[key] = hints(state, seat, seed)
    by, suggested = found
    best = frames.legal_action(state.action_info(suggested[0].action))
    return [{"type": "hint", "seat": seat, "action": best, "by": by,
             "suggestions": [s.to_json() for s in suggested]}]


def write(table: LocalTable, msg: Message) -> list[Frame]:
    """A written input (``answer``): the game's input ``msg.name`` (default: its first), kept in
    the state and the record where it was written."""
    if table.status != "playing":
        raise TableError("not_playing", _("the game is over"))
    name = input_name(table.spec, msg.name, TableError)
    seat = pick_seat(table, msg.seat, table.state.current_player)
    text = input_text(table.spec, name, msg.text or "", TableError)
    new = table.state.clone()
    try:
        kept = new.write(seat, name, text)
    except FurubaError as exc:
        raise TableError("not_allowed", str(exc)) from None
    table.record.written.append(WrittenInput(len(table.record.actions), seat, name, kept))
    advance(table, new, before=table.before, moved=False)
    return [frames.event(table, {"kind": "answer", "player": seat, "name": name}, views=True)]


def rematch(table: LocalTable) -> list[Frame]:
    """The same table again after the game (new id, new deal, same seats), made once: its event
    names the new table; :meth:`~furuba.offline.table.LocalTable.rematch_settings` says what
    to make it from."""
    if table.status != "finished":
        raise TableError("not_allowed", _("a rematch can start once the game is over"))
    if not table.held:
        raise TableError("not_seated", _("only players can ask for a rematch"))
    if table.rematch is not None:
        return []
    plan = table.rematch = Rematch(secrets.token_urlsafe(12), secrets.randbits(62))
    table.seq += 1
    return [frames.event(table, {"kind": "rematch", "table_id": plan.id,
                                 "url": frames.PAGES["table"].format(id=plan.id)})]
