"""Hypothesis properties: cards, points, titles, determinism, JSON round trips, clones — each with
the house rules (D13–D18) drawn too, any of them on or off."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from furuba.core.record import GameRecord
from furuba.daihinmin import GameState, new_game
from furuba.daihinmin.options import HOUSE_RULES, Options
from furuba.daihinmin.rules import Rules
from furuba.daihinmin.scoring import TITLE_NAMES, titles_by_place

from .helpers import check_cards, play_round

players_st = st.integers(4, 7)
seeds_st = st.integers(0, 2**40)
choices_st = st.lists(st.integers(0, 10_000), min_size=1, max_size=120)
house_st = st.fixed_dictionaries({
    **{name: st.sampled_from(["off", "on"]) for name in HOUSE_RULES},
    "jokers": st.integers(0, 2), "reseat_every": st.sampled_from([None, 1, 2, 3]),
    "reset_every": st.sampled_from([None, 1, 2])})
"""The house rules, each on or off (all off: the rulebook's game)."""
House = dict[str, str]


def _warm(players: int, seed: int, rounds: int, house: House) -> GameState:
    """A game some random rounds in, so that exchanges and later rounds are covered."""
    state = new_game(players=players, seed=seed, **house)
    rng = random.Random(seed)
    for _ in range(rounds):
        play_round(state, rng)
    return state


def _step(state: GameState, choice: int) -> int:
    legal = state.legal_actions()
    action = legal[choice % len(legal)]
    state.apply(action)
    return action


@settings(max_examples=40, deadline=None)
@given(players=players_st, seed=seeds_st, rounds=st.integers(0, 2), choices=choices_st,
       house=house_st)
def test_no_card_lost_or_duplicated_through_deal_exchange_and_play(
        players: int, seed: int, rounds: int, choices: list[int], house: House) -> None:
    state = _warm(players, seed, rounds, house)
    check_cards(state)
    for choice in choices:
        if state.is_terminal():
            break
        _step(state, choice)
        check_cards(state)


@settings(max_examples=30, deadline=None)
@given(players=players_st, seed=seeds_st, rounds=st.integers(0, 2), choices=choices_st,
       house=house_st)
def test_json_round_trip_at_every_step(players: int, seed: int, rounds: int,
                                       choices: list[int], house: House) -> None:
    state = _warm(players, seed, rounds, house)
    for choice in choices:
        data = state.to_json()
        again = GameState.from_json(data)
        assert again.to_json() == data
        assert again.legal_actions() == state.legal_actions()
        assert again.current_player == state.current_player
        if state.is_terminal():
            break
        action = _step(state, choice)
        again.apply(action)
        assert again.to_json() == state.to_json()


@settings(max_examples=25, deadline=None)
@given(players=players_st, seed=seeds_st, choice_seed=st.integers(0, 2**32), house=house_st)
def test_round_points_sum_and_titles_follow_d7(players: int, seed: int,
                                               choice_seed: int, house: House) -> None:
    state = new_game(players=players, seed=seed, max_rounds=3, **house)
    rng = random.Random(choice_seed)
    while not state.is_terminal():
        before = state.scores()
        play_round(state, rng)
        bonus = players if state.options.place_points else 0    # D25: a point more a place
        assert sum(state.scores()) - sum(before) == players * (players - 1) // 2 + bonus
        last = [e for e in state.to_json()["log"] if e["event"] == "round end"][-1]
        order = last["order"]
        assert sorted(order) == list(range(players))
        expected = [TITLE_NAMES[t] for t in titles_by_place(players)]
        assert [last["titles"][p] for p in order] == expected
        assert [last["points"][p] for p in order] == list(range(players - 1, -1, -1))


@settings(max_examples=25, deadline=None)
@given(players=players_st, seed=seeds_st, choices=choices_st, house=house_st)
def test_same_seed_and_actions_give_identical_json(players: int, seed: int,
                                                   choices: list[int], house: House) -> None:
    first = new_game(players=players, seed=seed, **house)
    record = GameRecord(game="daihinmin", options={"players": players, **house}, seed=seed)
    for choice in choices * 3:
        if first.is_terminal():
            break
        legal = first.legal_actions()
        record.play(first, legal[choice % len(legal)])
    second = new_game(players=players, seed=seed, **house)
    for action in record.actions:
        second.apply(action)
    assert second.to_json() == first.to_json()
    assert record.replay().to_json() == first.to_json()
    assert GameRecord.from_json(record.to_json()).replay().to_json() == first.to_json()


def _assert_immutable(value: Any, path: str) -> None:
    if isinstance(value, (int, str, bool, float, type(None), Options, Rules)):     # frozen records
        return
    assert isinstance(value, tuple), f"{path} is a mutable {type(value).__name__}"
    for i, item in enumerate(value):
        _assert_immutable(item, f"{path}[{i}]")


@settings(max_examples=30, deadline=None)
@given(players=players_st, seed=seeds_st, rounds=st.integers(0, 1), choices=choices_st,
       house=house_st)
def test_clone_shares_no_mutable_state(players: int, seed: int, rounds: int,
                                       choices: list[int], house: House) -> None:
    state = _warm(players, seed, rounds, house)
    for choice in choices[: len(choices) // 2]:
        if state.is_terminal():
            return
        _step(state, choice)
    clone = state.clone()
    for slot in GameState.__slots__:
        _assert_immutable(getattr(clone, slot), slot)
    before = state.to_json()
    assert clone.to_json() == before
    for choice in choices[len(choices) // 2:]:
        if clone.is_terminal():
            break
        _step(clone, choice)
    assert state.to_json() == before
    # and the other way round
    clone2 = state.clone()
    snapshot = clone2.to_json()
    if not state.is_terminal():
        _step(state, choices[0])
    assert clone2.to_json() == snapshot


@settings(max_examples=30, deadline=None)
@given(players=players_st, seed=seeds_st, rounds=st.integers(0, 2), choices=choices_st,
       det_seed=st.integers(0, 2**32), house=house_st)
def test_determinize_keeps_the_view_and_depends_only_on_it(
        players: int, seed: int, rounds: int, choices: list[int], det_seed: int,
        house: House) -> None:
    state = _warm(players, seed, rounds, house)
    for choice in choices:
        if state.is_terminal():
            break
        _step(state, choice)
    viewer = choices[0] % players
    world = state.determinize(viewer, random.Random(det_seed))
    check_cards(world)
    assert world.view(viewer) == state.view(viewer)
    # A state with the same view determinizes to the same world.
    other = state.determinize(viewer, random.Random(det_seed + 1))
    assert other.view(viewer) == state.view(viewer)
    assert other.determinize(viewer, random.Random(7)).to_json() == \
        state.determinize(viewer, random.Random(7)).to_json()
    # The world plays on.
    rng = random.Random(det_seed)
    for _ in range(30):
        if world.is_terminal():
            break
        world.apply(rng.choice(world.legal_actions()))


@settings(max_examples=30, deadline=None)
@given(players=players_st, seed=seeds_st, rounds=st.integers(0, 2), choices=choices_st,
       probes=st.lists(st.integers(0, 2**20), min_size=1, max_size=30), house=house_st)
def test_exactly_the_legal_actions_apply_and_illegal_ones_change_nothing(
        players: int, seed: int, rounds: int, choices: list[int], probes: list[int],
        house: House) -> None:
    from furuba.core.errors import IllegalActionError

    state = _warm(players, seed, rounds, house)
    for choice in choices:
        if state.is_terminal():
            break
        _step(state, choice)
    legal = set(state.legal_actions())
    before = state.to_json()
    table = state.num_distinct_actions()
    for probe in probes:
        action = probe % (table + 2)        # the game's table, and an id or two past its end
        if action in legal:
            state.child(action)
        else:
            try:
                state.apply(action)
            except IllegalActionError as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{state.action_to_string(action)} applied but not legal")
            assert state.to_json() == before
