"""What one player may know of a Friends of the Zodiac game: the one place secrecy is decided.

A player sees their own hand, the public table (circle, Tohru, center, face-up discard pile, deck
size, friendships), how many cards each other hand holds and which of those cards are known
(taken openly from the discard pile), and the numbered log with their own draws named. In
Bestest Friends the hands are open to the whole team. Once the game is over, everything is public.

>>> from furuba.zodiac import new_game
>>> s = new_game(players=3, seed=4)
>>> v = s.view(1)
>>> len(v["hand"]), v["hand_sizes"], "hands" in s.view(None)
(3, [3, 3, 3], True)
>>> sorted(s.view(None)["hands"])
[]
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from furuba.core.deck import FRIENDSHIP_CARDS, SOHMA_NAMES, SUITS
from furuba.core.errors import OptionsError
from furuba.core.protocol import JSON
from furuba.zodiac.rules import (
    COND_CENTER,
    COND_FRIEND_OF,
    COND_MIN_FRIENDS,
    COND_NONE,
    COND_TOHRU_SIDE,
    Cond,
    Rules,
)

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState, Log, LogEntry

SIDE_NAMES = ("human", "animal")
TOHRU_SIDES = ("front", "back")


def condition_text(cond: Cond) -> str | None:
    """A condition in words, ``None`` when the side has none."""
    code, a, b = cond
    if code == COND_NONE:
        return None
    if code == COND_FRIEND_OF:
        return f"already a friend of {SOHMA_NAMES[a]}"
    if code == COND_MIN_FRIENDS:
        return f"at least {a} friendships already"
    if code == COND_TOHRU_SIDE:
        return f"Tohru's {TOHRU_SIDES[a]} side up"
    if code == COND_CENTER:
        if b >= 4:
            return f"at least {a} memories in the center"
        return f"{a} to {b} memories in the center"
    return None


def needs_list(rules: Rules, sohma: int, side: int) -> list[str]:
    """The symbols ``sohma``'s ``side`` needs, one id per symbol (``["heart", "heart", "sun"]``)."""
    out: list[str] = []
    for sid, count in zip(rules.symbol_ids, rules.needs[sohma][side], strict=True):
        out.extend([sid] * count)
    return out


SohmaStatic = tuple[tuple[str, ...], tuple[str, ...], str | None, str | None]
"""Per Sohma side: (needs, other side's needs, condition, other side's condition)."""


@lru_cache(maxsize=256)
def _sohma_statics(rules: Rules) -> tuple[tuple[SohmaStatic, SohmaStatic], ...]:
    """What a view says of each Sohma side that depends only on the rules, computed once."""
    def side_of(sohma: int, side: int) -> SohmaStatic:
        return (tuple(needs_list(rules, sohma, side)), tuple(needs_list(rules, sohma, 1 - side)),
                condition_text(rules.conditions[sohma][side]),
                condition_text(rules.conditions[sohma][1 - side]))

    return tuple((side_of(i, 0), side_of(i, 1)) for i in range(len(SOHMA_NAMES)))


@lru_cache(maxsize=256)
def _rules_statics(rules: Rules) -> tuple[JSON, tuple[JSON, ...]]:
    """The options and symbols as a view shows them (copied into each view: views are fresh)."""
    return rules.options.to_json(), tuple(s.model_dump() for s in rules.cardset.symbols)


_LABELS = tuple(card.label for card in FRIENDSHIP_CARDS)


def friendship_label(card: int) -> str:
    """``"A♦"`` for a friendship card id (any set)."""
    return _LABELS[card % 52]


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
            return f"{who} drew {names[a]}" if see else f"{who} drew a card"
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


def build_view(state: GameState, viewer: int | None, log_from: int = 0) -> JSON:
    """The JSON-ready view of ``state`` for ``viewer`` (``None``: a spectator).

    Every log entry is public, so ``log_from=k`` keeps the entries numbered above ``k`` (see
    :meth:`furuba.core.protocol.State.view`); only those are rendered.
    """
    if not isinstance(log_from, int) or isinstance(log_from, bool) or log_from < 0:
        raise OptionsError(f"log_from must be a whole number, 0 or more, not {log_from!r}")
    rules = state.rules
    names = rules.kind_names
    n = state.num_players
    over = state.is_terminal()
    open_hands = over or rules.options.coop
    if viewer is not None and not 0 <= viewer < n:
        raise ValueError(f"no player {viewer} in a {n}-player game")
    visible = range(n) if open_hands else ([viewer] if viewer is not None else [])
    pending: JSON = {"kind": _pending_name(state), "player": state.current_player}
    if state.pending == 1 and state.pending_arg is not None:
        pending["options"] = list(state.pending_arg[1])
    if state.limbo >= 0:
        pending["event"] = names[state.limbo]
    sohmas = []
    flipped, stacks = state.flipped, state.stacks
    for i, (name, statics) in enumerate(zip(SOHMA_NAMES, _sohma_statics(rules), strict=True)):
        side = flipped >> i & 1
        needs, other_needs, condition, other_condition = statics[side]
        sohmas.append({
            "index": i, "name": name, "side": SIDE_NAMES[side],
            "needs": list(needs), "other_needs": list(other_needs),
            "condition": condition, "other_condition": other_condition,
            "stack": stacks[i],
        })
    tail = _log_tail(state, log_from)
    sides = befriend_sides(state.log, rules.options.coop)
    options, symbols = _rules_statics(rules)
    friendships = [
        [{"sohma": SOHMA_NAMES[(c % 52) // 4], "card": _LABELS[c % 52],
          "side": SIDE_NAMES[sides.get((t, (c % 52) // 4), 0)]} for c in team]
        for t, team in enumerate(state.friends)
    ]
    view: JSON = {
        "game": "zodiac",
        "viewer": viewer,
        "players": n,
        "options": dict(options),
        "cardset": rules.cardset.name,
        "symbols": [dict(s) for s in symbols],
        "round": state.round,
        "turn": state.turn,
        "actions_taken": state.actions_taken,
        "current_player": state.current_player,
        "pending": pending,
        "tohru": {"sohma": state.tohru, "name": SOHMA_NAMES[state.tohru],
                  "side": TOHRU_SIDES[int(state.tohru_back)]},
        "sohmas": sohmas,
        "center": [names[k] for k in state.center],
        "discard": [names[k] for k in state.discard],
        "deck_size": len(state.deck),
        "hand": [names[k] for k in state.hands[viewer]] if viewer is not None else None,
        "hands": {str(p): [names[k] for k in state.hands[p]] for p in visible},
        "hand_sizes": [len(h) for h in state.hands],
        "known_cards": [[names[k] for k in known] for known in state.known],
        "friendships": friendships,
        "team": rules.options.coop,
        "journal": [{"player": p, "memory": names[k], "prompt": _prompt(rules, k), "answer": a}
                    for p, k, a in state.journal],
        "log": [{"n": i, "actor": e[0], "kind": e[1], "text": entry_text(state, e, viewer, over)}
                for i, e in enumerate(tail, start=state.log_len - len(tail) + 1)],
        "final_turns": ({"reached_target": state.ender, "turns_left": max(state.final_left, 0)
                         if state.final_left >= 0 else state.num_players - 1}
                        if state.ender >= 0 else None),
        "outcome": _outcome_name(state),
        "scores": state.scores(),
        "returns": state.returns(),
        "winners": state.winners() if over else [],
        "suits": list(SUITS),
    }
    if viewer is not None and state.current_player == viewer:
        view["legal_actions"] = [{"id": a, "name": state.action_to_string(a)}
                                 for a in state.legal_actions()]
    return view


def _log_tail(state: GameState, log_from: int) -> list[LogEntry]:
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

_SIDES_MEMO: dict[int, tuple[Log, bool, Sides]] = {}
_SIDES_MEMO_SIZE = 512


def befriend_sides(log: Log, coop: bool) -> Sides:
    """The side each friendship was made on, from the ``befriend`` entries of ``log``.

    Memoised per log node (the memo holds the node, so its id cannot be reused while it is
    there): a state's log extends the log of the state it was cloned from, so the walk stops at
    the first node already seen — a few entries — instead of reading back to the game's first
    friendship. The result is shared: read it, never change it.

    >>> log = (((None, (0, "turn", 1, 0)), (0, "befriend", 3, 9)), (1, "befriend", 3, 12))
    >>> befriend_sides(log, coop=False), befriend_sides(log, coop=True)
    ({(0, 3): 1, (1, 3): 0}, {(0, 3): 0})
    """
    path: list[LogEntry] = []
    node = log
    sides: Sides = {}
    while node is not None:
        hit = _SIDES_MEMO.get(id(node))
        if hit is not None and hit[0] is node and hit[1] == coop:
            sides = hit[2]
            break
        node, entry = node
        path.append(entry)
    if not path:
        return sides
    for entry in reversed(path):
        if entry[1] == "befriend":
            sides = {**sides, (0 if coop else entry[0], entry[2]): int(entry[3]) % 2}
    _SIDES_MEMO[id(log)] = (log, coop, sides)
    if len(_SIDES_MEMO) > _SIDES_MEMO_SIZE:
        _SIDES_MEMO.pop(next(iter(_SIDES_MEMO)), None)
    return sides


def _prompt(rules: Rules, kind: int) -> str:
    return rules.cardset.memories[kind].prompt


def _pending_name(state: GameState) -> str:
    from furuba.zodiac.state import PENDING_NAMES

    return PENDING_NAMES[state.pending]


def _outcome_name(state: GameState) -> str:
    from furuba.zodiac.state import OUTCOME_NAMES

    return OUTCOME_NAMES[state.outcome]
