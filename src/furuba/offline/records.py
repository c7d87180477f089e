"""What the browser keeps of an offline table, and the replay of a finished one.

:func:`saved` is the table in a few hundred bytes of JSON — kept in IndexedDB after every
change — from which :meth:`furuba.offline.table.LocalTable.restore` rebuilds it by replaying its
actions from the seed (the games are deterministic from it)::

    {"format": 1,
     "settings": {…TableSettings.to_json()…},          # the seed is one of them
     "actions": [[0, 17, "human"], [1, 3, "bot"], …],   # [seat, action id, who took it]
     "written": [[12, 1, "answer", "the day we met"]],  # [after, seat, input, text]
     "seq": 42,                                         # the number of the table's last event
     "rematch": null}                                   # or {"id", "seed"} once asked for

The replay is what the replay page reads from the server (``GET /api/tables/{id}/replay`` and
``…/replay/{step}``), from the same record.

>>> Saved.read({"format": 1, "settings": {"game": "zodiac"}, "actions": [[0, "x", "human"]]})
Traceback (most recent call last):
...
furuba.core.errors.SaveFileError: not a saved offline table: actions[0] must be [seat, action id, ...]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from furuba.core.errors import FurubaError, SaveFileError
from furuba.core.protocol import State
from furuba.core.record import WrittenInput
from furuba.offline.errors import TableError
from furuba.offline.frames import Frame, table_out
from furuba.text import _

if TYPE_CHECKING:
    from furuba.offline.table import LocalTable

FORMAT = 1
BY = ("human", "bot")


@dataclass(frozen=True, slots=True)
class Rematch:
    """The table a rematch goes on at: its id and its seed (chosen once, when asked for)."""

    id: str
    seed: int


@dataclass(frozen=True, slots=True)
class Saved:
    """A saved table, read (its settings are checked when the table is made from them)."""

    settings: dict[str, Any]
    actions: list[tuple[int, int, str]]
    written: list[WrittenInput]
    seq: int
    rematch: Rematch | None

    @classmethod
    def read(cls, data: Any) -> Saved:
        """``data`` as :func:`saved` wrote it; :class:`SaveFileError` naming the fault."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise _bad(_("it must be an object with \"format\": {format}").format(format=FORMAT))
        settings = data.get("settings")
        if not isinstance(settings, dict):
            raise _bad(_("settings must be an object"))
        actions = []
        for i, row in enumerate(_list(data, "actions")):
            if not (_ints(row, 2, 3) and row[2] in BY):
                raise _bad(_("actions[{i}] must be [seat, action id, \"human\" or "
                             "\"bot\"]").format(i=i))
            actions.append((row[0], row[1], str(row[2])))
        written = []
        for i, row in enumerate(_list(data, "written")):
            if not (_ints(row, 2, 4) and isinstance(row[2], str) and isinstance(row[3], str)):
                raise _bad(_("written[{i}] must be [after, seat, input, text]").format(i=i))
            written.append(WrittenInput(row[0], row[1], row[2], row[3]))
        seq = data.get("seq", len(actions) + len(written))
        if not (isinstance(seq, int) and not isinstance(seq, bool) and seq >= 0):
            raise _bad(_("seq must be a whole number from 0"))
        return cls(settings, actions, written, seq, _rematch(data.get("rematch")))


def saved(table: LocalTable) -> dict[str, Any]:
    """The table as the browser keeps it (see the module docstring)."""
    actions = [[seat, action, by] for (seat, by), action in zip(table.actors,
                                                                table.record.actions,
                                                                strict=True)]
    rematch = table.rematch
    return {"format": FORMAT, "settings": table.settings.to_json(), "actions": actions,
            "written": [list(w) for w in table.record.written], "seq": table.seq,
            "rematch": None if rematch is None else {"id": rematch.id, "seed": rematch.seed}}


def replay_saved(table: LocalTable, data: Saved) -> None:
    """Play a saved table's record on ``table`` (new, from the same settings), checking each
    action and written input; :class:`SaveFileError` when one does not replay."""
    state = table.state
    pending = sorted(data.written, key=lambda w: w.after)
    count = len(data.actions)
    for i in range(count + 1):
        while pending and pending[0].after == i:
            w = pending.pop(0)
            try:
                table.record.write(state, w.player, w.name, w.text)
            except (FurubaError, IndexError) as exc:
                raise _bad(_("a written input does not replay after {after} actions: "
                             "{exc}").format(after=w.after, exc=exc)) from None
        if i == count:
            break
        seat, action, by = data.actions[i]
        bot = 0 <= seat < table.settings.players and table.settings.seats[seat].kind == "bot"
        if state.is_terminal() or seat != state.current_player or (by == "bot") != bot \
                or action not in state.legal_actions():
            raise _bad(_("action {i} does not replay (seat {seat}, action {action})").format(
                i=i, seat=seat, action=action))
        if i == count - 1:
            table.before = state.clone()
        table.record.play(state, action)
        table.actors.append((seat, by))
    if pending:
        raise _bad(_("a written input comes after {after} actions, past the last").format(
            after=pending[0].after))
    table.seq = table.state_seq = max(data.seq, count + len(data.written))
    table.rematch = data.rematch


def positions(table: LocalTable) -> list[State]:
    """Every position of the finished game (after 0, 1, … actions), worked out once; a
    :class:`~furuba.offline.errors.TableError` (``not_over``) before the end: the record stays
    secret until then."""
    if table.status != "finished":
        raise TableError("not_over", _("the game is not over: its record stays secret until then"))
    if table.positions is None:
        table.positions = table.record.positions()
    return table.positions


def step_name(table: LocalTable, states: list[State], n: int) -> Frame:
    """Action ``n`` (1, 2, …) of the record: who took it, and what it was, as data."""
    before = states[n - 1]
    info = before.action_info(table.record.actions[n - 1])
    return {"n": n, "player": before.current_player, "action": info["text"],
            "kind": info["kind"], "params": dict(info["params"])}


def summary(table: LocalTable, states: list[State]) -> Frame:
    """``GET /api/tables/{id}/replay``: the record, its written inputs and its steps."""
    record = table.record
    return {"table": table_out(table), "record": record.to_json(),
            "answers": [{"after": w.after, "seat": w.player, "text": w.text, "name": w.name}
                        for w in record.written],
            "steps": [step_name(table, states, n) for n in range(1, len(record.actions) + 1)]}


def step(table: LocalTable, states: list[State], n: int) -> Frame:
    """``GET /api/tables/{id}/replay/{n}``: the position after ``n`` actions, every hand shown
    (the game is over: its whole record is public)."""
    state = states[n]
    return {"step": n, "total": len(states) - 1,
            "current_player": None if state.is_terminal() else state.current_player,
            "action": step_name(table, states, n) if n > 0 else None,
            "public": state.view(None),
            "views": [{"seat": p, "view": state.view(p)} for p in range(state.num_players)]}


def _bad(why: str) -> SaveFileError:
    return SaveFileError(_("not a saved offline table: {why}").format(why=why))


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise _bad(_("{key} must be a list").format(key=key))
    return value


def _ints(row: Any, count: int, length: int) -> bool:
    """Whether ``row`` is a list of ``length`` items whose first ``count`` are whole numbers
    from 0."""
    return isinstance(row, list) and len(row) == length and all(
        isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in row[:count])


def _rematch(value: Any) -> Rematch | None:
    if value is None:
        return None
    if not (isinstance(value, dict) and isinstance(value.get("id"), str)
            and isinstance(value.get("seed"), int) and not isinstance(value.get("seed"), bool)):
        raise _bad(_("rematch must be null or {\"id\", \"seed\"}"))
    return Rematch(value["id"], value["seed"])
