"""to_json / from_json: full round trips, human-written positions, records."""

from __future__ import annotations

import json
import random

from furuba import games
from furuba.core.record import GameRecord
from furuba.daihinmin import GameState, new_game

from .helpers import check_cards, position


def test_to_json_names_the_game_and_is_json() -> None:
    state = new_game(players=6, seed=4)
    data = state.to_json()
    assert data["game"] == "daihinmin"
    assert json.loads(json.dumps(data)) == data
    again = games.state_from_json(json.loads(json.dumps(data)))
    assert isinstance(again, GameState) and again.to_json() == data


def test_round_trip_mid_exchange_and_after_the_end() -> None:
    state = new_game(players=5, seed=6, max_rounds=3)
    rng = random.Random(2)
    seen_phases = set()
    step = 0
    while not state.is_terminal():
        if state.phase != "play" or step % 5 == 0:
            seen_phases.add(state.phase)
            data = state.to_json()
            assert GameState.from_json(data).to_json() == data
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    data = state.to_json()
    assert GameState.from_json(data).to_json() == data
    assert seen_phases == {"play", "revolution", "exchange"}


def test_partial_position_defaults() -> None:
    state = position(hands=[["3", "3", "joker"], ["5"], ["7", "7"], ["2"]])
    data = state.to_json()
    assert data["players"] == 4 and data["round"] == 1 and data["phase"] == "play"
    assert data["turn"] == 0 and data["scores"] == [0, 0, 0, 0]
    assert data["hands"][0] == ["3♦", "3♥", "joker1"]
    assert data["seating"] == [0, 1, 2, 3] and data["direction"] == "clockwise"
    assert state.legal_action_strings()[0] == "play joker"
    # a flat pile is one set played by the player before the one to move
    state = position(hands=[["3"], ["5", "9"], ["7", "7"], ["2"]], pile=["4", "4"], turn=2)
    assert state.to_json()["pile"] == [{"player": 1, "play": "play 4x2", "cards": ["4♦", "4♥"]}]
    assert state.legal_action_strings() == ["pass", "play 7x2"]


def test_options_only_position_is_a_new_game() -> None:
    assert GameState.from_json({"game": "daihinmin", "players": 5, "seed": 3}).to_json() == \
        new_game(players=5, seed=3).to_json()


def test_partial_positions_play_on_to_the_end() -> None:
    state = position(players=7, hands=[["3", "4"], ["5"], ["6", "6"], ["7"], ["8"], ["9"],
                                       ["10", "joker"]], scores=[5, 5, 5, 5, 5, 5, 5])
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        if state.round == 1:
            continue
        check_cards(state)
    assert max(state.scores()) >= 21


def test_game_record_replays_to_the_identical_state() -> None:
    rng = random.Random(9)
    state = games.new_game("daihinmin", players=4, seed=12, target=10)
    record = GameRecord(game="daihinmin", options={"players": 4, "target": 10}, seed=12)
    while not state.is_terminal():
        record.play(state, rng.choice(state.legal_actions()))
    assert record.replay().to_json() == state.to_json()
    middle = len(record.actions) // 2
    partial = record.replay(middle)
    for action in record.actions[middle:]:
        partial.apply(action)
    assert partial.to_json() == state.to_json()
