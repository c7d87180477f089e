"""One test (or more) per house-rule ruling D13-D18 of docs/RULINGS.md, named after it; the
options that switch them on; and a check that every Dai Hin Min ruling has its test."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from furuba import games
from furuba.bots.registry import make_bot
from furuba.cli.main import app
from furuba.core.errors import IllegalActionError, OptionsError
from furuba.daihinmin import new_game
from furuba.daihinmin.moves import NUM_ACTIONS, PASS, play_id
from furuba.i18n import speaking

from .helpers import ALL_RULES, count, events_after, names, play_round, position

ROOT = Path(__file__).resolve().parents[2]




# -- the options ---------------------------------------------------------------------------------
def test_house_rules_are_off_by_default_and_the_rulebook_table_is_kept() -> None:
    state = new_game(players=4, seed=1)
    assert state.options.house_rules == ()
    assert state.num_distinct_actions() == NUM_ACTIONS == 175
    assert "house_rules" not in state.view(0) and "back" not in state.to_json()
    spec = games.spec("daihinmin")
    for name in ALL_RULES:
        option = spec.option(name)
        assert option.default == "off" and option.choices == ("off", "on")


@pytest.mark.parametrize("value", ["yes", 1, "onn", ""])
def test_a_house_rule_is_on_or_off_and_anything_else_is_refused(value: object) -> None:
    with pytest.raises(OptionsError, match="eight_cut must be on or off"):
        new_game(players=4, seed=1, eight_cut=value)  # type: ignore[arg-type]
    with speaking("ja"), pytest.raises(OptionsError, match="オン"):
        new_game(players=4, seed=1, eight_cut=value)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="unknown"):
        games.spec("daihinmin").option("eight_cut").check(str(value) or "x", online=True)


def test_the_table_grows_only_when_suits_matter() -> None:
    sizes = {name: new_game(seed=1, **{name: "on"}).num_distinct_actions() for name in ALL_RULES}
    assert sizes == {"eight_cut": 175, "sequences": 8160, "fallen_capital": 175,
                     "eleven_back": 175, "suit_lock": 812, "spade_three": 812}


# -- D13 8-cut -----------------------------------------------------------------------------------
def test_ruling_d13_a_play_of_eights_ends_the_trick_and_its_player_leads() -> None:
    state = position(players=4, eight_cut="on", hands=[["8", "8", "3", "K"], ["9", "9"], ["4"],
                                                       ["6", "Q"]],
                     pile=[{"player": 3, "cards": ["5", "5"]}], turn=0)
    n = count(state)
    state.apply_string("play 8x2")
    assert events_after(state, n) == ["play", "eight cut", "clear"]
    assert state.current_player == 0 and state.pile_top() == (-2, 0)
    assert state.legal_actions()[0] != PASS     # he leads: nobody could answer the 8s


def test_ruling_d13_off_the_eights_are_an_ordinary_set() -> None:
    state = position(players=4, hands=[["8", "8", "3", "K"], ["9", "9"], ["4"], ["6", "Q"]],
                     pile=[{"player": 3, "cards": ["5", "5"]}], turn=0)
    state.apply_string("play 8x2")
    assert state.current_player == 1 and names(state) == ["pass", "play 9x2"]


def test_ruling_d13_going_out_on_an_eight_passes_the_lead_on() -> None:
    state = position(players=4, eight_cut="on", hands=[["8"], ["9", "3"], ["4", "5"], ["6", "Q"]],
                     pile=[{"player": 3, "cards": ["5"]}], turn=0)
    state.apply_string("play 8")
    assert state.finishing_order == (0,)
    assert state.current_player == 1 and state.pile_top() == (-2, 0)


def test_ruling_d13_a_run_through_the_eight_cuts_a_joker_standing_for_it_too() -> None:
    state = position(players=4, eight_cut="on", sequences="on",
                     hands=[["7♠", "joker", "9♠", "3♦", "K♦"], ["9♥", "3♥"], ["4♦"], ["6♦"]],
                     turn=0)
    n = count(state)
    state.apply_string("play run 7♠ joker 9♠")
    assert events_after(state, n) == ["play", "eight cut", "clear"]
    assert state.current_player == 0


# -- D14 sequences -------------------------------------------------------------------------------
def test_ruling_d14_a_run_leads_and_only_a_longer_top_of_the_same_length_follows() -> None:
    state = position(players=4, sequences="on",
                     hands=[["4♠", "5♠", "6♠", "K♦"], ["5♥", "6♥", "7♥", "7♦", "7♣", "7♠", "2♦"],
                            ["3♦"], ["6♦"]], turn=0)
    assert "play run 4♠ 5♠ 6♠" in names(state)
    state.apply_string("play run 4♠ 5♠ 6♠")
    assert names(state) == ["pass", "play run 5♥ 6♥ 7♥"]    # no set follows a run
    state.apply_string("play run 5♥ 6♥ 7♥")
    assert state.pile_top() == (2, 3)
    assert state.to_json()["pile"][-1]["cards"] == ["5♥", "6♥", "7♥"]


def test_ruling_d14_jokers_stand_only_for_missing_ranks_and_runs_do_not_wrap() -> None:
    state = position(players=4, sequences="on",
                     hands=[["K♠", "A♠", "2♠", "3♠", "4♠", "6♠", "joker", "joker"], ["5♥"],
                            ["3♦"], ["6♦"]], turn=0)
    runs = [a for a in names(state) if "run" in a]
    assert "play run K♠ A♠ 2♠" in runs and "play run 3♠ 4♠ joker 6♠" in runs
    assert "play run joker 4♠ joker 6♠" not in runs       # the 3♠ is held: no joker for it
    assert not any("2♠ 3♠" in a for a in runs)             # 2 is the top: no wrap to 3
    with pytest.raises(IllegalActionError, match="stands only for a rank the hand lacks"):
        state.apply_string("play run joker 4♠ joker 6♠")
    with pytest.raises(IllegalActionError, match="not all in the hand"):
        state.apply_string("play run 4♠ 5♠ 6♠")
    assert "play run Q♠ K♠ A♠" not in runs and "play run joker K♠ A♠ 2♠" in runs


def test_ruling_d14_runs_need_the_option_and_plays_name_their_cards() -> None:
    plain = position(players=4, suit_lock="on", hands=[["4♠", "5♠", "6♠"], ["5♥"], ["3♦"], ["6♦"]],
                     turn=0)
    assert not any("run" in a for a in names(plain))
    assert names(plain)[:2] == ["play 4♠", "play 5♠"]
    with pytest.raises(IllegalActionError, match="names no suits"):
        plain.apply(play_id(1, 1, 0))                   # 'play 4': the rulebook's set


def test_ruling_d14_under_eleven_back_a_lower_run_beats() -> None:
    state = position(players=4, sequences="on", eleven_back="on",
                     hands=[["3♥", "4♥", "5♥", "K♦"], ["5♠", "6♠", "7♠", "8♠", "9♠"], ["3♦"],
                            ["6♦"]],
                     pile=[{"player": 3, "cards": ["9♦", "10♦", "J♦"]}], back=True, turn=0)
    assert names(state) == ["pass", "play run 3♥ 4♥ 5♥"]


# -- D15 fallen capital ------------------------------------------------------------------------
def _second_round(**rules: str):  # type: ignore[no-untyped-def]
    """Round 2 with player 0 the Rich Man; player 1 is about to go out first."""
    return position(players=4, round=2, titles=["Rich Man", "Second Richest", "Second Poorest",
                                                "Poor Man"], scores=[3, 2, 1, 0],
                    hands=[["3", "4", "K"], ["9"], ["5", "6"], ["7", "Q"]],
                    pile=[{"player": 0, "cards": ["8"]}], turn=1, **rules)


def test_ruling_d15_a_rich_man_who_does_not_go_out_first_falls_to_last_at_once() -> None:
    state = _second_round(fallen_capital="on")
    n = count(state)
    state.apply_string("play 9")
    assert events_after(state, n) == ["play", "out", "fallen"]
    assert state.hand(0) == 0 and state.view(None)["fallen"] == 0
    assert state.view(None)["log"][-1]["cards"] == ["3♦", "4♦", "K♦"]   # laid face up
    before = sum(state.scores())
    play_round(state, random.Random(1))
    log = [e for e in state.view(None)["log"] if e["event"] == "round end"][-1]
    assert log["order"][0] == 1 and log["order"][-1] == 0
    assert log["titles"][0] == "Poor Man" and log["points"][0] == 0
    assert sum(state.scores()) - before == 6 - 3        # 3 went to the first one out


def test_ruling_d15_no_fall_when_he_goes_out_first_or_the_rule_is_off() -> None:
    state = _second_round()
    state.apply_string("play 9")
    assert state.hand(0) and "fallen" not in state.view(None)
    state = position(players=4, round=2, fallen_capital="on",
                     titles=["Rich Man", "Second Richest", "Second Poorest", "Poor Man"],
                     hands=[["9"], ["3", "4"], ["5", "6"], ["7", "Q"]], turn=0)
    state.apply_string("play 9")
    assert state.view(None)["fallen"] is None and state.finishing_order == (0,)


def test_ruling_d15_every_round_the_points_still_sum_to_n_n_minus_1_over_2() -> None:
    for seed in range(6):
        state = new_game(players=5, seed=seed, max_rounds=4, fallen_capital="on")
        rng = random.Random(seed)
        while not state.is_terminal():
            before = sum(state.scores())
            play_round(state, rng)
            assert sum(state.scores()) - before == 10


# -- D16 11-back ---------------------------------------------------------------------------------
def test_ruling_d16_jacks_reverse_the_order_until_the_trick_ends() -> None:
    state = position(players=4, eleven_back="on",
                     hands=[["J", "3", "K"], ["Q", "9", "4"], ["10", "2"], ["A", "5"]], turn=0)
    n = count(state)
    state.apply_string("play J")
    assert events_after(state, n) == ["play", "eleven back"]
    assert names(state) == ["pass", "play 4", "play 9"]       # lower ranks win now
    assert state.view(None)["back"] is True
    state.apply_string("play 9")
    state.apply_string("pass")
    state.apply_string("play 5")
    for _ in range(3):
        if state.pile_top()[1]:
            state.apply_string("pass")
    assert state.view(None)["back"] is False                  # the trick ended


def test_ruling_d16_jokers_alone_stay_lowest_and_a_revolution_does_not_change_it() -> None:
    state = position(players=4, eleven_back="on", round=2, revolution=True,
                     titles=["Rich Man", "Second Richest", "Second Poorest", "Poor Man"],
                     hands=[["4", "K"], ["Q", "9"], ["10", "2"], ["A", "joker", "joker"]],
                     pile=[{"player": 3, "cards": ["J"]}], back=True, turn=2)
    assert names(state) == ["pass", "play 10"]
    assert state.direction == -1


# -- D17 suit lock -------------------------------------------------------------------------------
def test_ruling_d17_two_plays_in_the_same_suits_lock_the_trick() -> None:
    state = position(players=4, suit_lock="on",
                     hands=[["5♠", "5♥", "9♦"], ["6♠", "6♥", "8♦", "8♣", "joker"], ["3♦"],
                            ["7♠", "7♥", "K♠", "K♦"]],
                     pile=[{"player": 3, "cards": ["4♠", "4♥"]}], turn=0)
    n = count(state)
    state.apply_string("play 5♠ 5♥")
    assert events_after(state, n) == ["play", "lock"]
    assert state.view(None)["lock"] == ["♥", "♠"]
    assert names(state) == ["pass", "play 6♥ joker", "play 6♠ joker", "play 6♥ 6♠"]
    state.apply_string("play 6♠ joker")                  # the joker stands in for the ♥
    state.apply_string("pass")
    assert names(state) == ["pass", "play 7♥ 7♠"]


def test_ruling_d17_a_joker_never_starts_a_lock_and_the_lock_ends_with_the_trick() -> None:
    state = position(players=4, suit_lock="on",
                     hands=[["5♠", "joker", "9♦"], ["6♠", "6♥"], ["3♦"], ["7♠", "K♠"]],
                     pile=[{"player": 3, "cards": ["4♠", "4♥"]}], turn=0)
    state.apply_string("play 5♠ joker")
    assert state.view(None)["lock"] == []
    state = position(players=4, suit_lock="on", hands=[["5♠", "9♦"], ["6♠", "2♦"], ["3♦"],
                                                       ["7♦"]],
                     pile=[{"player": 3, "cards": ["4♠"]}], turn=0)
    state.apply_string("play 5♠")
    assert state.view(None)["lock"] == ["♠"]
    state.apply_string("play 6♠")
    state.apply_string("pass")
    state.apply_string("pass")
    state.apply_string("pass")
    assert state.view(None)["lock"] == [] and state.current_player == 1


# -- D18 spade 3 ---------------------------------------------------------------------------------
def test_ruling_d18_the_three_of_spades_beats_a_lone_two_and_ends_the_trick() -> None:
    state = position(players=4, spade_three="on",
                     hands=[["3♠", "3♦", "K♦"], ["5♥"], ["4♦"], ["6♦", "9♦"]],
                     pile=[{"player": 3, "cards": ["2♥"]}], turn=0)
    assert names(state) == ["pass", "play 3♠"]
    n = count(state)
    state.apply_string("play 3♠")
    assert events_after(state, n) == ["play", "spade three", "clear"]
    assert state.current_player == 0


def test_ruling_d18_not_under_eleven_back_nor_against_a_lock_nor_when_off() -> None:
    off = position(players=4, hands=[["3", "3", "K"], ["5"], ["4"], ["6", "9"]],
                   pile=[{"player": 3, "cards": ["2"]}], turn=0)
    assert names(off) == ["pass"]
    locked = position(players=4, spade_three="on", suit_lock="on",
                      hands=[["3♠", "K♦"], ["5♥"], ["4♦"], ["6♦"]],
                      pile=[{"player": 2, "cards": ["A♥"]}, {"player": 3, "cards": ["2♥"]}],
                      lock=["♥"], turn=0)
    assert names(locked) == ["pass"]
    back = position(players=4, spade_three="on", eleven_back="on",
                    hands=[["3♠", "K♦"], ["5♥"], ["4♦"], ["6♦", "9♦"]],
                    pile=[{"player": 3, "cards": ["2♥"]}], back=True, turn=0)
    n = count(back)
    back.apply_string("play 3♠")                       # simply a stronger card under 11-back
    assert events_after(back, n) == ["play"] and back.current_player == 1


# -- bots and the terminal with every rule on ----------------------------------------------------
@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:sims=8,depth=4"])
def test_every_bot_kind_plays_whole_games_with_every_house_rule_on(spec: str) -> None:
    fired: set[str] = set()
    for seed in range(2):
        state = new_game(players=4, seed=seed, max_rounds=3, **ALL_RULES)
        bots = [make_bot(spec, seed=seed * 10 + p) for p in range(4)]
        steps = 0
        while not state.is_terminal():
            action = bots[state.current_player].choose(state)
            assert action in state.legal_actions()
            state.apply(action)
            steps += 1
            assert steps < 5000
        assert sum(state.scores()) == 3 * 6             # D6, D15: 6 points a round
        fired |= {e["event"] for e in state.view(None)["log"]}
    assert fired & {"eight cut", "eleven back", "lock", "spade three", "fallen"}


def _terminal(lang: str, rounds: int = 4) -> str:
    """An all-greedy game in the terminal with every house rule on, its output in one line."""
    rules = [arg for name in ALL_RULES for arg in ("-o", f"{name}=on")]
    result = CliRunner().invoke(app, ["--lang", lang, "play", "daihinmin", "--seats",
                                      "greedy,greedy,greedy,greedy", "--seed", "4", "--rounds",
                                      str(rounds), *rules])
    assert result.exit_code == 0, result.output[-2000:]
    return " ".join(result.output.split())


def test_the_terminal_says_what_the_house_rules_set_off_in_english_and_japanese() -> None:
    english, japanese = _terminal("en"), _terminal("ja")
    assert "house rules: 8-cut, sequences, fallen capital, 11-back, suit lock, spade 3" in english
    assert "8-cut! " in english and "ended the trick with 8s" in english
    assert "ローカルルール: 八切り、階段、都落ち、イレブンバック、縛り、スペ3" in japanese
    assert "八切り！" in japanese
    for event, words_en, words_ja in (("eleven back", "11-back! ", "イレブンバック！"),
                                      ("lock", "locked to ", "縛り"),
                                      ("fallen", "fallen capital! ", "都落ち！")):
        if words_en in english:
            assert words_ja in japanese, event
    assert any(w in english for w in ("11-back! ", "locked to ", "fallen capital! "))
    assert "Traceback" not in english + japanese


# -- every ruling has its test -------------------------------------------------------------------
def test_every_dai_hin_min_ruling_has_a_test_named_after_it() -> None:
    rulings = re.findall(r"^### (D\d+) ", (ROOT / "docs" / "RULINGS.md").read_text("utf-8"),
                         flags=re.MULTILINE)
    assert rulings[:1] == ["D1"] and "D18" in rulings
    tests = "".join(p.read_text("utf-8") for p in (ROOT / "tests" / "daihinmin").glob("test_*.py"))
    missing = [r for r in rulings if f"def test_ruling_{r.lower()}_" not in tests]
    assert not missing
