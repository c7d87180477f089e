"""The rules a game is played by, chosen once: the rulebook's, or the house rules' (one seam).

A state holds one :class:`Rules` record (``state.rules``), chosen when the game starts from its
options (:func:`furuba.daihinmin.house_turns.rules_for`) and never changed. The few steps the
house rules change — which plays are legal, what a play sets off, what a pass does, how an action
is typed, who leads a round, what happens before the gifts — are its hooks: plain functions of
the state, so the state calls ``self.rules.plays(self)`` and never asks which rules are in force.
:data:`RULEBOOK` holds the rulebook's game (D1–D12); the house rules' hooks live in
:mod:`furuba.daihinmin.house_turns` beside :mod:`furuba.daihinmin.house`.

>>> from furuba.daihinmin import new_game
>>> s = new_game(players=4, seed=7)
>>> s.rules is RULEBOOK, RULEBOOK.house, RULEBOOK.num_actions
(True, 0, 175)
>>> [s.action_to_string(a) for a in RULEBOOK.plays(s)][:2]
['play 3', 'play 3x2']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from furuba.core.errors import IllegalActionError
from furuba.daihinmin import events
from furuba.daihinmin.house_plays import PlayRules
from furuba.daihinmin.illegal import why_illegal
from furuba.daihinmin.moves import NUM_ACTIONS, PASS, can_play, legal_plays
from furuba.daihinmin.notation import parse_action
from furuba.daihinmin.phases import PHASE_NAMES

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules in force: a few facts, and the hooks the house rules change."""

    house: int
    """The house rules in force, as the bits of :func:`furuba.daihinmin.house.flags` (0: the
    rulebook's game). For readers (views, policies, positions); the state calls the hooks."""
    num_actions: int
    """The size of the action table (:func:`furuba.daihinmin.moves.num_actions`)."""
    suited: bool
    """Whether plays and gifts name their cards (suits matter)."""
    exchange_after: bool
    """D24: the Poor's strongest cards change hands before the Rich choose their gifts."""
    place_bonus: int
    """D25: the points each place scores beyond the rulebook's (0 or 1)."""
    moves: PlayRules
    """What move generation needs of the house rules."""
    plays: Callable[[GameState], list[int]]
    """The legal plays of the current player (a pass included when legal)."""
    play: Callable[[GameState, int], None]
    """Play ``action`` (not a pass) for the current player, refused when it is not legal: the
    cards on the pile (:meth:`~furuba.daihinmin.state.GameState.take_cards`), then the log,
    going out, the turn and the trick."""
    pass_turn: Callable[[GameState], None]
    """A pass by the current player (refused when it is not legal)."""
    parse: Callable[[GameState, str], int]
    """The action a typed name means now (:meth:`~furuba.core.protocol.State.string_to_action`)."""
    leader: Callable[[GameState, int], int]
    """Who leads a round's first trick, ``player`` by the rulebook."""
    before_gifts: Callable[[GameState], None]
    """What happens as the exchange begins, before the Rich choose (nothing by the rulebook)."""


def _plays(state: GameState) -> list[int]:
    return legal_plays(state.counts[state.current], state.top_level, state.top_total)


def _play(state: GameState, action: int) -> None:
    """D4–D6: a set at least as large and higher than the one on the pile; the next player
    holding cards follows; going out scores a point per player still holding cards, and the
    last one left ends the round."""
    player = state.current
    if not (0 < action < NUM_ACTIONS
            and can_play(state.counts[player], state.top_level, state.top_total, action)):
        raise IllegalActionError(why_illegal(state, action))
    cards, hand = state.take_cards(action)
    log: events.Log = (("play", player, action, cards), state.log)
    if hand:
        state.log = log
        state.log_len += 1
        state.current = state.next_active(player)
        return
    finished = (*state.finished, player)
    n = state.options.players
    holding = n - len(finished)
    scores = list(state.points)
    scores[player] += holding
    state.points = tuple(scores)
    log = (("out", player, len(finished), holding), log)
    if holding == 1:
        hands = state.hands
        last = next(p for p in range(n) if hands[p])
        finished += (last,)
        state.finished = finished
        state.log = (("out", last, n, 0), log)
        state.log_len += 3
        state.end_round()
        return
    state.finished = finished
    state.log = log
    state.log_len += 2
    state.current = state.next_active(player)


def pass_turn(state: GameState) -> None:
    """D5: a pass; when everyone else still holding cards has passed in a row, the pile is
    cleared and the last player to play (or the next one holding cards) leads."""
    if not state.top_total:
        raise IllegalActionError(why_illegal(state, PASS))
    player = state.current
    last = state.pile[-1][0]
    holding = len(state.hands) - len(state.finished) - (state.fallen >= 0)
    others = holding - 1 if state.hands[last] else holding
    state.log = (("pass", player), state.log)
    state.log_len += 1
    passes = state.passes + 1
    if passes >= others:
        state.clear(last if state.hands[last] else state.next_active(last))
    else:
        state.passes = passes
        state.current = state.next_active(player)


def parse(state: GameState, text: str) -> int:
    """The rulebook's names (:func:`furuba.daihinmin.notation.parse_action`)."""
    return parse_action(text, PHASE_NAMES[state.phase_code])


def _same_leader(state: GameState, player: int) -> int:
    return player


def _nothing(state: GameState) -> None:
    return None


RULEBOOK: Final = Rules(
    house=0, num_actions=NUM_ACTIONS, suited=False, exchange_after=False, place_bonus=0,
    moves=PlayRules(suited=False, sequences=False, spade_three=False), plays=_plays,
    play=_play, pass_turn=pass_turn, parse=parse,
    leader=_same_leader, before_gifts=_nothing,
)
"""The rulebook's game: no house rule."""
