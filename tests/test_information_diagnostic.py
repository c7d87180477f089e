"""The information diagnostic's worlds (benchmarks/information.py): seeing the next player's hand
shows that hand and nothing more — every card is still there once, the other hands are dealt
again, and what the table knows of the hands is unchanged."""

from __future__ import annotations

import json
import random
from collections import Counter

from benchmarks.information import _next_hand_seen

from furuba.zodiac import new_game
from furuba.zodiac.greedy import greedy_action
from furuba.zodiac.state import GameState


def mid_game(seed: int) -> GameState:
    state = new_game(players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(25):
        state.apply(greedy_action(state, rng))
    return state


def cards(state: GameState) -> Counter[int]:
    return Counter([*state.deck, *state.box, *(c for hand in state.hands for c in hand)])


def test_seeing_the_next_hand_shows_it_alone() -> None:
    state = mid_game(3)
    me = state.current_player
    nxt, later = (me + 1) % 4, (me + 2) % 4
    worlds = [_next_hand_seen(state, random.Random(k)) for k in range(20)]
    for world in worlds:
        assert world.hands[nxt] == state.hands[nxt] and world.hands[me] == state.hands[me]
        assert cards(world) == cards(state) and world.known == state.known
        assert world.view(me) == state.view(me)
    assert len({world.hands[later] for world in worlds}) > 1


def test_agreement_counts_decisions_on_the_same_positions() -> None:
    """benchmarks/agreement.py: a bot without randomness agrees with itself on every position,
    the oracle's row is its agreement with itself, and the positions are the ones asked for."""
    from benchmarks.agreement import ORACLE, agreement, sample_positions

    states = sample_positions("daihinmin", 5, 40, {"max_rounds": 1}, every=3)
    assert len(states) == 5 and all(len(s.legal_actions()) > 1 for s in states)
    assert len({json.dumps(s.to_json(), sort_keys=True) for s in states}) == 5   # five apart
    report = agreement("daihinmin", ["policy", "random"], count=5, seed=40, oracle="normal",
                       every=3)
    rows = {row["bot"]: row for row in report["bots"]}
    assert report["positions"] == 5 and list(rows) == [ORACLE, "policy", "random"]
    assert rows["policy"]["self_agreement"] == 1.0     # its best action, whatever the seed
    assert rows[ORACLE]["with_oracle"] == 1.0
    low, high = rows["random"]["with_oracle_ci95"]
    assert 0.0 <= low <= rows["random"]["with_oracle"] <= high <= 1.0
    # the difference from the first bot is taken position by position
    assert rows["policy"]["than_first"] is None
    assert rows["random"]["than_first"] == round(
        rows["random"]["with_oracle"] - rows["policy"]["with_oracle"], 4)
    low, high = rows["random"]["than_first_ci95"]
    assert low <= rows["random"]["than_first"] <= high
    # regret is by the oracle's own values: nothing for the oracle's own choices, something
    # for a bot that chooses at random
    assert rows[ORACLE]["regret"] == 0.0
    assert rows["random"]["regret"] > 0.0
    low, high = rows["random"]["regret_ci95"]
    assert low <= rows["random"]["regret"] <= high
    assert rows["random"]["regret_than_first"] == round(
        rows["random"]["regret"] - rows["policy"]["regret"], 4)


def test_regret_is_the_oracles_value_of_its_choice_less_its_value_of_the_bots() -> None:
    """benchmarks/agreement.py: an action the oracle's search never tried counts as its worst."""
    from benchmarks.agreement import regrets

    values = [{0: 0.5, 1: 0.25, 2: 0.125}, {0: 0.5, 1: 0.75}]
    assert regrets([0, 7], values, [0, 1]) == [0.0, 0.25]     # 7 untried: as bad as the worst
    assert regrets([2, 1], values, [0, 0]) == [0.375, -0.25]   # a choice valued above its own
