"""The numbers behind the balance report, computed from per-game results (or, partly, a summary).

Everything here is plain data, ready for JSON: the report writes it beside its plots, so a reader
can check or re-plot every figure. Rates of win shares carry 95% Wilson intervals; a difference
of two rates carries Newcombe's hybrid score interval (built from the two Wilson intervals).

>>> lo, hi = difference_ci(60, 100, 40, 100)
>>> round(lo, 3), round(hi, 3)
(0.061, 0.328)
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from itertools import pairwise
from typing import Any

from furuba.core.deck import SOHMA_NAMES
from furuba.sim.runner import GameResult
from furuba.sim.summary import median, wilson

Data = dict[str, Any]
MIN_GROUP = 30
"""Fewest players on each side of a played / not played comparison for a card to be ranked."""
SIDES = ("human", "animal")
POOR_MAN = "Poor Man"


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
def common(summary: Data, rows: list[GameResult] | None) -> Data:
    """Win rate by seat and by bot, and the game-length histogram."""
    games = int(summary["games"])
    if rows is not None:
        lengths = [float(r["rounds"]) for r in rows]
    else:
        lengths = [float(x) for x in summary.get("rounds") or summary.get("rounds_per_game") or []]
    return {
        "game": summary["game"], "games": games, "players": summary["players"],
        "bots": summary["bots"], "seed": summary.get("seed"), "options": summary.get("options", {}),
        "win_rate_by_seat": [rate(w, games) | {"seat": i}
                             for i, w in enumerate(summary["wins_by_seat"])],
        "win_rate_by_bot": {bot: rate(summary["wins_by_bot"][bot], int(row["seats_played"]))
                            for bot, row in summary["win_rate_by_bot"].items()},
        "game_length": {"unit": "rounds"} | histogram(lengths),
    }


# -- Friends of the Zodiac -----------------------------------------------------------------------
def zodiac(summary: Data, rows: list[GameResult] | None) -> Data:
    """Befriendings per Sohma and side, truncation, co-op, and (from results) decisive cards."""
    by_side: dict[str, dict[str, int]] = {s: dict.fromkeys(SIDES, 0) for s in SOHMA_NAMES}
    for key, count in summary["befriended_by_side"].items():
        sohma, _, side = key.partition("/")
        by_side.setdefault(sohma, dict.fromkeys(SIDES, 0))[side] = int(count)
    games = int(summary["games"])
    out: Data = {
        "befriended": {"by_sohma": summary["befriended_by_sohma"],
                       "share_by_sohma": summary["befriended_share_by_sohma"],
                       "by_side": by_side,
                       "per_game": sum(summary["befriended_by_sohma"].values()) / games},
        "truncation": rate(int(summary["truncated"]), games),
    }
    if "coop_win_rate" in summary:
        out["coop"] = rate(round(summary["coop_win_rate"] * games), games) | {
            "mean_score_when_won": summary["coop_mean_score"]}
    if rows is not None and all("played" in r for r in rows):
        out["decisive_cards"] = decisive_cards(rows)
    return out


def decisive_cards(rows: list[GameResult], min_group: int = MIN_GROUP) -> Data:
    """For each bot and card: the win share of that bot's players who played the card, against
    the same bot's players who did not, in the games where someone played it.

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


# -- Dai Hin Min ---------------------------------------------------------------------------------
def daihinmin(summary: Data, rows: list[GameResult] | None) -> Data:
    """Revolutions, and (from results) the points distribution and title transitions."""
    rounds = sum(int(x) for x in summary["rounds_per_game"])
    revolutions = int(summary["revolutions"])
    out: Data = {"revolutions": {"total": revolutions, "rounds": rounds,
                                 "per_round": revolutions / rounds if rounds else 0.0}}
    out["points_per_round_by_bot"] = summary.get("points_per_round_by_bot", {})
    out["points_per_round_ci95"] = summary.get("points_per_round_ci95", {})
    if rows is None:
        return out
    games_with = sum(1 for r in rows if int(r["revolutions"]) > 0)
    out["revolutions"]["games_with_revolution"] = rate(games_with, len(rows))
    out["revolutions_per_game"] = histogram([float(r["revolutions"]) for r in rows])
    points: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        for bot, pts in zip(r["bots"], r["scores"], strict=True):
            points[bot].append(float(pts))
    out["points"] = {bot: histogram(values) for bot, values in sorted(points.items())}
    out["title_transitions"] = title_transitions(rows)
    return out


def title_transitions(rows: list[GameResult]) -> Data:
    """How often a player with one title in round r holds each title in round r + 1."""
    from furuba.daihinmin.scoring import TITLE_NAMES

    counts: Counter[tuple[str, str]] = Counter()
    poor: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # bot -> [climbed, was Poor Man]
    for r in rows:
        titles = r["titles"]
        for before, after in pairwise(titles):
            for p, (a, b) in enumerate(zip(before, after, strict=True)):
                counts[(a, b)] += 1
                if a == POOR_MAN:
                    poor[r["bots"][p]][0] += b != POOR_MAN
                    poor[r["bots"][p]][1] += 1
    seen = {t for pair in counts for t in pair}
    names = [t for t in TITLE_NAMES if t in seen] + sorted(seen - set(TITLE_NAMES))
    matrix = [[counts[(a, b)] for b in names] for a in names]
    climbed = sum(c for c, _ in poor.values())
    was_poor = sum(n for _, n in poor.values())
    return {"titles": names, "counts": matrix,
            "row_share": [[c / sum(row) if sum(row) else 0.0 for c in row] for row in matrix],
            "poor_man_climbs": rate(climbed, was_poor),
            "poor_man_climbs_by_bot": {b: rate(c, n) for b, (c, n) in sorted(poor.items())}}


def analyse(summary: Data, rows: list[GameResult] | None) -> Data:
    """Everything the report shows; ``rows`` is ``None`` when only a summary is at hand."""
    data = common(summary, rows)
    extra = {"zodiac": zodiac, "daihinmin": daihinmin}.get(str(summary["game"]))
    if extra:
        data.update(extra(summary, rows))
    data["source"] = "per-game results" if rows is not None else "summary"
    return data
