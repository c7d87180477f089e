"""The turn under the house rules: the hooks of :class:`~furuba.daihinmin.rules.Rules` they change.

:func:`rules_for` chooses a game's rules once, from its options: the rulebook's
(:data:`~furuba.daihinmin.rules.RULEBOOK`) when no house rule is on, else a record whose hooks are
the functions below — legal plays named by their cards (:mod:`furuba.daihinmin.house_plays`),
what a play sets off (:func:`furuba.daihinmin.house.after_play`), going out under the fall of the
capital (D15) and the place points (D25), passing out of the trick (D22), the 3♦ leading (D23),
the Poor's strongest cards taken before the Rich choose (D24), and names that give suits.

>>> from furuba.daihinmin.house import EIGHT_CUT
>>> from furuba.daihinmin.options import Options
>>> from furuba.daihinmin.rules import RULEBOOK
>>> rules_for(Options()) is RULEBOOK
True
>>> rules = rules_for(Options(eight_cut=True, place_points=True))
>>> rules.house == EIGHT_CUT | PLACE_POINTS, rules.place_bonus, rules.pass_turn is RULEBOOK.pass_turn
(True, 1, True)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from furuba.core.errors import IllegalActionError
from furuba.daihinmin.exchange import RICH_GIFTS, SECOND_GIFTS, strongest_cards
from furuba.daihinmin.house import (
    DIAMOND_THREE,
    EXCHANGE_AFTER,
    FALLEN_CAPITAL,
    NAMED_JOKER,
    PASS_OUT,
    PLACE_POINTS,
    SEQUENCES,
    SUITED,
    after_play,
    fall,
    flags,
    play_rules,
)
from furuba.daihinmin.house_plays import NO_TOP, legal_house_plays
from furuba.daihinmin.illegal import why_illegal
from furuba.daihinmin.moves import num_actions
from furuba.daihinmin.notation_suited import parse_named, parse_suited
from furuba.daihinmin.options import Options
from furuba.daihinmin.phases import PHASE_NAMES
from furuba.daihinmin.rules import RULEBOOK, Rules
from furuba.daihinmin.scoring import roles
from furuba.daihinmin.suited import DIAMOND, card_id

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

IDLE_LIMIT: Final = 20
"""D22: passes in a row, with no play between them, that end the round by lot (the UECda
server's limit)."""
DIAMOND_THREE_CARD: Final = card_id(0, DIAMOND)
"""The 3♦ (D23)."""


def rules_for(options: Options) -> Rules:
    """The rules a game with ``options`` is played by."""
    return _rules(flags(options))


@functools.cache
def _rules(bits: int) -> Rules:
    if not bits:
        return RULEBOOK
    suited = bool(bits & SUITED)
    parse = (_parse_named if bits & NAMED_JOKER else _parse_suited) if suited else RULEBOOK.parse
    return Rules(
        house=bits,
        num_actions=num_actions(suited, bool(bits & SEQUENCES), bool(bits & NAMED_JOKER)),
        suited=suited, exchange_after=bool(bits & EXCHANGE_AFTER),
        place_bonus=1 if bits & PLACE_POINTS else 0, moves=play_rules(bits), plays=_plays,
        play=_play,
        pass_turn=_pass_out if bits & PASS_OUT else RULEBOOK.pass_turn, parse=parse,
        leader=_diamond_three if bits & DIAMOND_THREE else RULEBOOK.leader,
        before_gifts=_take_strongest if bits & EXCHANGE_AFTER else RULEBOOK.before_gifts,
    )


# -- plays ----------------------------------------------------------------------------------------
def _plays(state: GameState) -> list[int]:
    """The legal plays under the house rules (:mod:`furuba.daihinmin.house_plays`)."""
    player = state.current
    top = state.pile[-1][1] if state.pile else NO_TOP
    return legal_house_plays(state.hands[player], state.counts[player], top,
                             state.back != state.ranks_reversed, state.lock, state.rules.moves)


def _play(state: GameState, action: int) -> None:
    """A play under the house rules: what it sets off (D13, D16–D20), going out and the fall
    of the capital (D15), the end of the round or the trick (D22)."""
    if action not in _plays(state):
        raise IllegalActionError(why_illegal(state, action))
    player = state.current
    cards, hand = state.take_cards(action)
    pile = state.pile
    state.push("play", player, action, cards)
    cut = after_play(state, player, action, pile[-2][1] if len(pile) > 1 else NO_TOP)
    rules = state.rules
    bonus = rules.place_bonus
    if not hand:
        n = state.options.players
        finished = (*state.finished, player)
        holding = n - len(finished)     # a fallen Rich Man finishes below: he counts
        scores = list(state.points)
        scores[player] += holding + bonus
        state.points = tuple(scores)
        state.finished = finished
        state.push("out", player, len(finished), holding + bonus)
        if len(finished) == 1 and rules.house & FALLEN_CAPITAL:
            fall(state, player)
        left = [p for p in range(n) if state.hands[p]]
        if len(left) == 1:
            last, place = left[0], len(finished) + 1
            scores[last] += n - place + bonus
            state.points = tuple(scores)
            state.finished = (*finished, last)
            state.push("out", last, place, n - place + bonus)
            state.end_round()
            return
    if cut:
        state.clear(player if hand else state.next_active(player))
    elif rules.house & PASS_OUT:
        if _all_passed(state):
            state.clear(player if hand else state.next_active(player))
        else:
            state.current = _next_open(state, player)
    else:
        state.current = state.next_active(player)


# -- D22: passing out of the trick ----------------------------------------------------------------
def _all_passed(state: GameState) -> bool:
    """Whether everyone still holding cards has passed in this trick (D22)."""
    passed, hands = state.passed, state.hands
    return all(passed >> p & 1 for p in range(state.options.players) if hands[p])


def _next_open(state: GameState, player: int) -> int:
    """The next player after ``player`` in the direction of play who holds cards and has not
    passed in this trick: ``player`` himself when everyone else has (D22)."""
    n = state.options.players
    seating, hands, step, passed = state.seating, state.hands, state.direction, state.passed
    seat = state.seat_of[player]
    for _ in range(n):
        seat = (seat + step) % n
        other = seating[seat]
        if hands[other] and not passed >> other & 1:
            return other
    raise AssertionError("nobody may play")


def _pass_out(state: GameState) -> None:
    """A pass under D22: out of the trick until it ends; when everyone holding cards has
    passed, its last player (or the next one holding cards) leads the next, or its leader
    when nothing was played; after :data:`IDLE_LIMIT` passes without a play the round ends
    by lot. The passes in a row count on across the tricks a pass ends."""
    player = state.current
    state.push("pass", player)
    state.passes += 1
    state.passed |= 1 << player
    if state.passes >= IDLE_LIMIT:
        state.finish_by_lot()
        return
    if not _all_passed(state):
        state.current = _next_open(state, player)
        return
    passes = state.passes
    if state.pile:
        last = state.pile[-1][0]
        state.clear(last if state.hands[last] else state.next_active(last))
    else:
        state.clear(state.leader)
    state.passes = passes


# -- the round: its lead (D23), the exchange (D24) -------------------------------------------------
def _diamond_three(state: GameState, player: int) -> int:
    """D23: the holder of the 3♦ leads the round's first trick."""
    three = 1 << DIAMOND_THREE_CARD
    return next(p for p in range(state.options.players) if state.hands[p] & three)


def _take_strongest(state: GameState) -> None:
    """D24: the Poor's strongest cards change hands as the exchange begins."""
    rich, second_rich, second_poor, poor = roles(state.titles)
    hands = state.hands
    taken = ((poor, rich, strongest_cards(hands[poor], RICH_GIFTS)),
             (second_poor, second_rich, strongest_cards(hands[second_poor], SECOND_GIFTS)))
    state.move_cards(taken)
    state.exchange = taken
    for giver, receiver, cards in taken:
        state.push_private(giver, "taken", giver, receiver, cards)
        state.push_private(receiver, "taken", giver, receiver, cards)


# -- names that give suits ------------------------------------------------------------------------
def _parse_suited(state: GameState, text: str) -> int:
    player = state.current
    hand = state.hands[player] & ~state.pending_gifts(player) if player >= 0 else 0
    return parse_suited(text, PHASE_NAMES[state.phase_code], hand)


def _parse_named(state: GameState, text: str) -> int:
    player = state.current
    hand = state.hands[player] & ~state.pending_gifts(player) if player >= 0 else 0
    return parse_named(text, PHASE_NAMES[state.phase_code], hand, state.legal_actions())
