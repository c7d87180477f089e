"""Worlds weighed by how the other players played their turns (``infer=on``): the trail a game
keeps, turns replayed from where they began, and worlds drawn toward the hands that explain the
turns (that they are honest is tests/bots/test_world_samplers.py's)."""

from __future__ import annotations

import math
import random
import statistics
from typing import Any

import pytest

from furuba.bots.learned import learned_policy
from furuba.zodiac import GameState, new_game
from furuba.zodiac.greedy import greedy_action
from furuba.zodiac.inference import turn_likelihood, turn_start, world_sampler


def greedy_game(seed: int, steps: int, **options: Any) -> GameState:
    """A game played ``steps`` actions by the greedy policy, the player to move with a choice."""
    state = new_game(players=4, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(greedy_action(state, rng))
    while len(state.legal_actions()) < 2:
        state.apply(greedy_action(state, rng))
    return state


def learned_game(seed: int, steps: int) -> GameState:
    """A game played ``steps`` actions by the learned policy's favourites (the model the reader
    assumes), the player to move with a choice."""
    policy = learned_policy("zodiac")
    state = new_game(players=4, seed=seed)
    for _ in range(steps):
        state.apply(policy.best_action(state, None))
    while len(state.legal_actions()) < 2:
        state.apply(policy.best_action(state, None))
    assert not state.is_terminal()
    return state


def weight(state: GameState, world: GameState, rng: random.Random) -> float:
    """How well ``world`` explains the latest turns of everyone but the player to move (the log
    of the likelihood)."""
    out = 0.0
    for q, turn in enumerate(state.trail):
        if q != state.current_player and turn is not None:
            out += math.log(turn_likelihood(world, q, turn, rng))
    return out


# -- the trail ----------------------------------------------------------------------------------
def test_the_trail_keeps_each_players_latest_turn_from_its_first_action() -> None:
    state = new_game(players=3, seed=2)
    rng = random.Random(2)
    starts: dict[tuple[int, int], GameState] = {}
    taken: dict[tuple[int, int], list[int]] = {}
    while state.round < 3:  # every player's turns of rounds 1 and 2
        key = (state.round, state.turn)
        if key not in starts:
            starts[key] = state.clone()
        action = greedy_action(state, rng)
        taken.setdefault(key, []).append(action)
        state.apply(action)
    for p, turn in enumerate(state.trail):
        assert turn is not None
        first, actions = turn
        key = (first.round, p)
        assert first.round == 2   # the game is at the start of round 3: nobody has acted yet
        assert first.to_json() == starts[key].to_json()
        assert list(actions) == taken[key]


def test_replaying_a_turn_from_where_it_began_reaches_the_same_table() -> None:
    for seed in (4, 5, 6):
        state = greedy_game(seed, 30 + seed)
        before = (state.turn - 1) % 4
        turn, now = state.trail[before], state.trail[state.turn]
        assert turn is not None and now is not None
        replay = turn[0].clone()
        for action in turn[1]:
            replay.apply(action)
        # the turn before ended where this one began (or where the game is, if nothing yet)
        end = now[0] if now[0].round == state.round else state
        assert replay.to_json() == end.to_json()


def test_a_state_read_from_json_has_no_trail_and_uses_uniform_worlds() -> None:
    state = greedy_game(3, 25)
    again = GameState.from_json(state.to_json())
    assert all(turn is None for turn in again.trail)
    assert "trail" not in state.to_json()
    sample = world_sampler(again, again.current_player)
    uniform = again.sampler(again.current_player)
    a, b = sample(random.Random(5)), uniform(random.Random(5))
    assert (a.hands, a.deck) == (b.hands, b.deck)


def test_worlds_dealt_for_the_search_do_not_record() -> None:
    state = greedy_game(5, 20)
    world = state.determinize(state.current_player, random.Random(1))
    weighed = world_sampler(state, state.current_player)(random.Random(1))
    assert state.recording and not world.recording and not weighed.recording
    trail = world.trail
    world.apply(greedy_action(world, random.Random(1)))
    assert world.trail is trail


# -- reading a turn -----------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_a_turn_replays_from_the_position_rebuilt_from_the_true_hands(seed: int) -> None:
    """Worked back from the true hands, the turn's start holds the right cards (which card was
    the one drawn is a guess), and every action of the turn replays there to the hand the player
    held when the turn ended."""
    state = greedy_game(seed, 20 + 5 * seed)
    rng = random.Random(seed)
    checked = 0
    for q, turn in enumerate(state.trail):
        if q == state.current_player or turn is None:
            continue
        start = turn_start(state, q, turn, rng)
        assert start is not None
        real = turn[0].clone()
        assert len(start.deck) == len(real.deck) and start.known == real.known
        assert sorted((*start.deck, *(c for h in start.hands for c in h))) == sorted(
            (*real.deck, *(c for h in real.hands for c in h)))
        for action in turn[1]:
            real.apply(action)
            start.apply(action)           # raises if the rebuilt hand could not have played it
        assert start.hands[q] == real.hands[q]
        checked += 1
    assert checked >= 2


GAMES = [(seed, 16 + 3 * seed) for seed in range(1, 11)]
"""Positions of learned-policy games, a few turns in."""


def test_the_true_hands_explain_the_turns_better_than_dealt_ones() -> None:
    gains = []
    for seed, steps in GAMES:
        state = learned_game(seed, steps)
        rng = random.Random(seed)
        uniform = state.sampler(state.current_player)
        true = statistics.fmean(weight(state, state, rng) for _ in range(10))
        dealt = statistics.fmean(weight(state, uniform(rng), rng) for _ in range(30))
        gains.append(true - dealt)
    assert statistics.fmean(gains) > 0.5, gains   # the true hands: e^0.5 = 1.6 times as likely
    assert sum(g > 0 for g in gains) >= 8, gains


def test_worlds_that_explain_the_turns_are_drawn_more_often() -> None:
    gains = []
    for seed, steps in GAMES:
        state = learned_game(seed, steps)
        player = state.current_player
        uniform, weighed = state.sampler(player), world_sampler(state, player)
        rng = random.Random(seed)
        dealt = statistics.fmean(weight(state, uniform(rng), rng) for _ in range(30))
        drawn = statistics.fmean(weight(state, weighed(rng), rng) for _ in range(30))
        gains.append(drawn - dealt)
    assert statistics.fmean(gains) > 0.5, gains
    assert sum(g > 0 for g in gains) >= 8, gains


def test_bestest_friends_hands_are_open_so_worlds_are_uniform() -> None:
    state = greedy_game(2, 20, variant="coop")
    player = state.current_player
    a = world_sampler(state, player)(random.Random(3))
    b = state.sampler(player)(random.Random(3))
    assert (a.hands, a.deck) == (b.hands, b.deck)
