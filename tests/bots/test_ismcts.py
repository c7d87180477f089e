"""The search bot: honest, legal, on budget, reproducible, and strict about its settings."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from furuba import games
from furuba.bots.ismcts import LEVELS, ISMCTSBot, Search, Settings, parse_settings
from furuba.bots.kit import BotKit
from furuba.bots.registry import check_spec, make_bot
from furuba.bots.search_plan import Plan, points_share
from furuba.core.errors import OptionsError
from furuba.core.protocol import State

GAMES = ("zodiac", "daihinmin")


def midgame(game: str, seed: int, steps: int = 30, players: int = 4) -> State:
    """A position reached by greedy play, where the player to move has a real choice."""
    state = games.new_game(game, players=players, seed=seed)
    policy = games.spec(game).kit(BotKit).policies.greedy
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(policy(state, rng))
    while len(state.legal_actions()) < 2:
        state.apply(policy(state, rng))
    return state


# -- honesty ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("extra", [{}, {"infer": "on"}, {"rollout": "policy"},
                                   {"prior": "policy"}, {"opp": "learned"}, {"opp": "best"},
                                   {"level": "expert"}])
def test_what_the_seat_cannot_see_does_not_change_the_decision(game: str, seed: int,
                                                               extra: dict[str, str]) -> None:
    real = midgame(game, seed, steps=10 * seed)
    seat = real.current_player
    other = real.determinize(seat, random.Random(99))
    assert other.view(seat) == real.view(seat)
    assert other.to_json() != real.to_json()  # hidden cards really differ
    settings = parse_settings({"sims": "60", **extra})
    first, second = ISMCTSBot(settings, seed=7), ISMCTSBot(settings, seed=7)
    assert first.choose(real) == second.choose(other)
    assert first.last is not None and second.last is not None
    assert first.last.actions == second.last.actions  # the whole root, not just the choice


# -- legality, budget, reproducibility -----------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("spec", ["ismcts:sims=30", "ismcts:sims=30,rollout=random",
                                  "ismcts:sims=30,opp=policy,depth=3",
                                  "ismcts:sims=30,rollout=policy,depth=4",
                                  "ismcts:sims=30,prior=policy",
                                  "ismcts:sims=30,opp=learned", "ismcts:sims=30,opp=best"])
def test_plays_only_legal_actions(game: str, spec: str) -> None:
    state = games.new_game(game, players=4, seed=5)
    bot = make_bot(spec, seed=3)
    greedy = games.spec(game).kit(BotKit).policies.greedy
    rng = random.Random(0)
    for step in range(60):
        if state.is_terminal():
            break
        before = state.to_json()
        action = bot.choose(state) if step % 3 == 0 else greedy(state, rng)
        assert state.to_json() == before  # choosing never changes the state
        assert state.is_legal(action)
        state.apply(action)


@pytest.mark.parametrize("game", GAMES)
def test_respects_the_simulation_budget(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = midgame(game, 4)
    cls: Any = type(state)
    calls = []
    original = cls.sampler

    def counting(self: State, player: int) -> Callable[[random.Random], State]:
        sample = original(self, player)

        def counted(rng: random.Random) -> State:
            calls.append(player)
            result: State = sample(rng)
            return result

        return counted

    monkeypatch.setattr(cls, "sampler", counting)
    bot = ISMCTSBot(Settings(sims=37), seed=1)
    bot.choose(state)
    assert bot.last is not None and bot.last.iterations == 37
    assert len(calls) == 37 and set(calls) == {state.current_player}
    assert sum(s.visits for s in bot.last.actions) == 37


def test_a_forced_move_needs_no_search() -> None:
    state = midgame("daihinmin", 2)
    while len(state.legal_actions()) != 1:
        state.apply(games.spec("daihinmin").kit(BotKit).policies.greedy(state, random.Random(0)))
    bot = ISMCTSBot(Settings(sims=50), seed=0)
    assert bot.choose(state) == state.legal_actions()[0] and bot.last is None


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_decisions(game: str) -> None:
    def record(seed: int) -> list[int]:
        state = games.new_game(game, players=4, seed=8)
        bots = [make_bot("ismcts:sims=20,depth=4", seed=seed), make_bot("greedy", seed=1),
                make_bot("random", seed=2), make_bot("ismcts:sims=10", seed=seed + 1)]
        actions = []
        for _ in range(50):
            if state.is_terminal():
                break
            action = bots[state.current_player].choose(state)
            actions.append(action)
            state.apply(action)
        return actions

    assert record(11) == record(11)


def test_a_time_budget_stops_on_time() -> None:
    state = midgame("zodiac", 6)
    started = time.perf_counter()
    result = Search(state, parse_settings({"time": "0.05"}), random.Random(0)).run()
    assert time.perf_counter() - started < 1.0
    assert result.iterations >= 1 and state.is_legal(result.best)


# -- specs --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("spec", "sims", "prior"), [
    ("ismcts", LEVELS["normal"]["sims"], "greedy"), ("ismcts:hard", 400, "policy"),
    ("ismcts:level=expert", 1000, "policy"), ("ismcts:expert,sims=300", 300, "policy"),
    ("ismcts:normal,c=0.3", 100, "greedy"), ("ismcts:sims=800", 800, "greedy")])
def test_search_levels_and_settings(spec: str, sims: int, prior: str) -> None:
    bot = make_bot(spec, seed=0)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.settings.sims, bot.settings.prior) == (sims, prior)


def test_free_settings_are_read() -> None:
    s = parse_settings({"sims": "50", "c": "0.3", "depth": "5", "rollout": "random", "opp": "policy"})
    assert (s.sims, s.c, s.depth, s.rollout, s.opponents) == (50, 0.3, 5, "random", "policy")
    assert (s.level, s.plain_level) == ("normal", None)  # from normal, with its own budget
    assert parse_settings({"time": "0.5"}).time == 0.5


@pytest.mark.parametrize(("spec", "words"), [
    ("ismcts:sims=-3", "sims must be a whole number"),
    ("ismcts:sims=abc", "sims must be a whole number"),
    ("ismcts:sims=0", "sims must be a whole number"),
    ("ismcts:level=ultra", "unknown level 'ultra'"),
    ("ismcts:ultra", "unknown level 'ultra'"),
    ("ismcts:speed=3", "unknown setting 'speed'"),
    ("ismcts:time=0", "time must be a number of seconds"),
    ("ismcts:time=fast", "time must be a number of seconds"),
    ("ismcts:c=-1", "c must be a number"),
    ("ismcts:c=nan", "c must be a number"),
    ("ismcts:depth=1.5", "depth must be a whole number"),
    ("ismcts:rollout=smart", "rollout must be one of greedy, random, policy, not 'smart'"),
    ("ismcts:prior=psychic", "prior must be one of greedy, policy, not 'psychic'"),
    ("normal:prior=", "prior must be one of greedy, policy, not ''"),
    ("ismcts:opp=psychic", "opp must be one of"),
    ("ismcts:value=money", "value must be one of wins, points, not 'money'"),
    ("ismcts:eval=", "eval must name one of the game's evaluations, not nothing"),
    ("hard:level=easy", "not another level"),
    ("ismcts:easy", "unknown level 'easy'; the search's levels are: normal, hard, expert"),
    ("wizard", "unknown bot 'wizard'"),
])
def test_bad_specs_get_a_clear_message(spec: str, words: str) -> None:
    with pytest.raises(OptionsError, match=words):
        make_bot(spec)


# -- what the games provide ----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [4, 5])
def test_rollout_policy_and_evaluation_over_whole_games(game: str, players: int) -> None:
    module = games.spec(game).kit(BotKit).policies
    rng = random.Random(players)
    for seed in range(3):
        state = games.new_game(game, players=players, seed=seed)
        while not state.is_terminal():
            values = module.evaluate(state)
            assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)
            assert sum(values) == pytest.approx(1.0)
            action = module.rollout(state, rng)
            assert state.is_legal(action)
            state.apply(action)
        assert module.evaluate(state) == state.returns()


@pytest.mark.parametrize("game", GAMES)
def test_a_search_for_points_backs_up_each_players_share_of_the_points(game: str) -> None:
    """``value=points``: a playout that ends the game scores each player's share of the table's
    points (where ``returns`` give the winner everything), one cut short the share of the points
    the game expects (or of the points as they stand); both sum to 1 as win shares do."""
    options = {"max_rounds": 1} if game == "daihinmin" else {}
    state = games.new_game(game, players=4, seed=8, **options)
    policy = games.spec(game).kit(BotKit).policies.greedy
    rng = random.Random(8)
    while not state.is_terminal():
        state.apply(policy(state, rng))
    middle = midgame(game, seed=8, steps=12)
    points = Search(middle, parse_settings({"value": "points"}), random.Random(1))
    wins = Search(middle, parse_settings({}), random.Random(1))
    scores = state.scores()
    assert points.playout(state.clone()) == [s / sum(scores) for s in scores]
    assert wins.playout(state.clone()) == state.returns()
    assert points.playout(state.clone()) != wins.playout(state.clone())
    shares = points.plan.evaluate(middle)
    assert len(shares) == 4 and all(0.0 <= v <= 1.0 for v in shares)
    assert sum(shares) == pytest.approx(1.0)
    bot = ISMCTSBot(parse_settings({"sims": "40", "value": "points"}), seed=0)
    assert middle.is_legal(bot.choose(middle))
    assert bot.last is not None and all(0.0 <= a.value <= 1.0 for a in bot.last.actions)


@pytest.mark.parametrize("game", GAMES)
def test_a_search_judges_by_the_evaluation_it_names(game: str) -> None:
    """``eval=NAME`` picks one of the estimates of the win shares the game offers; ``standard``
    is its own ``evaluate``; a name it does not offer, or one beside ``value=points``, is a clear
    error before any search."""
    policies = games.spec(game).kit(BotKit).policies
    assert Plan.of(game, parse_settings({"eval": "standard"})).evaluate is policies.evaluate
    for name, evaluation in policies.evaluations.items():
        plan = Plan.of(game, parse_settings({"eval": name}))
        assert (plan.evaluate, plan.evaluation) == (evaluation, name)
        with pytest.raises(OptionsError, match="plays for points"):
            Plan.of(game, parse_settings({"eval": name, "value": "points"}))
        middle = midgame(game, seed=5, steps=20)
        bot = make_bot(check_spec(f"ismcts:sims=30,eval={name}", game), seed=0)
        assert middle.is_legal(bot.choose(middle))
    for level in ("normal", "hard", "expert"):   # a level's own evaluation gives way to points
        plan = Plan.of(game, parse_settings({"level": level, "value": "points"}))
        assert (plan.value, plan.evaluation) == ("points", "standard")
    offered = ", ".join(["standard", *sorted(policies.evaluations)])
    with pytest.raises(OptionsError, match=f"eval must be one of {offered} in this game, "
                                           "not 'psychic'"):
        check_spec("ismcts:eval=psychic", game)


def test_points_shares_count_from_the_lowest_and_are_even_when_nobody_scores() -> None:
    assert points_share([3.0, 2.0, 1.0, 0.0]) == [0.5, 2 / 6, 1 / 6, 0.0]
    assert points_share([-1.0, 1.0]) == [0.0, 1.0]
    assert points_share([2.0, 2.0, 2.0]) == pytest.approx([1 / 3] * 3)
    assert points_share([0.0, 0.0, 0.0, 0.0]) == [0.25] * 4


def test_zodiac_coop_evaluation_is_one_chance_for_everyone() -> None:
    state = games.new_game("zodiac", players=3, seed=1, variant="coop")
    values = games.spec("zodiac").kit(BotKit).policies.evaluate(state)
    assert len(set(values)) == 1 and 0.0 < values[0] < 1.0
    bot = ISMCTSBot(Settings(sims=20), seed=0)
    assert state.is_legal(bot.choose(state))


def test_search_settles_on_an_immediate_befriending() -> None:
    from furuba.zodiac.state import GameState

    # Tohru is next to Yuki (human: sun, heart, flower, star); the center holds three of them
    # and the hand holds the fourth: playing it befriends Yuki at once.
    state = GameState.from_json({"players": 2, "hands": [["Trust", "Rainy Day"], ["Hidden Tears"]],
                                 "center": ["Sunny Picnic", "A Warm Meal", "Planting Seeds"]})
    bot = ISMCTSBot(Settings(sims=200), seed=0)
    assert state.action_to_string(bot.choose(state)) == "play Trust"
