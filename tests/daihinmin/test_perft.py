"""Perft-style table: fixed hands and piles with the exact list of legal actions each."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from furuba.daihinmin.moves import (
    NUM_ACTIONS,
    PASS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_NATURALS,
    PLAY_TOTAL,
    legal_plays,
    play_id,
)
from furuba.daihinmin.ranks import JOKER

from .helpers import names, position

# (hand of player 0, the pile's sets or None, the exact legal actions of player 0)
TABLE: list[tuple[list[str], list[str] | None, list[str]]] = [
    # leading an empty pile: no pass
    (["3"], None, ["play 3"]),
    (["joker"], None, ["play joker"]),
    (["joker", "joker"], None, ["play joker", "play joker x2"]),
    (["7", "7", "joker"], None,
     ["play joker", "play 7", "play 7+joker", "play 7x2", "play 7x2+joker"]),
    (["5", "9", "9", "9", "9", "joker", "joker"], None,
     ["play joker", "play joker x2",
      "play 5", "play 5+joker", "play 5+joker x2",
      "play 9", "play 9+joker", "play 9+joker x2",
      "play 9x2", "play 9x2+joker", "play 9x2+joker x2",
      "play 9x3", "play 9x3+joker", "play 9x3+joker x2",
      "play 9x4", "play 9x4+joker", "play 9x4+joker x2"]),
    (["2", "A", "3"], None, ["play 3", "play A", "play 2"]),
    # singles
    (["3", "9", "10", "joker", "2"], ["9"], ["pass", "play 10", "play 2"]),
    (["3", "joker"], ["joker"], ["pass", "play 3"]),
    (["A", "A", "K"], ["2"], ["pass"]),
    (["7♥"], ["7♦"], ["pass"]),
    # pairs: a joker joins a natural; jokers alone never follow; equal rank never beats
    (["8", "9", "joker", "joker", "K", "K"], ["8", "8"],
     ["pass", "play 9+joker", "play K+joker", "play Kx2"]),
    (["7", "joker"], ["7", "7"], ["pass"]),
    (["3", "3", "4"], ["joker", "joker"], ["pass", "play 3x2"]),
    (["2", "2"], ["2", "2"], ["pass"]),
    (["joker", "joker", "4"], ["3", "3"], ["pass", "play 4+joker"]),
    # triples
    (["6", "6", "joker", "joker", "7"], ["5", "5", "5"],
     ["pass", "play 6+joker x2", "play 6x2+joker", "play 7+joker x2"]),
    (["Q", "Q", "Q", "Q"], ["J", "J", "J"], ["pass", "play Qx3"]),
    # 4-, 5- and 6-card sets
    (["K", "K", "K", "joker"], ["Q", "Q", "Q", "joker"], ["pass", "play Kx3+joker"]),
    (["A", "A", "A", "A", "3"], ["Q", "Q", "Q", "Q"], ["pass", "play Ax4"]),
    (["5", "5", "5", "5", "joker"], ["4", "4", "4", "4", "joker"], ["pass", "play 5x4+joker"]),
    (["10", "10", "10", "10"], ["9", "9", "9", "9", "joker", "joker"], ["pass"]),
    (["10", "10", "10", "10", "joker", "joker"], None,
     ["play joker", "play joker x2"]
     + [f"play 10{'x' + str(n) if n > 1 else ''}{['', '+joker', '+joker x2'][j]}"
        for n in range(1, 5) for j in range(3)]),
    (["3", "3", "3", "3", "joker"], ["2", "2", "2", "2", "joker"], ["pass"]),
]


@pytest.mark.parametrize(("hand", "pile", "expected"), TABLE)
def test_perft_table(hand: list[str], pile: list[str] | None, expected: list[str]) -> None:
    used = {card.rstrip("♦♥♠♣") for card in hand + (pile or [])}
    free = [rank for rank in ("3", "4", "5", "6", "8", "J") if rank not in used]
    others = [[free[0] + "♣"], [free[1] + "♣"], [free[2] + "♣"]]  # out of the table's way
    fields: dict[str, object] = {"players": 4, "hands": [hand, *others], "turn": 0}
    if pile is not None:
        fields["pile"] = [{"player": 3, "cards": pile}]
    state = position(**fields)
    assert names(state) == expected
    assert state.legal_actions() == sorted(state.legal_actions())
    for action in state.legal_actions():    # each one really applies
        state.child(action)


def _naive(counts: tuple[int, ...], top_level: int, top_total: int) -> list[int]:
    """Every (rank, naturals, jokers) the hand holds that the rules allow, the slow way."""
    out = []
    for action in range(NUM_ACTIONS):         # the rulebook's table
        level = PLAY_LEVEL[action]
        if action == PASS:
            if top_total:
                out.append(action)
            continue
        if level < -1:
            continue
        naturals, jokers = PLAY_NATURALS[action], PLAY_JOKERS[action]
        if jokers > counts[JOKER] or (level >= 0 and naturals > counts[level]):
            continue
        if top_total and (PLAY_TOTAL[action] != top_total or level <= top_level):
            continue
        out.append(action)
    return out


@given(counts=st.tuples(*[st.integers(0, 4)] * 13, st.integers(0, 2)),
       top=st.one_of(st.just((-2, 0)),
                     st.tuples(st.integers(-1, 12), st.integers(1, 6))))
def test_move_generation_matches_the_rules_stated_naively(
        counts: tuple[int, ...], top: tuple[int, int]) -> None:
    top_level, top_total = top
    assert legal_plays(counts, top_level, top_total) == _naive(counts, top_level, top_total)


def test_play_ids_are_ordered_by_rank_then_naturals_then_jokers() -> None:
    ids = [play_id(lv, n, j) for lv in range(13) for n in range(1, 5) for j in range(3)]
    assert ids == sorted(ids) and len(set(ids)) == 156
