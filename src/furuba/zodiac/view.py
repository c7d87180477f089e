"""What one player may know of a Friends of the Zodiac game, as a view.

A player sees their own hand, the public table (circle, Tohru, center, face-up discard pile, deck
size, friendships), how many cards each other hand holds and which of those cards are known
(taken openly from the discard pile), and the numbered log with their own draws named. In
Bestest Friends the hands are open to the whole team. Once the game is over, everything is public.
What a seat may see is decided in :mod:`furuba.zodiac.secrecy`; every key of a view is described in
:mod:`furuba.zodiac.view_types`.

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

from furuba.core.deck import SOHMA_NAMES, SUITS
from furuba.core.errors import OptionsError
from furuba.zodiac.codes import (
    CENTER_LIMIT,
    OUTCOME_NAMES,
    PENDING_NAMES,
    SIDE_NAMES,
    TOHRU_SIDES,
)
from furuba.zodiac.logtext import LABELS, befriend_sides, log_entry, log_tail
from furuba.zodiac.rules import (
    COND_CENTER,
    COND_FRIEND_OF,
    COND_MIN_FRIENDS,
    COND_NONE,
    COND_TOHRU_SIDE,
    Cond,
    Rules,
)
from furuba.zodiac.secrecy import check_viewer, visible_hands
from furuba.zodiac.text import _
from furuba.zodiac.view_types import (
    ConditionView,
    FinalTurnsView,
    FriendshipView,
    JournalEntryView,
    LegalActionView,
    LogEntryView,
    OptionsView,
    PendingView,
    SohmaView,
    SymbolView,
    TohruView,
    ZodiacView,
)

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState


def condition_view(cond: Cond) -> ConditionView | None:
    """A compiled condition as a view shows it, ``None`` when the side has none.

    >>> condition_view((COND_FRIEND_OF, 0, 0)), condition_view((COND_CENTER, 4, 4))
    ({'code': 'friend_of', 'args': {'sohma': 0}}, {'code': 'center_at_least', 'args': {'count': 4}})
    """
    code, a, b = cond
    if code == COND_FRIEND_OF:
        return {"code": "friend_of", "args": {"sohma": a}}
    if code == COND_MIN_FRIENDS:
        return {"code": "min_friendships", "args": {"count": a}}
    if code == COND_TOHRU_SIDE:
        return {"code": "tohru_side", "args": {"side": TOHRU_SIDES[a]}}
    if code == COND_CENTER:
        if b >= CENTER_LIMIT:
            return {"code": "center_at_least", "args": {"count": a}}
        return {"code": "center_between", "args": {"low": a, "high": b}}
    assert code == COND_NONE
    return None


def needs_list(rules: Rules, sohma: int, side: int) -> list[str]:
    """The symbols ``sohma``'s ``side`` needs, one id per symbol (``["heart", "heart", "sun"]``)."""
    out: list[str] = []
    for sid, count in zip(rules.symbol_ids, rules.needs[sohma][side], strict=True):
        out.extend([sid] * count)
    return out


SohmaStatic = tuple[tuple[str, ...], tuple[str, ...], ConditionView | None, ConditionView | None]
"""Per Sohma side: (needs, other side's needs, condition, other side's condition)."""


@lru_cache(maxsize=256)
def _sohma_statics(rules: Rules) -> tuple[tuple[SohmaStatic, SohmaStatic], ...]:
    """What a view says of each Sohma side that depends only on the rules, computed once."""
    def side_of(sohma: int, side: int) -> SohmaStatic:
        return (tuple(needs_list(rules, sohma, side)), tuple(needs_list(rules, sohma, 1 - side)),
                condition_view(rules.conditions[sohma][side]),
                condition_view(rules.conditions[sohma][1 - side]))

    return tuple((side_of(i, 0), side_of(i, 1)) for i in range(len(SOHMA_NAMES)))


@lru_cache(maxsize=256)
def _rules_statics(rules: Rules) -> tuple[OptionsView, tuple[SymbolView, ...]]:
    """The options and symbols as a view shows them (copied into each view: views are fresh)."""
    options = rules.options
    return ({"players": options.players, "sets": options.sets, "target": options.target,
             "variant": options.variant, "max_rounds": options.max_rounds},
            tuple({"id": s.id, "name": s.name, "glyph": s.glyph, "color": s.color}
                  for s in rules.cardset.symbols))


def build_view(state: GameState, viewer: int | None, log_from: int = 0) -> ZodiacView:
    """The JSON-ready view of ``state`` for ``viewer`` (``None``: a spectator).

    Every log entry is public, so ``log_from=k`` keeps the entries numbered above ``k`` (see
    :meth:`furuba.core.protocol.State.view`); only those are rendered.
    """
    if not isinstance(log_from, int) or isinstance(log_from, bool) or log_from < 0:
        raise OptionsError(_("log_from must be a whole number, 0 or more, not {value!r}")
                           .format(value=log_from))
    rules = state.rules
    names = rules.kind_names
    n = state.num_players
    over = state.is_terminal()
    check_viewer(state, viewer)
    visible = visible_hands(state, viewer)
    options, symbols = _rules_statics(rules)
    view: ZodiacView = {
        "game": "zodiac",
        "viewer": viewer,
        "players": n,
        "options": {**options},
        "cardset": rules.cardset.name,
        "symbols": [{**s} for s in symbols],
        "round": state.round,
        "turn": state.turn,
        "actions_taken": state.actions_taken,
        "current_player": state.current_player,
        "pending": _pending(state),
        "tohru": _tohru(state),
        "sohmas": _sohmas(state),
        "center": [names[k] for k in state.center],
        "discard": [names[k] for k in state.discard],
        "deck_size": len(state.deck),
        "hand": [names[k] for k in state.hands[viewer]] if viewer is not None else None,
        "hands": {str(p): [names[k] for k in state.hands[p]] for p in visible},
        "hand_sizes": [len(h) for h in state.hands],
        "known_cards": [[names[k] for k in known] for known in state.known],
        "friendships": _friendships(state),
        "team": rules.options.coop,
        "journal": _journal(state),
        "log": _log(state, viewer, log_from),
        "final_turns": _final_turns(state),
        "outcome": OUTCOME_NAMES[state.outcome],
        "scores": state.scores(),
        "returns": state.returns(),
        "winners": state.winners() if over else [],
        "suits": list(SUITS),
    }
    if viewer is not None and state.current_player == viewer:
        view["legal_actions"] = _legal_actions(state)
    return view


def _pending(state: GameState) -> PendingView:
    """The decision the game waits for, with an event's options and the event being resolved."""
    pending: PendingView = {"kind": PENDING_NAMES[state.pending], "player": state.current_player}
    if state.pending == 1 and state.pending_arg is not None:
        pending["options"] = list(state.pending_arg[1])
    if state.limbo >= 0:
        pending["event"] = state.rules.kind_names[state.limbo]
    return pending


def _tohru(state: GameState) -> TohruView:
    return {"sohma": state.tohru, "name": SOHMA_NAMES[state.tohru],
            "side": TOHRU_SIDES[int(state.tohru_back)]}


def _sohmas(state: GameState) -> list[SohmaView]:
    sohmas: list[SohmaView] = []
    flipped, stacks = state.flipped, state.stacks
    for i, (name, statics) in enumerate(zip(SOHMA_NAMES, _sohma_statics(state.rules),
                                            strict=True)):
        side = flipped >> i & 1
        needs, other_needs, condition, other_condition = statics[side]
        sohmas.append({
            "index": i, "name": name, "side": SIDE_NAMES[side],
            "needs": list(needs), "other_needs": list(other_needs),
            "condition": _fresh(condition), "other_condition": _fresh(other_condition),
            "stack": stacks[i],
        })
    return sohmas


def _fresh(condition: ConditionView | None) -> ConditionView | None:
    """A copy of a shared condition, so that each view is its own."""
    if condition is None:
        return None
    return {"code": condition["code"], "args": {**condition["args"]}}


def _friendships(state: GameState) -> list[list[FriendshipView]]:
    sides = befriend_sides(state.log, state.rules.options.coop)
    return [
        [{"sohma": SOHMA_NAMES[(c % 52) // 4], "card": LABELS[c % 52],
          "side": SIDE_NAMES[sides.get((t, (c % 52) // 4), 0)]}
         for c in team]
        for t, team in enumerate(state.friends)
    ]


def _journal(state: GameState) -> list[JournalEntryView]:
    rules = state.rules
    return [{"player": p, "memory": rules.kind_names[k],
             "prompt": rules.cardset.memories[k].prompt, "answer": a}
            for p, k, a in state.journal]


def _log(state: GameState, viewer: int | None, log_from: int) -> list[LogEntryView]:
    tail = log_tail(state, log_from)
    over = state.is_terminal()
    out: list[LogEntryView] = []
    for i, e in enumerate(tail, start=state.log_len - len(tail) + 1):
        msg, args = log_entry(state, e, viewer, over)
        # Log codes are the LogKind names GameState._log writes.
        out.append({"n": i, "actor": e[0], "kind": e[1],  # type: ignore[typeddict-item]
                    "msg": msg, "args": args})
    return out


def _final_turns(state: GameState) -> FinalTurnsView | None:
    if state.ender < 0:
        return None
    left = max(state.final_left, 0) if state.final_left >= 0 else state.num_players - 1
    return {"reached_target": state.ender, "turns_left": left}


def _legal_actions(state: GameState) -> list[LegalActionView]:
    return [{"id": a, "name": state.action_to_string(a)} for a in state.legal_actions()]
