"""Worlds weighed by how the other players played (``infer=on``): honest, and drawn toward the
hands that explain the plays."""

from __future__ import annotations

import random
import statistics

import pytest

from furuba.daihinmin import GameState, new_game
from furuba.daihinmin.greedy import greedy_action
from furuba.daihinmin.inference import round_moves, slips, world_sampler


def greedy_round(seed: int, steps: int) -> GameState:
    """A single round played ``steps`` moves by the greedy policy, the player to move with a
    choice to make."""
    state = new_game(players=4, seed=seed, max_rounds=1)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(greedy_action(state, rng))
    while len(state.legal_actions()) < 2:
        state.apply(greedy_action(state, rng))
    return state


def others(state: GameState) -> frozenset[int]:
    return frozenset(q for q in range(state.num_players) if q != state.current_player)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_true_hands_explain_a_greedy_round_without_a_slip(seed: int) -> None:
    state = greedy_round(seed, 20)
    moves = round_moves(state)
    assert len(moves) >= 20 and moves[0][1] != 0   # the round opens with a lead
    assert slips(state, moves, others(state)) == 0


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_worlds_that_explain_the_plays_are_drawn_far_more_often(seed: int) -> None:
    state = greedy_round(seed, 24)
    player, moves = state.current_player, round_moves(state)
    uniform, weighed = state.sampler(player), world_sampler(state, player)
    rng = random.Random(seed)
    dealt = [slips(uniform(rng), moves, others(state)) for _ in range(150)]
    drawn = [slips(weighed(rng), moves, others(state)) for _ in range(150)]
    assert statistics.fmean(drawn) < statistics.fmean(dealt) - 1.5, (dealt, drawn)


def test_before_the_first_play_worlds_are_dealt_uniformly() -> None:
    state = new_game(players=4, seed=8, max_rounds=1)
    player = state.current_player
    assert round_moves(state) == []
    weighed, uniform = world_sampler(state, player), state.sampler(player)
    rng_a, rng_b = random.Random(3), random.Random(3)
    assert [weighed(rng_a).to_json() for _ in range(5)] == [uniform(rng_b).to_json()
                                                             for _ in range(5)]


def _recorded_positions(count: int) -> list[GameState]:
    """Player 0's decisions in recorded games between five UECda ``default`` clients."""
    from pathlib import Path

    from furuba.daihinmin.uecda.records import read_records, replay

    data = Path(__file__).parents[1] / "data" / "uecda" / "games-default.jsonl.gz"
    positions: list[GameState] = []

    def seen(state: GameState, legal: list[int], action: int) -> None:
        if (state.current_player == 0 and len(legal) > 1 and state.round % 3 == 0
                and len(positions) < count):
            positions.append(state.clone())

    replay(read_records(data, limit=40), seen)
    return positions


def test_under_uecda_rules_worlds_judged_by_a_model_of_the_others_read_their_hands() -> None:
    """Under house rules the greedy policy is no judge and worlds are dealt uniformly; given a
    model of the others (the shipped one of the UECda ``default`` client), the round is played
    again in each world and the worlds it explains put more of the hidden cards in the right
    hands — and each still shows the player exactly what the player sees."""
    from furuba.bots.learned import learned_policy

    model = learned_policy("daihinmin", "uecda_default")
    positions = _recorded_positions(60)
    assert len(positions) == 60
    right = {"uniform": 0, "model": 0}
    hidden_total = 0
    for i, state in enumerate(positions):
        assert state.rules.house
        plain = world_sampler(state, 0)
        judged = world_sampler(state, 0, model.best_action)
        rng_plain, rng_judged = random.Random(i), random.Random(i)
        for _ in range(8):
            a, b = plain(rng_plain), judged(rng_judged)
            assert b.view(0) == state.view(0)
            for q in range(1, 5):
                truth = state.hand(q)
                right["uniform"] += (a.hand(q) & truth).bit_count()
                right["model"] += (b.hand(q) & truth).bit_count()
                hidden_total += truth.bit_count()
    uniform, model_share = right["uniform"] / hidden_total, right["model"] / hidden_total
    assert model_share > uniform + 0.02, (model_share, uniform)
    # without a judge, the house rules' worlds are the uniform ones, draw for draw
    state = positions[-1]
    a, b = world_sampler(state, 0), state.sampler(0)
    assert a(random.Random(3)).to_json() == b(random.Random(3)).to_json()


def test_a_round_that_cannot_be_played_again_falls_back_to_uniform_worlds() -> None:
    """When the round's moves do not come to the table as it stands (here: a position whose
    log lost a play), the sampler deals uniformly rather than weigh worlds by a wrong replay."""
    from furuba.bots.learned import learned_policy

    model = learned_policy("daihinmin", "uecda_default")
    state = _recorded_positions(30)[-1]
    assert round_moves(state)
    broken = state.clone()
    entries = []
    log = broken.log
    while log is not None:
        entry, log = log
        entries.append(entry)
    entries.reverse()
    plays = [i for i, e in enumerate(entries) if e[0] == "play"]
    del entries[plays[-1]]
    rebuilt = None
    for entry in entries:
        rebuilt = (entry, rebuilt)
    broken.log = rebuilt
    judged = world_sampler(broken, 0, model.best_action)
    uniform = broken.sampler(0)
    for seed in range(3):
        assert judged(random.Random(seed)).to_json() == uniform(random.Random(seed)).to_json()
