"""The search's settings resolved against one game: the functions and numbers it uses.

The game's spec (:class:`furuba.bots.kit.BotKit`) gives its fast policy, its evaluation, where a
playout stops, its optional world sampler and its tuned search settings (``search``) — with, under
``levels``, what differs for one of the search's levels (``{"expert": {"sims": 400}}``: its
simulations and the weights it leans on too); the settings say which of them a search uses,
and a setting given by name wins over both. A game that tunes nothing gets :data:`FALLBACK`.

>>> from furuba.bots.search_settings import parse_settings
>>> plan = Plan.of("daihinmin", parse_settings({"level": "hard", "c": "0.5"}))
>>> plan.c, plan.model_opponents, plan.bonus is None
(0.5, True, False)
>>> expert = Plan.of("zodiac", parse_settings({"level": "expert"}))
>>> expert.sims, expert.model_opponents
(400, True)
>>> Plan.of("daihinmin", parse_settings({"level": "expert"})).sims
400
>>> Plan.of("zodiac", parse_settings({"level": "expert", "sims": "50"})).sims
50

With ``value=points`` the search plays for its share of the table's points, not of the win
(here, the points the game expects its players to score in the round just dealt):

>>> state = games.new_game("daihinmin", players=4, seed=3)
>>> [round(v, 2) for v in Plan.of("daihinmin", parse_settings({"value": "points"})).evaluate(state)]
[0.32, 0.2, 0.04, 0.44]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from furuba import games
from furuba.bots.kit import BotKit, Policies
from furuba.bots.learned import learned_policy
from furuba.bots.search_settings import LEARNED_OPPONENTS, Settings, uses_learned_policy
from furuba.core.errors import OptionsError
from furuba.core.protocol import State

FALLBACK: dict[str, Any] = {"c": 0.7, "bias": 0.0, "opp": "tree", "depth": 12, "infer": False,
                            "value": "wins"}
"""Search settings for a game that gives no search settings of its own."""

STANDARD = "standard"
"""The name of a game's own ``evaluate`` among its evaluations (``eval=standard``)."""

Policy = Callable[[Any, random.Random], int]


@dataclass
class Plan:
    """Settings resolved against one game: its functions and the numbers the search uses."""

    rollout: Policy
    """How the playouts move: every player, or only the searcher when :attr:`others` is set."""
    policy: Policy
    """The game's own fast policy (what ``prior=greedy`` favours)."""
    opponent: Policy | None
    """How the other players move inside the tree: the game's policy (``opp=policy``), a draw
    from the learned one (``opp=learned``) or its best-scored action (``opp=best``), or ``None``
    (``opp=tree``: by UCT, as the searcher)."""
    bonus: Callable[[Any, list[int], float], dict[int, float]] | None
    """The learned policy's progressive bias (``prior=policy``); ``None``: toward the game's
    policy action."""
    evaluate: Callable[[Any], list[float]]
    """Each player's value at a state a playout stops in before the end: the game's estimate of
    its win share, or (``value=points``) its share of the points the game expects."""
    outcome: Callable[[Any], list[float]]
    """Each player's value at the end of the game: its win share (``returns``), or
    (``value=points``) its share of the points (``scores``)."""
    mark: Callable[[Any], Hashable] | None
    """A playout stops when this value changes (``None``: only the depth limits it)."""
    sampler: Callable[[Any, int], Callable[[random.Random], Any]] | None
    """The game's ``world_sampler`` when inference is on (its ``model_sampler``, judging by the
    learned model of the others, when the search has one)."""
    c: float
    bias: float
    depth: int
    sims: int
    """The simulations a decision: the level's, or the game's own for that level, unless the
    settings name a number."""
    weights: str | None = None
    """The learned weights the search leans on, when not the policy the game ships: named in
    the settings, or by the game for the level (``network``)."""
    value: str = "wins"
    """What the search plays for: each player's share of the ``wins`` or of the ``points``."""
    evaluation: str = STANDARD
    """The name of the estimate of the win shares :attr:`evaluate` is (``eval=``): ``standard``,
    the game's own ``evaluate``, or one of its spec's ``evaluations``."""
    others: Policy | None = None
    """How the players other than the searcher move in the playouts (``opprollout=on``: their
    model, :attr:`opponent`); ``None``: by :attr:`rollout`, as the searcher."""

    def playout(self, world: State, rng: random.Random, start: Hashable = None,
                player: int = -1) -> list[float]:
        """Play ``world`` on for at most ``depth`` steps, stopping once the game's mark differs
        from ``start`` (the end of the round the search began in) — ``player``'s moves (the
        searcher's) by the rollout policy, the others' by :attr:`others` when set; every
        player's value there (:attr:`outcome` at the end of the game, else :attr:`evaluate`)."""
        policy, mark, others = self.rollout, self.mark, self.others
        for _ in range(self.depth):
            if world.is_terminal() or (mark is not None and mark(world) != start):
                break
            if others is not None and world.current_player != player:
                world.apply(others(world, rng))
            else:
                world.apply(policy(world, rng))
        return self.outcome(world) if world.is_terminal() else self.evaluate(world)

    @property
    def model_opponents(self) -> bool:
        """Whether the other players follow a model inside the tree (not UCT)."""
        return self.opponent is not None

    @classmethod
    def of(cls, game_name: str, settings: Settings) -> Plan:
        kit = games.spec(game_name).kit(BotKit)
        policies = kit.policies
        own = {**FALLBACK, **kit.search}
        own.update(own.get("levels", {}).get(settings.level, {}))
        policy: Policy = policies.rollout
        infer = own["infer"] if settings.infer is None else settings.infer
        opp = str(own["opp"] if settings.opponents is None else settings.opponents)
        if settings.opponent_weights is not None and opp not in LEARNED_OPPONENTS:
            raise OptionsError(f"ismcts: oppweights= models the others only with opp=best or "
                               f"opp=learned, and this search has opp={opp}")
        if settings.opponent_rollouts and opp == "tree":
            raise OptionsError("ismcts: opprollout=on plays the others' model in the playouts, "
                               "and this search has none (opp=tree): name opp=policy, best or "
                               "learned")
        weights = settings.weights if settings.weights is not None else own.get("weights")
        learned = (learned_policy(game_name, weights)
                   if uses_learned_policy(settings) or opp in LEARNED_OPPONENTS else None)
        rollouts: dict[str, Policy] = {"greedy": policy, "random": _random_action}
        opponents: dict[str, Policy | None] = {"tree": None, "policy": policy}
        sampler = policies.world_sampler if infer else None
        if learned is not None:
            rollouts["policy"] = learned.best_action
            model = (learned if settings.opponent_weights is None
                     else learned_policy(game_name, settings.opponent_weights))
            opponents["learned"] = model.sample_action
            opponents["best"] = model.best_action
            if infer and opp in LEARNED_OPPONENTS and policies.model_sampler is not None:
                sampler = _judged_by(policies.model_sampler, model.best_action)
        outcome: Callable[[Any], list[float]] = _returns
        value = own["value"] if settings.value is None else settings.value
        named = settings.evaluation or own.get("eval") or STANDARD
        if value == "points":
            if settings.evaluation not in (None, STANDARD):
                raise OptionsError(f"ismcts: eval={named} judges win shares, and this search "
                                   "plays for points (value=points), judged by the game's own "
                                   "estimate of them")
            named = STANDARD
            estimate = policies.points or _scores
            evaluate, outcome = _sharing(estimate), _sharing(_scores)
        else:
            evaluate = _evaluation(policies, named)
        return cls(
            rollout=rollouts[settings.rollout], policy=policy, opponent=opponents[opp],
            bonus=learned.bonus if learned is not None and settings.prior == "policy" else None,
            evaluate=evaluate, outcome=outcome, mark=policies.playout_mark,
            sampler=sampler,
            c=float(own["c"] if settings.c is None else settings.c),
            bias=float(own["bias"] if settings.bias is None else settings.bias),
            depth=int(own["depth"] if settings.depth is None else settings.depth),
            sims=int(settings.sims if settings.budget_named else own.get("sims", settings.sims)),
            weights=weights if learned is not None else None, value=value, evaluation=named,
            others=opponents[opp] if settings.opponent_rollouts else None)


def _judged_by(sampler: Callable[[Any, int, Policy], Callable[[random.Random], Any]],
               judge: Policy) -> Callable[[Any, int], Callable[[random.Random], Any]]:
    """The game's ``model_sampler`` with the search's model of the others as its judge."""
    return lambda state, player: sampler(state, player, judge)


def _evaluation(policies: Policies, name: str) -> Callable[[Any], list[float]]:
    """The estimate of the win shares named ``name`` (:data:`STANDARD`: the game's
    ``evaluate``); a name the game does not offer raises :class:`OptionsError`."""
    if name == STANDARD:
        return policies.evaluate
    offered = policies.evaluations
    if name not in offered:
        names = ", ".join([STANDARD, *sorted(offered)])
        raise OptionsError(f"ismcts: eval must be one of {names} in this game, not {name!r}")
    return offered[name]


def points_share(points: Sequence[float]) -> list[float]:
    """Each player's share of the table's points (counted from the lowest, should any be below
    zero); even shares when there are none.

    >>> points_share([3.0, 2.0, 1.0, 0.0])
    [0.5, 0.3333333333333333, 0.16666666666666666, 0.0]
    >>> points_share([0.0, 0.0])
    [0.5, 0.5]
    """
    low = min(points)
    base = [p - low for p in points] if low < 0 else points
    total = sum(base)
    if total <= 0:
        return [1.0 / len(points)] * len(points)
    return [p / total for p in base]


def _sharing(points: Callable[[Any], Sequence[float]]) -> Callable[[Any], list[float]]:
    return lambda state: points_share(points(state))


def _returns(state: State) -> list[float]:
    return state.returns()


def _scores(state: State) -> list[float]:
    return state.scores()


def _random_action(state: State, rng: random.Random) -> int:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]
