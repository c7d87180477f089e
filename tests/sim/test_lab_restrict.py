"""Restricted play: the restricted bot never plays a banned card while it has another choice,
plays exactly as its bot when the restriction never bites, and the drop is measured on the same
deals."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from furuba import games
from furuba.bots.registry import make_bot
from furuba.core.protocol import State
from furuba.sim.lab import LabSetup, by_tag, play
from furuba.sim.restrict import BASELINE, label_of, restrict_analysis, restrict_plan
from furuba.sim.restricted_bot import RestrictedBot, card_hooks

SHORT = {"zodiac": {"max_rounds": 4}, "daihinmin": {"max_rounds": 1}}


def play_restricted(game: str, seed: int, inner: str, banned: frozenset[str]) -> RestrictedBot:
    """A game with the restricted bot in seat 0; every one of its choices is checked."""
    state = games.new_game(game, players=4, seed=seed, **SHORT[game])
    plays = card_hooks(game).plays
    restricted = RestrictedBot(make_bot(inner, seed), banned, seed)
    others = [make_bot("greedy", seed + p) for p in range(4)]
    while not state.is_terminal():
        player = state.current_player
        if player != 0:
            state.apply(others[player].choose(state))
            continue
        legal = state.legal_actions()
        choice = restricted.choose(state)
        assert choice in legal
        if plays(state, choice) & banned:
            assert all(plays(state, a) & banned for a in legal), (
                f"played {state.action_to_string(choice)} with another choice")
        state.apply(choice)
    return restricted


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["zodiac", "daihinmin"]), seed=st.integers(0, 10**6),
       inner=st.sampled_from(["random", "greedy"]), data=st.data())
def test_the_restricted_bot_never_plays_a_banned_card_with_another_choice(
        game: str, seed: int, inner: str, data: st.DataObject) -> None:
    kinds = card_hooks(game).kinds(games.new_game(game, players=4, **SHORT[game]))
    banned = frozenset(data.draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=3)))
    play_restricted(game, seed, inner, banned)


@pytest.mark.parametrize("inner", ["random", "greedy"])
def test_a_zodiac_player_banned_every_card_plays_none(inner: str) -> None:
    every = frozenset(card_hooks("zodiac").kinds(games.new_game("zodiac", players=4)))
    bot = play_restricted("zodiac", 11, inner, every)         # moving Tohru is always legal
    assert bot.counts["restricted"] > 5 and bot.counts["forced"] == 0


def test_the_search_bot_keeps_its_most_visited_allowed_action() -> None:
    bot = play_restricted("daihinmin", 3, "ismcts:sims=12", frozenset({"2", "Joker", "A"}))
    assert bot.counts["restricted"] > 0 and bot.counts["fallbacks"] == 0


class Eager:
    """A bot that plays a card whenever it can, from the state it was made for: it ignores the
    legal actions it is shown, as a policy that builds its move from the hand does."""

    name = "eager"

    def __init__(self, state: State) -> None:
        self.state = state

    def choose(self, state: State) -> int:
        plays = card_hooks(self.state.game_name).plays
        legal = self.state.legal_actions()
        return next((a for a in legal if plays(self.state, a)), legal[0])


def test_a_bot_that_insists_on_a_banned_play_gets_the_fallback() -> None:
    state = games.new_game("daihinmin", players=4, seed=7)
    plays = card_hooks("daihinmin").plays
    legal = state.legal_actions()
    banned = plays(state, Eager(state).choose(state))
    bot = RestrictedBot(Eager(state), banned, seed=1)
    choice = bot.choose(state)
    assert choice in legal and not plays(state, choice) & banned
    assert bot.counts == {"restricted": 1, "forced": 0, "fallbacks": 1}


def test_a_forced_play_is_left_to_the_bot() -> None:
    state = games.new_game("daihinmin", players=4, seed=7)    # the first player leads: no pass
    every = frozenset(card_hooks("daihinmin").kinds(state))
    inner, restricted = make_bot("greedy", 1), RestrictedBot(make_bot("greedy", 1), every, 1)
    assert restricted.choose(state) == inner.choose(state)
    assert restricted.counts == {"restricted": 0, "forced": 1, "fallbacks": 0}


@pytest.fixture(scope="module")
def small_run() -> tuple[LabSetup, list[dict[str, Any]]]:
    setup = LabSetup(game="daihinmin", players=4, seed=5, options={"max_rounds": 1})
    plan = restrict_plan(setup, "greedy", deals=12, kinds=["2", "3"])
    return setup, list(play(plan))


def test_the_plan_plays_the_baseline_once_per_deal_and_each_card_in_every_seating(
        small_run: tuple[LabSetup, list[dict[str, Any]]]) -> None:
    _setup, rows = small_run
    groups = by_tag(rows)
    assert sorted(groups) == ["2", "3", BASELINE]
    assert len(groups[BASELINE]) == 12 and len(groups["2"]) == len(groups["3"]) == 48
    assert {r["seed"] for r in groups["2"]} == {r["seed"] for r in groups[BASELINE]}
    for r in groups["2"]:
        assert r["bots"].count(label_of("greedy", "2")) == 1


def test_a_game_the_restriction_never_bit_is_the_baseline_game(
        small_run: tuple[LabSetup, list[dict[str, Any]]]) -> None:
    _setup, rows = small_run
    groups = by_tag(rows)
    baseline = {r["seed"]: r for r in groups[BASELINE]}
    untouched = 0
    for kind in ("2", "3"):
        for r in groups[kind]:
            counts = r["restricted"][label_of("greedy", kind)]
            if counts["restricted"] == 0:
                untouched += 1
                assert r["returns"] == baseline[r["seed"]]["returns"]
                assert r["steps"] == baseline[r["seed"]]["steps"]
    assert untouched > 0


def test_the_drop_is_the_baseline_minus_the_restricted_bots_share_deal_by_deal(
        small_run: tuple[LabSetup, list[dict[str, Any]]]) -> None:
    setup, rows = small_run
    data = restrict_analysis(setup, "greedy", rows)
    assert data["baseline"]["rate"] == pytest.approx(0.25) and data["deals"] == 12
    groups = by_tag(rows)
    for row in data["cards"]:
        mine = [share for r in groups[row["card"]] for bot, share in zip(r["bots"], r["returns"],
                                                                            strict=True)
                if bot == label_of("greedy", row["card"])]
        assert row["rate"]["rate"] == pytest.approx(sum(mine) / 48)
        assert row["drop"]["mean"] == pytest.approx(0.25 - sum(mine) / 48)
        lo, hi = row["drop"]["ci95"]
        assert lo <= row["drop"]["mean"] <= hi and row["drop"]["deals"] == 12
        assert row["restricted_per_game"] > 0
    assert [c["drop"]["mean"] for c in data["cards"]] == sorted(
        (c["drop"]["mean"] for c in data["cards"]), reverse=True)
    assert restrict_analysis(setup, "greedy", list(play(restrict_plan(
        setup, "greedy", deals=12, kinds=["2", "3"]), jobs=2))) == data


def test_unknown_cards_are_refused_by_name() -> None:
    from furuba.core.errors import OptionsError

    setup = LabSetup(game="daihinmin", players=4)
    with pytest.raises(OptionsError, match="unknown cards 11; the cards are: 3, 4"):
        restrict_plan(setup, "greedy", 2, ["11"])
