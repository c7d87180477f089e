"""The fixed action table of Friends of the Zodiac.

An id means the same thing in every state: cards are named by kind ("play Trust"), never by a
hand slot. The table depends only on the card set.

=====================  =========================================================
``draw``               Draw a card (an action)
``move``               Move Tohru clockwise by one Sohma (an action)
``play <card>``        Play a memory or an event (an action)
``option <n>``         Pick option *n* of the event being resolved
``choose <Sohma>``     Pick a Sohma for an event (move Tohru there, or flip it)
``put <memory> away``  Discard a memory from the center (over 4, or by an event)
``take <memory>``      Take a memory from the discard pile (by an event)
``discard <card>``     Discard from a hand over the limit of 4
=====================  =========================================================

>>> t = ActionTable(kind_names=("Trust", "Hope", "Brotherly Love"), num_memory_kinds=2,
...                 max_options=6, num_sohmas=13)
>>> t.name(t.play(2)), t.name(t.choose_sohma(5)), t.parse("option 2") == t.option(1)
('play Brotherly Love', 'choose Ayame', True)

Front ends read each action as data (:func:`action_info`): a *kind* per row of the table above
and its *params*, so that no client parses a name:

=============  ====================================================================================
``draw``       ``{}``
``move``       ``{"to", "index"}``: the Sohma Tohru moves to (the next one clockwise) and its place
``play``       ``{"card", "type", "symbol"}``: the card's name, ``"memory"`` or ``"event"``, and a
               memory's symbol id (``None`` for an event)
``option``     ``{"index", "label"}``: the option's place (0 for ``option 1``) and its words while
               that event is being resolved (``None`` otherwise)
``sohma``      ``{"sohma", "index"}``: the Sohma chosen (``choose <Sohma>``) and its place in the
               circle; what choosing does (move Tohru there, or flip it) is the pending decision
``put_away``   ``{"card", "type", "symbol"}``: a memory from the center to the discard pile
``take``       ``{"card", "type", "symbol"}``: a memory from the discard pile
``discard``    ``{"card", "type", "symbol"}``: a card from a hand over the limit
=============  ====================================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from furuba.core.deck import NUM_SOHMAS, SOHMA_NAMES
from furuba.core.errors import IllegalActionError
from furuba.core.protocol import JSON, ActionInfo, action_id
from furuba.zodiac.codes import P_OPTION
from furuba.zodiac.text import _

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState

DRAW: Final = 0
MOVE: Final = 1

# Kinds of action, as returned by ActionTable.decode
A_DRAW: Final = 0
A_MOVE: Final = 1
A_PLAY: Final = 2
A_OPTION: Final = 3
A_SOHMA: Final = 4
A_CENTER: Final = 5
A_TAKE: Final = 6
A_DISCARD: Final = 7
KINDS: Final[tuple[str, ...]] = ("draw", "move", "play", "option", "sohma", "put_away", "take", "discard")
"""The kind of each ``A_*`` code, as front ends read it (:func:`action_info`)."""


@dataclass(frozen=True, slots=True)
class ActionTable:
    kind_names: tuple[str, ...]
    num_memory_kinds: int
    max_options: int
    num_sohmas: int
    _play: int = field(init=False)
    _option: int = field(init=False)
    _sohma: int = field(init=False)
    _center: int = field(init=False)
    _take: int = field(init=False)
    _discard: int = field(init=False)
    size: int = field(init=False)
    _decoded: tuple[tuple[int, int], ...] = field(init=False)

    def __post_init__(self) -> None:
        k, m = len(self.kind_names), self.num_memory_kinds
        starts = {}
        pos = 2
        for name, width in (("_play", k), ("_option", self.max_options),
                            ("_sohma", self.num_sohmas), ("_center", m), ("_take", m),
                            ("_discard", k)):
            starts[name] = pos
            pos += width
        for name, value in starts.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "size", pos)
        decoded = [(A_DRAW, 0), (A_MOVE, 0)]
        for code, width in ((A_PLAY, k), (A_OPTION, self.max_options), (A_SOHMA, self.num_sohmas),
                            (A_CENTER, m), (A_TAKE, m), (A_DISCARD, k)):
            decoded.extend((code, i) for i in range(width))
        object.__setattr__(self, "_decoded", tuple(decoded))

    def play(self, kind: int) -> int:
        return self._play + kind

    def option(self, index: int) -> int:
        return self._option + index

    def choose_sohma(self, sohma: int) -> int:
        return self._sohma + sohma

    def center_discard(self, memory_kind: int) -> int:
        return self._center + memory_kind

    def take(self, memory_kind: int) -> int:
        return self._take + memory_kind

    def discard(self, kind: int) -> int:
        return self._discard + kind

    def decode(self, action: int) -> tuple[int, int]:
        """``(action kind, argument)`` of an id; :class:`IllegalActionError` if out of range."""
        if action.__class__ is int and 0 <= action < self.size:
            return self._decoded[action]
        if not isinstance(action, int) or not 0 <= action < self.size:
            raise IllegalActionError(_("{action!r} is not an action id (0 to {last})")
                                     .format(action=action, last=self.size - 1))
        return self._decoded[action]

    def name(self, action: int) -> str:
        code, arg = self.decode(action)
        if code == A_DRAW:
            return "draw"
        if code == A_MOVE:
            return "move"
        if code == A_PLAY:
            return f"play {self.kind_names[arg]}"
        if code == A_OPTION:
            return f"option {arg + 1}"
        if code == A_SOHMA:
            return f"choose {SOHMA_NAMES[arg]}"
        if code == A_CENTER:
            return f"put {self.kind_names[arg]} away"
        if code == A_TAKE:
            return f"take {self.kind_names[arg]}"
        return f"discard {self.kind_names[arg]}"

    def parse(self, text: object) -> int:
        """The id named by ``text`` (case and spacing are forgiven)."""
        words = " ".join(str(text).split()).lower()
        if words in ("draw", "draw a card"):
            return DRAW
        if words in ("move", "move tohru", "move tohru clockwise"):
            return MOVE
        verb, _sep, rest = words.partition(" ")
        if verb == "option":
            number = rest.split(":")[0].strip()
            if number.isdigit() and 1 <= int(number) <= self.max_options:
                return self.option(int(number) - 1)
        if verb == "choose":
            for i, n in enumerate(SOHMA_NAMES):
                if n.lower() == rest:
                    return self.choose_sohma(i)
        if verb == "put" and rest.endswith(" away"):
            kind = self._kind(rest.removesuffix(" away"), memories_only=True)
            if kind is not None:
                return self.center_discard(kind)
        for verb_name, make, memories_only in (("play", self.play, False),
                                               ("take", self.take, True),
                                               ("discard", self.discard, False)):
            if verb == verb_name:
                kind = self._kind(rest, memories_only=memories_only)
                if kind is not None:
                    return make(kind)
        raise IllegalActionError(_("no action is called {text!r}").format(text=text))

    def _kind(self, name: str, *, memories_only: bool) -> int | None:
        for i, n in enumerate(self.kind_names):
            if n.lower() == name and (not memories_only or i < self.num_memory_kinds):
                return i
        return None


def action_info(state: GameState, action: object) -> ActionInfo:
    """``action`` as data in ``state``: its id, text, kind and params (the module docstring).

    >>> from furuba.zodiac import new_game
    >>> s = new_game(players=2, seed=1)
    >>> action_info(s, MOVE)["params"] == {"to": "Hatsuharu", "index": 1}
    True
    >>> info = action_info(s, s.rules.actions.play(0))
    >>> info["kind"], info["params"]["type"], info["params"]["card"] == info["text"][5:]
    ('play', 'memory', True)
    """
    a = action_id(action)
    code, arg = state.rules.actions.decode(a)
    return {"id": a, "text": state.action_to_string(a), "kind": KINDS[code],
            "params": _params(state, code, arg)}


def _params(state: GameState, code: int, arg: int) -> JSON:
    if code == A_DRAW:
        return {}
    if code == A_MOVE:
        to = (state.tohru + 1) % NUM_SOHMAS
        return {"to": SOHMA_NAMES[to], "index": to}
    if code == A_OPTION:
        return {"index": arg, "label": _option_label(state, arg)}
    if code == A_SOHMA:
        return {"sohma": SOHMA_NAMES[arg], "index": arg}
    rules = state.rules
    memory = rules.is_memory(arg)
    return {"card": rules.kind_names[arg], "type": "memory" if memory else "event",
            "symbol": rules.symbol_ids[rules.memory_symbol[arg]] if memory else None}


def _option_label(state: GameState, index: int) -> str | None:
    """The words of option ``index`` of the event being resolved (``None`` when none is)."""
    if state.pending != P_OPTION or state.pending_arg is None:
        return None
    labels = state.pending_arg[1]
    return str(labels[index]) if index < len(labels) else None
