"""What a reshuffle tells every player about where the unseen cards are.

When the deck runs out, the discard pile — face up, so every card of it public — is shuffled into
a new deck (Z8). At that moment the deck is empty, so every card a player cannot see is in another
player's hand (or set aside in the box). From then on:

* the deck holds only cards of that pile (:attr:`~furuba.zodiac.state.GameState.reshuffled`)
  that nobody has been seen to take since — not the ones this player drew;
* another player can hold a card of the pile only by drawing it: no more of them than the cards
  they drew since the reshuffle;
* every other unseen card is in another player's hand, or in the box: never in the deck.

One thing the facts leave open: a player who drew since and then played a card of a kind the pile
held may have played the pile's copy or one of their own. A copy of that kind still unseen may
then be either; it is dealt as either (:attr:`Split.either`), so that the true position is always
one of the worlds dealt.

:func:`split_unseen` works this out once for a player, from public facts only (the pile at the
reshuffle, who drew how many cards since, and this player's own draws), and
:meth:`Split.deal` deals a world that respects it, where :meth:`GameState.determinize` would
otherwise pool every unseen card together and put cards of the old hands in the new deck.

>>> import random
>>> from furuba.zodiac import new_game
>>> s, rng = new_game(players=3, seed=1), random.Random(4)
>>> while not s.reshuffled:
...     s.apply(rng.choice(s.legal_actions()))
>>> world = s.determinize(0, random.Random(0))
>>> set(world.deck) <= set(s.reshuffled), len(world.deck) == len(s.deck)
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from furuba.core.rng import shuffle
from furuba.zodiac.codes import Log

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState

Redealt = tuple[int, int, tuple[int, ...]]
"""A player whose hand is dealt again: the player, how many of their cards are hidden, and the
cards of their hand everyone knows."""


@dataclass(frozen=True)
class Split:
    """The unseen cards of one player's view, split by what the last reshuffle says of them."""

    fresh: tuple[int, ...]
    """Unseen cards of the reshuffled pile: each in the deck, or drawn by another player since."""
    old: tuple[int, ...]
    """The other unseen cards: in another player's hand or in the box, never in the deck."""
    draws: tuple[int, ...]
    """For each player dealt again (in the order given), how many cards of the pile their
    hidden cards can hold at most: the cards they drew since, if no more than their hidden cards."""
    either: tuple[int, ...] = ()
    """Unseen cards that may be of the pile or not: a player who drew since played a card of
    their kind, the pile's copy or their own. Anywhere: the deck, a hand, the box."""

    def deal(self, rng: random.Random, redealt: list[Redealt], deck_size: int
             ) -> tuple[list[tuple[int, ...]], list[int], list[int]]:
        """The hidden cards of each player dealt again, the deck (top last) and the box: the
        deck drawn from :attr:`fresh` (and :attr:`either`, :meth:`_deal_deck`), the rest of
        :attr:`fresh` spread over the players who drew since, and :attr:`old` (with what is left
        of :attr:`either`) over the hidden cards left and the box."""
        fresh = list(self.fresh)
        shuffle(rng, fresh)
        if self.either:
            deck, drawn, spare = self._deal_deck(rng, fresh, deck_size)
        else:
            deck, drawn, spare = fresh[:deck_size], fresh[deck_size:], []
        slots = [i for i, most in enumerate(self.draws) for _ in range(most)]
        takes = Counter(rng.sample(slots, len(drawn)))
        old = [*self.old, *spare]
        shuffle(rng, old)
        hidden_cards = []
        for i, (_p, hidden, _known) in enumerate(redealt):
            from_pile = takes[i]
            hidden_cards.append((*drawn[:from_pile], *old[:hidden - from_pile]))
            del drawn[:from_pile], old[:hidden - from_pile]
        return hidden_cards, deck, old

    def _deal_deck(self, rng: random.Random, fresh: list[int], deck_size: int
                   ) -> tuple[list[int], list[int], list[int]]:
        """The deck from ``fresh`` (shuffled) and :attr:`either`: first the pile's cards that no
        hand can hold (beyond the draws since), then any of the rest; the pile's cards left for
        the hands of those who drew, and the cards of :attr:`either` left for anywhere else."""
        must = max(0, len(fresh) - sum(self.draws))
        rest = [*fresh[must:], *self.either]
        shuffle(rng, rest)
        deck = fresh[:must] + rest[:deck_size - must]
        left = Counter(rest[deck_size - must:])
        drawn = []
        for card in fresh[must:]:
            if left[card]:
                left[card] -= 1
                drawn.append(card)
        return deck, drawn, list(left.elements())


def draws_since_reshuffle(log: Log, players: int, player: int) -> tuple[list[int], list[int]] | None:
    """How many cards each player drew since the last reshuffle, and the cards ``player`` drew
    (which only they saw); ``None`` when the log shows no reshuffle."""
    since = _since_reshuffle(log, players, player)
    return None if since is None else (since[0], since[1])


def _since_reshuffle(log: Log, players: int, player: int
                     ) -> tuple[list[int], list[int], list[tuple[int, int]]] | None:
    """:func:`draws_since_reshuffle`, and every card another player played or discarded since
    (``(actor, kind)``), read in one walk back to the reshuffle."""
    counts = [0] * players
    mine: list[int] = []
    shown: list[tuple[int, int]] = []
    node: Any = log
    while node is not None:
        actor, code, card, _b = node[1]
        if code == "reshuffle":
            return counts, mine, shown
        if code == "draw":
            counts[actor] += 1
            if actor == player:
                mine.append(card)
        elif (code == "play" or code == "discard") and actor != player:
            shown.append((actor, card))
        node = node[0]
    return None


def split_unseen(state: GameState, player: int, redealt: list[Redealt],
                 unseen: list[int]) -> Split | None:
    """What the last reshuffle says of ``unseen`` (the cards ``player`` cannot see: the deck,
    the box and the hidden cards of ``redealt``); ``None`` when there was no reshuffle, or when
    the position cannot have come from one (a position written by hand)."""
    if not state.reshuffled:
        return None
    since = _since_reshuffle(state.log, state.num_players, player)
    if since is None:
        return None
    counts, mine, shown = since
    pile = Counter(state.reshuffled)
    pile.subtract(mine)
    left = Counter(unseen)
    fresh = left & +pile
    old = left - fresh
    # What another player who drew since played may have been the pile's copy: as many unseen
    # copies of its kind may then be old ones.
    either = fresh & Counter(card for actor, card in shown if counts[actor])
    fresh -= either
    draws = tuple(min(hidden, counts[p]) for p, hidden, _known in redealt)
    deck = len(state.deck)
    if fresh.total() + either.total() < deck or fresh.total() - deck > sum(draws):
        return None
    return Split(tuple(sorted(fresh.elements())), tuple(sorted(old.elements())), draws,
                 tuple(sorted(either.elements())))

