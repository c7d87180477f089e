"""The numbers behind the balance report, computed from per-game results (or, partly, a summary).

Everything here is plain data, ready for JSON: the report writes it beside its plots, so a reader
can check or re-plot every figure. Rates of win shares carry 95% Wilson intervals; a difference
of two rates carries Newcombe's hybrid score interval (built from the two Wilson intervals).

What every game shows is computed here (:func:`common`); a game's own numbers come from the
``analyse`` of its report sections (:mod:`furuba.sim.sections`), which may use the statistics
below (:func:`rate`, :func:`histogram`, :func:`difference_ci`, :func:`decisive_cards`).

>>> lo, hi = difference_ci(60, 100, 40, 100)
>>> round(lo, 3), round(hi, 3)
(0.061, 0.328)
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from typing import Any

from furuba.sim.runner import GameResult
from furuba.sim.sections import DECISIONS, GameLength, ReportSections, sections_for
from furuba.sim.summary import median, wilson

Data = dict[str, Any]
MIN_GROUP = 30
"""Fewest players on each side of a played / not played comparison for a card to be ranked."""


def difference_ci(s1: float, n1: int, s2: float, n2: int) -> tuple[float, float]:
    """95% interval of ``s1/n1 - s2/n2`` (Newcombe's method 10, from Wilson intervals)."""
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1)
    l2, u2 = wilson(s2, n2)
    d = p1 - p2
    return (d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2))


def rate(successes: float, n: int) -> Data:
    """``{"rate", "ci95", "n"}`` of a proportion."""
    return {"rate": successes / n if n else 0.0, "ci95": list(wilson(successes, n)), "n": n}


def histogram(values: list[float]) -> Data:
    """Counts of each value, with the median and mean."""
    counts = Counter(values)
    return {"counts": {str(_plain(k)): counts[k] for k in sorted(counts)},
            "median": median(values), "mean": sum(values) / len(values) if values else 0.0}


def _plain(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


# -- shared --------------------------------------------------------------------------------------
def common(summary: Data, rows: list[GameResult] | None, length: GameLength = DECISIONS) -> Data:
    """Win rate by seat and by bot, and the histogram of game lengths measured by ``length``
    (left out when neither the results nor the summary hold them)."""
    games = int(summary["games"])
    lengths = length.of(summary, rows)
    out: Data = {
        "game": summary["game"], "games": games, "players": summary["players"],
        "bots": summary["bots"], "seed": summary.get("seed"), "options": summary.get("options", {}),
        "win_rate_by_seat": [rate(w, games) | {"seat": i}
                             for i, w in enumerate(summary["wins_by_seat"])],
        "win_rate_by_bot": {bot: rate(summary["wins_by_bot"][bot], int(row["seats_played"]))
                            for bot, row in summary["win_rate_by_bot"].items()},
    }
    if lengths:
        out["game_length"] = {"unit": length.unit} | histogram(lengths)
    if "duplicate" in summary:
        out["duplicate"] = summary["duplicate"]
    return out


# -- the kit of the games' report modules -----------------------------------------------------
def decisive_cards(rows: list[GameResult], min_group: int = MIN_GROUP) -> Data:
    """For each bot and card: the win share of that bot's players who played the card, against
    the same bot's players who did not, in the games where someone played it.

    Each result lists under ``played`` the names of the cards each player played (public plays).

    Comparing within one bot keeps bot skill out of the difference; keeping to the games where the
    card came out keeps out games too short to see it. The difference is an association (bots
    choose when to play a card), not a proof that the card wins games.
    """
    # (bot, card) -> [wins when played, players who played, wins when not, players who did not]
    tally: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0, 0.0, 0])
    for r in rows:
        played = [set(p) for p in r["played"]]
        for card in set().union(*played):
            for p, bot in enumerate(r["bots"]):
                t = tally[(bot, card)]
                i = 0 if card in played[p] else 2
                t[i] += float(r["returns"][p])
                t[i + 1] += 1
    out: Data = {"method": "win share of players who played the card minus that of players of the "
                           "same bot who did not, in games where the card was played; 95% Newcombe "
                           f"interval; cards with fewer than {min_group} players on a side left out",
                 "by_bot": {}, "median_lift": {}}
    for bot in sorted({b for b, _ in tally}):
        cards: list[Data] = []
        for (b, card), (w1, n1, w0, n0) in tally.items():
            if b != bot or n1 < min_group or n0 < min_group:
                continue
            lo, hi = difference_ci(w1, int(n1), w0, int(n0))
            cards.append({"card": card, "played": rate(w1, int(n1)), "not_played": rate(w0, int(n0)),
                          "lift": w1 / n1 - w0 / n0, "lift_ci95": [lo, hi]})
        cards.sort(key=lambda c: (-c["lift"], c["card"]))
        out["by_bot"][bot] = cards
        out["median_lift"][bot] = median([c["lift"] for c in cards])
    return out


def analyse(summary: Data, rows: list[GameResult] | None,
            sections: ReportSections | None = None) -> Data:
    """Everything the report shows; ``rows`` is ``None`` when only a summary is at hand.

    ``sections`` are the game's (by default, those of the summary's game).
    """
    sections = sections or sections_for(str(summary["game"]))
    data = common(summary, rows, sections.length)
    data.update(sections.analyse(summary, rows))
    data["source"] = "per-game results" if rows is not None else "summary"
    return data
