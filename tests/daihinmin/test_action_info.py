"""Dai Hin Min actions as data: every id of the table has a kind and complete params, in any state,
and the params say what applying the action really does."""

from __future__ import annotations

import random

import numpy as np
import pytest

from furuba.core.errors import IllegalActionError
from furuba.daihinmin import GameState, new_game
from furuba.daihinmin.facts import KINDS
from furuba.daihinmin.moves import NUM_ACTIONS, PLAY_JOKERS, PLAY_NATURALS
from furuba.daihinmin.ranks import RANK_NAMES, names_of

from .helpers import position

PARAMS = {
    "pass": set(),
    "play": {"rank", "naturals", "jokers", "count", "cards"},
    "give": {"rank", "joker", "cards"},
    "revolution": {"declare"},
}
TITLES = ["Rich Man", "Second Richest", "Second Poorest", "Poor Man"]


def states() -> list[GameState]:
    """Positions of every phase: first leads, follows, the revolution question, the exchange
    (before and after a first gift), and the end of a game."""
    out: list[GameState] = []
    for seed in range(3):
        state = new_game(players=4 + seed, seed=seed, max_rounds=2)
        rng = random.Random(seed)
        seen: set[str] = set()
        step = 0
        while not state.is_terminal():
            if state.phase not in seen or step % 37 == 0:
                seen.add(state.phase)
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        out.append(state)
    jokers = position(players=4, phase="revolution", titles=TITLES, round=2,
                      hands=[["3♦", "4♦"], ["5♦"], ["6♦"], ["joker1", "joker2", "7♦"]])
    out.append(jokers)
    rich = position(players=4, phase="exchange", titles=TITLES, round=2,
                    hands=[["7♦", "7♠", "7♣", "joker2", "K♥"], ["5♦"], ["6♦"], ["8♦"]])
    out.append(rich.clone())
    rich.apply_string("give 7")
    out.append(rich)
    return out


STATES = states()


@pytest.mark.parametrize("state", STATES, ids=[f"{s.phase}-{i}" for i, s in enumerate(STATES)])
def test_every_action_has_a_kind_and_complete_params(state: GameState) -> None:
    assert state.num_distinct_actions() == NUM_ACTIONS
    for action in range(NUM_ACTIONS):
        info = state.action_info(action)
        assert info["id"] == action
        assert info["text"] == state.action_to_string(action)
        assert info["kind"] in KINDS
        params = info["params"]
        assert set(params) == PARAMS[info["kind"]], info
        if info["kind"] == "play":
            assert params["naturals"] == PLAY_NATURALS[action]
            assert params["jokers"] == PLAY_JOKERS[action]
            assert params["count"] == params["naturals"] + params["jokers"]
            assert (params["rank"] is None) == (params["naturals"] == 0)
            assert params["rank"] is None or params["rank"] in RANK_NAMES
            assert params["cards"] == [] or len(params["cards"]) == params["count"]
        elif info["kind"] == "give":
            assert params["joker"] == (params["rank"] is None)
            assert all(card.startswith("joker") == params["joker"] for card in params["cards"])


@pytest.mark.parametrize("state", STATES, ids=[f"{s.phase}-{i}" for i, s in enumerate(STATES)])
def test_params_say_what_the_action_does(state: GameState) -> None:
    player = state.current_player
    for info in state.legal_action_infos():
        after = state.child(info["id"])
        params = info["params"]
        if info["kind"] == "play":
            assert params["cards"], "a legal play names the cards it takes"
            played = after.view(None)["pile"]
            if played and played[-1]["player"] == player:
                assert played[-1]["cards"] == params["cards"]
            assert set(params["cards"]) <= set(names_of(state.hand(player)))
        elif info["kind"] == "give":
            assert names_of(after.pending_gifts(player) & ~state.pending_gifts(player)) \
                == params["cards"][:1] or after.phase != "exchange"
        elif info["kind"] == "revolution":
            assert after.revolution == params["declare"]


def test_a_gift_lists_the_cards_of_its_rank_in_the_order_gifts_take_them() -> None:
    state = position(players=4, phase="exchange", titles=TITLES, round=2,
                     hands=[["7♦", "7♠", "7♣", "joker2", "K♥"], ["5♦"], ["6♦"], ["8♦"]])
    give7 = state.string_to_action("give 7")
    assert state.action_info(give7)["params"] == {"rank": "7", "joker": False,
                                                  "cards": ["7♦", "7♠", "7♣"]}
    state.apply(give7)
    assert state.action_info(give7)["params"]["cards"] == ["7♠", "7♣"]
    joker = state.action_info(state.string_to_action("give joker"))
    assert joker["kind"] == "give" and joker["params"] == {"rank": None, "joker": True,
                                                           "cards": ["joker2"]}


def test_a_play_the_hand_cannot_make_names_no_cards() -> None:
    state = new_game(players=4, seed=7)
    info = state.action_info(state.string_to_action("play joker x2"))
    assert info["kind"] == "play" and info["params"]["cards"] == []
    assert info["params"] == {"rank": None, "naturals": 0, "jokers": 2, "count": 2, "cards": []}


def test_ids_are_checked_like_everywhere_else() -> None:
    state = new_game(players=4, seed=1)
    numpy_id: int = np.int64(0)  # type: ignore[assignment]
    assert state.action_info(numpy_id)["kind"] == "pass"
    for bad in (True, 1.0, -1, NUM_ACTIONS, "pass"):
        with pytest.raises(IllegalActionError):
            state.action_info(bad)  # type: ignore[arg-type]


def test_the_catalog_gives_the_rank_order_and_every_card() -> None:
    catalog = new_game(players=4, seed=1).catalog()
    assert catalog["ranks"] == list(RANK_NAMES)
    cards = catalog["playing_cards"]
    assert len(cards) == 54
    order = [catalog["ranks"].index(c["rank"]) if c["rank"] else 99 for c in cards.values()]
    assert order == sorted(order)
    assert cards["10♣"] == {"rank": "10", "suit": "♣", "joker": None}
    assert [cards[j]["joker"] for j in ("joker1", "joker2")] == [0, 1]


def test_a_giver_sees_how_many_cards_go_and_come_back() -> None:
    state = position(players=5, phase="exchange", round=2,
                     titles=["Rich Man", "Second Richest", "Merchant", "Second Poorest", "Poor Man"],
                     hands=[["7♦", "8♦"], ["5♦"], ["6♦"], ["9♦"], ["10♦"]])
    assert state.view(0)["must_give"] == {"to": 4, "count": 2, "back": 2}
    assert state.view(1)["must_give"] == {"to": 3, "count": 1, "back": 1}
    for other in (2, 3, 4, None):
        assert "must_give" not in state.view(other)
    state.apply_string("give 7")
    state.apply_string("give 8")
    assert state.current_player == 1 and state.view(1)["must_give"]["to"] == 3
    state.apply_string("give 5")
    assert state.phase == "play" and "must_give" not in state.view(0)
