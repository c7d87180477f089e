"""A review as furuba keeps it and answers it: the same on a server and in a browser.

A review is kept once and read by everyone, whatever their language: it is made in English, with
the bot's reasons in every language (:func:`~furuba.review.model.in_language` picks the reader's
when it is answered). A server makes it with :func:`review_json` (on a thread or in a worker
process, :mod:`furuba.server.review_workers`) and keeps it in its database; the offline app makes
it with :class:`Reviewing`, a slice at a time, in the browser's worker
(:mod:`furuba.offline.review`) and keeps it in the browser. Both run
:func:`~furuba.review.analysis.analysing` with the same budgets and seed, so the same game gives
the same review; both answer it with :func:`answered`.

>>> from furuba import games
>>> from furuba.core.record import GameRecord
>>> state = games.new_game("daihinmin", players=4, seed=5, max_rounds=1)
>>> record = GameRecord("daihinmin", {"players": 4, "max_rounds": 1}, 5)
>>> while not state.is_terminal():
...     record.play(state, state.legal_actions()[-1])
>>> job = Reviewing(record, 0, sims=8, playouts=2)
>>> while not job.advance(0.01):
...     pass
>>> job.review == review_json(record, 0, sims=8, playouts=2)
True
>>> answered(job.review, "ja", {3: "p1"})["puzzles"], outdated(job.review)
({'3': 'p1'}, False)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Mapping
from typing import Any

from furuba import i18n
from furuba.core.protocol import JSON
from furuba.core.record import GameRecord
from furuba.review import analysis
from furuba.review.analysis import DEFAULT_PLAYOUTS, DEFAULT_SIMS, Progress
from furuba.review.model import METHOD, Review, in_language

KEPT_IN = i18n.DEFAULT
"""The language a review is made in (its reasons come in every language besides)."""


def review_json(record: GameRecord, seat: int, *, sims: int = DEFAULT_SIMS,
                playouts: int = DEFAULT_PLAYOUTS, progress: Progress | None = None) -> JSON:
    """The review of ``seat`` in the finished game ``record``, as it is kept (``progress`` as
    :func:`~furuba.review.analysis.analyse` tells it)."""
    with i18n.speaking(KEPT_IN):
        return analysis.analyse(record, seat, sims=sims, playouts=playouts,
                                progress=progress).to_json()


class Reviewing:
    """One review made a slice at a time: :meth:`advance` until it returns ``True``, then
    :attr:`review` is what :func:`review_json` gives.

    Made, it has checked the game and the seat, so a refusal
    (:class:`~furuba.core.errors.OptionsError`) comes at once, in the caller's language.
    """

    def __init__(self, record: GameRecord, seat: int, *, sims: int = DEFAULT_SIMS,
                 playouts: int = DEFAULT_PLAYOUTS) -> None:
        self.seat = seat
        self._steps: Generator[float, None, Review] = analysis.analysing(
            record, seat, sims=sims, playouts=playouts)
        self.progress = next(self._steps)
        """The share of the work done, from 0 to 1."""
        self.review: JSON | None = None
        """The review as kept, once done."""

    def advance(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> bool:
        """Work for about ``seconds`` (at least one piece: a step of the graph or a decision);
        whether the review is done."""
        until = clock() + seconds
        with i18n.speaking(KEPT_IN):
            while self.review is None:
                try:
                    self.progress = next(self._steps)
                except StopIteration as finished:
                    made: Review = finished.value
                    self.review, self.progress = made.to_json(), 1.0
                if clock() >= until:
                    break
        return self.review is not None


def outdated(review: Any) -> bool:
    """Whether a kept review was made by an earlier method, and is made again when asked for.

    >>> outdated({"method": METHOD}), outdated({}), outdated(None)
    (False, True, True)
    """
    return not isinstance(review, dict) or review.get("method") != METHOD


def answered(review: JSON, language: str, puzzles: Mapping[int, str] | None = None) -> JSON:
    """A finished review as the replay page reads it (``GET /api/tables/{id}/review``'s answer
    once done): in ``language``, with the ids of the puzzles its mistakes became, by step."""
    return {"status": "done", **in_language(review, language),
            "puzzles": {str(k): v for k, v in sorted((puzzles or {}).items())}}
