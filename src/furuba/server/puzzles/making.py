"""A finished review → its puzzles: one per judged decision (pure, no database).

A review (:meth:`furuba.review.model.Review.to_json`) judges each decision of one seat. Those
with a ``judgement`` are mistakes, and each one is a puzzle: the position before the move (the
seat's own view), the answer — the review's ``answer``: the move best on average among every
legal move weighed in the worlds consistent with that view, with the moves as good as it, each
of which solves the puzzle — and the move played. The margin is by how much the answer wins
more often than the move played in those worlds (``gain``, with its standard error), and the
explanation is the answer's reason followed by what it keeps that the move played gave up (the
review's ``why``, where the game can say it), in each language the review kept. A review
without an ``answer`` gives its bot's move (and its ``loss`` for a margin).

>>> best = {"action": 7, "reason": "keeps the Ace", "reasons": {"en": "keeps the Ace", "ja": "エースを残す"}}
>>> review = {"decisions": [
...     {"step": 3, "judgement": None, "loss": 0.0, "best": best, "played": {"action": 7}},
...     {"step": 9, "judgement": "blunder", "loss": 0.2, "best": best, "played": {"action": 2}}]}
>>> [(d.step, d.answer, d.accepted, d.played, d.margin, d.margin_error, d.why["ja"])
...  for d in drafts(review)]
[(9, 7, (7,), 2, 0.2, None, 'エースを残す。')]
>>> decision = {"step": 4, "judgement": "mistake", "loss": 0.1, "gain": 0.12,
...             "gain_error": 0.03, "why": {"en": "you gave the lead away"}, "best": best,
...             "played": {"action": 1}}
>>> [(d.margin, d.margin_error, d.why["en"]) for d in drafts({"decisions": [decision]})]
[(0.12, 0.03, 'Keeps the Ace. You gave the lead away.')]
>>> decision["answer"] = {"move": {**best, "action": 5}, "accepted": [5, 6], "gain": 0.2,
...                       "gain_error": 0.02, "why": {}}
>>> [(d.answer, d.accepted, d.margin) for d in drafts({"decisions": [decision]})]
[(5, (5, 6), 0.2)]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from furuba import i18n
from furuba.text import sentence

MAX_WHY = 2000
"""The longest sentence kept in one language (a review's words are short)."""


@dataclass(frozen=True, slots=True)
class Draft:
    """A puzzle before it is stored: which decision, its answer and why."""

    step: int
    answer: int
    accepted: tuple[int, ...]
    """The answer, then the moves as good as it (each solves the puzzle)."""
    played: int
    judgement: str
    margin: float
    margin_error: float | None
    why: dict[str, str]


def drafts(review: Mapping[str, Any]) -> list[Draft]:
    """The puzzles of a review: its judged decisions, in order (a malformed one is left out)."""
    out = []
    for decision in review.get("decisions") or []:
        try:
            found = draft(decision)
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
        if found is not None:
            out.append(found)
    return out


def draft(decision: Mapping[str, Any]) -> Draft | None:
    """One decision's puzzle (``None``: no mistake, or nothing better to find).

    The review's ``answer`` (the move best on average among every legal move, and those as good)
    is the puzzle's; a review without one gives its bot's move."""
    judgement = decision.get("judgement")
    if not judgement:
        return None
    played = int(decision["played"]["action"])
    found = decision.get("answer") or {"move": decision["best"], "why": decision.get("why"),
                                       "gain": decision.get("gain", decision.get("loss")),
                                       "gain_error": decision.get("gain_error")}
    answer = int(found["move"]["action"])
    accepted = tuple(dict.fromkeys([answer, *(int(a) for a in found.get("accepted") or [])]))
    if played in accepted:
        return None
    margin = number(found.get("gain"))
    return Draft(step=int(decision["step"]), answer=answer, accepted=accepted, played=played,
                 judgement=str(judgement)[:12], margin=max(0.0, margin or 0.0),
                 margin_error=number(found.get("gain_error")),
                 why=explanation(found["move"], found.get("why")))


def number(value: Any) -> float | None:
    """A finite number, else ``None``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def explanation(best: Mapping[str, Any], why: Any) -> dict[str, str]:
    """Why ``best`` (a review's move) is the answer, by language: its reason, then what it keeps
    that the move played gave up (``why``), each a sentence in that language (a single string
    is the review's language, English)."""
    parts = [words(best.get("reasons") or best.get("reason")), words(why)]
    out = {}
    for language in dict.fromkeys(lang for part in parts for lang in part):
        with i18n.speaking(language if language in i18n.LANGUAGES else i18n.DEFAULT):
            said = " ".join(sentence(part.get(language) or part.get(i18n.DEFAULT, ""))
                            for part in parts)
        if said.strip():
            out[language[:8]] = said.strip()[:MAX_WHY]
    return out


def words(value: Any) -> dict[str, str]:
    """Texts by language from a review's field: a mapping, or one (English) sentence."""
    if isinstance(value, str):
        return {i18n.DEFAULT: value} if value else {}
    if not isinstance(value, Mapping):
        return {}
    return {str(lang): text for lang, text in value.items() if isinstance(text, str) and text}


def said(why: Mapping[str, str], language: str) -> str:
    """The explanation in ``language``, else in English, else in any language it has.

    >>> said({"en": "it draws", "ja": "引きます"}, "ja"), said({"en": "it draws"}, "ja"), said({}, "en")
    ('引きます', 'it draws', '')
    """
    return why.get(language) or why.get(i18n.DEFAULT) or next(iter(why.values()), "")
