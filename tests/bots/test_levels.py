"""The five levels: what each is, in every game, honest, and strict about settings."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from furuba import games
from furuba.bots.greedy import GreedyBot
from furuba.bots.ismcts import ISMCTSBot, Search
from furuba.bots.kit import BotKit
from furuba.bots.levels import LEVELS, LevelBot, level_named
from furuba.bots.names import bot_kind
from furuba.bots.policy import PolicyBot
from furuba.bots.registry import level_summary, make_bot, plays
from furuba.bots.search_plan import Plan
from furuba.bots.search_settings import parse_settings
from furuba.cli.bots import level_bot, measured
from furuba.cli.main import build_app
from furuba.core.errors import OptionsError
from furuba.i18n import speaking
from furuba.spec import GameSpec

from .playing import record
from .test_ismcts import GAMES, midgame


def test_the_levels_run_weakest_first_with_words_in_both_languages() -> None:
    assert [level.name for level in LEVELS] == ["beginner", "easy", "normal", "hard", "expert"]
    english = [(level.said_title, level.said_summary) for level in LEVELS]
    with speaking("ja"):
        japanese = [(level.said_title, level.said_summary) for level in LEVELS]
        assert bot_kind("expert") == "達人ボット"
    assert all(title and summary.endswith(".") for title, summary in english)
    assert all(ja_title != en_title and ja_summary != en_summary
               for (en_title, en_summary), (ja_title, ja_summary) in zip(english, japanese, strict=True))
    assert len({summary for _title, summary in english}) == len(LEVELS)


@pytest.mark.parametrize("game", GAMES)
def test_each_level_is_the_bot_it_says_in_a_game_with_a_learned_policy(game: str) -> None:
    built = {level.name: make_bot(level.name, seed=1) for level in LEVELS}
    assert all(isinstance(bot, LevelBot) and bot.name == name for name, bot in built.items())
    inner = {name: bot.bot_for(game) for name, bot in built.items() if isinstance(bot, LevelBot)}
    assert isinstance(inner["beginner"], PolicyBot) and inner["beginner"].temperature == 3
    assert isinstance(inner["easy"], GreedyBot)
    search = {name: bot for name, bot in inner.items() if isinstance(bot, ISMCTSBot)}
    settings = {name: (bot.settings.sims, bot.settings.prior) for name, bot in search.items()}
    assert settings == {"normal": (100, "greedy"), "hard": (400, "policy"),
                        "expert": (1000, "policy")}


def test_a_level_says_how_it_plays_in_each_game(third_game: GameSpec) -> None:
    expert, normal, hard = level_named("expert"), level_named("normal"), level_named("hard")
    # Friends of the Zodiac's levels are the sentences all games share, but for its expert,
    # which says it judges by what it learned of who wins
    assert [level_summary(level, "zodiac") for level in LEVELS[:4]] == [
        level.said_summary for level in LEVELS[:4]]
    assert "likeliest reply" in level_summary(expert, "zodiac")
    assert "who wins in Hard's games" in level_summary(expert, "zodiac")
    with speaking("ja"):
        assert "見立て" in level_summary(expert, "zodiac")
    # Dai Hin Min tunes normal and expert its own way, and says so, in both languages
    assert level_summary(normal, "daihinmin") == (
        "Thinks for a moment: tries its moves in twenty imagined deals.")
    assert "network" in level_summary(expert, "daihinmin")
    assert "likeliest reply" not in level_summary(expert, "daihinmin")
    assert level_summary(hard, "daihinmin") == hard.said_summary
    with speaking("ja"):
        assert "ニューラルネットワーク" in level_summary(expert, "daihinmin")
        assert level_summary(hard, "daihinmin") == hard.said_summary
    # a game without a learned policy gets the bot after it, and its sentence
    assert level_summary(level_named("beginner"), "pairs") == level_named("easy").said_summary
    assert level_summary(hard, "pairs") == "Thinks harder: tries its moves in a thousand imagined deals."
    assert "two thousand" in level_summary(expert, "pairs")


def test_a_game_without_a_learned_policy_gets_each_levels_next_bot(third_game: GameSpec) -> None:
    beginner, hard, expert = make_bot("beginner"), make_bot("hard"), make_bot("expert")
    assert isinstance(beginner, LevelBot) and isinstance(expert, LevelBot)
    assert isinstance(hard, LevelBot)
    assert beginner.spec_for("pairs") == "greedy"
    assert hard.spec_for("pairs") == "ismcts:sims=1000"
    assert expert.spec_for("pairs") == "ismcts:sims=2000"
    assert all(plays(level.name, "pairs") for level in LEVELS)
    assert not plays("expert:rollout=policy", "pairs")
    state = games.new_game("pairs", players=2, seed=3)
    assert make_bot("beginner", seed=2).choose(state) in state.legal_actions()


def test_a_search_level_takes_settings_and_the_others_refuse_them() -> None:
    hard = make_bot("hard:c=0.3,sims=50", seed=0)
    assert isinstance(hard, LevelBot) and hard.name == "hard"
    inner = hard.bot_for("zodiac")
    assert isinstance(inner, ISMCTSBot)
    assert (inner.settings.c, inner.settings.sims) == (0.3, 50)
    for spec, words in [("easy:c=0.3", "the easy bot takes no settings"),
                        ("beginner:temperature=1", "the beginner bot takes no settings"),
                        ("hard:sims=-1", "sims must be a whole number"),
                        ("expert:normal", "is a level already")]:
        with pytest.raises(OptionsError, match=words):
            make_bot(spec)
    with pytest.raises(OptionsError, match="the levels are: beginner, easy, normal"):
        level_named("grandmaster")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", [level.name for level in LEVELS])
def test_a_level_decides_the_same_whatever_the_seat_cannot_see(game: str, name: str) -> None:
    real = midgame(game, 4, steps=25)
    seat = real.current_player
    other = real.determinize(seat, random.Random(5))
    assert other.view(seat) == real.view(seat) and other.to_json() != real.to_json()
    spec = name if name in ("beginner", "easy") else f"{name}:sims=40"
    for seed in range(3):
        assert make_bot(spec, seed).choose(real) == make_bot(spec, seed).choose(other)


@pytest.mark.parametrize("game", GAMES)
def test_a_level_with_the_same_seed_plays_the_same_game(game: str) -> None:
    def play(seed: int) -> list[int]:
        bots = [make_bot(spec, seed + seat) for seat, spec in
                enumerate(["beginner", "easy", "normal:sims=20", "expert:sims=20"])]
        return record(games.new_game(game, players=4, seed=seed), bots, 80)

    assert play(8) == play(8)


def test_a_game_may_tune_a_search_level_and_a_named_setting_wins() -> None:
    def plan(game: str, settings: dict[str, str]) -> Plan:
        return Plan.of(game, parse_settings(settings))

    # Friends of the Zodiac's expert: hard's simulations, the others by the learned favourite.
    expert = plan("zodiac", {"level": "expert"})
    assert (expert.sims, expert.bias) == (400, 1.0)
    assert expert.opponent is not None and expert.opponent != plan("zodiac", {"level": "hard"}).opponent
    # Naming the budget keeps the rest of the level's tuning: expert:sims=1200 is expert
    # searching longer, and expert:time=2 expert on a clock, not another search.
    for budget in ({"sims": "50"}, {"time": "2"}):
        longer = plan("zodiac", {"level": "expert", **budget})
        assert longer.opponent == expert.opponent
        assert parse_settings({"level": "expert", **budget}).plain_level is None
    assert plan("zodiac", {"level": "expert", "sims": "50"}).sims == 50
    assert plan("zodiac", {"level": "expert", "bias": "2"}).bias == 2.0
    assert not plan("zodiac", {"level": "expert", "opp": "tree"}).model_opponents
    # Dai Hin Min's expert: hard's simulations, led by the network shipped beside the policy;
    # weights named in the settings win over the level's.
    state = games.new_game("daihinmin", players=4, seed=5)
    legal = state.legal_actions()

    def prior(settings: dict[str, str]) -> dict[int, float]:
        bonus = plan("daihinmin", settings).bonus
        assert bonus is not None
        return bonus(state, legal, 1.0)

    assert plan("daihinmin", {"level": "expert"}).sims == 400
    assert prior({"level": "expert"}) != prior({"level": "hard"})
    assert prior({"level": "expert"}) == prior({"level": "hard", "weights": "network"})
    assert prior({"level": "expert", "weights": "policy"}) == prior({"level": "hard"})
    assert prior({"level": "expert", "sims": "1000"}) == prior({"level": "expert"})
    assert plan("daihinmin", {"level": "expert", "sims": "1000"}).sims == 1000
    # Dai Hin Min's expert plays for its share of the points, with c and bias halved (a share
    # of a round's points spans half what a share of the win does); value=wins undoes it.
    expert = plan("daihinmin", {"level": "expert"})
    assert (expert.value, expert.c, expert.bias) == ("points", 0.125, 0.5)
    assert plan("daihinmin", {"level": "expert", "value": "wins"}).value == "wins"
    assert plan("daihinmin", {"level": "expert", "sims": "1000"}).value == "points"
    assert plan("daihinmin", {"level": "hard"}).value == "wins"
    assert plan("zodiac", {"level": "expert"}).value == "wins"
    # Friends of the Zodiac's expert judges by the learned outlook; eval=standard undoes it.
    assert plan("zodiac", {"level": "expert"}).evaluation == "learned"
    assert plan("zodiac", {"level": "expert", "sims": "1000"}).evaluation == "learned"
    assert plan("zodiac", {"level": "expert", "eval": "standard"}).evaluation == "standard"
    assert plan("zodiac", {"level": "hard"}).evaluation == "standard"
    # A level the game does not tune keeps the search's own.
    assert plan("zodiac", {"level": "hard"}).sims == 400
    assert plan("daihinmin", {"level": "hard"}).bias == 1.0


def test_a_searching_level_spends_the_simulations_its_game_gives_it() -> None:
    state = games.new_game("zodiac", players=4, seed=3)
    search = Search(state, parse_settings({"level": "expert"}), random.Random(0))
    assert search.run().iterations == 400
    search = Search(state, parse_settings({"level": "expert", "sims": "30"}), random.Random(0))
    assert search.run().iterations == 30


@pytest.mark.parametrize(("game", "normal", "expert"), [
    ("zodiac", 100, "400 simulations a decision, eval=learned"),
    ("daihinmin", 20, "400 simulations a decision, weights=network, value=points")])
def test_furuba_bots_says_how_much_each_searching_level_thinks_in_a_game(game: str, normal: int,
                                                                        expert: str) -> None:
    assert level_bot("normal", game) == f"ismcts:normal ({normal} simulations a decision)"
    assert level_bot("hard", game) == "ismcts:hard (400 simulations a decision)"
    assert level_bot("expert", game) == f"ismcts:expert ({expert})"
    assert level_bot("easy", game) == "greedy"
    out = CliRunner().invoke(build_app(), ["bots", game]).output
    assert "ismcts:expert" in out and "simulations" in out
    # a game won on points says what each level scored of them too (its ladder gives them)
    scored = [r.points for r in games.spec(game).kit(BotKit).ladder if r.points is not None]
    assert scored == ([] if game == "zodiac" else [0.78, 1.125, 1.042, 1.223])
    assert ("an even share of the points" in measured("expert", game)) == bool(scored)
    # where the games measured were not the game as played by default, the words say which
    settings = {r.setting for r in games.spec(game).kit(BotKit).ladder}
    assert settings == ({"games to 4 friendships"} if game == "zodiac" else {""})
    assert ("in games to 4 friendships" in measured("expert", game)) == (game == "zodiac")
    with speaking("ja"):
        assert ("友だち4人で勝ちになるゲームで" in measured("expert", game)) == (game == "zodiac")
