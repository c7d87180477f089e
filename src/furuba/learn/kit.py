"""What a game gives the learner (:class:`LearningKit`): the features of each legal action as
the player to move sees it, how to train on the game, and the weights of the policy shipped
with it.

The learner defines the kit; a game registers one in its spec and the learner (``furuba train``)
and the ``policy`` bot look it up (``spec.kit_or_none(LearningKit)``: a game without one cannot
be learned or played by the ``policy`` bot).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from furuba.learn.features import ActionFeatures


@dataclass(frozen=True, slots=True)
class LearningKit:
    """``features``: loader (:func:`furuba.spec.lazy`) of the game's
    :class:`~furuba.learn.features.ActionFeatures`."""

    features: Callable[[], ActionFeatures]
