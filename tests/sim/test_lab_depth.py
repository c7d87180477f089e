"""Skill depth (a ladder against a field, its tiers), the seat advantage, the game lengths, and the
paired per-deal statistics they rest on."""

from __future__ import annotations

from typing import Any

import pytest

from furuba.sim.depth import alternate, depth_analysis, depth_plan, tiers
from furuba.sim.game_shape import lengths, same_bot, seat_advantage
from furuba.sim.lab import LabSetup, by_tag, play
from furuba.sim.paired import deal_means, paired_difference, rate_of


def row(seed: int, bots: list[str], returns: list[float], steps: int = 10) -> dict[str, Any]:
    return {"seed": seed, "bots": bots, "returns": returns, "steps": steps}


def test_deal_means_keep_only_complete_deals() -> None:
    rows = [row(1, ["a", "b"], [1.0, 0.0]), row(1, ["b", "a"], [1.0, 0.0]),
            row(2, ["a", "b"], [0.5, 0.5])]
    assert deal_means(rows, "a", seatings=2) == {1: 0.5}
    assert deal_means(rows, "a") == {1: 0.5, 2: 0.5}
    assert deal_means(rows) == {1: 0.5, 2: 0.5}


def test_a_paired_difference_is_measured_on_common_deals_only() -> None:
    d = paired_difference({1: 0.5, 2: 0.5, 3: 0.0}, {1: 0.25, 2: 0.25, 4: 1.0})
    assert d["deals"] == 2 and d["mean"] == pytest.approx(0.25) and d["ci95"] == pytest.approx(
        [0.25, 0.25])
    assert paired_difference({1: 0.5}, {2: 0.5}) == {"mean": None, "ci95": [None, None],
                                                     "deals": 0}
    assert rate_of({1: 0.0, 2: 0.0, 3: 0.3})["ci95"][0] == 0.0      # clipped at 0


def test_tiers_split_where_intervals_part() -> None:
    def r(bot: str, rate: float, lo: float, hi: float) -> dict[str, Any]:
        return {"bot": bot, "rate": rate, "ci95": [lo, hi]}

    assert tiers([r("a", 0.2, 0.1, 0.3), r("b", 0.25, 0.15, 0.35)]) == [["a", "b"]]
    assert tiers([r("b", 0.5, 0.4, 0.6), r("a", 0.1, 0.0, 0.2)]) == [["a"], ["b"]]
    # c overlaps b but not a: it opens a tier, for a tier is measured from the bot that opened it
    assert tiers([r("a", 0.1, 0.05, 0.2), r("b", 0.18, 0.1, 0.26),
                  r("c", 0.24, 0.21, 0.3)]) == [["a", "b"], ["c"]]
    assert tiers([]) == []


def test_the_seat_advantage_names_the_seats_off_the_fair_share() -> None:
    rows = [row(s, ["x", "x", "x"], [1.0, 0.0, 0.0]) for s in range(60)]
    rows += [row(s, ["x", "x", "x"], [0.0, 0.5, 0.5]) for s in range(60)]
    shape = seat_advantage(rows)
    assert shape["fair"] == pytest.approx(1 / 3) and shape["games"] == 120
    assert [r["rate"] for r in shape["by_seat"]] == [0.5, 0.25, 0.25]
    assert shape["off"] == [0] and shape["spread"] == pytest.approx(0.25)
    coop = seat_advantage([row(s, ["x", "x"], [1.0, 1.0]) for s in range(5)])
    assert coop["fair"] == 1.0 and coop["off"] == []
    assert same_bot([row(1, ["a", "b"], [1.0, 0.0]), rows[0]]) == [rows[0]]


def test_lengths_in_every_unit_every_game_reports() -> None:
    rows = [row(s, ["x"], [1.0], steps=s) | {"lengths": {"rounds": s // 10, "turns": s}}
            for s in range(10, 110)]
    rows[0]["lengths"] = {"rounds": 1}
    out = lengths(rows)
    assert set(out) == {"decisions", "rounds"}               # one game lacks turns
    assert out["decisions"]["min"] == 10 and out["decisions"]["max"] == 109
    assert out["decisions"]["median"] == pytest.approx(59.5)
    p = out["decisions"]["percentiles"]
    assert p["p5"] < p["p25"] < p["p50"] < p["p75"] < p["p95"] and p["p50"] == pytest.approx(59.5)
    assert sum(out["rounds"]["counts"].values()) == 100


def test_alternate_seats() -> None:
    assert alternate("a", "b", 4) == ["a", "b", "a", "b"]


@pytest.fixture(scope="module")
def ladder_run() -> tuple[LabSetup, list[dict[str, Any]]]:
    setup = LabSetup(game="daihinmin", players=4, seed=9, options={"max_rounds": 1})
    plan = depth_plan(setup, ["random", "greedy", "ismcts:sims=8"], "greedy", deals=10,
                      pairwise=True)
    return setup, list(play(plan, jobs=2))


def test_the_ladder_plays_the_field_alone_each_bot_against_it_and_every_pair(
        ladder_run: tuple[LabSetup, list[dict[str, Any]]]) -> None:
    _setup, rows = ladder_run
    groups = by_tag(rows)
    assert len(groups["field"]) == 10 and {tuple(r["bots"]) for r in groups["field"]} == {
        ("greedy",) * 4}
    assert len(groups["vs\trandom"]) == 40 and len(groups["pair\trandom\tgreedy"]) == 40
    assert "vs\tgreedy" not in groups                         # the field is its own baseline
    assert all(r["bots"].count("random") == 2 for r in groups["pair\trandom\tgreedy"])
    assert all("lengths" in r for r in groups["field"])


def test_the_ladder_analysis(ladder_run: tuple[LabSetup, list[dict[str, Any]]]) -> None:
    setup, rows = ladder_run
    data = depth_analysis(setup, ["random", "greedy", "ismcts:sims=8"], "greedy", rows)
    by_bot = {r["bot"]: r for r in data["vs_field"]}
    assert by_bot["greedy"]["rate"] == pytest.approx(0.25)
    assert by_bot["greedy"]["gain"]["mean"] == pytest.approx(0.0)
    assert by_bot["random"]["rate"] < 0.25 and by_bot["random"]["gain"]["mean"] < 0
    assert sum(len(t) for t in data["tiers"]) == 3 and data["tier_count"] == len(data["tiers"])
    assert data["tiers"][0][0] == "random"
    assert {(p["a"], p["b"]) for p in data["pairwise"]} == {
        ("random", "greedy"), ("random", "ismcts:sims=8"), ("greedy", "ismcts:sims=8")}
    random_vs_greedy = next(p for p in data["pairwise"] if p["b"] == "greedy")
    assert random_vs_greedy["difference"]["mean"] < 0
    assert data["seats"]["games"] == 10 and data["deals"] == 10
    assert {"decisions", "turns", "rounds"} <= set(data["lengths"])
    assert data["lengths"]["rounds"]["max"] == 1
