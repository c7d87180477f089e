"""A card set and options compiled into the flat tables the engine reads on its hot path.

Cards are named by their *kind* (a card's name; copies of one card share a kind). Kinds
``0 … M−1`` are the memories, ``M … M+E−1`` the events.

Effects compile to small tuples of strings and ints (JSON-friendly, cheap to keep in a state):

* ``("move", delta)`` — delta > 0 clockwise, < 0 counterclockwise
* ``("move_to", sohma)`` — ``-1`` means the player chooses
* ``("flip", "tohru" | "chosen")``, ``("flip_tohru",)``
* ``("draw", count, each)`` — ``each`` is 1 when every player draws; the engine resolves it one
  card at a time as ``("draw", 1, 0, player)`` steps, so that a hand over 4 is discarded down
  before the next card is drawn (Z8)
* ``("discard_center",)``, ``("take_discard",)``
* ``("choice", labels, options)`` — ``options`` is a tuple of step tuples
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from furuba.core.deck import NUM_SOHMAS, SOHMA_NAMES
from furuba.zodiac.actions import ActionTable
from furuba.zodiac.cardset import (
    MAX_OPTIONS,
    CardSet,
    CenterCount,
    Choice,
    DiscardCenter,
    Draw,
    FlipSohma,
    FlipTohru,
    FriendOf,
    MinFriendships,
    Move,
    MoveTo,
    SohmaSide,
    Step,
    TakeFromDiscard,
    TohruSide,
    resolve_cardset,
)
from furuba.zodiac.options import Options

CStep = tuple[Any, ...]
"""A compiled effect step (see the module docstring)."""

# Compiled conditions: (code, a, b)
COND_NONE: Final = 0
COND_FRIEND_OF: Final = 1
COND_MIN_FRIENDS: Final = 2
COND_TOHRU_SIDE: Final = 3
COND_CENTER: Final = 4
Cond = tuple[int, int, int]


def compile_steps(steps: list[Step]) -> tuple[CStep, ...]:
    out: list[CStep] = []
    for step in steps:
        if isinstance(step, Move):
            out.append(("move", step.steps if step.direction == "clockwise" else -step.steps))
        elif isinstance(step, MoveTo):
            out.append(("move_to", -1 if step.sohma == "chosen" else SOHMA_NAMES.index(step.sohma)))
        elif isinstance(step, FlipSohma):
            out.append(("flip", step.target))
        elif isinstance(step, FlipTohru):
            out.append(("flip_tohru",))
        elif isinstance(step, Draw):
            out.append(("draw", step.count, 1 if step.who == "each" else 0))
        elif isinstance(step, DiscardCenter):
            out.append(("discard_center",))
        elif isinstance(step, TakeFromDiscard):
            out.append(("take_discard",))
        elif isinstance(step, Choice):
            labels = tuple(o.label for o in step.options)
            options = tuple(compile_steps(o.effect) for o in step.options)
            out.append(("choice", labels, options))
        else:  # pragma: no cover - the schema admits no other step
            raise TypeError(step)
    return tuple(out)


def _compile_condition(side: SohmaSide) -> Cond:
    c = side.condition
    if c is None:
        return (COND_NONE, 0, 0)
    if isinstance(c, FriendOf):
        return (COND_FRIEND_OF, SOHMA_NAMES.index(c.sohma), 0)
    if isinstance(c, MinFriendships):
        return (COND_MIN_FRIENDS, c.count, 0)
    if isinstance(c, TohruSide):
        return (COND_TOHRU_SIDE, 1 if c.side == "back" else 0, 0)
    if isinstance(c, CenterCount):
        return (COND_CENTER, c.at_least, c.at_most)
    raise TypeError(c)  # pragma: no cover


@dataclass(frozen=True, slots=True, eq=False)
class Rules:
    """Everything about a game that never changes while it is played."""

    cardset: CardSet
    options: Options
    kind_names: tuple[str, ...]
    num_memory_kinds: int
    memory_symbol: tuple[int, ...]
    """Symbol index of each memory kind."""
    symbol_ids: tuple[str, ...]
    event_steps: tuple[tuple[CStep, ...], ...]
    """Compiled effect of each event kind, indexed by ``kind - num_memory_kinds``."""
    deck: tuple[int, ...]
    """Every play card of the game (all sets) as sorted kinds."""
    needs: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    """Per Sohma, per side (0 human, 1 animal): count needed of each symbol."""
    need_pairs: tuple[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]], ...]
    """The same as ``(symbol, count)`` pairs of the symbols a side needs at all, in symbol order."""
    conditions: tuple[tuple[Cond, Cond], ...]
    tohru_flips: tuple[bool, bool]
    """Whether Tohru's front / back side flips the Sohma at the end of each turn."""
    tohru_wild: tuple[bool, bool]
    """Whether Tohru's front / back side gives a wild symbol."""
    stack_size: int
    """Friendship cards per Sohma (4 per set)."""
    actions: ActionTable

    @property
    def num_kinds(self) -> int:
        return len(self.kind_names)

    def is_memory(self, kind: int) -> bool:
        return kind < self.num_memory_kinds

    def kind_of(self, name: str) -> int:
        """The kind named ``name`` (case-insensitive); ``KeyError`` if none."""
        key = name.strip().lower()
        for i, n in enumerate(self.kind_names):
            if n.lower() == key:
                return i
        raise KeyError(name)


_COMPILED: Final[dict[tuple[int, Options], Rules]] = {}


def compile_rules(cardset: CardSet, options: Options) -> Rules:
    """Compile once per (card set, options); the result is shared by every state of a game."""
    key = (id(cardset), options)
    cached = _COMPILED.get(key)
    if cached is not None and cached.cardset is cardset:
        return cached
    rules = _compile(cardset, options)
    if len(_COMPILED) > 256:
        _COMPILED.clear()
    _COMPILED[key] = rules
    return rules


def make_rules(cardset: CardSet | str | Path | None = None, **options: Any) -> Rules:
    """Compile a card set (default, path or :class:`CardSet`) and options into rules."""
    return compile_rules(resolve_cardset(cardset), Options.make(**options))


def _pairs(counts: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((i, n) for i, n in enumerate(counts) if n)


def _compile(cardset: CardSet, options: Options) -> Rules:
    memories = cardset.memories
    symbol_ids = tuple(s.id for s in cardset.symbols)
    kind_names = tuple(m.name for m in memories) + tuple(e.name for e in cardset.events)
    m = len(memories)
    deck: list[int] = []
    counts = [c.count for c in memories] + [e.count for e in cardset.events]
    for kind, count in enumerate(counts):
        deck.extend([kind] * (count * options.sets))
    needs = []
    conditions = []
    for name in SOHMA_NAMES:
        card = cardset.sohmas[name]
        per_side = []
        for side in (card.human, card.animal):
            per_side.append(tuple(side.needs.count(sid) for sid in symbol_ids))
        needs.append((per_side[0], per_side[1]))
        conditions.append((_compile_condition(card.human), _compile_condition(card.animal)))
    front, back = cardset.tohru.front.effect, cardset.tohru.back.effect
    table = ActionTable(kind_names=kind_names, num_memory_kinds=m, max_options=MAX_OPTIONS,
                        num_sohmas=NUM_SOHMAS)
    return Rules(
        cardset=cardset, options=options, kind_names=kind_names, num_memory_kinds=m,
        memory_symbol=tuple(symbol_ids.index(mem.symbol) for mem in memories),
        symbol_ids=symbol_ids,
        event_steps=tuple(compile_steps(e.effect) for e in cardset.events),
        deck=tuple(sorted(deck)), needs=tuple(needs),
        need_pairs=tuple((_pairs(human), _pairs(animal)) for human, animal in needs),
        conditions=tuple(conditions),
        tohru_flips=(front == "flip_at_end_of_turn", back == "flip_at_end_of_turn"),
        tohru_wild=(front == "wild_symbol", back == "wild_symbol"),
        stack_size=4 * options.sets, actions=table,
    )
