"""Each consumer owns its extension point: a game's spec says what the game is, and the kits it
registers say what it gives each consumer (``spec.kit(BotKit)``). A game with no kit at all — the
tests' third game stripped to its spec — is the minimum: it plays against the ``random`` bot in
the simulator and is offered to the tables, and every consumer that needs a kit says so in a
sentence instead of failing."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from furuba import games
from furuba.bots.kit import BotKit
from furuba.bots.registry import check_spec, plays
from furuba.cli.kit import TerminalKit
from furuba.core.errors import MissingKitError, OptionsError
from furuba.integrations.kit import AdapterKit
from furuba.learn.kit import LearningKit
from furuba.sim.kit import LabKit
from furuba.sim.play import SimConfig, play_game
from furuba.spec import GameSpec
from furuba.tables.catalog import games_catalog
from furuba.tables.kit import WebKit
from furuba.tutorial import TutorialKit
from third_game import SPEC as PAIRS

KITS = (BotKit, LabKit, AdapterKit, TerminalKit, WebKit, LearningKit, TutorialKit)


@pytest.fixture
def bare() -> Iterator[GameSpec]:
    """Pairs with no kit, registered under its own name for the test."""
    spec = dataclasses.replace(PAIRS, name="bare-pairs", title="Bare Pairs", aliases=(), kits=())
    games.register(spec)
    try:
        yield spec
    finally:
        games.unregister(spec.name)


@pytest.mark.parametrize("name", games.names())
def test_a_game_registers_at_most_one_kit_of_each_kind(name: str) -> None:
    kinds = [type(kit) for kit in games.spec(name).kits]
    assert len(kinds) == len(set(kinds))
    assert set(kinds) <= set(KITS)


@pytest.mark.parametrize("name", games.names())
def test_the_built_in_games_give_every_consumer_its_kit(name: str) -> None:
    spec = games.spec(name)
    for kind in KITS:
        assert isinstance(spec.kit(kind), kind)


def test_a_spec_without_kits_says_what_it_lacks(bare: GameSpec) -> None:
    for kind in KITS:
        assert bare.kit_or_none(kind) is None
        with pytest.raises(MissingKitError, match=f"Bare Pairs offers nothing for {kind.__name__}"):
            bare.kit(kind)
    assert bare.kit_or(WebKit()).frontend == "generic"
    assert bare.kit_or(LabKit()).summarize(bare.new_game(players=2, seed=1)) == {}


def test_the_minimum_game_plays_against_the_random_bot(bare: GameSpec) -> None:
    assert plays("random", bare.name)
    for bot in ("greedy", "ismcts", "normal", "expert", "policy"):
        assert not plays(bot, bare.name)
    with pytest.raises(OptionsError, match="cannot play Bare Pairs"):
        check_spec("greedy", bare.name)
    result = play_game(SimConfig(game=bare.name, games=1, players=2, bots=["random", "random"],
                                 seed=3), 0)
    assert sorted(result["returns"]) in ([0.0, 1.0], [0.5, 0.5])
    state = bare.new_game(players=3, seed=4)
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))


def test_the_tables_offer_the_minimum_game_with_the_generic_pieces(bare: GameSpec) -> None:
    listed = {g["name"]: g for g in games_catalog({})["games"]}
    entry = listed[bare.name]
    assert entry["frontend"] == "generic" and entry["tutorial"] is False and entry["ladder"] == []
    assert entry["bots"] == ["random"]
    for name in games.names():
        if name != bare.name:
            assert listed[name]["frontend"] == games.spec(name).kit(WebKit).frontend
