"""The ``policy`` bot: plays a learned softmax policy (:mod:`furuba.learn`) over the features its
game hands over.

``policy`` plays the weights shipped with the game (found through its spec's ``learning``) as
their provenance says is strongest (its best-scored action, or drawn from the softmax as
trained); ``policy:temperature=0.5`` draws actions from the softmax at that temperature (0: the
best-scored action); ``policy:file=PATH`` plays other weights (a ``.npz`` from ``furuba train``,
its ``.json`` beside it). The features read only what the player to move may know, so the bot
is as honest as its game's features.

>>> from furuba import games
>>> state = games.new_game(games.names()[0], players=4, seed=2)
>>> PolicyBot(seed=1).choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import TYPE_CHECKING

from furuba import games
from furuba.core.errors import FurubaError, OptionsError
from furuba.core.protocol import State
from furuba.learn.kit import LearningKit
from furuba.learn.scoring import Scorer
from furuba.text import _

if TYPE_CHECKING:
    from furuba.learn.features import ActionFeatures


def features_of(game: str) -> ActionFeatures:
    """What the learner sees of ``game``; :class:`OptionsError` for a game that hands nothing
    to a learner."""
    spec = games.spec(game)
    kit = spec.kit_or_none(LearningKit)
    if kit is None:
        raise OptionsError(_("{game} has no learned policy: its spec gives no features").format(
            game=spec.said_title))
    features: ActionFeatures = kit.features()
    return features


def plays_with_features(game: str) -> bool:
    """Whether the policy bot can play ``game``: its spec hands a learner features."""
    return games.spec(game).kit_or_none(LearningKit) is not None


class PolicyBot:
    """Plays a learned policy (:class:`~furuba.learn.scoring.Scorer`, in plain Python: the same
    decisions with numpy installed or not): its best action at temperature 0,
    else one drawn from the softmax with its own seeded generator; ``temperature`` ``None``:
    the one its file says."""

    name = "policy"

    def __init__(self, seed: int = 0, temperature: float | None = None, file: Path | None = None,
                 policy: Scorer | None = None) -> None:
        if temperature is not None and (not math.isfinite(temperature) or temperature < 0):
            raise OptionsError(_("the temperature must be 0 or more, not {value}").format(
                value=temperature))
        if file is not None and not file.is_file():
            raise OptionsError(_("no policy file {path}").format(path=file))
        self.rng = random.Random(seed)
        self.temperature = temperature
        self.file = file
        self._policies: dict[str, tuple[ActionFeatures, Scorer]] = {}
        self._given = policy

    def _policy(self, game: str) -> tuple[ActionFeatures, Scorer]:
        found = self._policies.get(game)
        if found is None:
            features = features_of(game)
            if self._given is not None:
                policy = self._given
            else:
                path = self.file or features.shipped
                if path is None or not path.is_file():
                    raise OptionsError(_("{game} ships no trained policy").format(
                        game=games.spec(game).said_title))
                try:
                    policy = Scorer.load(path, names=features.names,
                                         temperature=self.temperature)
                except FurubaError as exc:
                    raise OptionsError(str(exc)) from None
            found = self._policies[game] = (features, policy)
        return found

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        features, policy = self._policy(state.game_name)
        rows = features.featurize(state, legal)
        return legal[policy.sample(rows, self.rng)]


def make_policy_bot(settings: dict[str, str], seed: int) -> PolicyBot:
    """``policy``, ``policy:temperature=0.5``, ``policy:file=weights.npz`` (the registry's
    factory)."""
    unknown = sorted(set(settings) - {"temperature", "file"})
    if unknown:
        raise OptionsError(_("the policy bot takes temperature= and file=, not {names}").format(
            names=", ".join(unknown)))
    text = settings.get("temperature")
    try:
        temperature = None if text is None else float(text)
    except ValueError:
        raise OptionsError(_("the temperature must be a number, not {value!r}").format(
            value=text)) from None
    file = Path(settings["file"]) if settings.get("file") else None
    return PolicyBot(seed, temperature, file)
