"""furuba's games in OpenSpiel: ``import furuba.integrations.openspiel`` registers them.

Every registered game becomes ``python_furuba_<name>`` (``python_furuba_zodiac``,
``python_furuba_daihinmin``), one :class:`FurubaGame` subclass per :class:`~furuba.spec.GameSpec`,
its parameters, player range, action count, longest game and utility all read from the spec. A
game registered later (a plug-in) is added with :func:`register`.

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

**Parameters.** ``players``, then each option of the game's spec, then ``seed`` and ``deals``.
OpenSpiel has no ``None``: a whole-number option that may be ``None`` takes one less than its
lowest value for it (0 for an option that starts at 1, -1 for one that starts at 0); a text
option takes ``""`` for the game's default. OpenSpiel's game strings cannot hold ``,``, ``=``,
``(`` or ``)``, so text values may not contain them and the choices of a combinable option are
joined with ``+`` (``variant=long+true-friends``). An option that a preset sets (the choices of
another option, such as Dai Hin Min's ``rules``) defaults to the game's own choice (``""``, or the
stand-in for ``None``), so that choosing the preset alone is enough.

>>> params = fos.parameters(games.spec("daihinmin"))
>>> {k: params[k] for k in ("players", "target", "max_rounds", "rules", "eight_cut", "jokers")}
{'players': 4, 'target': 21, 'max_rounds': 0, 'rules': 'rulebook', 'eight_cut': '', 'jokers': -1}

**Chance.** Every game uses *explicit* chance (``GameType.ChanceMode.EXPLICIT_STOCHASTIC``) with
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
from typing import Any, ClassVar

import pyspiel

from furuba import games
from furuba.core.protocol import State
from furuba.core.rng import rng_for
from furuba.integrations.encoding import Encoder, encoder_for
from furuba.integrations.kit import AdapterKit
from furuba.integrations.openspiel_bots import BotRolloutEvaluator, Determinized, FurubaBot, play
from furuba.integrations.openspiel_state import (
    FurubaObserver,
    FurubaState,
    resampler,
)
from furuba.spec import GameSpec, Option

__all__ = ["GAMES", "BotRolloutEvaluator", "Determinized", "FurubaBot", "FurubaGame", "FurubaState",
           "game_type", "parameters", "play", "register", "resampler", "short_name"]

Params = dict[str, Any]
PREFIX = "python_furuba_"
DEFAULT_DEALS = 1 << 16
RESERVED = ("players", "seed", "deals")
"""Parameters every game has; no option of a game may take these names."""


def short_name(spec: GameSpec) -> str:
    """The OpenSpiel name of a game: ``python_furuba_<name>``."""
    return PREFIX + spec.name.replace("-", "_")


def _nullable(option: Option) -> bool:
    return option.nullable or option.default is None


def _none_value(option: Option) -> int | str:
    """What stands for ``None`` in OpenSpiel: one below the lowest whole number, or ``""``."""
    if option.kind != "int":
        return ""
    if option.low is None:
        raise ValueError(f"option {option.name} may be None but has no lowest value: OpenSpiel "
                         "has no None, and one below the lowest value stands for it")
    return option.low - 1


def parameter_default(option: Option) -> int | str:
    """The OpenSpiel default of ``option`` (its stand-in for ``None`` when the default is none)."""
    if option.default is None:
        return _none_value(option)
    if option.kind == "int":
        return int(option.default)
    return str(option.default).replace(",", "+") if option.combinable else str(option.default)


def parameters(spec: GameSpec) -> Params:
    """The OpenSpiel parameters of ``spec`` and their defaults, in order."""
    clash = [o.name for o in spec.options if o.name in RESERVED]
    if clash:
        raise ValueError(f"{spec.title}: option {clash[0]!r} clashes with OpenSpiel's parameter "
                         "of that name")
    for option in spec.options:
        if _nullable(option):
            _none_value(option)                           # every stand-in for None must exist
    preset = {name for o in spec.options for values in (o.presets or {}).values()
              for name in values}
    return {"players": spec.players.default,
            **{o.name: _none_value(o) if o.name in preset and (_nullable(o) or o.kind != "int")
               else parameter_default(o) for o in spec.options},
            "seed": 0, "deals": DEFAULT_DEALS}


def _plain_string(option: Option, value: Any) -> str:
    """A string parameter that survives OpenSpiel's game strings (no ``,``, ``=``, ``(``, ``)``)."""
    text = str(value)
    if any(c in text for c in ",=()"):
        hint = f"; combine {option.name}s with '+'" if option.combinable else ""
        raise ValueError(f"OpenSpiel parameter {option.name}={text!r} may not contain , = ( or ) "
                         f"(they break OpenSpiel's game strings){hint}")
    return text


def options_of(spec: GameSpec, params: Params) -> Params:
    """OpenSpiel parameters → the keyword arguments of the game's ``new_game`` (without the
    seed): stand-ins for ``None`` become ``None``, ``""`` leaves a text option to the game."""
    out: Params = {"players": int(params["players"])}
    for option in spec.options:
        value = params[option.name]
        if option.kind == "int":
            number = int(value)
            none = _none_value(option) if _nullable(option) else None
            out[option.name] = None if number == none else number
            continue
        text = _plain_string(option, value)
        if text:
            out[option.name] = text.replace("+", ",") if option.combinable else text
    return spec.game_kwargs(out)


@functools.cache
def uniform_outcomes(deals: int) -> list[tuple[int, float]]:
    """``deals`` equally likely chance outcomes (built once per size; never mutate it)."""
    return [(i, 1.0 / deals) for i in range(deals)]


def game_type(spec: GameSpec, cooperative: bool = False) -> Any:
    """The ``pyspiel.GameType`` of ``spec`` (co-op games have identical utilities)."""
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(spec), long_name=f"Python furuba {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.IDENTICAL if cooperative else utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.players.high, min_num_players=spec.players.low,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters(spec))


class FurubaGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game running a furuba engine: one subclass per registered game, made by
    :func:`register`, whose ``spec`` says everything about it."""

    spec: ClassVar[GameSpec]

    def __init__(self, params: Params | None = None) -> None:
        values: Params = {**parameters(self.spec), **(params or {})}
        self.options = options_of(self.spec, values)
        probe = self.spec.new_game(seed=0, **self.options)         # checks the options
        facts = self.spec.info(probe)
        self.encoder: Encoder = encoder_for(probe)
        deals = int(values["deals"])
        if deals < 1:
            raise ValueError(f"deals must be at least 1, not {deals}")
        info = pyspiel.GameInfo(
            num_distinct_actions=facts.num_distinct_actions, max_chance_outcomes=deals,
            num_players=facts.num_players, min_utility=0.0, max_utility=1.0,
            utility_sum=None if facts.cooperative else 1.0,
            max_game_length=facts.max_game_length)
        super().__init__(game_type(self.spec, facts.cooperative), info, values)
        self._seed = int(values["seed"])
        self._deals = deals

    def deal(self, outcome: int) -> State:
        """The furuba game dealt by chance outcome ``outcome``."""
        if not 0 <= outcome < self._deals:
            raise ValueError(f"no deal {outcome}: outcomes are 0 to {self._deals - 1}")
        seed = rng_for(self._seed, outcome).getrandbits(63)
        return self.spec.new_game(seed=seed, **self.options)

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


GAMES: dict[str, type[FurubaGame]] = {}
"""The OpenSpiel game class of each registered furuba game, by the furuba name."""


def register(spec: GameSpec) -> type[FurubaGame]:
    """Register ``spec`` with OpenSpiel as ``python_furuba_<name>`` (again: replaces it); the
    game's class. Observations come from the game's encoder, which it must have."""
    if spec.kit_or(AdapterKit()).encoder is None:
        raise ValueError(f"{spec.title} has no observation encoder, which OpenSpiel needs")
    cls = type(f"{spec.name.replace('-', '_').capitalize()}Game", (FurubaGame,), {
        "spec": spec, "__module__": __name__,
        "__doc__": f"{spec.title} in OpenSpiel (``{short_name(spec)}``)."})
    pyspiel.register_game(game_type(spec), cls)
    GAMES[spec.name] = cls
    return cls


for _spec in games.specs():
    if _spec.kit_or(AdapterKit()).encoder is not None:
        register(_spec)
