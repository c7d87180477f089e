"""The table is an object: no module outside ``rooms.py`` assigns a field of a room.

Every change of a table is one of :class:`~furuba.server.rooms.Room`'s methods (an action taken
or taken back, the game started or abandoned, a chat line, a rematch, …); the other modules read
its fields and call those methods. The scan reads every module of the server and flags any
assignment (``=``, ``+=``, an annotated one, or inside a tuple) to an attribute of a room — a name
or an attribute ending in ``room`` — or to an attribute of a room's fan-out (its event number and
epoch belong to :class:`~furuba.server.fanout.Fanout`, and change through its methods).
"""

from __future__ import annotations

import ast
from pathlib import Path

SERVER = Path(__file__).resolve().parents[2] / "src" / "furuba" / "server"
OWNERS = {"rooms.py", "fanout.py"}
"""The modules that change a room's fields and its fan-out's (their own)."""


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        found = [node.target]
    else:
        return []
    out: list[ast.expr] = []
    while found:
        target = found.pop(0)
        if isinstance(target, ast.Tuple | ast.List):
            found.extend(target.elts)
        elif isinstance(target, ast.Starred):
            found.append(target.value)
        else:
            out.append(target)
    return out


def _is_room(node: ast.expr) -> bool:
    """Whether ``node`` names a room: ``room``, ``new_room``, ``self.room``, …"""
    if isinstance(node, ast.Name):
        return node.id.endswith("room")
    return isinstance(node, ast.Attribute) and node.attr.endswith("room")


def assigned_room_fields(source: str) -> list[str]:
    """The assignments in ``source`` to a field of a room or of its fan-out, as written (a
    seat's fields are the seats' own: ``room.seats[0].zombie`` is not one)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        for target in _targets(node):
            if not isinstance(target, ast.Attribute):
                continue
            chain: ast.expr = target
            hit = False
            while isinstance(chain, ast.Attribute):
                if _is_room(chain.value) or (chain is not target and chain.attr == "fanout"):
                    hit = True
                chain = chain.value
            if hit:
                found.append(ast.unparse(target))
    return found


def test_no_module_outside_rooms_assigns_a_room_field() -> None:
    offenders = [f"{path.relative_to(SERVER)}:{field}"
                 for path in sorted(SERVER.rglob("*.py")) if path.name not in OWNERS
                 for field in assigned_room_fields(path.read_text(encoding="utf-8"))]
    assert offenders == [], "a room changes through its methods (rooms.py): " + ", ".join(offenders)


def test_the_scan_sees_what_it_looks_for() -> None:
    assert assigned_room_fields("room.status = 'playing'\nroom.fanout.seq += 1\nx.seq = 2") == [
        "room.status", "room.fanout.seq"]
    assert assigned_room_fields("a, self.room.turn_since = 1, 2\nroom.seats[0].zombie = 1") == [
        "self.room.turn_since"]
    assert assigned_room_fields("room.last = room.rematch = None") == ["room.last", "room.rematch"]
    assert assigned_room_fields("room.fanout.after_publish = f") == ["room.fanout.after_publish"]
    assert assigned_room_fields("room.seats.take(0, 'Ann', 'h', None, 0.0)") == []
