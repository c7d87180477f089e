"""The tests' third game (Pairs) through the registry, the record and the bots — unchanged code.

The other consumers (server, browser, CLI, simulator, adapters) have their own third-game tests
beside their other tests; all are marked ``third_game``.
"""

from __future__ import annotations

import random

import pytest

from furuba import games
from furuba.bots.hint import hint
from furuba.bots.registry import make_bot
from furuba.core.errors import IllegalActionError, OptionsError
from furuba.core.record import GameRecord
from furuba.spec import GameSpec

pytestmark = pytest.mark.third_game


def test_the_registry_offers_a_registered_game_and_forgets_it(third_game: GameSpec) -> None:
    assert games.names()[-1] == "pairs" and games.names()[:2] == ["zodiac", "daihinmin"]
    assert games.spec("PAIRS") is third_game
    state = games.new_game("pairs", players=3, seed=2, values=4)
    assert games.spec_of(state) is third_game and state.num_distinct_actions() == 5
    games.unregister("pairs")
    with pytest.raises(OptionsError, match="unknown game 'pairs'"):
        games.spec("pairs")
    games.register(third_game)


def test_its_options_are_checked_by_the_spec(third_game: GameSpec) -> None:
    assert third_game.check_options({"values": 5}, online=True) == {"values": 5}
    with pytest.raises(OptionsError, match="values must be at most 9"):
        third_game.check_options({"values": 12})
    with pytest.raises(OptionsError, match="unknown option 'colour' for Pairs"):
        third_game.check_options({"colour": "red"})
    info = third_game.info(games.new_game("pairs", seed=1))
    assert (info.num_players, info.num_distinct_actions, info.cooperative) == (2, 7, False)


@pytest.mark.parametrize("bot", ["random", "greedy", "ismcts:sims=30", "easy"])
def test_every_bot_plays_it_to_the_end(third_game: GameSpec, bot: str) -> None:
    for seed in range(3):
        state = games.new_game("pairs", players=3, seed=seed)
        players = [make_bot(bot, seed=seed + p) for p in range(3)]
        steps = 0
        while not state.is_terminal():
            action = players[state.current_player].choose(state)
            assert action in state.legal_actions()
            state.apply(action)
            steps += 1
        assert steps <= third_game.info(state).max_game_length
        assert sum(state.returns()) == pytest.approx(1.0)


def test_the_search_bot_finds_the_pair(third_game: GameSpec) -> None:
    """Holding 2, 5 and drawn a 5: only discarding the 2 wins at once."""
    state = games.spec("pairs").state_class.from_json({
        "game": "pairs", "values": 6, "hands": [[2, 5, 5], [1, 3]], "deck": [4, 6, 1],
        "discards": [], "log": [], "current": 0, "phase": "discard", "outcome": None})
    assert make_bot("ismcts:sims=50", seed=1).choose(state) == 2
    best = hint(state, sims=50, count=1)[0]
    assert best.action == 2 and best.name == "discard 2" and best.reason


def test_a_record_replays_it_and_refuses_a_written_input(third_game: GameSpec) -> None:
    state = games.new_game("pairs", seed=7)
    record = GameRecord(game="pairs", options={"players": 2}, seed=7)
    rng = random.Random(0)
    while not state.is_terminal():
        record.play(state, rng.choice(state.legal_actions()))
    assert record.replay().to_json() == state.to_json()
    with pytest.raises(IllegalActionError, match="no written input"):
        record.write(state, 0, "answer", "hello")
    assert record.written == []


def test_a_game_of_another_package_is_found_through_its_entry_point(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A distribution that declares ``[project.entry-points."furuba.games"]`` needs no code here."""
    from importlib.metadata import EntryPoint

    found = [EntryPoint(name="pairs", value="third_game:SPEC", group=games.ENTRY_POINT_GROUP)]
    monkeypatch.setattr(games, "entry_points", lambda group: found if group == found[0].group else [])
    monkeypatch.setattr(games, "_specs", {})
    monkeypatch.setattr(games, "_aliases", {})
    monkeypatch.setattr(games, "_loaded", False)
    assert games.names() == ["zodiac", "daihinmin", "pairs"]
    assert games.new_game("pairs", players=3, seed=1).num_players == 3


def test_an_entry_point_that_is_no_game_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib.metadata import EntryPoint

    wrong = [EntryPoint(name="oops", value="third_game:new_game", group=games.ENTRY_POINT_GROUP)]
    monkeypatch.setattr(games, "entry_points", lambda group: wrong)
    monkeypatch.setattr(games, "_specs", {})
    monkeypatch.setattr(games, "_aliases", {})
    monkeypatch.setattr(games, "_loaded", False)
    with pytest.raises(TypeError, match=r"entry point oops of furuba\.games is not a GameSpec"):
        games.names()
