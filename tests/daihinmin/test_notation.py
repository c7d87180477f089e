"""Action names: readable, stable, unambiguous; typed card lists understood."""

from __future__ import annotations

import pytest

from furuba.daihinmin import new_game
from furuba.daihinmin.moves import ACTION_NAMES, NUM_ACTIONS

from .helpers import position


def test_every_action_has_a_unique_name_that_reads_back() -> None:
    state = new_game()
    assert state.num_distinct_actions() == NUM_ACTIONS == 175
    assert len(set(ACTION_NAMES)) == len(ACTION_NAMES)    # with the house rules' plays
    for action in range(NUM_ACTIONS):
        name = state.action_to_string(action)
        assert state.string_to_action(name) == action
        assert state.string_to_action(name.upper()) == action
        assert state.string_to_action(f"  {name}  ") == action


def test_the_table_is_the_same_in_every_state() -> None:
    a = new_game(players=4, seed=1)
    b = position(phase="exchange", hands=[["3"], ["4"], ["5"], ["6"]],
                 titles=["Rich Man", "Second Richest", "Second Poorest", "Poor Man"])
    assert [a.action_to_string(x) for x in range(NUM_ACTIONS)] == \
        [b.action_to_string(x) for x in range(NUM_ACTIONS)]


@pytest.mark.parametrize(("text", "name"), [
    ("7 7 joker", "play 7x2+joker"),
    ("joker 7 7", "play 7x2+joker"),
    ("10 10", "play 10x2"),
    ("j", "play J"),
    ("J J J", "play Jx3"),
    ("jack", "play J"),
    ("joker", "play joker"),
    ("joker joker", "play joker x2"),
    ("jokerx2", "play joker x2"),
    ("7x2+joker", "play 7x2+joker"),
    ("7x4+joker x2", "play 7x4+joker x2"),
    ("q♦ q♠", "play Qx2"),
    ("qd,qs", "play Qx2"),
    ("as", "play A"),
    ("a a", "play Ax2"),
    ("2 2 2", "play 2x3"),
    ("10h 10c joker1", "play 10x2+joker"),
    ("P", "pass"),
    ("declare", "declare revolution"),
    ("quiet", "keep quiet"),
    ("give k", "give K"),
    ("give joker2", "give joker"),
])
def test_typed_plays(text: str, name: str) -> None:
    state = new_game()
    assert state.action_to_string(state.string_to_action(text)) == name


def test_a_lone_card_is_a_gift_in_the_exchange() -> None:
    state = position(phase="exchange", hands=[["3", "K"], ["4"], ["5"], ["6"]],
                     titles=["Rich Man", "Second Richest", "Second Poorest", "Poor Man"])
    assert state.action_to_string(state.string_to_action("k")) == "give K"
    assert state.action_to_string(state.string_to_action("joker")) == "give joker"
    assert state.action_to_string(state.string_to_action("play k")) == "play K"
    assert state.apply_string("3") == state.string_to_action("give 3")
