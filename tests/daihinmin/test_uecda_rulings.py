"""One test (or more) per ruling D19–D30 of docs/RULINGS.md — the UECda contest's rules, each an
option of its own — named after it; and every kind of bot playing whole games under the preset."""

from __future__ import annotations

import random
from typing import Any

import pytest

from furuba.bots.registry import make_bot
from furuba.core.errors import OptionsError
from furuba.daihinmin import new_game
from furuba.daihinmin.options import PRESETS, UECDA
from furuba.daihinmin.ranks import JOKER_MASK, deck_mask, names_of

from .helpers import check_cards, count, events_after, names, play_round, position

UECDA_RULES: dict[str, Any] = PRESETS[UECDA]


# -- D19 strong joker -----------------------------------------------------------------------------
def test_ruling_d19_a_lone_joker_beats_every_single_and_only_the_spade_three_beats_it() -> None:
    state = position(players=4, strong_joker="on", spade_three="on", suit_lock="on",
                     hands=[["joker", "5♦"], ["3♠", "K♦"], ["2♠", "4♦"], ["6♦", "9♦"]],
                     pile=[{"player": 2, "cards": ["A♥"]}, {"player": 3, "cards": ["2♥"]}],
                     lock=["♥"], turn=0)
    assert names(state) == ["pass", "play joker"]           # a lock does not stop it
    state.apply_string("play joker")
    assert state.view(None)["lock"] == []                    # nothing but the 3♠ may follow
    assert names(state) == ["pass", "play 3♠"]
    n = count(state)
    state.apply_string("play 3♠")
    assert events_after(state, n) == ["play", "spade three", "clear"]
    assert state.current_player == 1


def test_ruling_d19_off_a_lone_joker_is_the_weakest() -> None:
    state = position(players=4, hands=[["joker", "5"], ["3", "K"], ["4"], ["6"]],
                     pile=[{"player": 3, "cards": ["2"]}], turn=0)
    assert names(state) == ["pass"]


# -- D20 revolution ---------------------------------------------------------------------------------
def test_ruling_d20_four_of_a_kind_or_a_run_of_five_reverses_the_ranks_until_the_next() -> None:
    state = position(players=4, rank_revolution="on", sequences="on",
                     hands=[["5♦", "5♥", "5♠", "5♣", "9♦"], ["4♦", "6♦", "K♦"], ["3♦", "8♦"],
                            ["7♥", "8♥", "9♥", "10♥", "J♥", "Q♣"]], turn=0)
    n = count(state)
    state.apply_string("play 5♦ 5♥ 5♠ 5♣")
    assert events_after(state, n) == ["play", "rank revolution"]
    assert state.view(None)["reversed"] is True
    for _ in range(3):
        state.apply_string("pass")
    state.apply_string("play 9♦")
    assert "play 6♦" in names(state) and "play K♦" not in names(state)   # lower ranks win
    state = position(players=4, rank_revolution="on", sequences="on",
                     hands=[["9♦"], ["4♦"], ["3♦"], ["7♥", "8♥", "9♥", "10♥", "J♥", "Q♣"]],
                     reversed=True, turn=3)
    state.apply_string("play run 7♥ 8♥ 9♥ 10♥ J♥")
    assert state.view(None)["reversed"] is False             # reversed back


# -- D21 named joker --------------------------------------------------------------------------------
def test_ruling_d21_a_joker_names_its_suit_which_locks_and_a_run_may_pass_the_ends() -> None:
    state = position(players=4, named_joker="on", suit_lock="on", sequences="on",
                     hands=[["7♠", "joker", "K♥"], ["8♠", "8♦", "4♣"], ["3♦"], ["9♥"]],
                     pile=[{"player": 3, "cards": ["6♠", "6♦"]}], turn=0)
    assert "play 7♠ joker:7♦" in names(state) and "play 7♠ joker:7♥" in names(state)
    n = count(state)
    state.apply_string("play 7♠ joker:7♦")
    assert events_after(state, n) == ["play", "lock"]
    assert names(state) == ["pass", "play 8♦ 8♠"]
    lead = position(players=4, named_joker="on", sequences="on",
                    hands=[["3♠", "4♠", "joker"], ["8♠"], ["3♦"], ["9♥"]], turn=0)
    runs = [n for n in names(lead) if n.startswith("play run")]
    assert runs == ["play run 3♠ 4♠ joker", "play run joker 3♠ 4♠"]


# -- D22 passing is final ---------------------------------------------------------------------------
def test_ruling_d22_a_pass_is_for_the_trick_and_its_last_player_is_asked_again() -> None:
    state = position(players=4, pass_out="on",
                     hands=[["5", "9"], ["6", "K"], ["3", "4"], ["7", "8"]],
                     pile=[{"player": 3, "cards": ["4♦"]}], turn=0)
    state.apply_string("pass")
    state.apply_string("play 6")
    state.apply_string("pass")              # player 2
    state.apply_string("pass")              # player 3
    assert state.current_player == 1        # the last player is asked, player 0 passed for good
    assert names(state) == ["pass", "play K"]
    state.apply_string("pass")
    assert state.pile_top()[1] == 0 and state.current_player == 1
    assert "pass" in names(state)           # a leader may pass too
    state.apply_string("pass")
    assert state.current_player == 2 and state.pile_top()[1] == 0


def test_ruling_d22_twenty_passes_without_a_play_end_the_round_by_lot() -> None:
    state = new_game(seed=4, rules="uecda", max_rounds=2, target=None)
    start = state.round
    for _ in range(20):
        state.apply_string("pass")
    assert state.round == start + 1
    assert sorted(state.scores()) == [1.0, 2.0, 3.0, 4.0, 5.0]


# -- D23 the 3♦ leads --------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(5))
def test_ruling_d23_the_holder_of_the_three_of_diamonds_leads_every_round(seed: int) -> None:
    state = new_game(players=5, seed=seed, diamond_three="on", max_rounds=3)
    rng = random.Random(seed)
    for _ in range(2):
        while state.phase != "play":
            state.apply(rng.choice(state.legal_actions()))
        assert "3♦" in names_of(state.hand(state.current_player))
        play_round(state, rng)


# -- D24 the Rich choose after receiving ------------------------------------------------------------
def test_ruling_d24_the_poor_give_their_strongest_first_and_the_rich_choose_from_all() -> None:
    state = new_game(players=5, seed=11, rules="uecda", max_rounds=3, target=None)
    rng = random.Random(3)
    while state.phase != "exchange":
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.current_player)
    taken = [e for e in view["log"] if e["event"] == "taken"]
    assert len(taken) == 1 and taken[0]["receiver"] == state.current_player
    got = taken[0]["cards"]
    assert set(got) <= set(names_of(state.hand(state.current_player)))
    gifts = state.legal_action_strings()
    assert all(f"give {card}" in gifts or card == "joker1" for card in got)   # may give back
    poor = taken[0]["player"]
    if "joker1" not in got:                                  # a joker is given first
        assert not state.hand(poor) & JOKER_MASK


def test_ruling_d24_a_card_the_rich_give_back_is_the_poor_s_own_in_every_world() -> None:
    """The Poor Man's strongest cards went to the Rich Man, who gave one of them back: the Poor
    Man knows where it is (his own hand), and the worlds he imagines never put it in two hands."""
    house = {"strong_joker": "on", "exchange_after": "on", "jokers": 1}
    state = new_game(players=4, seed=6, **house)
    play_round(state, random.Random(6))
    for choice in (3339, 0, 0):
        legal = state.legal_actions()
        state.apply(legal[choice % len(legal)])
    exchange = {(giver, receiver): cards for giver, receiver, cards in state.exchange}
    rich, poor = next(pair for pair in exchange if exchange[pair[::-1]] & exchange[pair])
    returned = exchange[(rich, poor)] & exchange[(poor, rich)]
    assert returned and state.hand(poor) & returned == returned
    for seed in range(20):
        world = state.determinize(poor, random.Random(seed))
        check_cards(world)
        assert world.hand(poor) == state.hand(poor)
        assert not world.hand(rich) & returned
        assert world.view(poor) == state.view(poor)


# -- D25 points by place ------------------------------------------------------------------------------
def test_ruling_d25_each_place_scores_a_point_more() -> None:
    state = new_game(players=5, seed=2, place_points="on", max_rounds=1)
    play_round(state, random.Random(1))
    assert sorted(state.scores()) == [1.0, 2.0, 3.0, 4.0, 5.0]


# -- D26 jokers in the deck ---------------------------------------------------------------------------
@pytest.mark.parametrize("jokers", [0, 1])
def test_ruling_d26_a_deck_with_fewer_jokers_and_no_revolution_question(jokers: int) -> None:
    state = new_game(players=5, seed=3, jokers=jokers, max_rounds=3)
    assert sum(state.hand_sizes()) == 52 + jokers
    check_cards(state)
    play_round(state, random.Random(2))
    assert state.phase == "exchange"                # D10 needs both jokers: nobody asked
    assert deck_mask(jokers).bit_count() == 52 + jokers


# -- D27 drawn seats ------------------------------------------------------------------------------
def test_ruling_d27_seats_are_drawn_every_few_rounds_and_kept_between() -> None:
    seatings = []
    state = new_game(players=5, seed=5, reseat_every=2, max_rounds=6, target=None)
    rng = random.Random(5)
    while not state.is_terminal():
        seatings.append(state.seating)
        play_round(state, rng)
    assert seatings[0] == seatings[1] and seatings[2] == seatings[3]
    assert len(set(seatings)) > 1


# -- D28 forgotten titles -------------------------------------------------------------------------
def test_ruling_d28_titles_are_forgotten_every_few_rounds() -> None:
    state = new_game(players=5, seed=6, reset_every=2, max_rounds=4, target=None)
    rng = random.Random(6)
    play_round(state, rng)
    assert state.phase in ("revolution", "exchange")    # round 2: titles
    play_round(state, rng)
    assert state.phase == "play" and set(state.titles) == {-1}      # round 3: forgotten
    assert sum(state.scores()) == 2 * 10                           # points kept


# -- D29 the UECda preset ---------------------------------------------------------------------------
def test_ruling_d29_the_uecda_preset_sets_the_contest_s_rules_and_yields_to_options() -> None:
    state = new_game(rules="uecda", seed=1)
    assert state.num_players == 5 and state.options.preset == UECDA
    assert {**state.options.house_options(), **state.options.settings()} == UECDA_RULES
    other = new_game(rules="uecda", seed=1, eight_cut="off")
    assert not other.options.eight_cut and other.options.preset is None
    with pytest.raises(OptionsError, match="rules must be one of"):
        new_game(rules="tokyo")


@pytest.mark.parametrize("spec", ["random", "greedy", "easy", "normal", "hard", "expert",
                                  "policy"])
def test_ruling_d29_every_bot_plays_whole_uecda_games(spec: str) -> None:
    state = new_game(rules="uecda", seed=3, max_rounds=2, target=None)
    bots = [make_bot(spec, seed=p) for p in range(5)]
    steps = 0
    while not state.is_terminal():
        action = bots[state.current_player].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
        steps += 1
        assert steps < 3000
    assert sum(state.scores()) == 2 * 15


# -- D30 a run beats a run from above ---------------------------------------------------------
def test_ruling_d30_a_run_beats_a_run_only_from_above_its_top() -> None:
    fields: dict[str, Any] = dict(
        players=4, sequences="on",
        hands=[["4♥", "5♥", "6♥", "7♥", "8♥"], ["9♦"], ["3♦"], ["K♣"]],
        pile=[{"player": 3, "cards": ["3♠", "4♠", "5♠"]}], turn=0)
    loose = [n for n in names(position(**fields)) if n.startswith("play run")]
    strict = [n for n in names(position(run_above="on", **fields)) if n.startswith("play run")]
    assert "play run 4♥ 5♥ 6♥" in loose and "play run 4♥ 5♥ 6♥" not in strict
    assert strict == ["play run 6♥ 7♥ 8♥"]


def test_ruling_d19_d20_a_hint_calls_a_card_sure_only_in_the_order_in_force() -> None:
    from furuba.daihinmin.explain import explain_action

    strong = position(players=4, strong_joker="on",
                      hands=[["2", "5"], ["joker", "3"], ["4"], ["6"]], turn=0)
    assert "no card still out" not in explain_action(strong, strong.string_to_action("play 2"), 0)
    reversed_ = position(players=4, rank_revolution="on", reversed=True,
                         hands=[["3", "5"], ["2", "K"], ["4"], ["6"]], turn=0)
    said = explain_action(reversed_, reversed_.string_to_action("play 3"), 0)
    assert "no card still out can beat" in said              # lower ranks win: nothing beats 3


def test_ruling_d20_d22_the_greedy_policy_plays_the_uecda_rules() -> None:
    from furuba.daihinmin.greedy import greedy_action

    rng = random.Random(0)
    lead = position(players=4, pass_out="on", hands=[["3", "9"], ["4"], ["5"], ["6"]], turn=0)
    assert lead.action_to_string(greedy_action(lead, rng)) == "play 3"     # never passes a lead
    back = position(players=4, pass_out="on", hands=[["9", "3"], ["4"], ["5"], ["6"]],
                    pile=[{"player": 0, "cards": ["8"]}], passed=[1, 2, 3], turn=0)
    assert back.action_to_string(greedy_action(back, rng)) == "pass"       # the lead is its own
    reversed_ = position(players=4, rank_revolution="on", reversed=True,
                         hands=[["3", "9", "K"], ["4"], ["5"], ["6"]], turn=0)
    assert reversed_.action_to_string(greedy_action(reversed_, rng)) == "play K"   # weakest now
