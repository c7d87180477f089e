"""Invariants of Friends of the Zodiac, checked with hypothesis over random games."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from furuba.zodiac import new_game
from furuba.zodiac.state import P_CENTER, GameState

VARIANTS = st.sampled_from(["standard", "long", "coop", "true-friends", "long,true-friends"])


def all_cards(s: GameState) -> Counter[int]:
    cards: Counter[int] = Counter(s.deck) + Counter(s.discard) + Counter(s.center) + Counter(s.box)
    for hand in s.hands:
        cards.update(hand)
    if s.limbo >= 0:
        cards[s.limbo] += 1
    return cards


def friendship_cards_conserved(s: GameState) -> bool:
    held = Counter(c for team in s.friends for c in team)
    if any(n > 1 for n in held.values()):
        return False
    per_sohma = Counter((c % 52) // 4 for c in held)
    return all(s.stacks[i] + per_sohma[i] == s.rules.stack_size for i in range(13))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32), walk=st.integers(0, 2**32),
       variant=VARIANTS)
def test_no_card_is_ever_lost_or_duplicated(players: int, seed: int, walk: int,
                                            variant: str) -> None:
    if variant == "coop":
        players = min(players, 4)
    s = new_game(players=players, seed=seed, variant=variant)
    expected = Counter(s.rules.deck)
    rng = random.Random(walk)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
        assert all_cards(s) == expected
        assert friendship_cards_conserved(s)
        assert len(s.center) <= (5 if s.pending == P_CENTER else 4)
        if s.pending == 0:
            assert all(len(h) <= 4 for h in s.hands)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32), variant=VARIANTS)
def test_same_seed_and_actions_give_identical_json(seed: int, walk: int, variant: str) -> None:
    a = new_game(players=3, seed=seed, variant=variant)
    b = new_game(players=3, seed=seed, variant=variant)
    rng = random.Random(walk)
    for _ in range(120):
        if a.is_terminal():
            break
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    assert json.dumps(a.to_json()) == json.dumps(b.to_json())


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32))
def test_json_round_trip_at_every_step(seed: int, walk: int) -> None:
    s = new_game(players=4, seed=seed)
    rng = random.Random(walk)
    for _ in range(80):
        if s.is_terminal():
            break
        data = json.loads(json.dumps(s.to_json()))
        back = GameState.from_json(data)
        assert back.to_json() == data
        action = rng.choice(s.legal_actions())
        s.apply(action)
        back.apply(action)
        assert back.to_json() == s.to_json()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32))
def test_clone_shares_no_mutable_state(seed: int, walk: int) -> None:
    s = new_game(players=3, seed=seed)
    rng = random.Random(walk)
    for _ in range(60):
        if s.is_terminal():
            break
        c = s.clone()
        before = s.to_json()
        while not c.is_terminal() and rng.random() < 0.9:
            c.apply(rng.choice(c.legal_actions()))
        assert s.to_json() == before
        s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("variant", ["standard", "long", "coop", "true-friends"])
def test_ten_thousand_random_games_finish_without_error(variant: str) -> None:
    """2,500 random games per variant (10,000 in all), 1–8 players."""
    rng = random.Random(2026)
    finished = 0
    for g in range(2_500):
        players = 1 + g % 4 if variant == "coop" else 2 + g % 7
        s = new_game(players=players, seed=g, variant=variant)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        assert s.outcome != 0 and sum(s.returns()) >= 0
        finished += 1
    assert finished == 2_500
