"""One test (or more) per ruling D1–D11 of ../shared/RULINGS.md, named after it."""

from __future__ import annotations

import random

import pytest

from furuba.core.errors import IllegalActionError, OptionsError
from furuba.core.protocol import TERMINAL
from furuba.core.rng import shuffled
from furuba.daihinmin import new_game
from furuba.daihinmin.moves import PASS
from furuba.daihinmin.scoring import TITLE_NAMES, points_by_place, titles_by_place

from .helpers import FULL, check_cards, mask, names, play_round, position

# ---------------------------------------------------------------- D1 players and deck


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_ruling_d1_four_to_seven_players_share_all_54_cards(players: int) -> None:
    state = new_game(players=players, seed=players)
    hands = [state.hand(p) for p in range(players)]
    assert sum(h.bit_count() for h in hands) == 54
    union = 0
    for h in hands:
        assert not union & h
        union |= h
    assert union == FULL
    check_cards(state)


@pytest.mark.parametrize("players", [0, 1, 2, 3, 8, 12])
def test_ruling_d1_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(OptionsError, match="4 to 7 players"):
        new_game(players=players)


# ---------------------------------------------------------------- D2 first round


def test_ruling_d2_dealer_is_drawn_with_the_seeded_rng() -> None:
    dealers = [new_game(players=5, seed=s).view(None)["dealer"] for s in range(60)]
    assert set(dealers) == {0, 1, 2, 3, 4}
    assert dealers == [new_game(players=5, seed=s).view(None)["dealer"] for s in range(60)]


def test_ruling_d2_deal_one_at_a_time_clockwise_from_dealers_left() -> None:
    state = new_game(players=5, seed=9, dealer=2)
    view = state.view(None)
    assert view["dealer"] == 2
    # 54 = 5 * 10 + 4: the four players dealt first (left of the dealer onwards) get 11.
    assert view["hand_sizes"] == [11, 11, 10, 11, 11]
    order = shuffled(range(54), seed=9, counter=0)      # a given dealer draws nothing
    for i, card in enumerate(order):
        assert state.hand((3 + i) % 5) >> card & 1
    # The player left of the dealer leads.
    assert state.current_player == 3
    assert state.phase == "play"
    assert "pass" not in names(state)


def test_ruling_d2_first_round_has_no_exchange_and_no_revolution_question() -> None:
    for seed in range(10):
        state = new_game(players=4, seed=seed)
        assert state.phase == "play"
        assert state.round == 1
        dealer = state.view(None)["dealer"]
        assert state.current_player == (dealer + 1) % 4


# ---------------------------------------------------------------- D3 ranks


def test_ruling_d3_two_is_highest_and_three_lowest() -> None:
    state = position(hands=[["2", "3"], ["A"], ["5"], ["6"]],
                     pile=[{"player": 1, "cards": ["A"]}], turn=0)
    assert names(state) == ["pass", "play 2"]
    state = position(hands=[["A", "A", "K", "3"], ["5"], ["6"], ["7"]],
                     pile=[{"player": 3, "cards": ["2"]}], turn=0)
    assert names(state) == ["pass"]


def test_ruling_d3_any_single_beats_a_lone_joker() -> None:
    state = position(hands=[["3", "joker"], ["5"], ["6"], ["7"]],
                     pile=[{"player": 3, "cards": ["joker"]}], turn=0)
    assert names(state) == ["pass", "play 3"]


def test_ruling_d3_jokers_alone_never_follow_but_a_joker_in_a_set_takes_its_rank() -> None:
    state = position(hands=[["joker", "joker", "4"], ["5"], ["6"], ["7"]],
                     pile=[{"player": 3, "cards": ["3", "3"]}], turn=0)
    assert names(state) == ["pass", "play 4+joker"]
    state = position(hands=[["7", "joker"], ["5"], ["6"], ["8"]],
                     pile=[{"player": 3, "cards": ["6♠", "6♣"]}], turn=0)
    assert names(state) == ["pass", "play 7+joker"]
    state.apply_string("play 7+joker")
    assert state.view(None)["pile"][-1]["cards"] == ["7♦", "joker1"]


def test_ruling_d3_suits_never_matter() -> None:
    state = position(hands=[["7♥", "7♣"], ["5"], ["6"], ["8"]],
                     pile=[{"player": 3, "cards": ["7♦"]}], turn=0)
    assert names(state) == ["pass"]


# ---------------------------------------------------------------- D4 sets


def test_ruling_d4_sets_of_one_to_six_cards() -> None:
    state = position(hands=[["9", "9", "9", "9", "joker", "joker"], ["5"], ["6"], ["8"]], turn=0)
    legal = names(state)
    assert "play 9x4+joker x2" in legal
    assert legal[:2] == ["play joker", "play joker x2"]
    assert len(legal) == 2 + 4 * 3
    state.apply_string("play 9x4+joker x2")
    assert state.pile_top() == (6, 6)
    assert state.hand(0) == 0


def test_ruling_d4_follow_same_count_strictly_higher() -> None:
    state = position(hands=[["8", "8", "9", "9", "9", "10"], ["5"], ["6"], ["7"]],
                     pile=[{"player": 3, "cards": ["8", "8"]}], turn=0)
    assert names(state) == ["pass", "play 9x2"]
    with pytest.raises(IllegalActionError, match="strictly higher"):
        state.apply_string("play 8x2")
    with pytest.raises(IllegalActionError, match="exactly 2"):
        state.apply_string("play 9x3")
    with pytest.raises(IllegalActionError, match="exactly 2"):
        state.apply_string("play 10")


def test_ruling_d4_the_leader_cannot_pass() -> None:
    state = position(hands=[["5"], ["6"], ["7"], ["8"]], turn=0)
    assert "pass" not in names(state)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="must play"):
        state.apply(PASS)
    assert state.to_json() == before


# ---------------------------------------------------------------- D5 passing


def _four_hands() -> list[list[str]]:
    return [["5", "9", "K", "K"], ["6", "10", "Q"], ["7", "J"], ["8", "3"]]


def test_ruling_d5_a_follower_may_pass_when_able_and_play_later_in_the_trick() -> None:
    state = position(hands=_four_hands(), turn=0)
    state.apply_string("play 5")
    assert "play 6" in names(state) and "pass" in names(state)
    state.apply_string("pass")              # player 1 could play, passes
    state.apply_string("play 7")            # player 2
    state.apply_string("pass")              # player 3
    state.apply_string("play 9")            # player 0
    assert state.current_player == 1
    state.apply_string("play 10")           # player 1 is not locked out
    assert state.view(None)["pile"][-1] == {"player": 1, "play": "play 10", "cards": ["10♦"],
                                            "run": False}


def test_ruling_d5_pile_clears_when_every_other_holder_passed_in_a_row() -> None:
    state = position(hands=_four_hands(), turn=0)
    state.apply_string("play 5")
    state.apply_string("pass")
    state.apply_string("pass")
    assert state.pile_top() == (2, 1)
    state.apply_string("pass")
    assert state.pile_top()[1] == 0
    assert state.current_player == 0            # the last to play leads the new pile
    assert state.view(None)["log"][-1] == {"n": 5, "event": "clear", "leader": 0}
    assert "pass" not in names(state)


def test_ruling_d5_lead_passes_on_when_the_last_player_went_out() -> None:
    state = position(hands=[["5"], ["6", "3"], ["7", "3"], ["8", "3"]], turn=0)
    state.apply_string("play 5")                # player 0 goes out
    assert state.finishing_order == (0,)
    for _ in range(3):                          # all three holders must pass
        state.apply_string("pass")
    assert state.pile_top()[1] == 0
    assert state.current_player == 1            # next holder after player 0, clockwise


def test_ruling_d5_players_without_cards_are_skipped_and_not_waited_for() -> None:
    state = position(players=5, hands=[["5", "4"], ["6", "3"], [], ["8", "3"], ["9", "3"]],
                     turn=0)
    state.apply_string("play 5")
    assert state.current_player == 1
    state.apply_string("pass")
    assert state.current_player == 3            # player 2 is out
    state.apply_string("pass")
    state.apply_string("pass")
    assert state.pile_top()[1] == 0 and state.current_player == 0


# ---------------------------------------------------------------- D6 going out and scoring


def test_ruling_d6_going_out_scores_one_point_per_player_still_holding() -> None:
    state = position(hands=[["5"], ["6", "3"], ["7", "3"], ["8", "3"]], turn=0,
                     scores=[1, 2, 3, 4])
    state.apply_string("play 5")
    assert state.scores() == [4.0, 2.0, 3.0, 4.0]
    assert state.view(None)["log"][-1] == {"n": 2, "event": "out", "player": 0, "place": 1,
                                           "points": 3}


def test_ruling_d6_round_ends_when_one_player_is_left_who_scores_zero() -> None:
    state = position(hands=[[], [], ["5"], ["9", "9"]], finished=[1, 0], scores=[2, 3, 0, 0],
                     turn=2)
    state.apply_string("play 5")
    assert state.scores() == [2.0, 3.0, 1.0, 0.0]
    assert state.round == 2
    log = state.to_json()["log"]
    end = next(e for e in log if e["event"] == "round end")
    assert end["order"] == [1, 0, 2, 3]
    assert end["points"] == [2, 3, 1, 0]


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_ruling_d6_round_points_sum_to_n_times_n_minus_one_over_two(players: int) -> None:
    assert sum(points_by_place(players)) == players * (players - 1) // 2
    state = new_game(players=players, seed=11)
    rng = random.Random(players)
    for _ in range(3):
        before = sum(state.scores())
        play_round(state, rng)
        assert sum(state.scores()) - before == players * (players - 1) // 2


# ---------------------------------------------------------------- D7 titles


@pytest.mark.parametrize(("players", "expected"), [
    (4, ["Rich Man", "Second Richest", "Second Poorest", "Poor Man"]),
    (5, ["Rich Man", "Second Richest", "Merchant", "Second Poorest", "Poor Man"]),
    (7, ["Rich Man", "Second Richest"] + ["Merchant"] * 3 + ["Second Poorest", "Poor Man"]),
])
def test_ruling_d7_titles_by_finishing_place(players: int, expected: list[str]) -> None:
    assert [TITLE_NAMES[t] for t in titles_by_place(players)] == expected


def test_ruling_d7_titles_after_a_played_round() -> None:
    state = position(players=5, hands=[[], ["4"], [], [], ["9", "9"]], finished=[2, 0, 3],
                     turn=1)
    state.apply_string("play 4")
    titles = state.view(None)["titles"]
    assert titles == ["Second Richest", "Second Poorest", "Rich Man", "Merchant", "Poor Man"]


# ---------------------------------------------------------------- D8 next round


def test_ruling_d8_reseat_poor_man_deals_rich_man_leads() -> None:
    state = position(players=5, hands=[[], ["4"], [], [], ["9", "9"]], finished=[2, 0, 3],
                     turn=1, seed=4)
    state.apply_string("play 4")                    # order: 2, 0, 3, 1, 4
    view = state.view(None)
    # The Rich Man (2) keeps seat 2; the others follow him clockwise in finishing order.
    assert view["seating"] == [1, 4, 2, 0, 3]
    assert view["dealer"] == 4                      # the Poor Man deals
    # Dealing starts at the dealer's left: the Rich Man, who gets one of the 4 extra cards.
    assert view["hand_sizes"][2] == 11 and view["hand_sizes"][4] == 10
    assert state.phase == "revolution" and state.current_player == 4
    state.apply_string("keep quiet")
    assert state.current_player == 2
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.current_player == 0                 # the Second Richest
    state.apply(state.legal_actions()[0])
    assert state.phase == "play"
    assert state.current_player == 2                 # the Rich Man leads
    assert "pass" not in names(state)
    check_cards(state)


# ---------------------------------------------------------------- D9 exchange


def _exchange_position(poor_hand: list[str]) -> dict[str, object]:
    return {
        "players": 4,
        "titles": ["Rich Man", "Second Richest", "Second Poorest", "Poor Man"],
        "hands": [["3", "4", "K", "K"], ["5", "6", "Q"], ["7", "A", "8"], poor_hand],
        "phase": "revolution",
    }


def test_ruling_d9_exchange_poor_gives_two_highest_rich_chooses_two() -> None:
    state = position(**_exchange_position(["2", "2", "9", "joker", "joker"]))
    assert state.current_player == 3
    state.apply_string("keep quiet")
    assert state.phase == "exchange" and state.current_player == 0
    assert names(state) == ["give 3", "give 4", "give K"]
    state.apply_string("give 3")
    assert names(state) == ["give 4", "give K"]      # one card at a time, from the dealt hand
    state.apply_string("give K")
    assert state.current_player == 1
    state.apply_string("give 5")
    hands = state.to_json()["hands"]
    assert hands[0] == ["4♦", "K♥", "2♦", "2♥"]
    assert hands[3] == ["3♦", "9♦", "K♦", "joker1", "joker2"]   # jokers are never forced
    assert hands[1] == ["6♦", "Q♦", "A♦"]
    assert hands[2] == ["5♦", "7♦", "8♦"]
    assert state.phase == "play" and state.current_player == 0


def test_ruling_d9_jokers_count_lowest_and_equal_ranks_give_any_suit() -> None:
    state = position(**_exchange_position(["A♣", "A♥", "3", "joker", "joker"]))
    state.apply_string("keep quiet")
    for text in ("give K", "give K", "give 5"):
        state.apply_string(text)
    got = state.to_json()["exchange"]
    assert {"from": 3, "to": 0, "cards": ["A♥", "A♣"]} in got


def test_ruling_d9_rich_man_cannot_give_what_he_receives() -> None:
    state = position(**_exchange_position(["2", "2", "9", "joker", "joker"]))
    state.apply_string("keep quiet")
    with pytest.raises(IllegalActionError, match="hand as dealt"):
        state.apply_string("give 2")
    state.apply_string("give 3")
    with pytest.raises(IllegalActionError, match="hand as dealt"):
        state.apply_string("give 3")


def test_ruling_d9_each_gift_is_seen_only_by_the_two_players_involved() -> None:
    state = position(**_exchange_position(["2", "2", "9", "joker", "joker"]))
    for text in ("keep quiet", "give 3", "give 4", "give 5"):
        state.apply_string(text)
    rich = state.view(0)["exchange"]
    assert rich == [{"from": 0, "to": 3, "cards": ["3♦", "4♦"]},
                    {"from": 3, "to": 0, "cards": ["2♦", "2♥"]}]
    assert state.view(1)["exchange"] == [{"from": 1, "to": 2, "cards": ["5♦"]},
                                         {"from": 2, "to": 1, "cards": ["A♦"]}]
    assert "exchange" not in state.view(None)
    public = [e for e in state.view(None)["log"] if e["event"] == "exchange"]
    assert public == [{"n": 2, "event": "exchange", "rich_man": 0, "poor_man": 3,
                       "second_richest": 1, "second_poorest": 2}]
    text = str(state.view(1))
    assert "2♥" not in text and "3♦" not in text


def test_ruling_d9_rich_man_knows_poor_man_holds_nothing_above_the_lower_gift() -> None:
    # A full deal, so that re-dealt hands have something to get wrong.
    rest = [c for c in _all_names() if c not in
            {"A♦", "K♦", "2♦", "2♥", "2♠", "2♣", "A♥", "A♠", "A♣"}]
    hands = [["2♦", "2♥", "2♠", "2♣", "A♥", "A♠", "A♣", *rest[:7]], rest[7:21], rest[21:34],
             ["A♦", "K♦", *rest[34:]]]
    state = position(players=4, hands=hands, phase="exchange",
                     titles=["Rich Man", "Second Richest", "Second Poorest", "Poor Man"])
    state.apply_string("give 2")
    state.apply_string("give 2")
    state.apply(state.legal_actions()[0])             # the Second Richest's gift
    assert state.view(0)["known_limit"] == {"player": 3, "no_natural_above": "K"}
    assert state.view(0)["known"] == [{"player": 3, "cards": ["2♦", "2♥"]}]
    gave = mask(["2♦", "2♥"])
    rng = random.Random(5)
    for _ in range(200):
        world = state.determinize(0, rng)
        poor = world.hand(3)
        assert poor & gave == gave
        unknown = poor & ~gave
        assert not unknown & mask(["A♥", "A♠", "A♣", "2♠", "2♣"])
        check_cards(world)


def _all_names() -> list[str]:
    from furuba.daihinmin.ranks import CARD_NAMES
    return list(CARD_NAMES)


# ---------------------------------------------------------------- D10 revolution


def test_ruling_d10_poor_man_is_always_asked_declare_needs_both_jokers() -> None:
    one = position(**_exchange_position(["2", "2", "9", "joker"]))
    assert names(one) == ["keep quiet"]
    with pytest.raises(IllegalActionError, match="both jokers"):
        one.apply_string("declare revolution")
    both = position(**_exchange_position(["2", "2", "9", "joker", "joker"]))
    assert names(both) == ["declare revolution", "keep quiet"]
    state = new_game(players=4, seed=3)
    play_round(state, random.Random(1))
    assert state.phase == "revolution"
    assert state.current_player == state.view(None)["titles"].index("Poor Man")


def test_ruling_d10_revolution_no_exchange_poor_man_leads_counterclockwise() -> None:
    state = position(**_exchange_position(["2", "2", "9", "joker", "joker"]))
    before = state.to_json()["hands"]
    state.apply_string("declare revolution")
    assert state.to_json()["hands"] == before          # no exchange
    view = state.view(None)
    assert view["revolution"] and view["direction"] == "counterclockwise"
    assert view["log"][-1]["cards"] == ["joker1", "joker2"]   # the jokers are shown
    assert state.phase == "play" and state.current_player == 3
    state.apply_string("play 9")
    assert state.current_player == 2                   # counterclockwise
    state.apply_string("play A")
    assert state.current_player == 1
    state.apply_string("pass")
    state.apply_string("pass")
    assert state.current_player == 3
    state.apply_string("pass")
    assert state.current_player == 2 and state.pile_top()[1] == 0


def test_ruling_d10_lead_after_a_clear_goes_counterclockwise_too() -> None:
    state = position(**_exchange_position(["9", "joker", "joker"]))
    state.apply_string("declare revolution")
    state.apply_string("play 9+joker x2")              # the Poor Man goes out at once
    assert state.finishing_order == (3,)
    for _ in range(3):
        state.apply_string("pass")
    assert state.current_player == 2                   # next holder counterclockwise


def test_ruling_d10_titles_and_reseating_as_usual_then_clockwise_again() -> None:
    state = position(players=4, hands=[["3"], ["4", "4"], ["5", "K"], ["9", "joker", "joker"]],
                     phase="revolution", seating=[0, 1, 2, 3],
                     titles=["Rich Man", "Second Richest", "Second Poorest", "Poor Man"])
    state.apply_string("declare revolution")
    state.apply_string("play 9+joker x2")             # 3 out first
    state.apply_string("pass")                        # 2
    state.apply_string("pass")                        # 1
    state.apply_string("pass")                        # 0 -> clear, lead to 2
    state.apply_string("play 5")                      # 2
    state.apply_string("pass")                        # 1
    state.apply_string("pass")                        # 0
    state.apply_string("play K")                      # 2 out second
    state.apply_string("pass")                        # 1
    state.apply_string("pass")                        # 0 -> clear, lead to 1 (after 2)
    assert state.current_player == 1
    state.apply_string("play 4x2")                    # 1 out third; 0 is last
    view = state.view(None)
    assert view["titles"] == ["Poor Man", "Second Poorest", "Second Richest", "Rich Man"]
    assert view["seating"] == [2, 1, 0, 3]            # the Rich Man (3) keeps his seat
    assert view["direction"] == "clockwise" and not view["revolution"]
    assert state.phase == "revolution" and state.current_player == 0


# ---------------------------------------------------------------- D11 game end


def test_ruling_d11_game_ends_after_the_round_in_which_the_target_is_reached() -> None:
    state = position(hands=[["5"], ["6", "3"], ["7", "3"], ["8", "3"]], turn=0,
                     scores=[4, 0, 0, 0], target=5)
    state.apply_string("play 5")
    assert state.scores()[0] == 7 and not state.is_terminal()   # the round goes on
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.round == 1 and state.current_player == TERMINAL
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
    assert state.legal_actions() == []
    assert not state.truncated


def test_ruling_d11_ties_win_together() -> None:
    state = position(hands=[[], [], ["5"], ["9", "9"]], finished=[0, 1], scores=[6, 5, 0, 0],
                     turn=2, target=6)
    state.apply_string("play 5")
    assert state.is_terminal()
    assert state.scores() == [6.0, 5.0, 1.0, 0.0]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
    state = position(hands=[[], [], ["5"], ["9", "9"]], finished=[0, 1], scores=[6, 6, 0, 0],
                     turn=2, target=6)
    state.apply_string("play 5")
    assert state.returns() == [0.5, 0.5, 0.0, 0.0]
    assert state.view(None)["winners"] == [0, 1]


def test_ruling_d11_round_limit_instead_of_or_beside_the_target() -> None:
    rng = random.Random(2)
    state = new_game(players=6, seed=1, max_rounds=2)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.round == 2 and state.truncated
    assert sum(state.returns()) == pytest.approx(1.0)
    state = new_game(players=4, seed=1, target=None, max_rounds=3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.round == 3 and state.truncated
    with pytest.raises(OptionsError, match="target"):
        new_game(players=4, target=None, max_rounds=None)
