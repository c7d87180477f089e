"""What the learner sees of Friends of the Zodiac: features of each legal action (:data:`LEARNING`).

Each action is looked at one step ahead, as the greedy bot looks (:mod:`furuba.zodiac.greedy`):
in a world re-dealt with :meth:`~furuba.zodiac.state.GameState.determinize` from a fixed seed, so
the features depend on the player's view alone and a draw in the look-ahead never shows the real
top of the deck. A row holds, for the position after the action:

* what kind of action it is (draw, move Tohru, play a memory or an event, an event's option, a
  Sohma chosen, a memory put away, taken or discarded, an event discarded);
* whether it befriends a Sohma, wins the game, and how the leading opponent's count moves;
* the memories and events in hand after it (against before);
* whether a befriending is still within reach this turn and how cheap it is (the moves of Tohru
  plus the memories still to play), and whether the action ends the turn;
* the Sohmas it leaves open to the next player (befriendable with the center alone).

These are the parts of the greedy bot's evaluation, one column each, so a policy can weigh them
its own way and learn which kinds of action pay.

Training starts from the greedy bot's own weights (:data:`START`): learned from nothing, the
policy gained on greedy players only slowly (16% of the wins against three of them after 150
iterations, see docs/BOTS.md), because a win against them is rare and a linear policy needs large,
finely balanced weights to befriend as surely as they do. A training game is a whole game; its
reward is the win share plus a little for each friendship made (:func:`progress`), so that a lost
game still tells better play from worse.

>>> from furuba.zodiac import new_game
>>> s = new_game(players=4, seed=3)
>>> rows = LEARNING.featurize(s, s.legal_actions())
>>> len(rows) == len(s.legal_actions()) and all(len(row) == LEARNING.size for row in rows)
True
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, cast

from furuba.learn.features import ActionFeatures, Rows, float32_rows
from furuba.zodiac.actions import A_DISCARD, A_PLAY
from furuba.zodiac.greedy import FRIEND, RIVAL, _exposure, cheapest_befriending

if TYPE_CHECKING:
    from furuba.core.protocol import State
    from furuba.zodiac.state import GameState

NAMES: tuple[str, ...] = (
    "draw", "move Tohru", "play a memory", "play an event", "pick an option", "choose a Sohma",
    "put a memory away", "take a memory", "discard a memory", "discard an event",
    "befriends", "wins", "leading opponent gains",
    "memories in hand", "events in hand",
    "a befriending within reach", "how cheap the befriending", "ends the turn",
    "left open to the next player",
)
"""The features, in column order."""
SHAPING = 0.5
"""What a friendship is worth in training, as a share of the target, beside a win (1)."""
LOOK_SEED = 0
"""The seed of the world the look-ahead is played in (any fixed seed: the world depends on the
view and the seed only)."""


def _kind_column(code: int, arg: int, memories: int) -> int:
    """The column of an action's kind (a card's kind splits memories from events)."""
    if code == A_PLAY:
        return 2 if arg < memories else 3
    if code == A_DISCARD:
        return 8 if arg < memories else 9
    if code < A_PLAY:
        return code  # draw, move
    return code + 1  # option, sohma, put away, take


def _reach(state: GameState, me: int) -> float:
    """How cheap the cheapest befriending within this turn's actions is (0: none; 1: free)."""
    cost = cheapest_befriending(state, me)
    return 0.0 if cost is None else 1.0 - 0.1 * cost


def _measures(state: GameState, me: int) -> tuple[float, float, float, float]:
    """My team's friends, the leading opponent's, my memories and my other cards."""
    team = state.team_of(me)
    rival = 0 if state.coop else max(
        (len(f) for i, f in enumerate(state.friends) if i != team), default=0)
    memories = state.rules.num_memory_kinds
    hand = state.hands[me]
    held = sum(1 for k in hand if k < memories)
    return len(state.friends[team]), rival, held, len(hand) - held


def featurize(state: State, legal: list[int]) -> Rows:
    """The features of each action of ``legal`` for the player to move (see the module)."""
    s = cast("GameState", state)
    me = s.current_player
    return features_in(s.determinize(me, random.Random(LOOK_SEED)), me, legal)


def features_in(world: GameState, me: int, legal: list[int]) -> Rows:
    """:func:`featurize` with the look-ahead played in ``world``, a world already dealt from
    ``me``'s view (its hidden cards and deck order random)."""
    table = world.rules.actions
    memories = world.rules.num_memory_kinds
    friends, rival, held, others = _measures(world, me)
    out: list[list[float]] = []
    for action in legal:
        code, arg = table.decode(action)
        line = [0.0] * len(NAMES)
        out.append(line)
        line[_kind_column(code, arg, memories)] = 1.0
        child = world.clone()
        child.apply(action)
        now = _measures(child, me)
        line[10] = now[0] - friends
        line[12] = now[1] - rival
        line[13] = (now[2] - held) / 4
        line[14] = (now[3] - others) / 4
        if child.is_terminal():
            line[11] = child.returns()[me]
        elif child.turn == me:
            reach = _reach(child, me)
            line[15] = float(reach > 0)
            line[16] = reach
        else:
            line[17] = 1.0
            if not child.coop:
                line[18] = _exposure(child, child.turn, me) / 60
    return float32_rows(out)


def progress(state: State) -> list[float]:
    """Each player's running reward: their win share (at the end) plus :data:`SHAPING` times
    the share of the target they have befriended, so that a game lost against stronger players
    still tells good play from bad."""
    s = cast("GameState", state)
    target = s.rules.options.target
    return [share + SHAPING * s.friendship_count(p) / target
            for p, share in enumerate(s.returns())]


SCALE = 10.0
START: dict[str, float] = {
    "befriends": FRIEND / SCALE, "wins": 100 * FRIEND / SCALE,
    "leading opponent gains": -RIVAL / SCALE,
    "memories in hand": 4 * 3.0 / SCALE, "events in hand": 4 * 1.5 / SCALE,
    "how cheap the befriending": 400.0 / SCALE, "left open to the next player": -60.0 / SCALE,
}
"""Where training starts: the greedy bot's evaluation (:func:`furuba.zodiac.greedy.evaluate`)
in these features, divided by :data:`SCALE` — its best action is the greedy bot's choice, and at
temperature 1 it still tries the actions the evaluation can hardly tell apart."""

LEARNING = ActionFeatures(names=NAMES, featurize=featurize, reward=progress, start=START,
                          shipped=Path(__file__).parent / "weights" / "policy.npz")
"""Friends of the Zodiac's features and training setup for :mod:`furuba.learn`: whole games,
credited with their returns and the friendships made."""
