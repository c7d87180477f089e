"""Why one move was better than another, in a few words: the mistakes of a game review.

A review gives each move its reason (:func:`~furuba.zodiac.explain.explain_action`); where the
two reasons alone do not show the difference, :func:`contrast_action` says what the better move
keeps that the move played gives up, from a world sampled from the player's own view: a
befriending still within reach this turn, or the symbols the Sohmas near Tohru still need — the
memory given up or kept, the memory played — when the better move's is needed nearer Tohru.

>>> from furuba.zodiac import new_game
>>> from furuba.zodiac.actions import DRAW
>>> contrast_action(new_game(players=3, seed=4), DRAW, DRAW, 0)
''
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.core.deck import NUM_SOHMAS
from furuba.zodiac.actions import A_CENTER, A_DISCARD, A_PLAY
from furuba.zodiac.codes import ACTIONS_PER_TURN, P_MAIN
from furuba.zodiac.explain import all_of, asking_for, befriended, card_name, symbol_name
from furuba.zodiac.playout import plan
from furuba.zodiac.text import _, ngettext, sohma_name

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState


def contrast_action(state: GameState, played: int, better: int, player: int) -> str:
    """What ``better`` keeps for ``player`` that ``played`` gives up, in the current language
    (``""`` when the two moves' own reasons say it, or nothing shows)."""
    if played == better:
        return ""
    after_played, after_better = state.child(played), state.child(better)
    if befriended(state, after_better, player):
        return ""               # the better move's own reason says whom it befriends
    reachable = _within_reach(after_better, player)
    if reachable is not None and _within_reach(after_played, player) is None:
        return _("after your move you could no longer befriend {sohma} this turn").format(
            sohma=sohma_name(reachable))
    rules = state.rules
    code, card = rules.actions.decode(played)
    other_code, other = rules.actions.decode(better)
    if code != other_code or not (rules.is_memory(card) and rules.is_memory(other)):
        return ""
    in_center = code == A_CENTER       # a memory of the center counts toward what is asked
    mine = asking_for(state, card, player, in_center)
    theirs = asking_for(state, other, player, in_center)
    if code in (A_CENTER, A_DISCARD) and mine and (not theirs or _nearer(state, mine, theirs)):
        return _("you gave up {card} ({symbol}), which {needing}, and kept {kept} ({kept_symbol}), "
                 "which {kept_needing}").format(
            card=card_name(state, card), symbol=symbol_name(state, card),
            needing=_need(mine), kept=card_name(state, other),
            kept_symbol=symbol_name(state, other), kept_needing=_need(theirs))
    if code == A_PLAY and theirs and (not mine or _nearer(state, theirs, mine)):
        return _("you played {symbol}, which {needing}, rather than {other}, which {other_needing}").format(
            symbol=symbol_name(state, card), needing=_need(mine),
            other=symbol_name(state, other), other_needing=_need(theirs))
    return ""


def _need(sohmas: list[int]) -> str:
    """Who needs a symbol, as a relative clause: ``Yuki needs`` / ``Yuki and Kisa need`` / ``no
    Sohma near Tohru needs``."""
    if not sohmas:
        return _("no Sohma near Tohru still needs")
    return ngettext("{sohmas} still needs", "{sohmas} still need", len(sohmas)).format(
        sohmas=all_of(sohmas))


def _nearer(state: GameState, some: list[int], others: list[int]) -> bool:
    """Whether the nearest of ``some`` is nearer Tohru (clockwise) than the nearest of
    ``others``."""
    def distance(sohma: int) -> int:
        return (sohma - state.tohru) % NUM_SOHMAS

    return min(map(distance, some)) < min(map(distance, others))


def _within_reach(after: GameState, player: int) -> int | None:
    """The Sohma ``player`` can still befriend this turn in ``after``, if any."""
    if after.is_terminal() or after.turn != player or after.pending != P_MAIN:
        return None
    found = plan(after, player, ACTIONS_PER_TURN - after.actions_taken)
    return None if found is None else found[2]
