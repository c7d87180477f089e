"""The frames an offline table sends, in the server's shapes (``docs/WEB-API.md``,
``furuba.server.messages``) as plain dicts ready for :func:`json.dumps`: the table's description,
seats' views, ``welcome``, ``snapshot`` and numbered ``event`` messages.

An event leaves out the parts its kind does not use, as the server's do (a missing ``timer`` or
``current_player`` reads as ``null``). An offline table has no clock: ``timer`` is always left
out of events and ``null`` in snapshots.

>>> legal_action({"id": 3, "text": "discard 3", "kind": "discard", "params": {"card": 3}})
{'id': 3, 'name': 'discard 3', 'text': 'discard 3', 'kind': 'discard', 'params': {'card': 3}}
>>> PAGES["table"].format(id="Jx9")
'/offline/table.html?t=Jx9'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from furuba.core.protocol import ActionInfo, State
from furuba.offline.undo import refusal
from furuba.tables.kit import WebKit
from furuba.tables.logmarks import Viewer

if TYPE_CHECKING:
    from furuba.offline.table import LocalTable

Frame = dict[str, Any]
PAGES = {"table": "/offline/table.html?t={id}", "replay": "/offline/replay.html?t={id}"}
"""Where the browser shows an offline table and its replay (the server's are ``/t/{id}`` and
``/replay/{id}``): the table's ``url``, ``replay_url`` and a rematch event's ``url``."""


def legal_action(info: ActionInfo) -> Frame:
    """An action as data, as the server sends it (``LegalAction.of``)."""
    return {"id": info["id"], "name": info["text"], "text": info["text"], "kind": info["kind"],
            "params": dict(info["params"])}


def result_of(state: State) -> Frame | None:
    """The result of a finished game (``None`` while it is being played)."""
    if not state.is_terminal():
        return None
    returns = [float(r) for r in state.returns()]
    return {"returns": returns, "scores": [float(s) for s in state.scores()],
            "winners": [p for p, r in enumerate(returns) if r > 0]}


def table_out(table: LocalTable) -> Frame:
    """The table's public description (``GET /api/tables/{id}``): every human seat claimed and
    connected (this browser holds them all), no chat, no clocks, never rated."""
    s = table.settings
    seats = [{"seat": i, "kind": seat.kind, "bot": seat.bot, "name": s.seat_name(i),
              "claimed": True, "connected": True, "zombie": False, "account": False}
             for i, seat in enumerate(s.seats)]
    finished = table.status == "finished"
    return {"id": s.id, "game": s.game, "title": table.spec.title,
            "frontend": table.spec.kit_or(WebKit()).frontend,
            "players": s.players, "options": dict(s.options), "status": table.status,
            "seats": seats, "settings": settings_out(table), "seq": table.seq,
            "current_player": table.current_player, "result": result_of(table.state),
            "rematch": table.rematch.id if table.rematch else None, "rematch_of": None,
            "url": PAGES["table"].format(id=s.id),
            "replay_url": PAGES["replay"].format(id=s.id) if finished else None}


def settings_out(table: LocalTable) -> Frame:
    """The table's settings as the server describes them (its ``Settings``)."""
    return {"turn_seconds": None, "grace_seconds": None, "chat": False,
            "hints": table.settings.hints, "spectator_chat": False, "public": False,
            "rated": False, "pace": "live", "move_hours": None, "on_timeout": "bot",
            "bots_after": None, "undo": table.settings.undo, "sealed": False, "tutorial": None,
            "bot_delay": None}


def viewers(table: LocalTable) -> list[Viewer]:
    """Whose views the browser gets: its (human) seats, or the public view when it has none."""
    return list(table.held) if table.held else [None]


def view_entry(table: LocalTable, seat: Viewer, delta: bool) -> Frame:
    """``seat``'s view now (its log a delta from the frame before when ``delta``), its legal
    actions when it must decide, and whether it may take back its last action."""
    view, log = table.logs.render(seat, table.state, delta)
    playing = seat is not None and table.status == "playing"
    legal = [legal_action(info) for info in table.state.legal_action_infos()] \
        if playing and table.state.current_player == seat else []
    undo = playing and seat is not None and refusal(table, seat) is None
    return {"seat": seat, "view": view, "log": log, "legal": legal, "undo": undo}


def welcome(table: LocalTable, resync: str) -> Frame:
    return {"type": "welcome", "table_id": table.settings.id, "seats": list(table.held),
            "bad_tokens": 0, "epoch": table.epoch, "seq": table.seq, "resync": resync,
            "route": None}


def snapshot(table: LocalTable) -> Frame:
    """The whole table now (each log whole)."""
    return {"type": "snapshot", "seq": table.seq, "epoch": table.epoch, "table": table_out(table),
            "views": [view_entry(table, k, False) for k in viewers(table)], "chat": [],
            "timer": None}


def event(table: LocalTable, body: Frame, *, views: bool = False, delta: bool = True,
          actor: int | None = None, action: Frame | None = None) -> Frame:
    """Event number :attr:`LocalTable.seq` (already counted). ``views``: it changed the game, so
    it carries every view (logs as deltas when ``delta``); ``action`` goes to the holder of
    ``actor``'s seat only."""
    body = dict(body)
    if action is not None and actor in table.held:
        body["action"] = action
    out: Frame = {"type": "event", "seq": table.seq, "event": body}
    if views:
        out["views"] = [view_entry(table, k, delta) for k in viewers(table)]
        out["status"] = table.status
        if table.status == "playing":
            out["current_player"] = table.state.current_player
    return out
