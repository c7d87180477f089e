"""Views never leak another seat's cards while the game runs; determinize respects knowledge."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from furuba.daihinmin import GameState, new_game
from furuba.daihinmin.ranks import CARD_NAMES, cards_of

from .helpers import check_cards, mask, play_round, position


def _strings(value: Any) -> set[str]:
    """Every string leaf (and key) of a JSON value."""
    out: set[str] = set()
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            out.add(str(key))
            out |= _strings(item)
    elif isinstance(value, list):
        for item in value:
            out |= _strings(item)
    return out


def _legitimately_known(state: GameState, viewer: int | None) -> int:
    """Cards in other hands the viewer may know: its gifts (until played), revealed jokers."""
    known = 0
    for item in state.view(viewer).get("known", []):
        known |= mask(item["cards"])
    return known


def assert_no_leak(state: GameState) -> None:
    if state.is_terminal():
        return
    for viewer in [None, *range(state.num_players)]:
        view = state.view(viewer)
        json.dumps(view)                                  # JSON-ready
        # Cards named in earlier rounds' events were dealt again since: scan this round only.
        log = view.pop("log")
        starts = [i for i, event in enumerate(log) if event["event"] == "round"]
        seen = _strings(view) | _strings(log[starts[-1] if starts else 0:])
        allowed = _legitimately_known(state, viewer)
        for other in range(state.num_players):
            if other == viewer:
                continue
            for card in cards_of(state.hand(other) & ~allowed):
                assert CARD_NAMES[card] not in seen, \
                    f"view of {viewer} shows {CARD_NAMES[card]} held by {other}"


@settings(max_examples=20, deadline=None)
@given(players=st.integers(4, 7), seed=st.integers(0, 2**32),
       choices=st.lists(st.integers(0, 999), min_size=5, max_size=100))
def test_views_never_contain_another_seats_cards(players: int, seed: int,
                                                 choices: list[int]) -> None:
    state = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    play_round(state, rng)                 # into round 2: exchange and knowledge
    for choice in choices:
        if state.is_terminal():
            break
        assert_no_leak(state)
        legal = state.legal_actions()
        state.apply(legal[choice % len(legal)])


def test_exchange_gifts_in_flight_are_secret() -> None:
    state = position(players=4, phase="exchange",
                     titles=["Rich Man", "Second Richest", "Second Poorest", "Poor Man"],
                     hands=[["3", "4", "K"], ["5", "6"], ["7", "8"], ["9", "10"]])
    state.apply_string("give K")
    assert state.view(0)["giving"] == ["K♦"]
    for viewer in (None, 1, 2, 3):
        assert "K♦" not in _strings(state.view(viewer))
    assert_no_leak(state)


def test_revolution_jokers_are_public_knowledge_until_played() -> None:
    state = position(players=4, phase="revolution",
                     titles=["Rich Man", "Second Richest", "Second Poorest", "Poor Man"],
                     hands=[["3", "4"], ["5", "6"], ["7", "8"], ["9", "joker", "joker", "10"]])
    state.apply_string("declare revolution")
    for viewer in (None, 0, 1, 2):
        assert state.view(viewer)["known"] == [{"player": 3, "cards": ["joker1", "joker2"]}]
    world = state.determinize(1, random.Random(3))
    assert world.hand(3) & mask(["joker1", "joker2"]) == mask(["joker1", "joker2"])
    state.apply_string("play 10+joker")
    assert state.view(None)["known"] == [{"player": 3, "cards": ["joker2"]}]


def test_spectator_and_player_views_while_running() -> None:
    state = new_game(players=5, seed=8)
    spectator = state.view(None)
    assert "hand" not in spectator and "hands" not in spectator
    assert spectator["viewer"] is None and spectator["turn"] == state.current_player
    mine = state.view(state.current_player)
    assert mine["legal"] == state.legal_action_strings()
    assert len(mine["hand"]) == mine["hand_sizes"][state.current_player]
    other = (state.current_player + 1) % 5
    assert "legal" not in state.view(other)
    # The log is numbered; a player's own deal is a private event only they see.
    log = mine["log"]
    assert log[0] == {"n": 1, "event": "round", "round": 1, "dealer": spectator["dealer"],
                      "seating": [0, 1, 2, 3, 4]}
    private = [e for e in log if "to" in e]
    assert private == [{"after": 1, "to": state.current_player, "event": "dealt",
                        "player": state.current_player, "cards": mine["hand"]}]
    assert not [e for e in spectator["log"] if "to" in e]


def test_everything_is_public_once_the_game_is_over() -> None:
    state = new_game(players=4, seed=5, max_rounds=2)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    for viewer in (None, 0, 3):
        view = state.view(viewer)
        assert view["hands"] == state.to_json()["hands"]
        assert view["log"] == state.to_json()["log"]
        assert view["turn"] is None and view["phase"] == "over"
    world = state.determinize(2, random.Random(0))
    assert world.to_json()["hands"] == state.to_json()["hands"]


@pytest.mark.parametrize("seed", range(6))
def test_determinize_respects_hand_sizes_and_own_hand(seed: int) -> None:
    state = new_game(players=6, seed=seed)
    rng = random.Random(seed)
    play_round(state, rng)
    for _ in range(rng.randrange(40)):
        state.apply(rng.choice(state.legal_actions()))
    viewer = seed % 6
    worlds = [state.determinize(viewer, random.Random(k)) for k in range(5)]
    for world in worlds:
        check_cards(world)
        assert world.hand(viewer) == state.hand(viewer)
        assert world.hand_sizes() == state.hand_sizes()
        assert world.view(viewer) == state.view(viewer)
        assert world.legal_actions() == state.legal_actions() or \
            world.current_player != viewer
    others = [tuple(w.hand(p) for p in range(6) if p != viewer) for w in worlds]
    assert len(set(others)) > 1                  # the hidden hands really are re-dealt
    # reseeded: later deals do not follow the real deck
    assert {w.to_json()["seed"] for w in worlds} != {state.to_json()["seed"]}
