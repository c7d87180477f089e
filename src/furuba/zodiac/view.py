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
    from furuba.zodiac.state import GameState, LogEntry

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
    out: list[str] = []
    for sid, count in zip(rules.symbol_ids, rules.needs[sohma][side], strict=True):
        out.extend([sid] * count)
    return out


def friendship_label(card: int) -> str:
    """``"A♦"`` for a friendship card id (any set)."""
    return FRIENDSHIP_CARDS[card % 52].label


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


def build_view(state: GameState, viewer: int | None) -> JSON:
    """The JSON-ready view of ``state`` for ``viewer`` (``None``: a spectator)."""
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
    for i, name in enumerate(SOHMA_NAMES):
        side = state.flipped >> i & 1
        sohmas.append({
            "index": i, "name": name, "side": SIDE_NAMES[side],
            "needs": needs_list(rules, i, side), "other_needs": needs_list(rules, i, 1 - side),
            "condition": condition_text(rules.conditions[i][side]),
            "other_condition": condition_text(rules.conditions[i][1 - side]),
            "stack": state.stacks[i],
        })
    entries = state.log_entries()
    sides = {(e[0] if not rules.options.coop else 0, e[2]): int(e[3]) % 2
             for e in entries if e[1] == "befriend"}
    friendships = [
        [{"sohma": SOHMA_NAMES[(c % 52) // 4], "card": friendship_label(c),
          "side": SIDE_NAMES[sides.get((t, (c % 52) // 4), 0)]} for c in team]
        for t, team in enumerate(state.friends)
    ]
    view: JSON = {
        "game": "zodiac",
        "viewer": viewer,
        "players": n,
        "options": rules.options.to_json(),
        "cardset": rules.cardset.name,
        "symbols": [s.model_dump() for s in rules.cardset.symbols],
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
        "log": [{"n": i + 1, "actor": e[0], "kind": e[1], "text": entry_text(state, e, viewer, over)}
                for i, e in enumerate(entries)],
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


def _prompt(rules: Rules, kind: int) -> str:
    return rules.cardset.memories[kind].prompt


def _pending_name(state: GameState) -> str:
    from furuba.zodiac.state import PENDING_NAMES

    return PENDING_NAMES[state.pending]


def _outcome_name(state: GameState) -> str:
    from furuba.zodiac.state import OUTCOME_NAMES

    return OUTCOME_NAMES[state.outcome]
