"""The search with the learned policy: ``rollout=policy``, ``prior=policy``, ``opp=learned`` and
``opp=best`` are read, used, reproducible, and refused with a sentence for a game that ships no
policy."""

from __future__ import annotations

import random

import numpy as np
import pytest

from furuba import games
from furuba.bots.ismcts import ISMCTSBot, Plan, Search, parse_settings
from furuba.bots.kit import BotKit
from furuba.bots.learned import learned_policy
from furuba.bots.registry import check_spec, make_bot, plays
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.spec import GameSpec

from .playing import record

GAMES = ("zodiac", "daihinmin")


def midgame(game: str, seed: int) -> State:
    state = games.new_game(game, players=4, seed=seed)
    greedy = games.spec(game).kit(BotKit).policies.greedy
    rng = random.Random(seed)
    for _ in range(12):
        state.apply(greedy(state, rng))
    while len(state.legal_actions()) < 2:
        state.apply(greedy(state, rng))
    return state


def test_the_settings_are_read() -> None:
    s = parse_settings({"rollout": "policy", "prior": "policy", "bias": "2"})
    assert (s.rollout, s.prior, s.bias, s.sims) == ("policy", "policy", 2.0, 100)
    assert (parse_settings({}).rollout, parse_settings({}).prior) == ("greedy", "greedy")


@pytest.mark.parametrize("game", GAMES)
def test_the_plan_plays_out_and_biases_with_the_shipped_policy(game: str) -> None:
    learned = learned_policy(game)
    plan = Plan.of(game, parse_settings({"rollout": "policy", "prior": "policy"}))
    assert plan.rollout == learned.best_action and plan.bonus == learned.bonus
    plain = Plan.of(game, parse_settings({}))
    assert plain.rollout == games.spec(game).kit(BotKit).policies.rollout and plain.bonus is None
    state = midgame(game, 3)
    legal = state.legal_actions()
    bonus = learned.bonus(state, legal, 1.5)
    assert set(bonus) == set(legal) and all(0.0 < b <= 1.5 for b in bonus.values())
    assert max(bonus, key=bonus.__getitem__) == learned.best_action(state, None)


@pytest.mark.parametrize(("game", "seed"), [("zodiac", 18), ("daihinmin", 2)])
def test_the_learned_opponent_model_draws_by_the_policys_probabilities(game: str, seed: int) -> None:
    """In a position where the policy spreads its choice (its favourite at 58% to 65%), every
    action is drawn about as often as its probability says."""
    learned = learned_policy(game)
    plan = Plan.of(game, parse_settings({"opp": "learned"}))
    assert plan.opponent == learned.sample_action and plan.model_opponents
    assert Plan.of(game, parse_settings({"opp": "policy"})).opponent == plan.policy
    assert Plan.of(game, parse_settings({"opp": "tree"})).opponent is None
    assert Plan.of(game, parse_settings({"opp": "best"})).opponent == learned.best_action
    state = midgame(game, seed)
    legal = state.legal_actions()
    bonus = learned.bonus(state, legal, 1.0)
    probs = np.array([bonus[a] for a in legal]) / sum(bonus.values())
    assert 0.5 < probs.max() < 0.7 and (probs > 0.04).sum() >= 4
    rng = random.Random(3)
    draws = 4000
    counts = np.array([0] * len(legal))
    for _ in range(draws):
        counts[legal.index(learned.sample_action(state, rng))] += 1
    # Each action's share of the draws lies within 4 standard errors of its probability.
    error = np.sqrt(probs * (1 - probs) / draws)
    assert np.all(np.abs(counts / draws - probs) <= 4 * error + 1e-9), (counts, probs)
    assert counts[int(np.argmax(probs))] == counts.max()


@pytest.mark.parametrize("game", GAMES)
def test_the_root_bias_follows_the_learned_probabilities(game: str) -> None:
    state = midgame(game, 5)
    search = Search(state, parse_settings({"sims": "20", "prior": "policy"}), random.Random(1))
    search.run()
    root = search.root.bonus
    assert root == learned_policy(game).bonus(state, state.legal_actions(), search.plan.bias)
    greedy = Search(state, parse_settings({"sims": "20"}), random.Random(1))
    greedy.run()
    assert greedy.root.bonus is not None and len(greedy.root.bonus) == 1


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("spec", ["ismcts:sims=15,rollout=policy,depth=6",
                                  "ismcts:sims=15,prior=policy",
                                  "ismcts:sims=15,rollout=policy,prior=policy,depth=4",
                                  "ismcts:sims=15,opp=learned", "ismcts:sims=15,opp=best"])
def test_a_fixed_seed_gives_the_same_legal_game(game: str, spec: str) -> None:
    def play(seed: int) -> list[int]:
        bots = [make_bot(spec, seed=seed), make_bot("greedy", seed=1),
                make_bot(spec, seed=seed + 1), make_bot("random", seed=2)]
        return record(games.new_game(game, players=4, seed=21), bots, 40)

    assert play(4) == play(4)


def test_a_game_without_a_learned_policy_refuses_the_settings(third_game: GameSpec) -> None:
    pairs = games.new_game("pairs", players=2, seed=1)
    while len(pairs.legal_actions()) < 2:
        pairs.apply(pairs.legal_actions()[0])
    for spec in ("ismcts:rollout=policy", "hard:prior=policy", "normal:opp=learned",
                 "normal:opp=best"):
        with pytest.raises(OptionsError, match=r"^Pairs has no learned policy for the search to "
                                               r"use: its spec gives no features$"):
            make_bot(spec).choose(pairs)
        assert not plays(spec, "pairs") and plays(spec, "daihinmin")
        with pytest.raises(OptionsError, match=f"the {spec} bot cannot play Pairs"):
            check_spec(spec, "pairs")
    # the search without them still plays it, and a bad setting keeps its own words
    assert plays("ismcts:prior=greedy", "pairs") and pairs.is_legal(
        ISMCTSBot(parse_settings({"sims": "10"})).choose(pairs))
    with pytest.raises(OptionsError, match="prior must be one of"):
        check_spec("ismcts:prior=maybe", "pairs")


@pytest.mark.parametrize("game", GAMES)
def test_with_opprollout_the_others_play_their_model_in_the_playouts(game: str) -> None:
    """``opprollout=on``: in a playout the searcher's moves come from the rollout policy and
    every other player's from the opponent model; without it, every move from the rollout."""
    from dataclasses import replace

    def recording(policy: object, movers: list[int]) -> object:
        def play(state: State, rng: random.Random) -> int:
            movers.append(state.current_player)
            return policy(state, rng)  # type: ignore[operator, no-any-return]
        return play

    settings = {"level": "hard", "opp": "best", "rollout": "random", "depth": "60"}
    split = Plan.of(game, parse_settings({**settings, "opprollout": "on"}))
    assert split.others is not None and split.others == split.opponent
    assert Plan.of(game, parse_settings(settings)).others is None
    for seed in range(3):
        state = midgame(game, seed)
        me = state.current_player
        own: list[int] = []
        theirs: list[int] = []
        plan = replace(split, rollout=recording(split.rollout, own),
                       others=recording(split.others, theirs))
        plan.playout(state.clone(), random.Random(seed), plan.mark(state) if plan.mark else None,
                     me)
        assert theirs and set(theirs) != {me} and me not in theirs
        assert set(own) <= {me}
    with pytest.raises(OptionsError, match="opprollout=on plays the others' model"):
        Plan.of(game, parse_settings({"level": "hard", "opp": "tree", "opprollout": "on"}))
    with pytest.raises(OptionsError, match="opprollout must be one of on, off"):
        parse_settings({"opprollout": "yes"})
    bot = make_bot("hard:opp=best,opprollout=on,sims=12", seed=1)
    state = midgame(game, 5)
    assert bot.choose(state) in state.legal_actions()


def test_with_inference_a_search_that_models_the_others_reads_their_hands_by_the_model() -> None:
    """``infer=on`` with a learned model of the others (``opp=best``): the game's
    ``model_sampler`` judges the worlds by that model; with ``opp=policy`` the game's own
    ``world_sampler`` reads them; a game without a ``model_sampler`` keeps its own."""
    policies = games.spec("daihinmin").kit(BotKit).policies
    assert policies.model_sampler is not None
    plain = Plan.of("daihinmin", parse_settings({"level": "hard", "infer": "on"}))
    assert plain.sampler is policies.world_sampler
    modelled = Plan.of("daihinmin", parse_settings({"level": "hard", "infer": "on",
                                                    "opp": "best",
                                                    "oppweights": "uecda_default"}))
    assert modelled.sampler is not None and modelled.sampler is not policies.world_sampler
    state = games.new_game("daihinmin", players=5, seed=8, rules="uecda")
    rng = random.Random(8)
    for _ in range(25):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    me = state.current_player
    world = modelled.sampler(state, me)(random.Random(1))
    assert world.view(me) == state.view(me)
    zodiac = Plan.of("zodiac", parse_settings({"level": "hard", "infer": "on", "opp": "best"}))
    assert zodiac.sampler is games.spec("zodiac").kit(BotKit).policies.world_sampler
