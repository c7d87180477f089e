"""What the learner sees of Dai Hin Min: features of each legal action (:data:`LEARNING`).

Every row describes one action of the player to move, crossed with what that player knows: their
own hand, the cards already played (so the cards still unseen, as a count by rank), the other
players' hand sizes and the pile. Nothing reads another player's hand: the unseen cards are the
deck less the player's hand and what has been played, which is the same in every world
:meth:`~furuba.daihinmin.state.GameState.determinize` could deal.

* **plays**: the rank (0 for a 3 … 1 for a 2, reversed while 11-back holds), its square, the
  set's size, the jokers spent, whether it spends a 2 or an Ace, the cards and the groups (ranks
  held) left after it, whether it goes out, breaks a set, leads, or cannot be beaten by any
  set the unseen cards can make (so it ends the trick), and some of these crossed with how close
  an opponent is to going out and how many cards are left;
* **pass**: crossed with the player's hand size and how close an opponent is to going out;
* **the exchange** (D9): the rank of the card given, a joker, a 2, a card alone of its rank;
* **the revolution** (D10): declaring it, and what the exchange would have cost.

A training game is a few rounds (``max_rounds=3``): the first round has no exchange, the
later ones teach the gifts and the revolution; each decision is credited with the points its
player scored in its own round (a round is scored on its own, D6), not with who won the game.

>>> from furuba.daihinmin import new_game
>>> s = new_game(players=4, seed=7)
>>> rows = LEARNING.featurize(s, s.legal_actions())
>>> rows.shape == (len(s.legal_actions()), LEARNING.size), str(rows.dtype)
(True, 'float32')
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING, cast

import numpy as np

from furuba.daihinmin.exchange import RICH_GIFTS
from furuba.daihinmin.greedy import revolution_pays
from furuba.daihinmin.moves import (
    ALL_ACTIONS,
    DECLARE,
    PASS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_NATURALS,
    gift_level,
    is_gift,
)
from furuba.daihinmin.phases import EXCHANGE, PLAY, REVOLUTION
from furuba.daihinmin.ranks import FULL_DECK, JOKER, NUM_LEVELS, counts_of
from furuba.learn.features import ActionFeatures, Matrix

if TYPE_CHECKING:
    from furuba.core.protocol import State
    from furuba.daihinmin.state import GameState

NAMES: tuple[str, ...] = (
    "pass", "pass × my cards", "pass × an opponent near out",
    "play rank", "play rank²", "play size", "jokers spent", "spends a 2", "spends an Ace",
    "cards left", "goes out", "breaks a set", "groups left", "one group left",
    "leads", "leads × rank", "leads × size",
    "unbeatable", "unbeatable × an opponent near out", "rank × an opponent near out",
    "rank × my cards", "keeper spent × my cards",
    "give rank", "give a joker", "give a 2", "give a card alone of its rank",
    "declare revolution", "declare × what the exchange costs",
)
"""The features, in column order."""
NEAR_OUT = 3
"""An opponent with this many cards or fewer is about to go out."""
TOP = NUM_LEVELS - 1
_LEVEL = np.array(PLAY_LEVEL, dtype=np.int64)
_NATURALS = np.array(PLAY_NATURALS, dtype=np.int64)
_JOKERS = np.array(PLAY_JOKERS, dtype=np.int64)
_GIFT = np.array([gift_level(a) if is_gift(a) else -1 for a in range(ALL_ACTIONS)],
                 dtype=np.int64)
_COLUMN = {name: i for i, name in enumerate(NAMES)}


def _beatable(unseen: tuple[int, ...]) -> np.ndarray:
    """``beat[size, level + 1]``: whether the unseen cards make a set of ``size`` above ``level``
    (``level`` -1: jokers alone). Sets of jokers alone rank lowest and never beat anything."""
    counts = np.array(unseen[:NUM_LEVELS])
    can = (counts[None, :] > 0) & (counts[None, :] + unseen[JOKER] >= np.arange(7)[:, None])
    above = np.zeros((7, NUM_LEVELS + 1), dtype=bool)
    # above[s, l + 1] = any(can[s, l + 1:]): a reversed cumulative "or"
    above[:, :NUM_LEVELS] = np.flip(np.logical_or.accumulate(np.flip(can, axis=1), axis=1), axis=1)
    return above


def _play_rows(state: GameState, legal: np.ndarray, out: Matrix) -> None:
    player = state.current_player
    counts = state.hand_counts(player)
    mine = np.array(counts)
    size = int(mine.sum())
    sizes = state.hand_sizes()
    others = [n for p, n in enumerate(sizes) if p != player and n]
    near = float(bool(others) and min(others) <= NEAR_OUT)
    level, naturals, jokers = _LEVEL[legal], _NATURALS[legal], _JOKERS[legal]
    play = legal != PASS
    total = naturals + jokers
    natural = level >= 0
    rank = np.where(natural, level, 0) / TOP
    if state._back:
        rank = np.where(natural, 1.0 - rank, 0.0)
    held = np.where(natural, mine[np.clip(level, 0, TOP)], 0)
    left = size - total
    groups = int(np.count_nonzero(mine))
    groups_left = groups - (natural & (naturals == held)) - ((jokers > 0) & (jokers == counts[JOKER]))
    unseen = counts_of(_held_by_others(state, player))
    beaten = _beatable(unseen)[np.clip(total, 0, 6), np.clip(level + 1, 0, NUM_LEVELS)]
    leads = float(state.pile_top()[1] == 0)
    keeper = natural & (level >= TOP - 1)
    c = _COLUMN
    out[:, c["pass"]] = ~play
    out[:, c["pass × my cards"]] = ~play * size / 13
    out[:, c["pass × an opponent near out"]] = ~play * near
    out[:, c["play rank"]] = rank * play
    out[:, c["play rank²"]] = rank * rank * play
    out[:, c["play size"]] = total / 4
    out[:, c["jokers spent"]] = jokers
    out[:, c["spends a 2"]] = natural & (level == TOP)
    out[:, c["spends an Ace"]] = natural & (level == TOP - 1)
    out[:, c["cards left"]] = np.where(play, left, size) / 13
    out[:, c["goes out"]] = play & (left == 0)
    out[:, c["breaks a set"]] = natural & (naturals < held)
    out[:, c["groups left"]] = np.where(play, groups_left, groups) / 13
    out[:, c["one group left"]] = play & (groups_left <= 1) & (left > 0)
    out[:, c["leads"]] = play * leads
    out[:, c["leads × rank"]] = rank * play * leads
    out[:, c["leads × size"]] = total / 4 * leads
    out[:, c["unbeatable"]] = play & ~beaten
    out[:, c["unbeatable × an opponent near out"]] = (play & ~beaten) * near
    out[:, c["rank × an opponent near out"]] = rank * play * near
    out[:, c["rank × my cards"]] = rank * play * size / 13
    out[:, c["keeper spent × my cards"]] = keeper * size / 13


def _held_by_others(state: GameState, player: int) -> int:
    """The cards ``player`` cannot see: the deck less their hand and what has been played (the
    same in every world a determinization deals)."""
    held = 0
    for hand in state._hands:
        held |= hand
    return held & FULL_DECK & ~state.hand(player)


def _exchange_rows(state: GameState, legal: np.ndarray, out: Matrix) -> None:
    player = state.current_player
    counts = counts_of(state.hand(player) & ~state.pending_gifts(player))
    level = _GIFT[legal]
    joker = level == JOKER
    c = _COLUMN
    out[:, c["give rank"]] = np.where(joker, 0, level) / TOP
    out[:, c["give a joker"]] = joker
    out[:, c["give a 2"]] = level == TOP
    out[:, c["give a card alone of its rank"]] = np.array(
        [counts[lv] == 1 for lv in level.tolist()]) & ~joker


def _revolution_rows(state: GameState, legal: np.ndarray, out: Matrix) -> None:
    declare = legal == DECLARE
    counts = state.hand_counts(state.current_player)
    best = [lv for lv in range(TOP, -1, -1) for _ in range(counts[lv])][:RICH_GIFTS]
    cost = sum(best) / (2 * TOP) if revolution_pays(counts) else 0.0
    out[:, _COLUMN["declare revolution"]] = declare
    out[:, _COLUMN["declare × what the exchange costs"]] = declare * cost


def featurize(state: State, legal: list[int]) -> Matrix:
    """The features of each action of ``legal`` for the player to move (see the module)."""
    s = cast("GameState", state)
    out = np.zeros((len(legal), len(NAMES)), dtype=np.float32)
    actions = np.array(legal, dtype=np.int64)
    phase = s._phase
    if phase == PLAY:
        _play_rows(s, actions, out)
    elif phase == EXCHANGE:
        _exchange_rows(s, actions, out)
    elif phase == REVOLUTION:
        _revolution_rows(s, actions, out)
    return out


def points(state: State) -> list[float]:
    """Each player's running reward: their points, as a share of a round's best (D6)."""
    best = state.num_players - 1
    return [score / best for score in state.scores()]


def round_of(state: State) -> Hashable:
    """Credit stops at the end of each round."""
    s = cast("GameState", state)
    return s.round


LEARNING = ActionFeatures(names=NAMES, featurize=featurize, options={"max_rounds": 3},
                          reward=points, segment=round_of,
                          shipped=Path(__file__).parent / "weights" / "policy.npz")
"""Dai Hin Min's features and training setup for :mod:`furuba.learn`."""
