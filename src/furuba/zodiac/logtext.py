"""The game log as people read it, and what views learn from it.

A log entry is ``(actor, code, a, b)`` (:data:`furuba.zodiac.codes.LogEntry`); :func:`entry_text`
says it in words, naming a drawn card only to whoever may know it. :func:`befriend_sides` reads
back which side each friendship was made on.

>>> from furuba.zodiac import new_game
>>> s = new_game(players=2, seed=1)
>>> [entry_text(s, e, viewer=1, public_all=False) for e in log_tail(s, 0)]
["round 1: player 0's turn"]
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from furuba.core.deck import FRIENDSHIP_CARDS, SOHMA_NAMES
from furuba.zodiac.codes import SIDE_NAMES, TOHRU_SIDES, Log, LogEntry
from furuba.zodiac.logfold import LogFold
from furuba.zodiac.rules import Rules

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState

LABELS = tuple(card.label for card in FRIENDSHIP_CARDS)
"""The label of each friendship card of one set, by card id."""


def friendship_label(card: int) -> str:
    """``"A♦"`` for a friendship card id (any set)."""
    return LABELS[card % 52]


def entry_text(state: GameState, entry: LogEntry, viewer: int | None, public_all: bool) -> str:
    """One log entry as ``viewer`` may read it."""
    see = public_all or entry[0] == viewer or state.rules.options.coop
    return _entry_text(state.rules, entry, see)


@lru_cache(maxsize=1 << 16)
def _entry_text(rules: Rules, entry: LogEntry, see: bool) -> str:
    """Cached: a game's log entries are immutable, and views render them again and again."""
    actor, code, a, b = entry
    names = rules.kind_names
    who = f"player {actor}"
    match code:
        case "turn":
            return f"round {a}: {who}'s turn"
        case "draw":
            return f"{who} drew {names[a]}" if see and a >= 0 else f"{who} drew a card"
        case "play":
            return f"{who} played {names[a]}"
        case "option":
            return f"{who} chose: {b}"
        case "move":
            return f"{who} moved Tohru from {SOHMA_NAMES[a]} to {SOHMA_NAMES[int(b)]}"
        case "flip":
            if b:
                return f"end of turn: {SOHMA_NAMES[a]} flips"
            return f"{who} flipped {SOHMA_NAMES[a]}"
        case "flip_tohru":
            return f"{who} turned Tohru's card to her {TOHRU_SIDES[a]} side"
        case "put_away":
            return f"{who} put {names[a]} from the center on the discard pile"
        case "take":
            return f"{who} took {names[a]} from the discard pile"
        case "discard":
            return f"{who} discarded {names[a]}"
        case "reshuffle":
            return f"the discard pile was shuffled into a new deck of {a} cards"
        case "reveal":
            return f"revealed from the deck: {names[a]}"
        case "befriend":
            team = "the team" if rules.options.coop else who
            card, side = divmod(int(b), 2)
            return (f"{team} befriended {SOHMA_NAMES[a]} ({friendship_label(card)}, "
                    f"{SIDE_NAMES[side]} side)")
        case "end":
            return "the game is over" + (" (round limit reached)" if a == 2 else "")
    return f"{who}: {code}"  # pragma: no cover


def log_tail(state: GameState, log_from: int) -> list[LogEntry]:
    """The log entries numbered above ``log_from``, oldest first, read from the newest end."""
    tail: list[LogEntry] = []
    node = state.log
    for _ in range(state.log_len - log_from):
        if node is None:  # pragma: no cover - log_len is the log's length
            break
        node, entry = node
        tail.append(entry)
    tail.reverse()
    return tail


Sides = dict[tuple[int, int], int]
"""(team, Sohma) → side (0 human, 1 animal) of the team's newest ``befriend`` entry for it."""

def _add_side(sides: Sides, entry: LogEntry, coop: bool) -> Sides:
    if entry[1] != "befriend":
        return sides
    return {**sides, (0 if coop else entry[0], entry[2]): int(entry[3]) % 2}


_SIDES: LogFold[Sides, bool] = LogFold({}, _add_side)


def befriend_sides(log: Log, coop: bool) -> Sides:
    """The side each friendship was made on, from the ``befriend`` entries of ``log``.

    A :class:`~furuba.zodiac.logfold.LogFold`: it reads only the entries since the last log it
    saw, not back to the game's first friendship. The result is shared: read it, never change it.

    >>> log = (((None, (0, "turn", 1, 0)), (0, "befriend", 3, 9)), (1, "befriend", 3, 12))
    >>> befriend_sides(log, coop=False), befriend_sides(log, coop=True)
    ({(0, 3): 1, (1, 3): 0}, {(0, 3): 0})
    """
    return _SIDES(log, coop)
