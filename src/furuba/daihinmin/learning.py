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
>>> len(rows) == len(s.legal_actions()) and all(len(row) == LEARNING.size for row in rows)
True
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING, cast

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
from furuba.learn.features import ActionFeatures, Rows, float32_rows

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
MAX_SET = 6
"""The largest set the unseen cards are asked about (larger ones are asked as this size)."""
_GIFT: tuple[int, ...] = tuple(gift_level(a) if is_gift(a) else -1 for a in range(ALL_ACTIONS))
_COLUMN = {name: i for i, name in enumerate(NAMES)}
_GIVE = _COLUMN["give rank"]
_DECLARE = _COLUMN["declare revolution"]


def _beatable(unseen: tuple[int, ...]) -> list[list[bool]]:
    """``beat[size][level + 1]``: whether the unseen cards make a set of ``size`` above ``level``
    (``level`` -1: jokers alone). Sets of jokers alone rank lowest and never beat anything."""
    jokers = unseen[JOKER]
    out = []
    for size in range(MAX_SET + 1):
        above = [False] * (NUM_LEVELS + 1)
        found = False
        for level in range(NUM_LEVELS - 1, -1, -1):   # above[l] = any set at level l or higher
            count = unseen[level]
            found = found or (count > 0 and count + jokers >= size)
            above[level] = found
        out.append(above)
    return out


def _play_rows(state: GameState, legal: list[int]) -> list[list[float]]:
    """The rows of the play phase (the formulas of the module's first list, in column order)."""
    player = state.current_player
    counts = state.hand_counts(player)
    size = sum(counts)
    others = [n for p, n in enumerate(state.hand_sizes()) if p != player and n]
    near = float(bool(others) and min(others) <= NEAR_OUT)
    groups = sum(1 for n in counts if n)
    beatable = _beatable(counts_of(_held_by_others(state, player)))
    leads = float(state.pile_top()[1] == 0)
    back = state.back
    rows = []
    for action in legal:
        level, naturals, jokers = PLAY_LEVEL[action], PLAY_NATURALS[action], PLAY_JOKERS[action]
        play = action != PASS
        total = naturals + jokers
        natural = level >= 0
        rank = level / TOP if natural else 0 / TOP
        if back:
            rank = 1.0 - rank if natural else 0.0
        held = counts[min(max(level, 0), TOP)] if natural else 0
        left = size - total
        groups_left = (groups - (natural and naturals == held)
                       - (jokers > 0 and jokers == counts[JOKER]))
        beaten = beatable[min(max(total, 0), MAX_SET)][min(max(level + 1, 0), NUM_LEVELS)]
        unbeatable = play and not beaten
        rows.append([
            not play, (not play) * size / 13, (not play) * near,
            rank * play, rank * rank * play, total / 4, jokers,
            natural and level == TOP, natural and level == TOP - 1,
            (left if play else size) / 13, play and left == 0, natural and naturals < held,
            (groups_left if play else groups) / 13, play and groups_left <= 1 and left > 0,
            play * leads, rank * play * leads, total / 4 * leads,
            unbeatable, unbeatable * near, rank * play * near,
            rank * play * size / 13, (natural and level >= TOP - 1) * size / 13,
            0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
        ])
    return rows


def _held_by_others(state: GameState, player: int) -> int:
    """The cards ``player`` cannot see: the deck less their hand and what has been played (the
    same in every world a determinization deals)."""
    held = 0
    for hand in state.hands:
        held |= hand
    return held & FULL_DECK & ~state.hand(player)


def _exchange_rows(state: GameState, legal: list[int]) -> list[list[float]]:
    player = state.current_player
    counts = counts_of(state.hand(player) & ~state.pending_gifts(player))
    rows = []
    for action in legal:
        level = _GIFT[action]   # -1 for an action that gives nothing
        joker = level == JOKER
        row = [0.0] * len(NAMES)
        row[_GIVE:_GIVE + 4] = [(0 if joker else level) / TOP, joker, level == TOP,
                                counts[level] == 1 and not joker]
        rows.append(row)
    return rows


def _revolution_rows(state: GameState, legal: list[int]) -> list[list[float]]:
    counts = state.hand_counts(state.current_player)
    best = [lv for lv in range(TOP, -1, -1) for _ in range(counts[lv])][:RICH_GIFTS]
    cost = sum(best) / (2 * TOP) if revolution_pays(counts) else 0.0
    rows = []
    for action in legal:
        declare = action == DECLARE
        row = [0.0] * len(NAMES)
        row[_DECLARE:_DECLARE + 2] = [declare, declare * cost]
        rows.append(row)
    return rows


def featurize(state: State, legal: list[int]) -> Rows:
    """The features of each action of ``legal`` for the player to move (see the module)."""
    s = cast("GameState", state)
    phase = s.phase_code
    if phase == PLAY:
        rows = _play_rows(s, legal)
    elif phase == EXCHANGE:
        rows = _exchange_rows(s, legal)
    elif phase == REVOLUTION:
        rows = _revolution_rows(s, legal)
    else:
        rows = [[0.0] * len(NAMES) for _ in legal]
    return float32_rows(rows)


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
