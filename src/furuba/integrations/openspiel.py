"""furuba's games in OpenSpiel: ``import furuba.integrations.openspiel`` registers them.

>>> import pyspiel
>>> import furuba.integrations.openspiel as fos
>>> game = pyspiel.load_game("python_furuba_daihinmin", {"players": 5, "max_rounds": 1})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(5, 175, 65536)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 65536)
>>> state.apply_action(7)                      # the chance outcome: deal number 7
>>> state.current_player() in range(5), state.is_chance_node()
(True, False)
>>> len(state.observation_tensor(0)) == game.observation_tensor_size()
True

**Chance.** Both games use *explicit* chance (``GameType.ChanceMode.EXPLICIT_STOCHASTIC``) with
exactly one chance node: the initial state, whose ``deals`` outcomes (65,536 by default, uniform)
each name a seed for furuba's RNG. Every later shuffle and draw is sampled inside ``apply`` by
the engine from the seed kept in the (hidden part of the) state, so after the deal the game is
deterministic given the state, and a game is reproduced by its chance outcome and actions.
Why not *sampled stochastic*, furuba's own model? OpenSpiel serializes a sampled-stochastic game
together with the game object's RNG state (``Game::GetRNGState``), which a game written in Python
cannot provide, so ``random_sim_test(..., serialize=True)`` could never pass; and explicit chance
lets OpenSpiel's samplers (``rl_environment``, MCTS) choose the deals, the OpenSpiel way. Chance
nodes for every card would mean rebuilding the engines' dealing outside them. The ``seed``
parameter picks which family of ``deals`` seeds the outcomes name.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from furuba import games
from furuba.bots.base import Bot
from furuba.bots.registry import make_bot
from furuba.core.protocol import State
from furuba.core.rng import rng_for
from furuba.integrations.encoding import Encoder, encoder_for
from furuba.integrations.openspiel_state import (
    FurubaObserver,
    FurubaState,
    resampler,
)

__all__ = ["DAIHINMIN", "ZODIAC", "BotRolloutEvaluator", "Determinized", "FurubaBot", "FurubaGame",
           "FurubaState", "play", "resampler"]

Params = dict[str, Any]


@dataclass(frozen=True, slots=True)
class GameSpec:
    """How one furuba game appears in OpenSpiel: names, parameters and their meaning."""

    name: str
    """The furuba registry name."""
    short_name: str
    long_name: str
    defaults: tuple[tuple[str, int | str], ...]
    """OpenSpiel parameters and their defaults (OpenSpiel has no ``None``: 0 or -1 stand in)."""
    min_players: int
    max_players: int
    options: Callable[[Params], Params]
    """OpenSpiel parameters → furuba ``new_game`` options (without the seed)."""
    max_game_length: Callable[[State], int]


def _plain_string(name: str, value: Any) -> str:
    """A string parameter that survives OpenSpiel's game strings (no ``,``, ``=``, ``(``, ``)``)."""
    text = str(value)
    if any(c in text for c in ",=()"):
        raise ValueError(f"OpenSpiel parameter {name}={text!r} may not contain , = ( or ) "
                         "(they break OpenSpiel's game strings); combine variants with '+'")
    return text


def _zodiac_options(p: Params) -> Params:
    variant = _plain_string("variant", p["variant"]).replace("+", ",")
    out: Params = {"players": int(p["players"]), "variant": variant,
                   "max_rounds": int(p["max_rounds"])}
    if int(p["target"]) > 0:
        out["target"] = int(p["target"])
    if int(p["sets"]) > 0:
        out["sets"] = int(p["sets"])
    if str(p["cardset"]):
        out["cardset"] = _plain_string("cardset", p["cardset"])
    return out


def _daihinmin_options(p: Params) -> Params:
    return {"players": int(p["players"]),
            "target": int(p["target"]) if int(p["target"]) > 0 else None,
            "max_rounds": int(p["max_rounds"]) if int(p["max_rounds"]) > 0 else None,
            "dealer": int(p["dealer"]) if int(p["dealer"]) >= 0 else None}


def _zodiac_decisions(steps: Sequence[tuple[Any, ...]], players: int) -> int:
    """An upper bound on the decisions an effect can ask for (discards after draws included)."""
    total = 0
    for step in steps:
        op = step[0]
        if op == "choice":
            total += 1 + max(_zodiac_decisions(option, players) for option in step[2])
        elif op in ("discard_center",) or (op == "move_to" and step[1] < 0) \
                or (op == "flip" and step[1] == "chosen"):
            total += 1
        elif op == "take_discard":
            total += 2                                  # the take, then a discard down to 4
        elif op == "draw":
            total += step[1] * (players if step[2] else 1)
    return total


def _zodiac_max_length(state: State) -> int:
    """Turns are capped by ``max_rounds``; a turn is 3 actions, each with its sub-decisions."""
    rules = state.rules  # type: ignore[attr-defined]
    n = state.num_players
    event = max((_zodiac_decisions(steps, n) for steps in rules.event_steps), default=0)
    per_action = 1 + max(1, event)                      # the action, then its overflow or effect
    per_turn = 3 * per_action + (1 + event if rules.options.coop else 0)
    return int(rules.options.max_rounds * n * per_turn)


def _daihinmin_max_length(state: State) -> int:
    """Each round: the revolution question, 3 gifts, at most 54 plays each followed by at most
    n − 1 passes. Rounds: the round limit, or the target (points per round sum to n(n−1)/2, so
    the leader gains at least (n−1)/2 a round)."""
    view = state.view(None)
    n, target, limit = state.num_players, view["target"], view["max_rounds"]
    rounds = limit if limit is not None else math.inf
    if target is not None:
        rounds = min(rounds, math.ceil(2 * target / (n - 1)))
    return int(rounds) * (4 + 54 * n)


ZODIAC = GameSpec(
    name="zodiac", short_name="python_furuba_zodiac",
    long_name="Python furuba Friends of the Zodiac",
    defaults=(("players", 4), ("variant", "standard"), ("target", 0), ("sets", 0),
              ("max_rounds", 100), ("cardset", ""), ("seed", 0), ("deals", 1 << 16)),
    min_players=1, max_players=32, options=_zodiac_options, max_game_length=_zodiac_max_length)
"""``target`` 0: the variant's (7, or 13 in the Long Game and co-op); ``sets`` 0: one per 4
players; ``cardset``: a card-set file ("" for the default set); ``variant``: ``standard``,
``long``, ``coop``, ``true-friends``, combined with ``+`` (``long+true-friends``): OpenSpiel's
game strings cannot hold commas."""

DAIHINMIN = GameSpec(
    name="daihinmin", short_name="python_furuba_daihinmin", long_name="Python furuba Dai Hin Min",
    defaults=(("players", 4), ("target", 21), ("max_rounds", 0), ("dealer", -1), ("seed", 0),
              ("deals", 1 << 16)),
    min_players=4, max_players=7, options=_daihinmin_options,
    max_game_length=_daihinmin_max_length)
"""``target`` 0: no target (then ``max_rounds`` must be set); ``max_rounds`` 0: no round limit;
``dealer`` -1: drawn with the game's RNG. Both games also take ``seed`` (which family of deals)
and ``deals`` (how many outcomes the chance node has)."""


@functools.cache
def uniform_outcomes(deals: int) -> list[tuple[int, float]]:
    """``deals`` equally likely chance outcomes (built once per size; never mutate it)."""
    return [(i, 1.0 / deals) for i in range(deals)]


def game_type(spec: GameSpec, identical: bool = False) -> Any:
    """The ``pyspiel.GameType`` of ``spec`` (co-op games have identical utilities)."""
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=spec.short_name, long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.IDENTICAL if identical else utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players, min_num_players=spec.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(spec.defaults))


class FurubaGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game running a furuba engine; see :data:`ZODIAC` and :data:`DAIHINMIN`."""

    spec: GameSpec

    def __init__(self, params: Params | None = None) -> None:
        values: Params = {**dict(self.spec.defaults), **(params or {})}
        self.options = self.spec.options(values)
        probe = games.new_game(self.spec.name, seed=0, **self.options)   # checks the options
        self.encoder: Encoder = encoder_for(probe)
        returns_identical = probe.game_name == "zodiac" and probe.rules.options.coop  # type: ignore[attr-defined]
        deals = int(values["deals"])
        if deals < 1:
            raise ValueError(f"deals must be at least 1, not {deals}")
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_distinct_actions(), max_chance_outcomes=deals,
            num_players=probe.num_players, min_utility=0.0, max_utility=1.0,
            utility_sum=None if returns_identical else 1.0,
            max_game_length=self.spec.max_game_length(probe))
        super().__init__(game_type(self.spec, returns_identical), info, values)
        self._seed = int(values["seed"])
        self._deals = deals

    def deal(self, outcome: int) -> State:
        """The furuba game dealt by chance outcome ``outcome``."""
        if not 0 <= outcome < self._deals:
            raise ValueError(f"no deal {outcome}: outcomes are 0 to {self._deals - 1}")
        seed = rng_for(self._seed, outcome).getrandbits(63)
        return games.new_game(self.spec.name, seed=seed, **self.options)

    def deal_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes of the initial state: every deal, uniformly."""
        return uniform_outcomes(self._deals)

    def max_chance_nodes_in_history(self) -> int:
        return 1

    def new_initial_state(self) -> FurubaState:
        """A new game: the chance node that deals it."""
        return FurubaState(self)

    def state_of(self, furuba_state: State) -> FurubaState:
        """An OpenSpiel state wrapping ``furuba_state`` (e.g. a position set up with furuba);
        its ``history()`` starts there."""
        return FurubaState(self, furuba_state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Params | None = None) -> FurubaObserver:
        """The observer OpenSpiel asks for (strings and tensors from the player's view)."""
        if isinstance(iig_obs_type, dict):                  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        return FurubaObserver(self.encoder, iig_obs_type, params)


class ZodiacGame(FurubaGame):
    """Friends of the Zodiac in OpenSpiel (``python_furuba_zodiac``)."""

    spec = ZODIAC


class DaihinminGame(FurubaGame):
    """Dai Hin Min in OpenSpiel (``python_furuba_daihinmin``)."""

    spec = DAIHINMIN


pyspiel.register_game(game_type(ZODIAC), ZodiacGame)
pyspiel.register_game(game_type(DAIHINMIN), DaihinminGame)


# -- bots -----------------------------------------------------------------------------------------
class FurubaBot(pyspiel.Bot):  # type: ignore[misc]
    """A furuba bot (``"random"``, ``"greedy"``, …, see :mod:`furuba.bots.registry`) as an
    OpenSpiel bot."""

    def __init__(self, spec: str, player_id: int, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self._bot: Bot = make_bot(spec, seed=seed)
        self._player_id = player_id

    def player_id(self) -> int:
        return self._player_id

    def restart_at(self, state: Any) -> None:
        pass

    def step(self, state: FurubaState) -> int:
        return self._bot.choose(state.furuba_state)


class Determinized(pyspiel.Bot):  # type: ignore[misc]
    """Hands a perfect-information bot (e.g. OpenSpiel's ``MCTSBot``) a determinized copy of the
    state, so it searches one sampled world and never sees the real hidden cards or deck."""

    def __init__(self, bot: Any, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self._bot = bot
        self._rng = random.Random(seed)

    def restart_at(self, state: Any) -> None:
        pass

    def step(self, state: FurubaState) -> int:
        world = state.resample_with(state.current_player(), self._rng)
        action: int = self._bot.step(world)
        return action


class BotRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An MCTS/ISMCTS evaluator that plays the rest of the game with a furuba bot in every seat
    (``"greedy"`` by default) on the furuba state directly, instead of uniformly random moves.

    Random playouts say little about a card game (the lesson of UECda's FujiGokoro: playouts
    with a good policy). Use it only on states a searcher may see in full — ISMCTS's sampled
    worlds, or :class:`Determinized` — never on the real state, whose hidden cards it would read.
    """

    def __init__(self, spec: str = "greedy", n_rollouts: int = 1, seed: int = 0) -> None:
        self._bot: Bot = make_bot(spec, seed=seed)
        self._rng = random.Random(seed)
        self.n_rollouts = n_rollouts

    def evaluate(self, state: Any) -> Any:
        """The mean returns of ``n_rollouts`` playouts from ``state``."""
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            if state.is_chance_node():
                world = state.get_game().deal(self._rng.randrange(state.get_game().max_chance_outcomes()))
            else:
                world = state.furuba_state.clone()
            while not world.is_terminal():
                world.apply(self._bot.choose(world))
            total += world.returns()
        return total / self.n_rollouts

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Uniform over the legal actions (the chance outcomes at the deal)."""
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def play(state: Any, bots: Sequence[Any], rng: random.Random | None = None) -> list[float]:
    """Play ``state`` to the end with one bot per player (only ``step`` is called), drawing
    chance outcomes with ``rng``; the returns."""
    rng = rng or random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        state.apply_action(bots[state.current_player()].step(state))
    returns: list[float] = state.returns()
    return returns
