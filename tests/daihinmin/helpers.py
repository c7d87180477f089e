"""Shared helpers for the Dai Hin Min tests."""

from __future__ import annotations

import random
from typing import Any

from furuba.daihinmin import GameState, new_game
from furuba.daihinmin.ranks import FULL_DECK, deck_mask, parse_card

FULL = FULL_DECK


def position(**fields: Any) -> GameState:
    """A state from a human-written position (``game`` filled in)."""
    return GameState.from_json({"game": "daihinmin", **fields})


def names(state: GameState) -> list[str]:
    return state.legal_action_strings()


def events_after(state: GameState, n: int) -> list[str]:
    """The kinds of the public events after event ``n``."""
    return [e["event"] for e in state.view(None, log_from=n)["log"] if "n" in e]


def count(state: GameState) -> int:
    """The number of public events so far."""
    return len([e for e in state.view(None)["log"] if "n" in e])


def mask(card_names: list[str]) -> int:
    out = 0
    for name in card_names:
        _, card = parse_card(name)
        assert card is not None, name
        assert not out >> card & 1, f"{name} twice"
        out |= 1 << card
    return out


def played_this_round(data: dict[str, Any]) -> list[int]:
    """Masks of every set played since the current round was dealt, from a to_json log (and the
    cards a fallen Rich Man laid face up, house rule D15)."""
    sets: list[int] = []
    for event in data["log"]:
        if event["event"] == "round":
            sets = []
        elif event["event"] in ("play", "fallen"):
            sets.append(mask(event["cards"]))
    return sets


def check_cards(state: GameState) -> None:
    """No card lost or duplicated: hands and the sets played this round partition the deck (54
    cards, fewer with fewer jokers, D26), and the pile holds exactly the last sets played."""
    data = state.to_json()
    seen = 0
    total = 0
    for hand in data["hands"]:
        m = mask(hand)
        assert not seen & m, "a card is in two hands"
        seen |= m
        total += len(hand)
    for played in played_this_round(data):
        assert not seen & played, "a played card is still in a hand or was played twice"
        seen |= played
        total += played.bit_count()
    deck = deck_mask(state.options.jokers)
    assert seen == deck and total == deck.bit_count()
    pile = 0
    for entry in data["pile"]:
        pile |= mask(entry["cards"])
    assert pile & ~FULL == 0
    assert [state.hand(p) for p in range(state.num_players)] == \
        [mask(h) for h in data["hands"]]


def random_action(state: GameState, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


def play_random(state: GameState, rng: random.Random, max_steps: int = 100_000) -> int:
    """Play uniformly random actions to the end; the number of steps."""
    steps = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < max_steps
    return steps


def play_round(state: GameState, rng: random.Random) -> None:
    """Play random actions until the round changes or the game ends."""
    start = state.round
    while not state.is_terminal() and state.round == start:
        state.apply(rng.choice(state.legal_actions()))


def game(players: int = 4, seed: int = 0, **options: Any) -> GameState:
    return new_game(players=players, seed=seed, **options)


ALL_RULES = {"eight_cut": "on", "sequences": "on", "fallen_capital": "on", "eleven_back": "on",
             "suit_lock": "on", "spade_three": "on"}
"""Every house rule on (D13-D18)."""
