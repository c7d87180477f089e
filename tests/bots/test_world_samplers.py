"""Every game's ``world_sampler`` (``infer=on``) is as honest as ``determinize``: a sampled world
keeps what the player knows, is still a spread of worlds, and depends on nothing the player
cannot see. Each game's own tests check that its worlds explain the others' play."""

from __future__ import annotations

import random

import pytest

from furuba import games
from furuba.bots.kit import BotKit

from .test_ismcts import midgame

READERS = [spec.name for spec in games.specs() if spec.kit(BotKit).policies.world_sampler is not None]


def test_both_games_read_the_table() -> None:
    assert len(READERS) >= 2


@pytest.mark.parametrize("game", READERS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_weighed_world_keeps_everything_the_player_knows(game: str, seed: int) -> None:
    state = midgame(game, seed, steps=18 + 2 * seed)
    player = state.current_player
    sampler = games.spec(game).kit(BotKit).policies.world_sampler
    assert sampler is not None
    sample = sampler(state, player)
    rng = random.Random(seed)
    seen = set()
    for _ in range(40):
        world = sample(rng)
        assert world.view(player) == state.view(player)
        seen.add(repr(world.to_json()))
    assert len(seen) > 1      # a spread of worlds, not one guess over and over


@pytest.mark.parametrize("game", READERS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_what_the_player_cannot_see_does_not_change_the_worlds(game: str, seed: int) -> None:
    real = midgame(game, seed, steps=20 + 2 * seed)
    player = real.current_player
    other = real.determinize(player, random.Random(99))
    assert other.to_json() != real.to_json()          # the hidden cards really differ
    sampler = games.spec(game).kit(BotKit).policies.world_sampler
    assert sampler is not None
    first, second = sampler(real, player), sampler(other, player)
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(20):
        assert first(rng_a).to_json() == second(rng_b).to_json()
