"""The review of a finished offline game, made in the browser's worker a slice at a time.

The server's review (``GET /api/tables/{id}/review?seat=N``, :mod:`furuba.server.review_routes`)
without a server: the same analysis with the same budgets and seed
(:class:`furuba.review.kept.Reviewing`: the Hint's simulations, the review's playouts, the
record's seed), so the same game gives the same review, answered in the same shapes. It takes
seconds of Python, and a worker answers one request at a time: so each request does about
:data:`SLICE_SECONDS` of it and answers how far it got, ``{"status": "running", "progress"}``,
and the page asks again (a replay step asked for meanwhile is answered between two slices). The
last one answers the review as the server does (:func:`furuba.review.kept.answered`, with no
puzzles: offline there are none) plus ``kept``, the review as it is kept, which the browser
keeps with the game and gives back (``kept``) so that it is never made twice.

>>> table = LocalTable.new({"id": "r1", "game": "daihinmin", "seed": 5,
...                         "seats": ["easy", "easy", "easy", "easy"],
...                         "options": {"max_rounds": 1}})
>>> while table.bot_due():
...     _ = table.bot_turn()
>>> reviewer = Reviewer(sims=8, playouts=2)
>>> answers = [reviewer.answer(table, 1, None, "en")]
>>> while answers[-1]["status"] == "running":
...     answers.append(reviewer.answer(table, 1, None, "en"))
>>> answers[0], answers[-1]["seat"], answers[-1]["puzzles"]
({'status': 'running', 'progress': 0.0}, 1, {})
>>> reviewer.answer(table, 1, answers[-1]["kept"], "ja")["status"]  # at once: kept
'done'
"""

from __future__ import annotations

from typing import Any

from furuba.core.errors import FurubaError
from furuba.core.protocol import JSON
from furuba.core.record import GameRecord
from furuba.offline.errors import TableError
from furuba.offline.table import LocalTable
from furuba.review.analysis import DEFAULT_PLAYOUTS, DEFAULT_SIMS, check
from furuba.review.kept import Reviewing, answered, outdated
from furuba.review.model import Review

SLICE_SECONDS = 0.25
"""About how long one request works on a review: the page's progress bar moves this often."""


class Reviewer:
    """The review the worker is making (one at a time, of the page's table)."""

    def __init__(self, *, sims: int = DEFAULT_SIMS, playouts: int = DEFAULT_PLAYOUTS) -> None:
        self.sims = sims
        self.playouts = playouts
        self.table: LocalTable | None = None
        self.job: Reviewing | None = None

    def answer(self, table: LocalTable, seat: Any, kept: Any, language: str) -> JSON:
        """The review of ``seat`` at ``table``: ``kept`` (what the browser kept) when it is that
        seat's review, else the next slice of making it. A :class:`TableError` with a sentence
        for a game not over (``not_over``) or a seat it does not have (``bad_request``)."""
        try:
            check(table.state, seat, self.sims, self.playouts)
        except FurubaError as refused:
            code = "not_over" if table.status != "finished" else "bad_request"
            raise TableError(code, str(refused)) from None
        if reusable(kept, seat):
            return answered(kept, language)
        job = self.job
        if job is None or self.table is not table or job.seat != seat:
            record = GameRecord.from_json(table.record.to_json())
            self.table, self.job = table, Reviewing(record, seat, sims=self.sims,
                                                    playouts=self.playouts)
            return running(self.job)
        if not job.advance(SLICE_SECONDS) or job.review is None:
            return running(job)
        self.table, self.job = None, None
        return {**answered(job.review, language), "kept": job.review}


def running(job: Reviewing) -> JSON:
    """How far a review under way got (the server's ``202`` answer)."""
    return {"status": "running", "progress": round(job.progress, 3)}


def reusable(kept: Any, seat: int) -> bool:
    """Whether ``kept`` is a review of ``seat`` made by today's method (else it is made again)."""
    if kept is None or outdated(kept):
        return False
    try:
        return Review.from_json(kept).seat == seat
    except FurubaError:
        return False
