"""The learned policy as the search sees it: a playout policy and priors at the tree's nodes.

The search bot (:mod:`furuba.bots.ismcts`) can lean on the softmax policy a game ships
(:mod:`furuba.learn`, found through the spec's ``learning``) instead of, or beside, the game's own
fast policy:

* ``rollout=policy``: the playouts play the policy's **best-scored** action. The greedy rollout it
  replaces is a deterministic choice too, the ``policy`` bot measured stronger playing its best
  action than sampling (docs/experiments/learned-policy-training.md), and sampled worlds vary the playouts;
* ``prior=policy``: the probabilities of the softmax at the temperature it was trained at (1)
  become each action's *progressive bias*, ``bias × p(a) / max p`` — the policy's favourite gets
  the whole ``bias``, as the game's policy action does with ``prior=greedy``, and the others a
  share in proportion;
* ``opp=learned``: the other players' moves inside the tree are drawn from the softmax (at the
  same temperature) instead of being the game's greedy choice, so the search plans against
  players who may do something else than the obvious.

All three read only what the player to move may know (the game's features), in the sampled world
the search is in, so they are as honest as the search. A game whose spec gives no ``learning``
is refused with an :class:`~furuba.core.errors.OptionsError` that says so.

>>> from furuba import games
>>> state = games.new_game("daihinmin", players=4, seed=3)
>>> learned = learned_policy("daihinmin")
>>> learned.best_action(state, None) in state.legal_actions()
True
>>> bonus = learned.bonus(state, state.legal_actions(), 1.0)
>>> max(bonus.values())
1.0
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass
from pathlib import Path

from furuba import games
from furuba.bots.policy import features_of
from furuba.core.errors import FurubaError, OptionsError
from furuba.core.protocol import State
from furuba.learn.features import ActionFeatures
from furuba.learn.kit import LearningKit
from furuba.learn.scoring import Scorer
from furuba.text import _

PRIOR_TEMPERATURE = 1.0
"""The temperature of the priors: the one the policy was trained at."""


@dataclass(frozen=True)
class LearnedPolicy:
    """A game's shipped softmax policy, as a playout policy and as priors."""

    features: ActionFeatures
    softmax: Scorer
    """The shipped weights at :data:`PRIOR_TEMPERATURE`, to score and draw actions with."""

    def best_action(self, state: State, rng: random.Random | None) -> int:
        """The best-scored legal action of the player to move (the playout policy; ``rng`` is
        not used: the choice is deterministic, ties going to the first action)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return legal[self.softmax.best(self.features.featurize(state, legal))]

    def sample_action(self, state: State, rng: random.Random) -> int:
        """A legal action of the player to move, drawn from the softmax at
        :data:`PRIOR_TEMPERATURE` with ``rng`` (the opponent model of ``opp=learned``)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return legal[self.softmax.sample(self.features.featurize(state, legal), rng)]

    def bonus(self, state: State, legal: list[int], weight: float) -> dict[int, float]:
        """Each legal action's progressive bias: ``weight × p(a) / max p``, ``p`` the softmax at
        :data:`PRIOR_TEMPERATURE`."""
        scores = [s / PRIOR_TEMPERATURE
                  for s in self.softmax.logits(self.features.featurize(state, legal))]
        top = max(scores)
        return {a: weight * math.exp(s - top) for a, s in zip(legal, scores, strict=True)}


@functools.cache
def _load(game: str, weights: str | None) -> LearnedPolicy:
    features = features_of(game)
    path = features.shipped if weights is None else weights_path(features, weights)
    if path is None or not path.is_file():
        if weights is not None and path is not None and Path(weights) != path:
            shipped = sorted(f.stem for f in path.parent.glob("*.npz"))
            raise OptionsError(_("{game} ships no weights called {name!r}; it ships: {names} "
                                 "(or give the path of a .npz file)").format(
                game=games.spec(game).said_title, name=weights, names=", ".join(shipped)))
        if weights is not None:
            raise OptionsError(_("no policy file {path}").format(path=path))
        raise OptionsError(_("{game} ships no trained policy").format(
            game=games.spec(game).said_title))
    try:
        policy = Scorer.load(path, names=features.names, temperature=PRIOR_TEMPERATURE)
    except FurubaError as exc:
        raise OptionsError(str(exc)) from None
    return LearnedPolicy(features, policy)


def weights_path(features: ActionFeatures, weights: str) -> Path:
    """Where the weights called ``weights`` are: a name alone (``network``) is a file the game
    ships beside its policy (``weights/network.npz`` in its package); anything else a path."""
    if features.shipped is not None and "/" not in weights and not weights.endswith(".npz"):
        return features.shipped.with_name(f"{weights}.npz")
    return Path(weights)


def learned_policy(game: str, weights: str | None = None) -> LearnedPolicy:
    """The policy ``game`` ships (or the weights named ``weights``, :func:`weights_path`),
    loaded once per process; :class:`OptionsError` when the game has none (no
    :class:`~furuba.learn.kit.LearningKit` in its spec, or no weights)."""
    spec = games.spec(game)
    if spec.kit_or_none(LearningKit) is None:
        raise OptionsError(_("{game} has no learned policy for the search to use: its spec "
                             "gives no features").format(game=spec.said_title))
    return _load(spec.name, weights)
