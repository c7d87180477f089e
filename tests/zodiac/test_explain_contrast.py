"""What the better move keeps, in words, for a review's mistakes: said for real positions of
whole games, in English and Japanese, and only where it is true of the position."""

from __future__ import annotations

import random
from itertools import permutations

from furuba.i18n import speaking
from furuba.zodiac import new_game
from furuba.zodiac.actions import A_CENTER, A_DISCARD, A_PLAY
from furuba.zodiac.explain_contrast import contrast_action
from furuba.zodiac.greedy import greedy_action


def test_the_contrasts_of_whole_games_name_what_the_better_move_keeps() -> None:
    said: dict[str, int] = {"reach": 0, "kept": 0, "played": 0}
    for seed in range(6):
        state = new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            me = state.current_player
            world = state.determinize(me, rng)
            legal = world.legal_actions()
            for played, better in permutations(legal[:6], 2):
                text = contrast_action(world, played, better, me)
                if not text:
                    continue
                with speaking("ja"):
                    japanese = contrast_action(world, played, better, me)
                assert japanese and japanese != text and "{" not in japanese + text
                code, _card = world.rules.actions.decode(played)
                if text.startswith("after your move"):
                    said["reach"] += 1
                elif text.startswith("you gave up"):
                    assert code in (A_CENTER, A_DISCARD)
                    said["kept"] += 1
                else:
                    assert text.startswith("you played") and code == A_PLAY
                    said["played"] += 1
            assert contrast_action(world, legal[0], legal[0], me) == ""
            state.apply(greedy_action(state, rng))
    assert all(said.values()), said
