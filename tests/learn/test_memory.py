"""What imitation remembers (``--window``, ``--epochs``): the teacher's decisions kept end to end,
learned from again, saved in checkpoints, and a network trained on them."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from furuba.core.errors import OptionsError
from furuba.learn.checkpoints import load_checkpoint
from furuba.learn.memory import Memory
from furuba.learn.policy import SoftmaxPolicy
from furuba.learn.selfplay import entropy_coefficients
from furuba.learn.train import Trainer

from .test_imitate import TINY, cross_entropy, held_out


def decision(seed: int, size: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    target = rng.random(size)
    return rng.normal(size=(size, 3)).astype(np.float32), target / target.sum()


def test_the_memory_direction_is_the_mean_of_each_decision_s_own() -> None:
    taught = [decision(1, 2), decision(2, 5), decision(3, 3)]
    memory = Memory.empty(3)
    memory.add(0, taught[:1])
    memory.add(1, taught[1:])
    policy = SoftmaxPolicy(np.array([0.3, -0.2, 0.9]))
    direction, loss = memory.direction(policy, entropy=0.05)
    expected = np.zeros(3)
    expected_loss = 0.0
    for rows, target in taught:
        probs = policy.probs(rows)
        _h, coefficients = entropy_coefficients(probs)
        expected += policy.gradient(rows, target - probs) + 0.05 * policy.gradient(rows,
                                                                                  coefficients)
        expected_loss += -float(target @ np.log(probs))
    assert np.allclose(direction, expected / 3)
    assert loss == pytest.approx(expected_loss / 3)


def test_the_window_forgets_the_oldest_iterations_and_the_arrays_come_back() -> None:
    memory = Memory.empty(3)
    for iteration in range(4):
        memory.add(iteration, [decision(10 * iteration + k, 2 + k) for k in range(2)])
    assert memory.decisions == 8 and len(memory.rows) == 4 * (2 + 3)
    memory.keep_since(2)
    assert list(memory.born) == [2, 2, 3, 3] and len(memory.rows) == 10 == len(memory.targets)
    assert np.array_equal(memory.rows[:2], decision(20, 2)[0])
    back = Memory.from_arrays(memory.arrays(), 3)
    assert all(np.array_equal(a, b) for a, b in zip(back.arrays().values(),
                                                    memory.arrays().values(), strict=True))


def test_epochs_and_window_belong_to_imitation_and_take_no_negative_numbers() -> None:
    plain = replace(TINY, teacher=None)
    for changes in ({"epochs": 3}, {"window": 0}):
        with pytest.raises(OptionsError, match="go with --teacher"):
            replace(plain, **changes).validate()
    with pytest.raises(OptionsError, match="0 or more"):
        replace(TINY, hidden=-1).validate()
    with pytest.raises(OptionsError, match="--epochs must be at least 1"):
        replace(TINY, epochs=0).validate()
    command = replace(TINY, hidden=8, epochs=20, window=0)
    command.validate()
    assert command.command().endswith("--hidden 8 --epochs 20 --window 0")


def test_a_network_imitating_with_a_memory_is_reproducible_resumes_exactly_and_learns(
        tmp_path: Path) -> None:
    cfg = replace(TINY, iterations=4, checkpoint_every=1, eval_every=4, hidden=8, epochs=15,
                  window=0, rate=0.03)
    trainer = Trainer(cfg, tmp_path / "whole")
    start = trainer.fresh()
    whole = trainer.run(trainer.fresh())
    assert whole.memory.decisions == sum(step["decisions"] for step in whole.history)
    assert [step["remembered"] for step in whole.history] == list(
        np.cumsum([step["decisions"] for step in whole.history]))
    two = Trainer(replace(cfg, jobs=2), tmp_path / "two")
    assert np.array_equal(two.run(two.fresh()).weights, whole.weights)
    cut = Trainer(replace(cfg, iterations=2), tmp_path / "cut")
    cut.run(cut.fresh())
    resumed = trainer.run(load_checkpoint(tmp_path / "cut", cfg))
    assert np.array_equal(resumed.weights, whole.weights)
    assert resumed.memory.decisions == whole.memory.decisions
    # the network's output layer moved off zero, and it came closer to the teacher on
    # positions it never saw
    policy = trainer.policy(whole)
    assert policy.hidden == 8 and np.abs(policy.weights[-8:]).sum() > 0
    positions = held_out(cfg.game, 24)
    before = cross_entropy(start.weights, cfg.game, positions, hidden=8)
    after = cross_entropy(whole.weights, cfg.game, positions, hidden=8)
    assert after < before - 0.01, (before, after)
    assert "--hidden 8 --epochs 15 --window 0" in policy.provenance["command"]


def test_a_checkpoint_from_before_networks_still_resumes(tmp_path: Path) -> None:
    import json

    cfg = replace(TINY, iterations=2, checkpoint_every=1)
    Trainer(replace(cfg, iterations=1), tmp_path).run(Trainer(cfg, tmp_path).fresh())
    path = tmp_path / "checkpoints" / "iter-000001.json"
    about = json.loads(path.read_text(encoding="utf-8"))
    for key in ("hidden", "epochs", "window"):
        del about["run"][key]
    path.write_text(json.dumps(about), encoding="utf-8")
    assert load_checkpoint(tmp_path, cfg).iteration == 1
    with pytest.raises(Exception, match="another run"):
        load_checkpoint(tmp_path, replace(cfg, hidden=4))


def test_a_trained_network_is_what_the_policy_bot_plays(tmp_path: Path) -> None:
    from furuba import games
    from furuba.bots.policy import PolicyBot, features_of

    cfg = replace(TINY, iterations=1, hidden=4, epochs=3)
    trainer = Trainer(cfg, tmp_path)
    policy = trainer.policy(trainer.run(trainer.fresh()))
    policy.save(tmp_path / "policy.npz")
    bot = PolicyBot(seed=1, temperature=0.0, file=tmp_path / "policy.npz")
    learning = features_of(cfg.game)
    for seed in range(5):
        state = games.new_game(cfg.game, players=4, seed=seed)
        legal = state.legal_actions()
        assert bot.choose(state) == legal[policy.best(learning.featurize(state, legal))]


def test_the_search_leans_on_the_weights_it_is_given(tmp_path: Path) -> None:
    from furuba import games
    from furuba.bots.learned import PRIOR_TEMPERATURE
    from furuba.bots.policy import features_of
    from furuba.bots.registry import make_bot
    from furuba.bots.search_plan import Plan
    from furuba.bots.search_settings import parse_settings
    from furuba.core.errors import OptionsError

    cfg = replace(TINY, iterations=1, hidden=4, epochs=3)
    trainer = Trainer(cfg, tmp_path)
    policy = trainer.policy(trainer.run(trainer.fresh()))
    path = tmp_path / "policy.npz"
    policy.save(path)
    state = games.new_game(cfg.game, players=4, seed=6)
    legal = state.legal_actions()
    rows = features_of(cfg.game).featurize(state, legal)
    plan = Plan.of(cfg.game, parse_settings({"level": "hard", "weights": str(path)}))
    assert plan.bonus is not None
    scores = policy.logits(rows) / PRIOR_TEMPERATURE
    expected = np.exp(scores - scores.max())
    assert np.allclose([plan.bonus(state, legal, 1.0)[a] for a in legal], expected)
    shipped = Plan.of(cfg.game, parse_settings({"level": "hard"}))
    assert shipped.bonus is not None
    assert [shipped.bonus(state, legal, 1.0)[a] for a in legal] != list(expected)
    assert make_bot(f"hard:weights={path},sims=20", seed=1).choose(state) in legal
    with pytest.raises(OptionsError, match="no policy file"):
        Plan.of(cfg.game, parse_settings({"level": "hard", "weights": str(tmp_path / "no.npz")}))
    with pytest.raises(OptionsError, match="ships no weights called 'no-such-weights'"):
        Plan.of(cfg.game, parse_settings({"level": "hard", "weights": "no-such-weights"}))


def test_the_search_models_the_others_with_oppweights_and_keeps_its_own_prior(
        tmp_path: Path) -> None:
    from furuba import games
    from furuba.bots.policy import features_of
    from furuba.bots.search_plan import Plan
    from furuba.bots.search_settings import parse_settings

    cfg = replace(TINY, iterations=1, hidden=4, epochs=3)
    trainer = Trainer(cfg, tmp_path)
    policy = trainer.policy(trainer.run(trainer.fresh()))
    # a network unlike the shipped policy: its linear part reversed, so its favourites differ
    n_linear = features_of(cfg.game).size
    policy.weights[:n_linear] = -policy.weights[:n_linear]
    path = tmp_path / "policy.npz"
    policy.save(path)
    shipped = Plan.of(cfg.game, parse_settings({"level": "hard", "opp": "best"}))
    split = Plan.of(cfg.game, parse_settings({"level": "hard", "opp": "best",
                                              "oppweights": str(path)}))
    differ = 0
    for seed in range(12):
        state = games.new_game(cfg.game, players=4, seed=seed)
        legal = state.legal_actions()
        rows = features_of(cfg.game).featurize(state, legal)
        assert split.bonus is not None and shipped.bonus is not None
        assert split.bonus(state, legal, 1.0) == shipped.bonus(state, legal, 1.0)
        assert split.opponent is not None and shipped.opponent is not None
        rng = random.Random(seed)
        assert split.opponent(state, rng) == legal[policy.best(rows)]
        differ += split.opponent(state, rng) != shipped.opponent(state, rng)
    assert differ > 0, "the two models never disagreed: the test shows nothing"
    with pytest.raises(OptionsError, match="no policy file"):
        Plan.of(cfg.game, parse_settings({"level": "hard", "opp": "best",
                                          "oppweights": str(tmp_path / "no.npz")}))
    with pytest.raises(OptionsError, match="only with opp=best or opp=learned"):
        Plan.of(cfg.game, parse_settings({"level": "hard", "oppweights": str(path)}))
    with pytest.raises(OptionsError, match="oppweights must name"):
        parse_settings({"oppweights": ""})


def test_a_run_starts_from_the_game_s_weights_zero_or_a_policy_file(tmp_path: Path) -> None:
    from furuba.bots.policy import features_of
    from furuba.learn.train import start_weights

    zodiac = replace(TINY, game="zodiac", hidden=2)
    zodiac.validate()
    game = features_of("zodiac").start_weights()
    assert np.array_equal(start_weights(zodiac)[:game.size], game) and np.abs(game).sum() > 0
    assert not start_weights(replace(zodiac, start="zero"))[:game.size].any()
    shipped = features_of("zodiac").shipped
    assert shipped is not None
    linear = SoftmaxPolicy.load(shipped).weights
    from_file = start_weights(replace(zodiac, start=str(shipped)))
    assert np.array_equal(from_file[:linear.size], linear) and from_file.size > linear.size
    assert "--start zero" in replace(zodiac, start="zero").command()
    net = tmp_path / "net.npz"
    SoftmaxPolicy(from_file, provenance={"features": list(zodiac.features)}, hidden=2).save(net)
    assert np.array_equal(start_weights(replace(zodiac, start=str(net))), from_file)
    with pytest.raises(OptionsError, match="a network of 2 hidden units, not 3"):
        start_weights(replace(zodiac, start=str(net), hidden=3))
    with pytest.raises(OptionsError, match="cannot read the policy"):
        start_weights(replace(zodiac, start=str(tmp_path / "none.npz")))
