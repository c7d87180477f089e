"""Ruling Z17 of RULINGS.md (what an action reveals, so what an undo may take back), named after
it: :func:`furuba.zodiac.reveals.reveals`, also read through the game's spec."""

from __future__ import annotations

import random

import pytest

from furuba import games
from furuba.zodiac import new_game
from furuba.zodiac.actions import DRAW, MOVE
from furuba.zodiac.reveals import reveals
from furuba.zodiac.state import GameState

from .conftest import YUKI_HUMAN, position


def act(state: GameState, text: str) -> int:
    return state.string_to_action(text)


def test_ruling_z17_a_draw_always_reveals() -> None:
    s = position(hands=[["Trust"], []])
    assert reveals(s, DRAW)
    reshuffle = position(hands=[["Trust"], []], deck=[], discard=["Insecurity"])
    assert reveals(reshuffle, DRAW)
    assert games.spec("zodiac").reveals(s, DRAW)


def test_ruling_z17_moving_tohru_reveals_nothing_but_what_follows_it() -> None:
    assert not reveals(position(), MOVE)
    assert not reveals(position(actions_taken=2), MOVE), "the next turn starts in the open"
    coop = position(variant="coop", actions_taken=2, deck=["Trust", "Summer Villa"])
    assert reveals(coop, MOVE), "Bestest Friends: the next turn starts with the deck's top card"
    last = position(tohru="Kyo", actions_taken=2, ender=1, final_left=1)
    assert reveals(last, MOVE), "the game ends: every hand becomes public"


def test_ruling_z17_a_card_from_a_hidden_hand_reveals_unless_known_or_open() -> None:
    hidden = position(hands=[["Brotherly Love"], []], tohru="Hatori")
    assert reveals(hidden, act(hidden, "play Brotherly Love"))
    known = position(hands=[["Brotherly Love"], []], known=[["Brotherly Love"], []], tohru="Hatori")
    assert not reveals(known, act(known, "play Brotherly Love")), "taken openly: everyone knows"
    coop = position(variant="coop", hands=[["Brotherly Love"], []], tohru="Hatori")
    assert not reveals(coop, act(coop, "play Brotherly Love")), "Bestest Friends: hands are open"


def test_ruling_z17_a_memory_reveals_through_its_draw_unless_none_follows() -> None:
    coop = position(variant="coop", hands=[["Trust"], []])
    assert reveals(coop, act(coop, "play Trust")), "the memory's draw"
    full = position(variant="coop", hands=[["Trust"], []], center=[*YUKI_HUMAN[:3], "Insecurity"])
    assert not reveals(full, act(full, "play Trust")), "the draw waits for the put-away"
    full.apply_string("play Trust")
    assert reveals(full, act(full, "put Insecurity away"))
    empty = position(hands=[["Trust"], []], known=[["Trust"], []], deck=[], discard=[])
    assert not reveals(empty, act(empty, "play Trust")), "nothing to draw"


def test_ruling_z17_an_option_reveals_only_what_it_sets_off() -> None:
    s = position(variant="coop", hands=[["Culture Festival"], []], deck=["Trust", "Insecurity"])
    assert not reveals(s, act(s, "play Culture Festival"))
    s.apply_string("play Culture Festival")
    assert not reveals(s, act(s, "option 1")), "flip the Sohma Tohru is next to"
    assert reveals(s, act(s, "option 2")), "move Tohru and draw a card"


def test_ruling_z17_taking_from_the_discard_pile_reveals_nothing_nor_discarding_it_again() -> None:
    s = position(hands=[["Old Photographs"], []], known=[["Old Photographs"], []],
                 discard=["Trust"])
    s.apply_string("play Old Photographs")
    assert not reveals(s, act(s, "take Trust"))
    over = position(hands=[["Trust", "Rainy Day", "Beach Trip", "Insecurity", "Sunny Picnic"], []],
                    known=[["Trust"], []])
    assert over.view(None)["pending"]["kind"] == "discard"
    assert not reveals(over, act(over, "discard Trust")), "everyone saw it taken"
    assert reveals(over, act(over, "discard Rainy Day"))


@pytest.mark.parametrize("variant", ["standard", "coop"])
def test_ruling_z17_nothing_leaves_the_deck_or_a_hidden_hand_unrevealed(variant: str) -> None:
    """Over random games: an action said to reveal nothing draws nothing, shuffles nothing, ends
    nothing, and every card leaving a hand was one the others could see or knew of."""
    rng = random.Random(17)
    for seed in range(12):
        s = new_game(players=3, seed=seed, variant=variant, max_rounds=6)
        while not s.is_terminal():
            action = rng.choice(s.legal_actions())
            after = s.child(action)
            if not reveals(s, action):
                assert (after.deck, after.counter, after.outcome) == (s.deck, s.counter, s.outcome)
                for p in range(3):
                    gone = set(s.hands[p]) - set(after.hands[p])
                    assert variant == "coop" or gone <= set(s.known[p])
            s = after
