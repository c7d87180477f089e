"""Bad input gets a clear error and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from furuba.core.errors import IllegalActionError, OptionsError, SaveFileError
from furuba.zodiac import new_game
from furuba.zodiac.state import GameState


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 0}, "needs 2 to 8 players"),
    ({"players": "four"}, "players must be a whole number"),
    ({"players": 3, "variant": "speedrun"}, "unknown variant 'speedrun'"),
    ({"players": 3, "variant": "coop,long"}, "does not combine"),
    ({"players": 3, "variant": "coop", "target": 7}, "all 13 Sohmas"),
    ({"players": 3, "sets": 0}, "sets must be"),
    ({"players": 3, "max_rounds": 0}, "max_rounds must be at least 1"),
    ({"players": 3, "colour": "blue"}, "unknown option 'colour'"),
    ({"players": 3, "seed": "abc"}, "seed must be a whole number"),
])
def test_bad_options_are_refused_clearly(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        new_game(**options)


@pytest.mark.parametrize(("data", "message"), [
    ({"players": 2, "hands": [["Teleporter"], []]}, "no card is called 'Teleporter'"),
    ({"players": 2, "hands": [[]]}, "1 hands for 2 players"),
    ({"players": 2, "tohru": "Akito"}, "no Sohma is called 'Akito'"),
    ({"players": 2, "center": ["Trust", "Trust"]}, "Trust: 2 used, but the game has only 1"),
    ({"players": 2, "turn": 5}, "out of range"),
    ({"players": 2, "tohru_side": "sideways"}, "tohru_side must be"),
    ({"players": 2, "limbo": "Trust"}, "only an event"),
    ({"game": "daihinmin", "players": 4}, "not Friends of the Zodiac"),
    ({"players": 2, "queue": [["explode"]], "pending": "action"}, "unknown step"),
    ({"players": 2, "friends": [["Yuki"]]}, "1 lists for 2 players"),
])
def test_malformed_positions_get_a_clear_error(data: dict[str, Any], message: str) -> None:
    with pytest.raises(SaveFileError, match=message):
        GameState.from_json(data)


def test_illegal_actions_name_the_action_and_the_decision() -> None:
    s = new_game(players=2, seed=4)
    before = s.to_json()
    with pytest.raises(IllegalActionError,
                       match=r"'option 1' is not legal now: player 0 takes action 1 of 3"):
        s.apply(s.string_to_action("option 1"))
    with pytest.raises(IllegalActionError, match="no action is called 'befriend Yuki'"):
        s.string_to_action("befriend Yuki")
    with pytest.raises(IllegalActionError, match="not an action id"):
        s.apply(10_000)
    assert s.to_json() == before


def test_no_actions_after_the_end() -> None:
    s = new_game(players=2, seed=1, max_rounds=1)
    while not s.is_terminal():
        s.apply_string("move")
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply_string("move")


@pytest.mark.parametrize("bad", [True, False, 1.0, "move", None])
def test_an_id_that_is_no_integer_is_refused_even_where_it_equals_one(bad: Any) -> None:
    # True == 1 == the id of "move": it is still no action, for apply and for is_legal alike.
    s = new_game(players=2, seed=1)
    before = s.to_json()
    for check in (s.apply, s.is_legal, s.action_to_string):
        with pytest.raises(IllegalActionError, match="an action is a whole number"):
            check(bad)
    assert s.to_json() == before
    assert s.is_legal(1) and not s.is_legal(-1) and not s.is_legal(10_000)


def test_journal_answers_are_checked() -> None:
    s = new_game(players=2, seed=1, variant="true-friends")
    with pytest.raises(IllegalActionError, match="no memory prompt waiting"):
        s.write_answer(0, "hello")
    with pytest.raises(IllegalActionError, match="1 to 2000 characters"):
        s.write_answer(0, "   ")
