"""The search bot's settings: levels, and ``ismcts:key=value`` parsed into :class:`Settings`.

>>> parse_settings({"sims": "800", "c": "0.5"}).sims
800
>>> parse_settings({"sims": "0"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: ismcts: sims must be ...
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from furuba.core.errors import OptionsError

LEVELS: dict[str, dict[str, Any]] = {
    "normal": {"sims": 100},
    "hard": {"sims": 400, "prior": "policy"},
    "expert": {"sims": 1000, "prior": "policy"},
}
"""The search's levels (the ``normal``, ``hard`` and ``expert`` of :mod:`furuba.bots.levels`):
what each sets; a level fixes the number of simulations, so a seed always gives the same
decisions. ``hard`` and ``expert`` lean on the learned policy, so they play only a game with
one."""
DEFAULT_LEVEL = "normal"
"""The level of ``ismcts`` named without one."""
ROLLOUTS = ("greedy", "random", "policy")
PRIORS = ("greedy", "policy")
OPPONENTS = ("tree", "policy", "learned", "best")
LEARNED_OPPONENTS = ("learned", "best")
"""The opponent models that need the game's learned policy."""
SWITCHES = ("on", "off")
VALUES = ("wins", "points")
"""What the search maximises: each player's share of the win (``returns``), or its share of
the table's points (``scores``)."""
MAX_SIMS = 10_000_000
MAX_TIME = 600.0


@dataclass(frozen=True)
class Settings:
    """How the bot thinks. ``None`` means the game's own default (its ``SEARCH_DEFAULTS``).

    ``time`` (seconds), when set, replaces ``sims`` as the budget.
    """

    sims: int = LEVELS[DEFAULT_LEVEL]["sims"]
    time: float | None = None
    c: float | None = None
    """The UCT exploration constant (values are win shares in [0, 1])."""
    bias: float | None = None
    """Progressive bias: ``bias / (visits + 1)`` added to the game's policy action
    (``prior=greedy``), or ``bias × p(a) / max p / (visits + 1)`` to each action by the learned
    policy's probabilities (``prior=policy``)."""
    opponents: str | None = None
    """``tree``: the other players choose by UCT in the tree too; ``policy``: by the game's policy;
    ``learned``: drawn from the learned policy's softmax; ``best``: the learned policy's
    best-scored action (:mod:`furuba.bots.learned`)."""
    depth: int | None = None
    """Rollout steps after leaving the tree."""
    infer: bool | None = None
    """Whether worlds are refined with the game's ``world_sampler`` (when it has one)."""
    rollout: str = "greedy"
    """The playout policy: the game's fast ``greedy`` one, uniformly ``random``, or the learned
    ``policy``'s best action (:mod:`furuba.bots.learned`)."""
    prior: str = "greedy"
    """What the progressive bias leans toward: the game's policy action (``greedy``) or the
    learned policy's probabilities (``policy``)."""
    weights: str | None = None
    """Which learned policy the settings above lean on: ``None`` the one the game ships (or its
    level's, :mod:`furuba.bots.search_plan`); a name, weights the game ships beside it
    (``network``); else a path to a ``.npz`` of ``furuba train``."""
    opponent_weights: str | None = None
    """The learned policy the other players are modelled with (``opp=learned`` or ``opp=best``),
    named as ``weights`` is; ``None``: the same as ``weights``. The search may plan against a
    model fitted to how the others play while leaning on another policy for its own moves."""
    opponent_rollouts: bool = False
    """Whether the other players follow their model (``opp``) in the playouts too, not only in
    the tree: the searcher's own moves there stay the rollout policy's."""
    value: str | None = None
    """What the search backs up for each player: its share of the ``wins`` (the game's
    ``returns``, or its evaluation's estimate), or its share of the ``points`` the table scores
    (the game's ``scores``, or its spec's ``points`` estimate; the fair share of the points is
    ``1/n`` of them, as the fair share of the wins is). A game whose winner takes everything but
    whose every place scores (a round of Dai Hin Min) may be played for either; ``None``: what
    the game's ``search`` say for the level (``wins`` unless they say otherwise)."""
    evaluation: str | None = None
    """Which of the game's estimates of the win shares judges a playout cut short (``eval=``):
    ``standard`` (its ``evaluate``) or one its spec offers by name (``evaluations``); ``None``:
    what the game's ``search`` say for the level (``standard`` unless they say
    otherwise). A search that plays for points judges by the game's ``points`` instead."""
    level: str | None = None
    """The level the settings start from: the game tunes its search for it (its
    ``search``' ``levels``), and a setting named after it wins."""
    budget_named: bool = False
    """Whether ``sims`` or ``time`` was named: the game's own simulations for the level then
    give way (``expert:sims=1200`` is ``expert`` searching 1,200 simulations)."""

    @property
    def plain_level(self) -> str | None:
        """The level, when these settings search exactly as it does (its own budget)."""
        return None if self.budget_named else self.level


def _number(key: str, text: str, kind: type[int] | type[float], low: float, high: float,
            hint: str) -> Any:
    try:
        value = kind(text)
    except ValueError:
        raise OptionsError(f"ismcts: {key} must be {hint}, not {text!r}") from None
    if not (low <= value <= high) or value != value:  # the last test refuses NaN
        raise OptionsError(f"ismcts: {key} must be {hint}, not {text!r}")
    return value


def _choice(key: str, text: str, allowed: tuple[str, ...]) -> str:
    if text not in allowed:
        raise OptionsError(f"ismcts: {key} must be one of {', '.join(allowed)}, not {text!r}")
    return text


def parse_settings(settings: dict[str, str], level: str | None = None) -> Settings:
    """:class:`Settings` from a spec's ``key=value`` pairs; a bad one raises :class:`OptionsError`.

    >>> parse_settings({"level": "hard"}).sims, parse_settings({"level": "expert"}).prior
    (400, 'policy')
    >>> parse_settings({"sims": "-3"})
    Traceback (most recent call last):
    ...
    furuba.core.errors.OptionsError: ismcts: sims must be a whole number from 1 to 10000000, not '-3'
    """
    settings = dict(settings)
    level = settings.pop("level", level) or DEFAULT_LEVEL
    if level not in LEVELS:
        raise OptionsError(f"ismcts: unknown level {level!r}; the search's levels are: "
                           f"{', '.join(LEVELS)}")
    out = replace(Settings(), **LEVELS[level], level=level)
    for key, text in settings.items():
        if key == "sims":
            sims = _number(key, text, int, 1, MAX_SIMS, f"a whole number from 1 to {MAX_SIMS}")
            out = replace(out, sims=sims, budget_named=True)
        elif key == "time":
            seconds = _number(key, text, float, 1e-3, MAX_TIME,
                              f"a number of seconds from 0.001 to {MAX_TIME:g}")
            out = replace(out, time=seconds, budget_named=True)
        elif key == "c":
            out = replace(out, c=_number(key, text, float, 0.0, 100.0, "a number from 0 to 100"))
        elif key == "bias":
            out = replace(out, bias=_number(key, text, float, 0.0, 100.0, "a number from 0 to 100"))
        elif key == "depth":
            out = replace(out, depth=_number(key, text, int, 0, 10_000,
                                             "a whole number from 0 to 10000"))
        elif key == "opp":
            out = replace(out, opponents=_choice(key, text, OPPONENTS))
        elif key == "rollout":
            out = replace(out, rollout=_choice(key, text, ROLLOUTS))
        elif key == "prior":
            out = replace(out, prior=_choice(key, text, PRIORS))
        elif key == "value":
            out = replace(out, value=_choice(key, text, VALUES))
        elif key == "infer":
            out = replace(out, infer=_choice(key, text, SWITCHES) == "on")
        elif key == "opprollout":
            out = replace(out, opponent_rollouts=_choice(key, text, SWITCHES) == "on")
        elif key == "eval":
            if not text:
                raise OptionsError("ismcts: eval must name one of the game's evaluations, not "
                                   "nothing")
            out = replace(out, evaluation=text)
        elif key in ("weights", "oppweights"):
            if not text:
                raise OptionsError(f"ismcts: {key} must name a policy file, not nothing")
            out = (replace(out, weights=text) if key == "weights"
                   else replace(out, opponent_weights=text))
        else:
            raise OptionsError(f"ismcts: unknown setting {key!r}; the settings are: level, sims, "
                               "time, c, bias, opp, depth, rollout, prior, infer, value, "
                               "eval, weights, oppweights, opprollout (e.g. "
                               "ismcts:sims=800,c=0.7)")
    return out


def uses_learned_policy(settings: Settings) -> bool:
    """Whether the settings need the game's learned policy (a spec with ``learning``).

    >>> uses_learned_policy(parse_settings({"rollout": "policy"})), uses_learned_policy(Settings())
    (True, False)
    >>> uses_learned_policy(parse_settings({"opp": "learned"}))
    True
    """
    return (settings.rollout == "policy" or settings.prior == "policy"
            or settings.opponents in LEARNED_OPPONENTS)
