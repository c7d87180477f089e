"""What the better move kept, in words, for a review's mistakes: said for real positions of whole
games, under the standard rules and UECda's, in English and Japanese, and only where true."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from furuba import games
from furuba.bots.kit import BotKit
from furuba.daihinmin.explain_contrast import contrast_action
from furuba.daihinmin.moves import PASS, PLAY_JOKERS
from furuba.i18n import speaking

KINDS = ("you passed where", "you spent a joker", "you broke up", "you played higher",
         "you spent ")


@pytest.mark.parametrize("options", [{"players": 4}, {"rules": "uecda"}])
def test_the_contrasts_of_whole_games_name_what_the_better_move_kept(
        options: dict[str, object]) -> None:
    said = dict.fromkeys(KINDS, 0)
    spec = games.spec("daihinmin")
    for seed in range(4):
        state = games.new_game("daihinmin", seed=seed, max_rounds=1, **options)
        rng = random.Random(seed)
        while not state.is_terminal():
            me = state.current_player
            world = state.determinize(me, rng)
            legal = world.legal_actions()
            for played, better in permutations(legal[:8], 2):
                text = contrast_action(world, played, better, me)
                if not text:
                    continue
                with speaking("ja"):
                    japanese = contrast_action(world, played, better, me)
                assert japanese and japanese != text and "{" not in japanese + text
                kind = next(k for k in KINDS if text.startswith(k))
                said[kind] += 1
                if kind == "you passed where":
                    assert played == PASS
                if kind == "you spent a joker":
                    assert PLAY_JOKERS[played] > PLAY_JOKERS[better]
            state.apply(spec.kit(BotKit).policies.greedy(state, rng))
    assert all(said.values()), said
