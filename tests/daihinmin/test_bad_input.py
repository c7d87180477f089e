"""Every bad-input path raises a clear FurubaError and leaves the state unchanged."""

from __future__ import annotations

import random
from typing import Any

import pytest

from furuba.core.errors import FurubaError, IllegalActionError, OptionsError, SaveFileError
from furuba.daihinmin import GameState, new_game
from furuba.daihinmin.moves import DECLARE, GIVE_BASE, KEEP_QUIET, NUM_ACTIONS, PASS, play_id

from .helpers import position


def _unchanged_after(state: GameState, action: Any, match: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=match):
        state.apply(action)
    assert state.to_json() == before


def test_illegal_play_cards_not_held() -> None:
    state = position(hands=[["5", "9"], ["6"], ["7"], ["8"]], turn=0)
    _unchanged_after(state, play_id(4, 1, 0), "0 cards of rank 7 in hand")    # a 7
    _unchanged_after(state, play_id(2, 2, 0), "1 card of rank 5 in hand")     # two 5s
    _unchanged_after(state, play_id(2, 1, 1), "0 jokers in hand")             # 5 + joker
    _unchanged_after(state, 1, "0 jokers in hand")                            # a lone joker


def test_wrong_count_and_not_higher() -> None:
    state = position(hands=[["5", "5", "9", "9", "9"], ["6"], ["7"], ["8"]],
                     pile=[{"player": 3, "cards": ["6", "6"]}], turn=0)
    _unchanged_after(state, play_id(6, 3, 0), "exactly 2")
    _unchanged_after(state, play_id(6, 1, 0), "exactly 2")
    _unchanged_after(state, play_id(2, 2, 0), "strictly higher")


def test_out_of_turn_actions_for_the_phase() -> None:
    play = new_game(players=4, seed=1)
    for action in (GIVE_BASE, GIVE_BASE + 13, DECLARE, KEEP_QUIET):
        _unchanged_after(play, action, "must play or pass")
    question = position(hands=[["5"], ["6"], ["7"], ["8", "joker"]], phase="revolution",
                        titles=["Rich Man", "Second Richest", "Second Poorest", "Poor Man"])
    for action in (PASS, play_id(5, 1, 0), GIVE_BASE):
        _unchanged_after(question, action, "Poor Man")
    _unchanged_after(question, DECLARE, "both jokers")
    question.apply(KEEP_QUIET)
    for action in (PASS, play_id(5, 1, 0), DECLARE, KEEP_QUIET):
        _unchanged_after(question, action, "choose a card to give")
    _unchanged_after(question, GIVE_BASE + 12, "cannot give a 2")


def test_actions_after_the_game_is_over() -> None:
    state = position(hands=[[], [], ["5"], ["9", "9"]], finished=[0, 1], scores=[21, 0, 0, 0],
                     turn=2)
    state.apply_string("play 5")
    assert state.is_terminal()
    _unchanged_after(state, PASS, "game is over")
    _unchanged_after(state, play_id(3, 1, 0), "game is over")


@pytest.mark.parametrize(("bad", "message"), [
    (-1, "no action has id"), (NUM_ACTIONS, "no action has id"), (10**9, "no action has id"),
    (True, "an action is a whole number"), (2.0, "an action is a whole number"),
    ("pass", "an action is a whole number"), (None, "an action is a whole number"),
])
def test_ids_that_are_no_action(bad: Any, message: str) -> None:
    state = new_game(players=4, seed=2)
    _unchanged_after(state, bad, message)
    with pytest.raises(IllegalActionError, match=message):
        state.action_to_string(bad)
    if not isinstance(bad, int) or isinstance(bad, bool):
        with pytest.raises(IllegalActionError, match=message):
            state.is_legal(bad)
    else:
        assert not state.is_legal(bad)


@pytest.mark.parametrize("text", ["", "  ", "fold", "play 7 8", "7 8", "joker joker joker",
                                  "7 7 7 7 7", "give 7 7", "play", "x2", "11", "0", "jo",
                                  "7xx", "play joker x3"])
def test_unknown_action_names(text: str) -> None:
    state = new_game(players=4, seed=2)
    with pytest.raises(IllegalActionError, match="unknown action"):
        state.string_to_action(text)


def test_string_to_action_rejects_non_text() -> None:
    with pytest.raises(IllegalActionError):
        new_game().string_to_action(7)  # type: ignore[arg-type]


@pytest.mark.parametrize(("options", "match"), [
    ({"players": 3}, "4 to 7"),
    ({"players": 8}, "4 to 7"),
    ({"players": "4"}, "whole number"),
    ({"players": True}, "whole number"),
    ({"target": 0}, "target"),
    ({"target": -3}, "target"),
    ({"target": 2.5}, "target"),
    ({"max_rounds": 0}, "max_rounds"),
    ({"target": None}, "target"),
    ({"dealer": 4}, "dealer"),
    ({"dealer": -1}, "dealer"),
    ({"seed": "x"}, "seed"),
])
def test_bad_options(options: dict[str, Any], match: str) -> None:
    with pytest.raises(OptionsError, match=match):
        new_game(**options)


def test_unknown_option_is_a_type_error_from_python() -> None:
    with pytest.raises(TypeError):
        new_game(players=4, bombs=3)  # type: ignore[call-arg]


HANDS = [["3"], ["4"], ["5"], ["6"]]


@pytest.mark.parametrize(("data", "match"), [
    ([], "JSON object"),
    ({"game": "zodiac", "players": 4}, "not 'daihinmin'"),
    ({"players": 4, "hands": HANDS, "colour": 1}, "unknown field"),
    ({"players": 3, "hands": HANDS[:3]}, "4 to 7"),
    ({"players": 5, "hands": HANDS}, "5 hands"),
    ({"hands": [["3♦"], ["3♦"], ["5"], ["6"]]}, "appears twice"),
    ({"hands": [["3", "3", "3", "3", "3"], ["4"], ["5"], ["6"]]}, "no 3 left"),
    ({"hands": [["joker", "joker", "joker"], ["4"], ["5"], ["6"]]}, "no joker left"),
    ({"hands": [["11"], ["4"], ["5"], ["6"]]}, "not a card"),
    ({"hands": [[3], ["4"], ["5"], ["6"]]}, "card names"),
    ({"hands": HANDS, "turn": 9}, "'turn'"),
    ({"hands": [[], ["4"], ["5"], ["6"]], "turn": 0}, "has no cards"),
    ({"hands": [[], [], [], ["6"]]}, "at least 2 players"),
    ({"hands": HANDS, "pile": [{"player": 1, "cards": ["7", "8"]}]}, "not a set"),
    ({"hands": HANDS, "pile": [{"player": 1, "cards": ["8"]}, {"player": 2, "cards": ["7"]}]},
     "does not follow"),
    ({"hands": HANDS, "pile": [{"player": 1, "cards": ["8"]}, {"player": 2,
                                                             "cards": ["9", "9"]}]},
     "does not follow"),
    ({"hands": HANDS, "pile": [{"cards": ["8"]}]}, "needs 'player'"),
    ({"hands": HANDS, "pile": [{"player": 0, "cards": ["8"]}], "turn": 0}, "cannot have the turn"),
    ({"hands": HANDS, "pile": [{"player": 0, "cards": ["8"]}], "turn": 1, "passes": 3},
     "'passes'"),
    ({"hands": HANDS, "passes": 1}, "empty pile"),
    ({"hands": HANDS, "titles": ["Rich Man", "Rich Man", "Poor Man", "Second Poorest"]}, "D7"),
    ({"hands": HANDS, "titles": ["King", None, None, None]}, "unknown title"),
    ({"hands": HANDS, "phase": "revolution"}, "needs titles"),
    ({"hands": HANDS, "phase": "bidding"}, "'phase'"),
    ({"hands": HANDS, "direction": "counterclockwise"}, "D10"),
    ({"hands": HANDS, "revolution": True}, "needs titles"),
    ({"hands": HANDS, "scores": [1, 2]}, "'scores'"),
    ({"hands": HANDS, "seating": [0, 1, 2]}, "all 4 players"),
    ({"hands": HANDS, "seating": [0, 1, 1, 2]}, "twice"),
    ({"hands": HANDS, "log": [{"event": "teleport"}]}, "unknown log event"),
    ({"hands": HANDS, "log": [{"event": "pass"}]}, "without 'player'"),
    ({"hands": HANDS, "log": "nope"}, "list of events"),
    ({"hands": HANDS, "gifts": [{"from": 0, "card": "3"}]}, "exchange phase"),
    ({"hands": HANDS, "exchange": [{"from": 0, "to": 0, "cards": []}]}, "two different"),
    ({"hands": HANDS, "round": 0}, "'round'"),
    ({"hands": HANDS, "finished": [1]}, "'finished'"),
    ({"hands": HANDS, "turn": "me"}, "'turn'"),
])
def test_malformed_from_json(data: Any, match: str) -> None:
    with pytest.raises(SaveFileError, match=match):
        GameState.from_json(data)


def test_from_json_of_a_damaged_save() -> None:
    state = new_game(players=5, seed=3)
    rng = random.Random(0)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    data = state.to_json()
    for key in ("hands", "seating", "scores", "pile", "log", "titles"):
        broken = dict(data)
        broken[key] = 17
        with pytest.raises(FurubaError):
            GameState.from_json(broken)
    broken = dict(data)
    broken["hands"] = [list(h) for h in data["hands"]]
    broken["hands"][0].append(broken["hands"][1][0])
    with pytest.raises(SaveFileError, match="twice"):
        GameState.from_json(broken)


def test_view_and_determinize_of_a_player_who_does_not_exist() -> None:
    state = new_game(players=4)
    for bad in (4, -1, "0"):
        with pytest.raises(OptionsError, match="no player"):
            state.view(bad)  # type: ignore[arg-type]
        with pytest.raises(OptionsError, match="no player"):
            state.determinize(bad, random.Random(0))  # type: ignore[arg-type]
