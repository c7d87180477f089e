"""Why an action is good, in a few words: the reasons of hints (:mod:`furuba.bots.hint`).

:func:`explain_action` applies the action to a world sampled from the player's own view and
compares before and after: a befriending, a befriending now within reach this turn, a Sohma left
open to the next player, where Tohru went. It reads the player's own hand and public things only.

>>> from furuba.zodiac import new_game
>>> from furuba.zodiac.actions import DRAW
>>> explain_action(new_game(players=3, seed=4), DRAW, 0)
'draws a card: more memories to match with'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.core.deck import NUM_SOHMAS, SOHMA_NAMES
from furuba.zodiac.actions import A_CENTER, A_DISCARD, A_DRAW, A_MOVE, A_PLAY, A_SOHMA, A_TAKE
from furuba.zodiac.codes import ACTIONS_PER_TURN, P_MAIN
from furuba.zodiac.playout import open_sohmas, plan

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState


def _symbol(state: GameState, kind: int) -> str:
    """The name of a memory's symbol (``Kindness``)."""
    rules = state.rules
    return rules.cardset.symbols[rules.memory_symbol[kind]].name


def _names(sohmas: list[int]) -> str:
    names = [SOHMA_NAMES[s] for s in sohmas]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _befriended(before: GameState, after: GameState, player: int) -> list[int]:
    team = before.team_of(player)
    new = after.fmask[team] & ~before.fmask[team]
    return [s for s in range(NUM_SOHMAS) if new >> s & 1]


def explain_action(state: GameState, action: int, player: int) -> str:
    """A short reason for ``player`` to take ``action`` in ``state`` (a world from their view)."""
    after = state.child(action)
    code, arg = state.rules.actions.decode(action)
    kinds = state.rules.kind_names
    friends = _befriended(state, after, player)
    if friends:
        text = f"befriends {_names(friends)} now"
        if after.is_terminal() and after.returns()[player] > 0:
            text += " and wins the game"
        return text
    if after.is_terminal():
        return "ends the game"
    if after.turn == player and after.pending == P_MAIN:
        found = plan(after, player, ACTIONS_PER_TURN - after.actions_taken)
        if found is not None:
            target = SOHMA_NAMES[found[2]]
            if code == A_MOVE or (code == A_SOHMA and after.tohru != state.tohru):
                return f"moves Tohru toward {target}, whom you can befriend this turn"
            if code == A_PLAY and state.rules.is_memory(arg):
                return (f"puts {_symbol(state, arg)} in the center for {target}, "
                        "whom you can befriend this turn")
            return f"sets up befriending {target} this turn"
    if after.turn != player and not state.coop:
        nxt = after.turn
        exposed = open_sohmas(after, nxt)
        if exposed:
            return f"ends your turn, but player {nxt} could befriend {_names(exposed)} at once"
        if open_sohmas(state, nxt):
            return f"ends your turn without leaving player {nxt} a Sohma to befriend at once"
    return _what_it_does(state, after, code, arg, kinds)


def _what_it_does(state: GameState, after: GameState, code: int, arg: int,
                  kinds: tuple[str, ...]) -> str:
    if code == A_DRAW:
        return "draws a card: more memories to match with"
    if code == A_MOVE:
        return f"moves Tohru on to {SOHMA_NAMES[after.tohru]}"
    if code == A_PLAY and state.rules.is_memory(arg):
        return f"adds {_symbol(state, arg)} to the center"
    if code == A_CENTER:
        return f"puts {kinds[arg]} away, keeping the symbols that are needed nearby"
    if code == A_TAKE:
        return f"takes {kinds[arg]} ({_symbol(state, arg)}) back into your hand"
    if code == A_DISCARD:
        return f"discards {kinds[arg]}, the card you need least"
    effects = []
    if after.tohru != state.tohru:
        effects.append(f"Tohru goes to {SOHMA_NAMES[after.tohru]}")
    flipped = after.flipped ^ state.flipped
    if flipped:
        effects.append("flips " + _names([s for s in range(NUM_SOHMAS) if flipped >> s & 1]))
    if after.tohru_back != state.tohru_back:
        effects.append("turns Tohru over")
    if len(after.center) < len(state.center):
        effects.append("clears room in the center")
    if code != A_PLAY:
        return ", ".join(effects) if effects else "keeps your options open"
    if effects:
        return f"plays {kinds[arg]}: " + ", ".join(effects)
    if after.pending != P_MAIN:
        return f"plays {kinds[arg]}; you make its choice next"
    return f"plays {kinds[arg]}"
