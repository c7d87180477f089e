"""Hints: legal actions, win chances in [0, 1], reasons in words; and the terminal command."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from furuba import games
from furuba.bots.hint import hint
from furuba.bots.kit import BotKit
from furuba.cli.main import app
from furuba.core.errors import OptionsError

from .test_ismcts import GAMES, midgame


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_hints_are_legal_with_chances_and_reasons(game: str, seed: int) -> None:
    state = midgame(game, seed, steps=12 * seed)
    hints = hint(state, state.current_player, sims=60, count=3, seed=seed)
    assert 1 <= len(hints) <= 3
    assert len({h.action for h in hints}) == len(hints)
    for h in hints:
        assert state.is_legal(h.action)
        assert h.name == state.action_to_string(h.action)
        assert 0.0 <= h.win_chance <= 1.0
        assert h.reason and h.reason.strip() == h.reason
    assert [h.visits for h in hints] == sorted((h.visits for h in hints), reverse=True)
    assert all(h.error >= 0 for h in hints)


@pytest.mark.parametrize("game", GAMES)
def test_every_action_has_a_reason(game: str) -> None:
    """explain_action has words for whatever the player may do, all through a game."""
    module = games.spec(game).kit(BotKit).policies
    rng = random.Random(3)
    state = games.new_game(game, players=4, seed=3)
    while not state.is_terminal():
        me = state.current_player
        world = state.determinize(me, rng)
        for action in state.legal_actions():
            reason = module.explain(world, action, me)
            assert isinstance(reason, str) and len(reason) > 5, (state.action_to_string(action), reason)
        state.apply(module.greedy(state, rng))


def test_hint_names_the_befriending() -> None:
    from furuba.zodiac.state import GameState

    state = GameState.from_json({"players": 2, "hands": [["Trust", "Rainy Day"], ["Hidden Tears"]],
                                 "center": ["Sunny Picnic", "A Warm Meal", "Planting Seeds"]})
    best = hint(state, 0, sims=150)[0]
    assert best.name == "play Trust"
    assert best.reason.startswith("befriends Yuki now")
    assert best.win_chance > 0.5


def test_a_reason_says_when_an_event_can_do_nothing() -> None:
    """Z9: an event with no possible effect may be played, and is simply discarded; its reason
    says so, where an event that does something says what."""
    from furuba.zodiac.explain import explain_action
    from furuba.zodiac.state import GameState

    state = GameState.from_json({"players": 2, "hands": [["Old Photographs", "Trust"], ["Rainy Day"]]})
    play = state.rules.actions.play(state.rules.kind_names.index("Old Photographs"))
    assert explain_action(state, play, 0) == (
        "plays Old Photographs, which can do nothing now: it only leaves your hand")
    state = GameState.from_json({"players": 2, "hands": [["Old Photographs", "Trust"], ["Rainy Day"]],
                                 "discard": ["Hidden Tears"]})
    assert "nothing" not in explain_action(state, play, 0)


def test_hint_is_only_for_the_player_to_move() -> None:
    state = games.new_game("daihinmin", players=4, seed=2)
    with pytest.raises(OptionsError, match="player to move"):
        hint(state, (state.current_player + 1) % 4, sims=10)
    with pytest.raises(OptionsError, match="at least 1 simulation"):
        hint(state, sims=0)


def test_the_terminal_game_offers_a_hint_command() -> None:
    runner = CliRunner()
    lines = "help\nhint\nhint 2\nhint many\nquit\n"
    result = runner.invoke(app, ["play", "zodiac", "--seed", "3", "--seats", "you,easy,greedy"],
                           input=lines)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "hint [N]" in out
    assert "% to win. " in out   # one sentence: the action, its chance, the reason
    assert "hint takes a number of actions" in out
    result = runner.invoke(app, ["play", "daihinmin", "--seed", "3", "--seats",
                                 "you,ismcts:sims=30,greedy,greedy"], input="hint 1\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("% to win.") == 1


def test_a_reason_looks_past_an_events_choice() -> None:
    """An event whose choice comes next (Summer Villa moves Tohru to a Sohma the player picks) is
    explained by the best choice it opens: a befriending at once, else one within reach this turn,
    else only that a choice follows."""
    from furuba.core.deck import NUM_SOHMAS
    from furuba.i18n import speaking
    from furuba.zodiac.explain import explain_action
    from furuba.zodiac.state import GameState
    from furuba.zodiac.text import sohma_name

    def reason(center: list[str], hand: list[str]) -> str:
        state = GameState.from_json({"players": 2, "hands": [hand, ["Rainy Day"]], "center": center})
        return explain_action(state, state.rules.actions.play(
            state.rules.kind_names.index("Summer Villa")), 0)

    kisa = ["Sunny Picnic", "Planting Seeds", "Learning to Cook"]   # what Kisa's human side needs
    assert reason(kisa, ["Summer Villa"]) == (
        "plays Summer Villa, then Tohru goes to Kisa: you befriend Kisa at once")
    assert reason(kisa[:2], ["Summer Villa", "Graduation Day"]) == (
        "plays Summer Villa, then Tohru goes to Kisa: you can befriend Kisa this turn")
    assert reason([], ["Summer Villa"]) == "plays Summer Villa; you make its choice next"
    with speaking("ja"):
        assert reason(kisa, ["Summer Villa"]).endswith("すぐに杞紗と友だちになれます")
    # An event with a few choices, none befriending this turn, says what each would do (Lost
    # Again moves Tohru one or two Sohmas counterclockwise); Summer Villa's thirteen are too many.
    state = GameState.from_json({"players": 2, "hands": [["Lost Again"], ["Rainy Day"]]})
    lost_again = state.rules.actions.play(state.rules.kind_names.index("Lost Again"))
    back = [sohma_name((state.tohru - steps) % NUM_SOHMAS) for steps in (1, 2)]
    assert explain_action(state, lost_again, 0) == (
        f"plays Lost Again, then you choose: Tohru goes to {back[0]} or Tohru goes to {back[1]}")
    with speaking("ja"):
        said = explain_action(state, lost_again, 0)
        assert said.startswith("「また迷子」を出し、「透が") and said.endswith("のどれかを選びます")
        assert f"「透が{sohma_name((state.tohru - 2) % NUM_SOHMAS)}のところへ行きます」" in said


def test_a_memory_played_says_whom_nearby_it_helps_befriend() -> None:
    """Playing a memory that befriends no one this turn is explained by the Sohmas within reach
    that ask for its symbol, nearest first (Kisa's human side asks for Sunny Picnic's)."""
    from furuba.i18n import speaking
    from furuba.zodiac.explain import explain_action
    from furuba.zodiac.state import GameState

    state = GameState.from_json({"players": 2, "tohru": "Kisa",
                                 "hands": [["Sunny Picnic"], ["Rainy Day"]]})
    picnic = state.rules.kind_names.index("Sunny Picnic")
    reason = explain_action(state, state.rules.actions.play(picnic), 0)
    assert reason.startswith("adds ") and " to the center toward befriending Kisa" in reason
    with speaking("ja"):
        said = explain_action(state, state.rules.actions.play(picnic), 0)
    assert said.startswith("場に「") and "杞紗" in said and said.endswith("友だちになる準備をします")

