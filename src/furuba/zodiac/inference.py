"""Reading the table: which hidden hands would explain how the other players played their turns.

:meth:`~furuba.zodiac.state.GameState.determinize` deals the unseen cards uniformly, but a
player's turn says something about their hand: a player who walked Tohru past a Sohma without
befriending it probably lacked the symbols, and one who played an event rather than a memory
probably had no memory worth playing. :func:`world_sampler` (``infer=on``) weighs worlds by how
well they explain each other player's latest turn. It deals :data:`POOL` worlds as
:meth:`determinize` deals them and, in each, for every other player:

1. works back from that player's hand in the world to their hand when their turn began: the
   cards they played or discarded since come back, the ones they took openly go, and for each
   card they drew one card of the hand at that point, drawn at random, is the card drawn;
2. sets up the position before their turn's first action (kept in the game's
   :attr:`~furuba.zodiac.state.GameState.trail`) with that hand, the cards they drew on top of
   the deck in the order they drew them, and the other hidden cards dealt at random;
3. plays the turn's actions again there, and at each of that player's decisions asks how likely
   the shipped learned policy (:mod:`furuba.zodiac.learning`) was to choose what they chose
   (:func:`learned_model`, :func:`turn_likelihood`).

A world is weighed by the product of those likelihoods, and every sample is a copy of one of the
pool drawn by weight. On 160 positions of games between ``hard`` bots, the worlds drawn this
way put 11.3% of the other players' hidden cards in the right hands, against 9.6% for uniform
deals (a gain of 1.7 points [1.0, 2.3]; ``python -m benchmarks.hand_reading --game zodiac``;
docs/experiments/zodiac-hand-inference.md).

Everything here is public or dealt by :meth:`determinize`: the actions are public, the position a
turn began from is used only for what everyone could see of it (its hidden cards are dealt
again), so two states with the same view give the same worlds from the same generator. A turn
before which the deck was shuffled again is not read (the cards drawn could have been in the
discard pile), nor is anything in Bestest Friends, where the hands are open.

>>> from furuba.zodiac import new_game
>>> from furuba.zodiac.greedy import greedy_action
>>> s = new_game(players=4, seed=3)
>>> rng = random.Random(1)
>>> for _ in range(12):
...     s.apply(greedy_action(s, rng))
>>> sample = world_sampler(s, s.current_player)
>>> sample(random.Random(0)).view(s.current_player) == s.view(s.current_player)
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from furuba.core.rng import shuffle
from furuba.learn.scoring import Scorer, softmax
from furuba.zodiac.codes import RUNNING, LogEntry
from furuba.zodiac.learning import LEARNING, features_in
from furuba.zodiac.secrecy import log_seen_by

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState, Turn

S = TypeVar("S", bound="GameState")

POOL = 48
"""Worlds dealt per search for :func:`world_sampler` to weigh."""
TEMPERATURE = 0.5
"""The temperature of the learned policy as a model of the other players (sharper than the 1.0
it was trained at: the players the search meets choose its favourites more often)."""
MISTAKE = 0.2
"""The share of a modelled decision left to chance (any legal action alike), so that one
decision the policy finds unlikely does not rule a world out."""
Model = Callable[["GameState", list[int], int], float]
"""How likely a player is to take ``action`` from ``legal`` in a position: a world's weight is
the product over the decisions it is asked about."""


@functools.cache
def _policy() -> Scorer:
    assert LEARNING.shipped is not None  # the game ships its policy
    return Scorer.load(LEARNING.shipped, names=LEARNING.names)


def learned_model(state: GameState, legal: list[int], action: int) -> float:
    """The shipped learned policy's probability of ``action`` at :data:`TEMPERATURE`, mixed with
    :data:`MISTAKE` of a uniform choice.

    ``state`` is a position :func:`turn_start` dealt (its hidden cards random but for the deck's
    top, where the turn's draws were put), so its features are worked out in it directly, as
    :func:`~furuba.zodiac.learning.featurize` works them out in a world it deals, with the deck
    turned over first: a draw in the look-ahead finds a random card, not one the turn drew.
    """
    world = state.clone()
    world.deck = world.deck[::-1]
    rows = features_in(world, state.current_player, legal)
    chosen = softmax(_policy().logits(rows), TEMPERATURE)[legal.index(action)]
    return MISTAKE / len(legal) + (1.0 - MISTAKE) * chosen


def entries_since(state: GameState, length: int) -> list[LogEntry]:
    """The log entries after the first ``length``, newest first."""
    out = []
    node = state.log
    for _ in range(state.log_len - length):
        assert node is not None
        node, entry = node
        out.append(entry)
    return out


def turn_start(world: GameState, q: int, turn: Turn, rng: random.Random) -> GameState | None:
    """The position ``turn`` began from, with ``q``'s hand worked back from ``world``'s and the
    cards drawn since on top of the deck in order (see the module); ``None`` when ``world``
    cannot have come from it (a card taken that the hand no longer holds), or when the deck was
    shuffled again since (a card drawn could have come from the discard pile)."""
    start = turn[0]
    hand = list(world.hands[q])
    drawn: list[int | None] = []          # newest first; None: another player's draw
    for actor, code, card, _b in entries_since(world, start.log_len):
        if code == "reshuffle":
            return None
        if code == "draw":
            if actor != q:
                drawn.append(None)
            elif not hand:
                return None
            else:
                drawn.append(hand.pop(rng.randrange(len(hand))))
        elif actor != q:
            continue
        elif code in ("play", "discard"):
            hand.append(card)
        elif code == "take":
            if card not in hand:
                return None
            hand.remove(card)
    if len(hand) != len(start.hands[q]):
        return None
    counts = [0] * start.rules.num_kinds
    for c in (*start.deck, *(c for cards in start.hands for c in cards)):
        counts[c] += 1
    taken = [*hand, *(c for c in drawn if c is not None),
             *(c for p, known in enumerate(start.known) if p != q for c in known)]
    for c in taken:
        if not counts[c]:
            return None
        counts[c] -= 1
    rest = [c for c, n in enumerate(counts) for _ in range(n)]
    shuffle(rng, rest)
    hands = list(start.hands)
    for p in range(len(hands)):
        if p == q:
            hands[p] = tuple(sorted(hand))
        else:
            hidden_here = len(hands[p]) - len(start.known[p])
            hands[p] = tuple(sorted((*start.known[p], *rest[:hidden_here])))
            del rest[:hidden_here]
    top = [rest.pop() if c is None else c for c in drawn]   # newest first: the deck's top last
    out = start.clone()
    out.hands, out.deck = tuple(hands), (*rest, *top)
    out.log, out.recording = log_seen_by(start.log, q), False
    return out


def turn_likelihood(world: GameState, q: int, turn: Turn, rng: random.Random,
                    model: Model = learned_model) -> float:
    """How well ``world`` explains ``q``'s decisions in ``turn``: the product of ``model``'s
    likelihood of each (1.0 when the turn cannot be played again in it, or asks nothing)."""
    start = turn_start(world, q, turn, rng)
    if start is None:
        return 1.0
    weight = 1.0
    for action in turn[1]:
        if start.outcome:
            break
        if not start.is_legal(action):
            break
        if start.pending_player == q:
            legal = start.legal_actions()
            if len(legal) > 1:
                weight *= model(start, legal, action)
        start.apply_unchecked(action)
    return weight


def world_sampler(state: S, player: int, model: Model = learned_model,
                  pool_size: int = POOL) -> Callable[[random.Random], S]:
    """A function that samples worlds for ``player``, weighed by how the other players played
    their latest turns (see the module docstring); :meth:`determinize`'s when there is nothing
    to read."""
    uniform = state.sampler(player)
    if state.coop or state.outcome != RUNNING:
        return uniform
    turns = [(q, turn) for q, turn in enumerate(state.trail)
             if q != player and turn is not None and turn[1]]
    if not turns:
        return uniform
    pool: list[S] = []
    weights: list[float] = []

    def sample(rng: random.Random) -> S:
        if not pool:
            total = 0.0
            for _ in range(pool_size):
                world = uniform(rng)
                weight = 1.0
                for q, turn in turns:
                    weight *= turn_likelihood(world, q, turn, rng, model)
                total += weight
                pool.append(world)
                weights.append(total)
        return rng.choices(pool, cum_weights=weights)[0].clone()

    return sample
