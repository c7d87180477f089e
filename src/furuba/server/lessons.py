"""The lesson in the learner's view at a tutorial table (a game's guided first game).

A tutorial table is a private table whose settings name the learner's seat (``tutorial``); its
bots wait ``bot_delay`` seconds before each move (slower than elsewhere, so that a learner can
follow them). Every view of the learner's seat carries the lesson of the position
(``view["lesson"]``, see ``docs/WEB-API.md``): computed by the game's tutorial from the state
and the learner's seat only, so it tells nothing the learner's view does not. Other seats and
spectators get none.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from furuba.core.protocol import JSON, State
from furuba.spec import GameSpec
from furuba.tutorial import TutorialKit

log = logging.getLogger("furuba.server")

LEARNER = "tutorial"
"""The setting of a tutorial table that names the learner's seat."""
BOT_DELAY = "bot_delay"
"""The setting of a table whose bots wait longer (or shorter) than the server's ``bot_delay``."""
TUTORIAL_PACE = 2.0
"""A tutorial table's bots wait this many times the server's ``bot_delay`` (1.2 s by default)."""
HURRIED_PACE = 0.5
"""… and this many times it while the learner has nothing to follow (:attr:`Lesson.hurry`:
out of the round, say), so that nobody waits half a minute for the bots to finish."""


def lesson_of(spec: GameSpec, settings: Mapping[str, Any], seat: int | None,
              state: State) -> JSON | None:
    """The lesson ``seat`` gets at a table of ``spec`` with ``settings`` in ``state`` (``None``:
    not a tutorial table, not the learner, or nothing to teach). A failing lesson is logged and
    left out: it must not stop the table."""
    learner = settings.get(LEARNER)
    kit = spec.kit_or_none(TutorialKit)
    if kit is None or learner is None or seat is None or seat != learner:
        return None
    try:
        lesson = kit.tutorial().lesson(state, seat)
    except Exception:  # a faulty lesson must not stop the table
        log.exception("the %s tutorial failed to say what to teach", spec.name)
        return None
    return None if lesson is None else lesson.to_json()


def with_lesson(spec: GameSpec, settings: Mapping[str, Any], seat: int | None, state: State,
                view: JSON) -> JSON:
    """``view`` with the learner's lesson in it, when it has one."""
    lesson = lesson_of(spec, settings, seat, state)
    return view if lesson is None else {**view, "lesson": lesson}


def after_lessons(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings of a table made after one with ``settings`` (a rematch): a tutorial's
    rematch is a real game, with neither lessons nor the learner's pace.

    >>> after_lessons({"chat": False, LEARNER: 0, BOT_DELAY: 1.2})
    {'chat': False}
    """
    return {k: v for k, v in settings.items() if k not in (LEARNER, BOT_DELAY)}


def bot_delay(settings: Mapping[str, Any], default: float, hurried: bool = False) -> float:
    """Seconds a bot waits at a table with ``settings`` (the server's ``default`` unless the
    table says otherwise; a fraction of it while a learner has nothing to follow).

    >>> bot_delay({}, 0.6), bot_delay({BOT_DELAY: 1.2}, 0.6), bot_delay({BOT_DELAY: 1.2}, 0.6, True)
    (0.6, 1.2, 0.3)
    """
    if hurried:
        return default * HURRIED_PACE
    value = settings.get(BOT_DELAY)
    return float(value) if isinstance(value, int | float) else default


def learner_waits_idle(spec: GameSpec, settings: Mapping[str, Any], state: State) -> bool:
    """Whether the learner at a tutorial table has nothing to follow now (its lesson hurries)."""
    learner = settings.get(LEARNER)
    kit = spec.kit_or_none(TutorialKit)
    if kit is None or not isinstance(learner, int):
        return False
    try:
        lesson = kit.tutorial().lesson(state, learner)
    except Exception:  # a faulty lesson must not stop the table (lesson_of logs it)
        return False
    return lesson is not None and lesson.hurry
