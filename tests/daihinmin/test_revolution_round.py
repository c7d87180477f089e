"""A revolution round played end to end: counterclockwise throughout, leads after clears too."""

from __future__ import annotations

import random

import pytest

from furuba.daihinmin import GameState, greedy_action
from furuba.daihinmin.ranks import CARD_NAMES

from .helpers import check_cards, position

TITLES5 = ["Merchant", "Rich Man", "Second Poorest", "Second Richest", "Poor Man"]


def _revolution_deal(seed: int) -> GameState:
    """5 players, all 54 cards dealt, the Poor Man (player 4) holding both jokers."""
    naturals = list(CARD_NAMES[:52])
    random.Random(seed).shuffle(naturals)
    hands: list[list[str]] = [[] for _ in range(5)]
    for i, card in enumerate(naturals):
        hands[i % 5].append(card)
    hands[4] += ["joker1", "joker2"]
    return position(players=5, phase="revolution", titles=TITLES5, seating=[2, 0, 4, 1, 3],
                    hands=hands, scores=[3, 10, 1, 6, 0], round=4)


def _next_holder_counterclockwise(seating: list[int], sizes: list[int], player: int) -> int:
    n = len(seating)
    seat = seating.index(player)
    for k in range(1, n + 1):
        other = seating[(seat - k) % n]
        if sizes[other]:
            return other
    raise AssertionError("nobody holds cards")


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_revolution_round_end_to_end_counterclockwise(seed: int) -> None:
    state = _revolution_deal(seed)
    check_cards(state)
    assert state.current_player == 4
    assert state.legal_action_strings() == ["declare revolution", "keep quiet"]
    hands_before = state.to_json()["hands"]
    state.apply_string("declare revolution")
    assert state.to_json()["hands"] == hands_before          # no exchange
    assert state.current_player == 4                         # the Poor Man leads
    seating = state.view(None)["seating"]
    rng = random.Random(seed)
    clears = 0
    went_out_then_cleared = 0
    while state.round == 4:
        before = state.view(None)
        assert before["direction"] == "counterclockwise" and before["revolution"]
        player = state.current_player
        pile_owner = before["pile"][-1]["player"] if before["pile"] else None
        if player % 2:
            state.apply(greedy_action(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        if state.round != 4:
            break
        check_cards(state)
        after = state.view(None)
        last = after["log"][-1]
        sizes = after["hand_sizes"]
        if last["event"] == "clear":
            clears += 1
            assert pile_owner is not None
            if sizes[pile_owner]:
                assert state.current_player == pile_owner
            else:
                went_out_then_cleared += 1
                expected = _next_holder_counterclockwise(seating, sizes, pile_owner)
                assert state.current_player == expected
        else:
            assert state.current_player == _next_holder_counterclockwise(seating, sizes, player)
    assert clears > 3
    view = state.view(None)
    end = [e for e in view["log"] if e["event"] == "round end"][-1]
    assert end["round"] == 4 and sorted(end["order"]) == [0, 1, 2, 3, 4]
    assert sum(end["points"]) == 10
    # Finishing order, titles and reseating work as usual; the next round is clockwise again.
    order = end["order"]
    assert view["titles"][order[0]] == "Rich Man" and view["titles"][order[-1]] == "Poor Man"
    rich_seat = seating.index(order[0])
    assert view["seating"][rich_seat] == order[0]
    assert [view["seating"][(rich_seat + k) % 5] for k in range(5)] == order
    assert view["direction"] == "clockwise" and not view["revolution"]
    if not state.is_terminal():
        assert state.phase == "revolution" and state.current_player == order[-1]
        assert view["dealer"] == order[-1]
