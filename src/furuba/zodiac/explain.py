"""Why an action is good, in a few words: the reasons of hints (:mod:`furuba.bots.hint`).

:func:`explain_action` applies the action to a world sampled from the player's own view and
compares before and after: a befriending, a befriending now within reach this turn, a Sohma left
open to the next player, where Tohru went. It reads the player's own hand and public things only.
The reason reads as a sentence whose subject is the action, in the current language:

>>> from furuba.i18n import speaking
>>> from furuba.zodiac import new_game
>>> from furuba.zodiac.actions import DRAW, MOVE
>>> explain_action(new_game(players=3, seed=4), DRAW, 0)
'draws a card: more memories to match with'
>>> with speaking("ja"):
...     explain_action(new_game(players=3, seed=4), MOVE, 0)
'透を潑春のところへ進めます'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.core.deck import NUM_SOHMAS
from furuba.zodiac.actions import A_CENTER, A_DISCARD, A_DRAW, A_MOVE, A_PLAY, A_SOHMA, A_TAKE
from furuba.zodiac.codes import ACTIONS_PER_TURN, P_MAIN
from furuba.zodiac.playout import REACH, open_sohmas, plan
from furuba.zodiac.text import _, card_text, pgettext, sohma_name

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState


def symbol_name(state: GameState, kind: int) -> str:
    """The name of a memory's symbol (``Kindness``), in the current language."""
    rules = state.rules
    return card_text(rules.cardset, rules.cardset.symbols[rules.memory_symbol[kind]].name)


def card_name(state: GameState, kind: int) -> str:
    """A card's name, in the current language."""
    return card_text(state.rules.cardset, state.rules.kind_names[kind])


def _listing(items: list[str], last_word: str) -> str:
    """``a, b`` + ``last_word`` (``"{items} or {last}"``) + ``c``; one item alone as it is."""
    if len(items) < 2:
        return "".join(items)
    return last_word.format(items=pgettext("list", ", ").join(items[:-1]), last=items[-1])


def either_of(sohmas: list[int]) -> str:
    """The Sohmas as alternatives: ``Yuki, Kisa or Kyo``."""
    return _listing([sohma_name(s) for s in sohmas], _("{items} or {last}"))


def all_of(sohmas: list[int]) -> str:
    """The Sohmas all together: ``Yuki, Kisa and Kyo``."""
    return _listing([sohma_name(s) for s in sohmas], _("{items} and {last}"))


def befriended(before: GameState, after: GameState, player: int) -> list[int]:
    team = before.team_of(player)
    new = after.fmask[team] & ~before.fmask[team]
    return [s for s in range(NUM_SOHMAS) if new >> s & 1]


def explain_action(state: GameState, action: int, player: int) -> str:
    """A short reason for ``player`` to take ``action`` in ``state`` (a world from their view),
    in the current language."""
    after = state.child(action)
    code, arg = state.rules.actions.decode(action)
    friends = befriended(state, after, player)
    if friends:
        if after.is_terminal() and after.returns()[player] > 0:
            return _("befriends {sohmas} now and wins the game").format(sohmas=all_of(friends))
        return _("befriends {sohmas} now").format(sohmas=all_of(friends))
    if after.is_terminal():
        return _("ends the game")
    if after.turn == player and after.pending == P_MAIN:
        found = plan(after, player, ACTIONS_PER_TURN - after.actions_taken)
        if found is not None:
            target = sohma_name(found[2])
            if code == A_MOVE or (code == A_SOHMA and after.tohru != state.tohru):
                return _("moves Tohru toward {sohma}, whom you can befriend this turn").format(
                    sohma=target)
            if code == A_PLAY and state.rules.is_memory(arg):
                return _("puts {symbol} in the center for {sohma}, whom you can befriend this "
                         "turn").format(symbol=symbol_name(state, arg), sohma=target)
            return _("sets up befriending {sohma} this turn").format(sohma=target)
    if after.turn != player and not state.coop:
        nxt = after.turn
        exposed = open_sohmas(after, nxt)
        if exposed:
            return _("ends your turn, but the next player could befriend {sohmas} at "
                     "once").format(sohmas=either_of(exposed))
        if open_sohmas(state, nxt):
            return _("ends your turn without leaving the next player a Sohma to befriend at "
                     "once")
    return _what_it_does(state, after, code, arg, player)


def _what_it_does(state: GameState, after: GameState, code: int, arg: int, player: int) -> str:
    if code == A_DRAW:
        return _("draws a card: more memories to match with")
    if code == A_MOVE:
        return _("moves Tohru on to {sohma}").format(sohma=sohma_name(after.tohru))
    if code == A_PLAY and state.rules.is_memory(arg):
        asking = asking_for(state, arg, player)
        if asking:
            return _("adds {symbol} to the center toward befriending {sohmas}").format(
                symbol=symbol_name(state, arg), sohmas=either_of(asking))
        return _("adds {symbol} to the center").format(symbol=symbol_name(state, arg))
    if code == A_CENTER:
        return _("puts {card} away, keeping the symbols that are needed nearby").format(
            card=card_name(state, arg))
    if code == A_TAKE:
        return _("takes {card} ({symbol}) back into your hand").format(
            card=card_name(state, arg), symbol=symbol_name(state, arg))
    if code == A_DISCARD:
        return _("discards {card}, the card you need least").format(card=card_name(state, arg))
    effects = _effects(state, after)
    if code != A_PLAY:
        return effects or _("keeps your options open")
    if effects:
        return _("plays {card}: {effects}").format(card=card_name(state, arg), effects=effects)
    if after.pending != P_MAIN:
        return _choice_ahead(after, card_name(state, arg), player)
    if _only_discarded(state, after, arg):
        return _("plays {card}, which can do nothing now: it only leaves your hand").format(
            card=card_name(state, arg))
    return _("plays {card}").format(card=card_name(state, arg))


def asking_for(state: GameState, kind: int, player: int, in_center: bool = False) -> list[int]:
    """The Sohmas within reach of Tohru, nearest first, not yet ``player``'s friends, that ask
    for more of memory ``kind``'s symbol than the center holds (not counting ``kind`` itself
    when ``in_center``: a memory of the center that may go)."""
    rules = state.rules
    symbol = rules.memory_symbol[kind]
    have = sum(1 for k in state.center if rules.memory_symbol[k] == symbol) - int(in_center)
    friends = state.fmask[state.team_of(player)]
    out = []
    for d in range(REACH + 1):
        s = (state.tohru + d) % NUM_SOHMAS
        if friends >> s & 1 or not state.stacks[s]:
            continue
        if any(i == symbol and n > have for i, n in rules.need_pairs[s][state.flipped >> s & 1]):
            out.append(s)
    return out


def _choice_ahead(after: GameState, card: str, player: int) -> str:
    """The reason for an event whose choice comes next: the choice that befriends a Sohma at
    once, else the one that brings a befriending within reach this turn (the cheapest), else
    only that a choice follows."""
    at_once: tuple[GameState, list[int]] | None = None
    within: tuple[int, GameState, int] | None = None
    outcomes = [after.child(c) for c in after.legal_actions()] if after.pending_player == player else []
    for nxt in outcomes:
        friends = befriended(after, nxt, player)
        if friends:
            at_once = (nxt, friends)
            break
        if nxt.turn == player and nxt.pending == P_MAIN:
            found = plan(nxt, player, ACTIONS_PER_TURN - nxt.actions_taken)
            if found is not None and (within is None or found[0] < within[0]):
                within = (found[0], nxt, found[2])
    if at_once is not None:
        return _("plays {card}, then {effects}: you befriend {sohmas} at once").format(
            card=card, effects=_chosen(after, at_once[0]), sohmas=all_of(at_once[1]))
    if within is not None:
        return _("plays {card}, then {effects}: you can befriend {sohma} this turn").format(
            card=card, effects=_chosen(after, within[1]), sohma=sohma_name(within[2]))
    return _choices_named(after, outcomes, card)


MAX_NAMED_CHOICES = 3
"""How many of an event's choices a reason names; with more, it says only that one follows."""


def _choices_named(after: GameState, outcomes: list[GameState], card: str) -> str:
    """The reason for an event whose choice befriends no one this turn: what its choices would
    do (``Tohru goes to Hatori or Tohru goes to Kisa``, from the positions they lead to), when
    there are few and each shows."""
    effects = list(dict.fromkeys(_effects(after, nxt) for nxt in outcomes))
    if not effects or len(effects) > MAX_NAMED_CHOICES or "" in effects:
        return _("plays {card}; you make its choice next").format(card=card)
    quoted = [pgettext("choice", "{choice}").format(choice=effect) for effect in effects]
    return _("plays {card}, then you choose: {effects}").format(
        card=card, effects=_listing(quoted, _("{items} or {last}")))


def _chosen(before: GameState, after: GameState) -> str:
    """What a choice changed, in words, or that the player chooses well where nothing shows
    (a memory taken into the hand)."""
    return _effects(before, after) or _("you choose well")


def _only_discarded(state: GameState, after: GameState, card: int) -> bool:
    """Whether playing ``card`` did nothing but move it from the player's hand to the discard
    pile (an event with no possible effect, Z9: say, taking a memory from a pile that has none)."""
    hands = list(state.hands)
    rest = list(hands[state.pending_player])
    rest.remove(card)
    hands[state.pending_player] = tuple(rest)
    return (after.discard == (*state.discard, card) and after.deck == state.deck
            and after.center == state.center and list(after.hands) == hands)


def _effects(state: GameState, after: GameState) -> str:
    """What an event (or an event's choice) changed, in words: ``""`` when nothing shows."""
    effects = []
    if after.tohru != state.tohru:
        effects.append(_("Tohru goes to {sohma}").format(sohma=sohma_name(after.tohru)))
    flipped = after.flipped ^ state.flipped
    if flipped:
        effects.append(_("flips {sohmas}").format(
            sohmas=all_of([s for s in range(NUM_SOHMAS) if flipped >> s & 1])))
    if after.tohru_back != state.tohru_back:
        effects.append(_("turns Tohru over"))
    if len(after.center) < len(state.center):
        effects.append(_("clears room in the center"))
    return pgettext("list", ", ").join(effects)
