"""One test (or more) per ruling Z1–Z16 of RULINGS.md, named after it."""

from __future__ import annotations

import random

import pytest

from furuba.core.errors import IllegalActionError, OptionsError
from furuba.zodiac import new_game
from furuba.zodiac.logtext import say_entry
from furuba.zodiac.seating import seat_players
from furuba.zodiac.state import COOP_LOST, COOP_WON, FINISHED, P_CENTER, P_HAND, TRUNCATED

from .conftest import YUKI_HUMAN, position


def names(state, zone):  # type: ignore[no-untyped-def]
    return [state.rules.kind_names[k] for k in zone]


# -- Z1 players and sets -------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "sets", "cards", "stack"),
                         [(2, 1, 53, 4), (4, 1, 53, 4), (5, 2, 106, 8), (8, 2, 106, 8)])
def test_ruling_z1_sets_default_to_one_per_four_players(players, sets, cards, stack):  # type: ignore[no-untyped-def]
    s = new_game(players=players, seed=1)
    assert s.rules.options.sets == sets
    assert len(s.rules.deck) == cards
    assert s.stacks == (stack,) * 13
    assert len(s.deck) + sum(len(h) for h in s.hands) == cards


def test_ruling_z1_one_set_for_six_players_lets_stacks_run_out() -> None:
    s = position(players=6, sets=1, tohru="Yuki", center=YUKI_HUMAN[:3],
                 friends=[["Yuki"], ["Yuki"], ["Yuki"], ["Yuki"], [], []], turn=4,
                 hands=[[], [], [], [], ["Trust"], []])
    assert s.stacks[0] == 0
    s.apply_string("play Trust")
    assert s.friendship_count(4) == 0, "no friendship card left for Yuki"


def test_ruling_z1_player_count_is_checked() -> None:
    with pytest.raises(OptionsError, match="2 to 8 players"):
        new_game(players=9)
    with pytest.raises(OptionsError, match="2 to 8 players"):
        new_game(players=1)
    assert new_game(players=12, sets=3).num_players == 12


# -- Z2 targets ----------------------------------------------------------------------------------
def test_ruling_z2_targets_standard_long_and_option() -> None:
    assert new_game(players=3).rules.options.target == 7
    assert new_game(players=3, variant="long").rules.options.target == 13
    assert new_game(players=3, target=5).rules.options.target == 5
    with pytest.raises(OptionsError):
        new_game(players=3, target=14)


# -- Z3 befriending is automatic -----------------------------------------------------------------
def test_ruling_z3_befriend_after_an_action_and_at_start_of_turn() -> None:
    # Player 1 ends their turn by moving Tohru from Kyo to Yuki: they befriend Yuki after that
    # action; then player 0 befriends Yuki at the start of their own turn.
    s = position(tohru="Kyo", tohru_side="back", center=YUKI_HUMAN, turn=1, actions_taken=2)
    s.apply_string("move")
    assert [f % 52 // 4 for f in s.friends[1]] == [0]
    assert s.turn == 0
    assert [f % 52 // 4 for f in s.friends[0]] == [0]


def test_ruling_z3_only_the_sohma_next_to_tohru_and_several_in_one_turn() -> None:
    # The center satisfies Kisa (sun, flower, flower) and Momiji's animal side... Tohru at Yuki.
    s = position(tohru="Yuki", center=["Sunny Picnic", "Planting Seeds", "Growing Taller",
                                       "Missing Mom"], flipped=["Momiji"])
    assert s.friendship_count(0) == 0, "Yuki is not satisfied; Kisa is not next to Tohru"
    s.apply_string("move")  # Hatsuharu
    assert s.friendship_count(0) == 0
    s.apply_string("move")  # Kisa
    assert s.friendship_count(0) == 1
    s.apply_string("move")  # Momiji, animal side: rain, flower, flower
    assert s.friendship_count(0) == 2


def test_ruling_z3_befriending_is_not_an_action() -> None:
    s = position(tohru="Kyo", center=YUKI_HUMAN)
    assert all(not n.startswith("befriend") for n in s.legal_action_strings())
    s.apply_string("move")
    assert s.friendship_count(0) == 1 and s.actions_taken == 1


# -- Z4 symbol matching by count ------------------------------------------------------------------
def test_ruling_z4_two_of_a_symbol_needs_two_memories() -> None:
    # Kisa's human side needs sun, flower, flower.
    one = position(tohru="Hatsuharu", center=["Sunny Picnic", "Planting Seeds", "Trust"])
    one.apply_string("move")
    assert one.friendship_count(0) == 0
    two = position(tohru="Hatsuharu", center=["Sunny Picnic", "Planting Seeds", "Growing Taller"])
    two.apply_string("move")
    assert two.friendship_count(0) == 1


def test_ruling_z4_tohru_wild_stands_in_for_one_missing_symbol() -> None:
    center = ["Sunny Picnic", "Planting Seeds"]  # one flower short of Kisa
    front = position(tohru="Hatsuharu", center=center)
    front.apply_string("move")
    assert front.friendship_count(0) == 0
    back = position(tohru="Hatsuharu", center=center, tohru_side="back")
    back.apply_string("move")
    assert back.friendship_count(0) == 1
    two_short = position(tohru="Hatsuharu", center=["Sunny Picnic"], tohru_side="back")
    two_short.apply_string("move")
    assert two_short.friendship_count(0) == 0


# -- Z5 Tohru's card -----------------------------------------------------------------------------
def test_ruling_z5_front_flips_the_sohma_at_end_of_turn_back_does_not() -> None:
    front = position(tohru="Yuki", actions_taken=2)
    front.apply_string("move")
    assert front.flipped == 1 << 1, "Hatsuharu flipped at the end of the turn"
    back = position(tohru="Yuki", actions_taken=2, tohru_side="back")
    back.apply_string("move")
    assert back.flipped == 0


def test_ruling_z5_only_card_effects_flip_tohru() -> None:
    s = new_game(players=3, seed=5)
    rng = random.Random(0)
    for _ in range(300):
        before = s.tohru_back
        legal = [a for a in s.legal_actions() if "Change of Heart" not in s.action_to_string(a)]
        if not legal or s.is_terminal():
            break
        s.apply(rng.choice(legal))
        assert s.tohru_back == before
    s = position(hands=[["A Change of Heart"], []])
    s.apply_string("play A Change of Heart")
    assert s.tohru_back


# -- Z6 drawing ----------------------------------------------------------------------------------
def test_ruling_z6_draw_illegal_with_four_cards_or_nothing_to_draw() -> None:
    four = position(hands=[["Trust", "Insecurity", "Rainy Day", "Beach Trip"], []])
    assert "draw" not in four.legal_action_strings()
    empty = position(hands=[["Trust"], []], deck=[], discard=[])
    assert "draw" not in empty.legal_action_strings()
    with pytest.raises(IllegalActionError):
        empty.apply_string("draw")


def test_ruling_z6_empty_deck_reshuffles_the_discard_pile_with_the_seeded_rng() -> None:
    def make(seed: int):  # type: ignore[no-untyped-def]
        return position(seed=seed, hands=[["Trust"], []], deck=[],
                        discard=["Rainy Day", "Beach Trip", "Hidden Tears", "Sunny Picnic"])
    a, b = make(3), make(3)
    a.apply_string("draw")
    b.apply_string("draw")
    assert a.to_json() == b.to_json()
    assert len(a.deck) == 3 and a.discard == ()
    orders = set()
    for seed in range(12):
        c = make(seed)
        c.apply_string("draw")
        orders.add(c.deck)
    assert len(orders) > 1, "the reshuffle depends on the game's seed"


def test_ruling_z6_memory_play_always_works_and_its_draw_is_skipped() -> None:
    s = position(hands=[["Trust"], []], deck=[], discard=[])
    s.apply_string("play Trust")
    assert names(s, s.center) == ["Trust"] and s.hands[0] == ()


def test_ruling_z6_memory_order_place_discard_draw_reshuffle_includes_it() -> None:
    # Center full, deck empty, discard empty: the memory put away is the only card to draw.
    s = position(hands=[["Rainy Day"], []], deck=[], discard=[], center=YUKI_HUMAN)
    s.apply_string("play Rainy Day")
    assert s.pending == P_CENTER
    s.apply_string("put Rainy Day away")
    assert names(s, s.hands[0]) == ["Rainy Day"], "reshuffled and drawn back"
    assert s.deck == () and s.discard == ()


def test_ruling_z6_event_draws_ignore_the_limit_and_discard_pile_is_public() -> None:
    s = position(hands=[["Shopping Trip", "Trust", "Insecurity", "Rainy Day"], []],
                 discard=["Beach Trip"])
    s.apply_string("play Shopping Trip")
    assert len(s.hands[0]) == 5 and s.pending == P_HAND
    assert s.view(1)["discard"] == ["Beach Trip"]
    assert s.view(None)["discard"] == ["Beach Trip"]


# -- Z7 memories in the center -------------------------------------------------------------------
def test_ruling_z7_fifth_memory_player_chooses_including_the_new_one() -> None:
    s = position(hands=[["Rainy Day"], []], center=YUKI_HUMAN)
    s.apply_string("play Rainy Day")
    choices = s.legal_action_strings()
    assert sorted(choices) == sorted(f"put {m} away" for m in [*YUKI_HUMAN, "Rainy Day"])
    s.apply_string("put Rainy Day away")
    assert names(s, s.center) == YUKI_HUMAN
    assert names(s, s.discard)[-1] == "Rainy Day"


# -- Z8 hand limit -------------------------------------------------------------------------------
def test_ruling_z8_other_player_discards_down_to_four_at_once() -> None:
    s = position(hands=[["Leek Soup for Everyone", "Trust"],
                        ["Insecurity", "Rainy Day", "Beach Trip", "Hidden Tears"]])
    s.apply_string("play Leek Soup for Everyone")
    assert s.current_player == 1 and s.pending == P_HAND
    assert len(s.hands[1]) == 5
    s.apply(s.legal_actions()[0])
    assert len(s.hands[1]) == 4
    assert s.current_player == 0 and s.actions_taken == 1


def test_ruling_z8_discard_at_once_inside_an_everyone_draws_event() -> None:
    # Leek Soup: every player draws 1 in turn. Player 1 goes to 5 and discards before player 2
    # draws; the deck is then empty, so player 2's draw reshuffles that discard and gets it.
    def leek_soup(**extra: object):  # type: ignore[no-untyped-def]
        return position(players=3, hands=[["Leek Soup for Everyone"],
                                          ["Trust", "Insecurity", "Rainy Day", "Beach Trip"],
                                          ["Hidden Tears"]],
                        deck=["Sunny Picnic", "A Warm Meal"], discard=[], **extra)
    s = leek_soup()
    s.apply_string("play Leek Soup for Everyone")
    assert s.current_player == 1 and s.pending == P_HAND
    assert [len(h) for h in s.hands] == [1, 5, 1], "player 2 has not drawn yet"
    s.apply_string("discard Trust")
    assert [len(h) for h in s.hands] == [1, 4, 2]
    assert sorted(names(s, s.hands[2])) == ["Hidden Tears", "Trust"], "drawn after the reshuffle"
    assert names(s, s.discard) == ["Leek Soup for Everyone"] and s.deck == ()
    assert s.current_player == 0 and s.actions_taken == 1
    codes = [(e[0], e[1]) for e in s.log_entries()]
    assert codes[-5:] == [(0, "draw"), (1, "draw"), (1, "discard"), (2, "reshuffle"), (2, "draw")]
    # Bestest Friends (Z14): the same discard comes at once, but nothing is reshuffled: player 2
    # draws nothing, and with the deck empty after the event the team has lost.
    coop = leek_soup(variant="coop")
    coop.apply_string("play Leek Soup for Everyone")
    assert coop.current_player == 1 and coop.pending == P_HAND
    coop.apply_string("discard Trust")
    assert [len(h) for h in coop.hands] == [1, 4, 1] and names(coop, coop.discard) == [
        "Trust", "Leek Soup for Everyone"]
    assert coop.outcome == COOP_LOST


# -- Z9 events -----------------------------------------------------------------------------------
def test_ruling_z9_player_chooses_and_event_discarded_after_resolving() -> None:
    s = position(hands=[["Brotherly Love"], []], tohru="Hatori")
    s.apply_string("play Brotherly Love")
    assert s.current_player == 0
    assert "Brotherly Love" not in names(s, s.discard), "still being resolved"
    s.apply_string("option 3")
    assert s.tohru == 5 and names(s, s.discard) == ["Brotherly Love"]


def test_ruling_z9_event_with_no_possible_effect_is_still_played() -> None:
    s = position(hands=[["Spring Cleaning"], []], center=[])
    s.apply_string("play Spring Cleaning")
    assert names(s, s.discard) == ["Spring Cleaning"] and s.actions_taken == 1


def test_ruling_z9_take_a_memory_from_the_discard_pile_into_the_hand() -> None:
    s = position(hands=[["Old Photographs"], []], discard=["Trust", "Shopping Trip"])
    s.apply_string("play Old Photographs")
    assert s.legal_action_strings() == ["take Trust"], "events cannot be taken"
    s.apply_string("take Trust")
    assert names(s, s.hands[0]) == ["Trust"]
    assert s.view(1)["known_cards"][0] == ["Trust"], "everyone saw it taken"


def test_ruling_z9_event_is_not_part_of_the_reshuffle_it_triggers() -> None:
    s = position(hands=[["Shopping Trip"], []], deck=[], discard=["Trust", "Insecurity"])
    s.apply_string("play Shopping Trip")
    assert sorted(names(s, s.hands[0])) == ["Insecurity", "Trust"]
    assert names(s, s.discard) == ["Shopping Trip"]


# -- Z10 no passing ------------------------------------------------------------------------------
def test_ruling_z10_move_is_always_legal() -> None:
    rng = random.Random(10)
    for seed in range(40):
        s = new_game(players=rng.randint(2, 6), seed=seed)
        while not s.is_terminal():
            if s.pending == 0:
                assert "move" in s.legal_action_strings()
            s.apply(rng.choice(s.legal_actions()))


# -- Z11 end of game -----------------------------------------------------------------------------
def test_ruling_z11_final_turn_for_each_other_player_and_shared_win() -> None:
    # Player 0 reaches 7 by befriending Yuki; players 1 and 2 then get one final turn each.
    six = ["Hatsuharu", "Kisa", "Momiji", "Hatori", "Ayame", "Horse"]
    s = position(players=3, tohru="Kyo", tohru_side="back", center=YUKI_HUMAN,
                 friends=[six, six, []])
    s.apply_string("move")
    assert s.friendship_count(0) == 7 and s.ender == 0 and not s.is_terminal()
    s.apply_string("move")
    s.apply_string("move")
    assert s.turn == 1 and not s.is_terminal()
    # Player 1 befriends Yuki straight away at the start of the final turn (Tohru moved on,
    # so bring her back): they reach 7 too, and the game still ends after player 2's turn.
    for _ in range(3):
        s.apply_string("move")
    assert s.turn == 2 and not s.is_terminal()
    for _ in range(3):
        s.apply_string("move")
    assert s.is_terminal() and s.outcome == FINISHED
    counts = [s.friendship_count(p) for p in range(3)]
    best = max(counts)
    assert s.returns() == [1 / counts.count(best) if c == best else 0.0 for c in counts]


def test_ruling_z11_tied_leaders_win_together() -> None:
    s = position(players=2, target=1, tohru="Kyo", tohru_side="back", center=YUKI_HUMAN,
                 turn=1, actions_taken=2, hands=[[], []])
    s.apply_string("move")        # player 1 befriends Yuki: target 1 reached; turn ends
    assert s.turn == 0            # player 0's final turn starts next to Yuki: befriended
    for _ in range(3):
        s.apply_string("draw")
    assert s.is_terminal()
    assert s.returns() == [0.5, 0.5]


# -- Z12 safety cap ------------------------------------------------------------------------------
def test_ruling_z12_round_cap_truncates_without_final_turns() -> None:
    s = new_game(players=3, seed=2, max_rounds=2)
    while not s.is_terminal():
        s.apply_string("move")
    assert s.outcome == TRUNCATED and s.truncated and s.round == 2
    counts = [s.friendship_count(p) for p in range(3)]
    assert sum(s.returns()) == pytest.approx(1.0)
    assert all(r > 0 for p, r in enumerate(s.returns()) if counts[p] == max(counts))


# -- Z13 seating ---------------------------------------------------------------------------------
def test_ruling_z13_seating_by_sign_younger_first_undated_last() -> None:
    order = seat_players(["Kim 1990-05-01", "Ann 1996-03-02", "Zed", "Di 1984-07-09",
                          "Bo 1997-01-20", "Al"])
    assert [p.name for p in order] == ["Ann", "Di", "Bo", "Kim", "Zed", "Al"]
    assert [p.sign for p in order[:4]] == ["Rat", "Rat", "Ox", "Horse"]


# -- Z14 Bestest Friends ---------------------------------------------------------------------------
def test_ruling_z14_solo_open_hands_and_reveal_at_start_of_turn() -> None:
    s = new_game(players=1, seed=3, variant="coop")
    assert s.coop and s.num_players == 1
    duo = new_game(players=2, seed=3, variant="coop")
    assert duo.view(0)["hands"].keys() == {"0", "1"}, "hands are open to the team"
    revealed = [e for e in duo.log_entries() if e[1] == "reveal"]
    assert len(revealed) == 1 and len(duo.deck) == 53 - 6 - 1


def test_ruling_z14_revealed_event_is_played_at_once_by_the_active_player() -> None:
    s = position(variant="coop", deck=["Trust", "Summer Villa"], turn=1, actions_taken=2,
                 hands=[[], []], tohru="Kyo")
    s.apply_string("move")
    assert s.turn == 0 and s.current_player == 0
    assert s.legal_action_strings()[0].startswith("choose"), "Summer Villa: choose a Sohma"


def test_ruling_z14_team_wins_with_all_thirteen_scoring_the_deck() -> None:
    twelve = ["Hatsuharu", "Kisa", "Momiji", "Hatori", "Ayame", "Horse", "Hiro", "Ritsu",
              "Bird", "Shigure", "Kagura", "Kyo"]
    s = position(variant="coop", tohru="Kyo", center=YUKI_HUMAN, friends=[twelve],
                 deck=["Rainy Day", "Beach Trip", "Insecurity"], hands=[[], []])
    s.apply_string("move")
    assert s.outcome == COOP_WON
    assert s.returns() == [1.0, 1.0] and s.scores() == [3.0, 3.0]


def test_ruling_z14_no_reshuffle_draw_illegal_on_empty_deck_and_loss() -> None:
    s = position(variant="coop", deck=[], discard=["Trust"], hands=[["Rainy Day"], []])
    assert "draw" not in s.legal_action_strings()
    s.apply_string("move")
    assert s.outcome == COOP_LOST and s.returns() == [0.0, 0.0]


# -- Z15 True Friends ----------------------------------------------------------------------------
def test_ruling_z15_prompt_shown_answer_kept_in_the_journal_and_saved() -> None:
    s = position(variant="true-friends", hands=[["Trust"], []])
    s.apply_string("play Trust")
    view = s.view(1)
    assert view["journal"][0]["memory"] == "Trust" and view["journal"][0]["prompt"]
    s.write_answer(0, "  the day my sister   taught me to ride a bike ")
    saved = type(s).from_json(s.to_json())
    assert saved.view(0)["journal"][0]["answer"] == "the day my sister taught me to ride a bike"
    plain = position(hands=[["Trust"], []])
    plain.apply_string("play Trust")
    assert plain.journal == ()
    with pytest.raises(IllegalActionError):
        plain.write_answer(0, "hello")


# -- Z16 the Example Turn --------------------------------------------------------------------------
def test_ruling_z16_example_turn_plays_out_exactly_as_written() -> None:
    s = position(tohru="Hatori", hands=[["Brotherly Love", "Insecurity"], None],
                 center=["Trust", "Sharing Heartache"])
    assert s.friendship_count(0) == 0
    s.apply_string("play Brotherly Love")
    assert s.legal_action_strings() == ["option 1: 3 Sohmas counterclockwise",
                                        "option 2: 5 Sohmas counterclockwise",
                                        "option 3: straight to Ayame"]
    s.apply_string("option 1")
    assert s.view(0)["tohru"]["name"] == "Hatsuharu"
    assert s.friendship_count(0) == 0, "Trust and Sharing Heartache are not enough"
    s.apply_string("play Insecurity")
    assert names(s, s.center) == ["Trust", "Sharing Heartache", "Insecurity"]
    assert len(s.hands[0]) == 1, "drew a card"
    assert [f % 52 // 4 for f in s.friends[0]] == [1], "Hatsuharu befriended"
    s.apply_string("move")
    assert s.view(0)["sohmas"][2]["side"] == "animal", "Kisa flipped at the end of the turn"
    assert s.turn == 1
    log = s.view(1)["log"]
    said = [say_entry(e, s.rules.cardset, ["Ann", "Ben"], you=1) for e in log]
    assert "Ann befriended Hatsuharu (2♦, human side)" in said
    assert said[-2:] == ["End of turn: Kisa flips", "Round 1: your turn"]
    assert {"msg": "befriend", "args": {"sohma": 1, "friendship": "2♦", "side": "human"}} in [
        {"msg": e["msg"], "args": e["args"]} for e in log]
