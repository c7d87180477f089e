"""Per-card metrics (GP, OH, GIH, GNS win rates and IWD) on records whose true values are known,
their bootstrap intervals, and the games' own card hooks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from furuba import games
from furuba.sim.cards import card_metrics
from furuba.sim.kit import LabKit
from furuba.sim.lab import LabSetup, cards_analysis, cards_plan, play
from furuba.sim.restricted_bot import card_hooks
from furuba.sim.runner import play_game

Row = dict[str, Any]


def trial(seat: int, win: float, dealt: list[str], held: list[str], played: list[str]) -> Any:
    return {"seat": seat, "win": win, "dealt": dealt, "held": held, "played": played}


def game(*trials: Any, bots: tuple[str, ...] = ("b", "b", "b", "b")) -> Row:
    return {"bots": list(bots), "cards": list(trials)}


# Four kinds of game, each played 25 times (100 games, 400 trials), worked out by hand for "x":
#   A: seat 0 dealt x, plays it, wins;      seats 1-3 never hold x (all lose)
#   B: seat 0 draws x, never plays it, loses; seat 1 wins without x; seats 2, 3 lose without x
#   C: seat 0 draws x, plays it, ties (0.5); seat 1 dealt x, never plays it, ties (0.5)
#   D: nobody holds x; seat 2 wins
# held: A 1, B 1, C 2 → 100 trials, wins 25 + 0 + 25 → GIH 0.5
# never held: A 3, B 3, C 2, D 4 → 300 trials, wins 0 + 25 + 0 + 25 → GNS 1/6
# played: A 1 (win 1), C 1 (0.5) → 50 trials, GP 0.75; dealt: A 1 (1), C 1 (0.5) → OH 0.75
KNOWN = ([game(trial(0, 1.0, ["x"], ["x"], ["x"]), trial(1, 0.0, [], [], []),
               trial(2, 0.0, [], [], []), trial(3, 0.0, [], [], []))] * 25
         + [game(trial(0, 0.0, [], ["x"], []), trial(1, 1.0, [], [], []),
                 trial(2, 0.0, [], [], []), trial(3, 0.0, [], [], []))] * 25
         + [game(trial(0, 0.5, [], ["x", "y"], ["x"]), trial(1, 0.5, ["x"], ["x"], []),
                 trial(2, 0.0, [], [], []), trial(3, 0.0, [], [], []))] * 25
         + [game(trial(0, 0.0, [], [], []), trial(1, 0.0, [], [], []),
                 trial(2, 1.0, [], [], []), trial(3, 0.0, [], [], []))] * 25)


def card(out: dict[str, Any], name: str, bot: str = "b") -> dict[str, Any]:
    return next(c for c in out["by_bot"][bot]["cards"] if c["card"] == name)


def test_metrics_of_a_record_worked_out_by_hand() -> None:
    out = card_metrics(KNOWN, ["x", "y", "z"], {"x": "Ex"}, resamples=200, min_trials=30)
    x = card(out, "x")
    assert (x["held"], x["not_held"], x["played"], x["dealt"], x["trials"]) == (100, 300, 50, 50, 400)
    assert x["gih_wr"]["rate"] == pytest.approx(0.5)
    assert x["gns_wr"]["rate"] == pytest.approx(1 / 6)
    assert x["iwd"]["value"] == pytest.approx(1 / 3)
    assert x["gp_wr"]["rate"] == pytest.approx(0.75) and x["oh_wr"]["rate"] == pytest.approx(0.75)
    assert x["play_rate"] == pytest.approx(0.5) and x["label"] == "Ex" and x["ranked"]
    for metric in ("gih_wr", "gns_wr", "gp_wr", "oh_wr"):
        lo, hi = x[metric]["ci95"]
        assert lo <= x[metric]["rate"] <= hi
    y = card(out, "y")                       # held 25 times (ties): fewer than 30, not ranked
    assert y["held"] == 25 and y["gih_wr"]["rate"] == pytest.approx(0.5) and not y["ranked"]
    z = card(out, "z")                       # never held: no GIH, no IWD
    assert z["held"] == 0 and z["gih_wr"]["rate"] is None and z["iwd"]["value"] is None
    bot = out["by_bot"]["b"]
    assert bot["trials"] == 400 and bot["games"] == 100 and bot["win_rate"] == pytest.approx(0.25)
    assert bot["median_iwd"] == pytest.approx(x["iwd"]["value"])       # the one ranked card
    assert [c["card"] for c in bot["cards"]] == ["x", "y", "z"]          # ranked first


def test_cards_are_compared_within_one_bot() -> None:
    rows = [game(trial(0, 1.0, [], ["x"], ["x"]), trial(1, 0.0, [], [], []), bots=("a", "b"))] * 40
    out = card_metrics(rows, ["x"], resamples=50, min_trials=1)
    assert card(out, "x", "a")["gih_wr"]["rate"] == 1.0 and card(out, "x", "a")["not_held"] == 0
    assert card(out, "x", "b")["held"] == 0 and card(out, "x", "b")["gns_wr"]["rate"] == 0.0


def synthetic(games: int, rng: random.Random) -> list[Row]:
    """Games of 4 independent trials: x held half the time; win chance 0.3 held, 0.2 not."""
    rows = []
    for _ in range(games):
        trials = []
        for seat in range(4):
            held = rng.random() < 0.5
            win = float(rng.random() < (0.3 if held else 0.2))
            trials.append(trial(seat, win, [], ["x"] if held else [], ["x"] if held else []))
        rows.append(game(*trials))
    return rows


def test_the_bootstrap_interval_covers_the_true_iwd_about_95_times_in_100() -> None:
    rng = random.Random(7)
    covered, widths = 0, []
    for i in range(40):
        x = card(card_metrics(synthetic(300, rng), ["x"], resamples=300, seed=i), "x")
        lo, hi = x["iwd"]["ci95"]
        covered += lo <= 0.1 <= hi
        widths.append(hi - lo)
    assert 34 <= covered <= 40                  # 95% of 40 is 38; binomial spread allows a few
    # The interval of a difference of two rates over 600 trials each: about ±4.6 points.
    assert 0.07 < sum(widths) / len(widths) < 0.11


def test_the_same_seed_gives_the_same_intervals_and_another_seed_others() -> None:
    rows = synthetic(200, random.Random(1))
    first = card_metrics(rows, ["x"], resamples=200, seed=3)
    assert card_metrics(rows, ["x"], resamples=200, seed=3) == first
    assert card_metrics(rows, ["x"], resamples=200, seed=4) != first


@pytest.mark.parametrize(("game_name", "options", "unit"), [
    ("zodiac", {}, "game"), ("daihinmin", {"max_rounds": 2}, "round")])
def test_a_lab_run_is_the_same_in_one_process_and_in_two(game_name: str, options: dict[str, Any],
                                                         unit: str) -> None:
    setup = LabSetup(game=game_name, players=4, seed=2, options=options)
    plan = cards_plan(setup, ["greedy", "random"], games=8)
    one = cards_analysis(setup, list(play(plan)), resamples=50)
    two = cards_analysis(setup, list(play(plan, jobs=2)), resamples=50)
    assert one == two
    assert one["unit"] == unit and one["games"] == 8 and set(one["metrics"]["by_bot"]) == {
        "greedy", "random"}
    kinds = card_hooks(game_name).kinds(games.new_game(game_name, players=4, **options))
    assert [c["card"] for c in one["metrics"]["by_bot"]["greedy"]["cards"]] != []
    assert {c["card"] for c in one["metrics"]["by_bot"]["greedy"]["cards"]} == set(kinds)
    assert one["seats"]["games"] == 8 and not one["seats"]["same_bot"]
    assert {"decisions", "turns", "rounds"} <= set(one["lengths"])


def test_zodiac_trials_name_what_each_player_dealt_held_and_played() -> None:
    from furuba.sim.runner import SimConfig

    cfg = SimConfig(game="zodiac", games=3, players=3, bots=["greedy"], seed=5, record_cards=True)
    for i in range(3):
        result = play_game(cfg, i)
        state: Any = games.new_game("zodiac", players=3, seed=cfg.seed_of(i))
        names = state.rules.kind_names
        trials = result["cards"]
        assert [t["seat"] for t in trials] == [0, 1, 2]
        assert [t["win"] for t in trials] == result["returns"]
        for t, hand in zip(trials, state.hands, strict=True):
            assert t["dealt"] == sorted({names[k] for k in hand})
            assert set(t["dealt"]) <= set(t["held"]) and set(t["played"]) <= set(t["held"])
        assert [t["played"] for t in trials] == result["played"]   # the public summary agrees
        assert result["lengths"]["rounds"] == result["rounds"]
        assert result["lengths"]["turns"] >= 3 * (result["rounds"] - 1) + 1


def test_dai_hin_min_trials_are_rounds_won_by_going_out_first() -> None:
    from furuba.sim.runner import SimConfig

    cfg = SimConfig(game="daihinmin", games=2, players=5, bots=["greedy"], seed=8,
                    options={"max_rounds": 3}, record_cards=True)
    result = play_game(cfg, 1)
    trials = result["cards"]
    assert len(trials) == 3 * 5 and result["lengths"]["rounds"] == 3
    for r, titles in enumerate(result["titles"]):
        mine = trials[5 * r: 5 * r + 5]
        assert [t["win"] for t in mine] == [float(t == "Rich Man") for t in titles]
        kinds = set(card_hooks("daihinmin").kinds(games.new_game("daihinmin")))
        # a card given in the exchange may be played without having been dealt
        assert all(t["held"] == t["dealt"] and set(t["played"]) <= kinds for t in mine)
        held = [k for t in mine for k in t["dealt"]]
        assert held.count("Joker") <= 2 and {"3", "2"} <= set(held)   # 54 cards dealt to 5


@pytest.mark.parametrize("name", ["zodiac", "daihinmin"])
def test_each_game_names_its_cards_through_its_spec(name: str) -> None:
    from furuba.i18n import speaking
    from furuba.sim.card_hooks import CardHooks

    spec = games.spec(name)
    cards = spec.kit(LabKit).cards
    assert cards is not None
    hooks = cards()
    assert isinstance(hooks, CardHooks)
    state = spec.new_game(players=4, seed=1)
    kinds = hooks.kinds(state)
    assert len(kinds) == len(set(kinds)) >= 14
    for action in state.legal_actions():
        assert hooks.plays(state, action) <= set(kinds)
    assert any(hooks.plays(state, a) for a in state.legal_actions())
    with speaking("ja"):
        labels = [hooks.label(state, k) for k in kinds]
        assert spec.gettext(hooks.unit) in ("ゲーム", "ラウンド")
    assert all(labels) and labels != [hooks.label(state, k) for k in kinds]   # translated
