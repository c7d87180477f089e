"""Dai Hin Min in the balance lab: its report sections, :data:`SECTIONS`.

What a simulation keeps of each game (``rounds``, ``titles`` round by round, ``revolutions``,
``truncated``: see :mod:`furuba.daihinmin.summary`) and each player's points become points per
round with their intervals, titles by bot, revolutions and, from per-game results, the points
distribution and the title transitions (how often the Poor Man climbs). Built with the balance
lab's kit (:mod:`furuba.sim.sections`): its statistics and figure helpers; the kit itself knows
no game.

>>> SECTIONS.result_keys, SECTIONS.length.summary_key
(('rounds', 'titles', 'revolutions'), 'rounds_per_game')
"""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import pairwise
from pathlib import Path
from typing import Any

from furuba.daihinmin.scoring import POOR_MAN, TITLE_NAMES
from furuba.daihinmin.text import _, title_words
from furuba.i18n import N_
from furuba.sim import plots
from furuba.sim.analysis import histogram, rate
from furuba.sim.html import percent
from furuba.sim.plots import Plot
from furuba.sim.runner import GameResult, SimConfig
from furuba.sim.sections import Figure, GameLength, ReportSections, Rows
from furuba.sim.summary import ratio_interval

Data = dict[str, Any]
POOR = TITLE_NAMES[POOR_MAN]


# -- the summary ---------------------------------------------------------------------------------
def summarize(cfg: SimConfig, rs: list[GameResult]) -> Data:
    """Points by seat and bot, points per round with their intervals, titles by bot, rounds per
    game and revolutions."""
    n = cfg.players
    points_by_seat = [0.0] * n
    points_by_bot: dict[str, float] = defaultdict(float)
    titles_by_bot: dict[str, Counter[str]] = defaultdict(Counter)
    rounds_by_bot: Counter[str] = Counter()
    per_game: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for r in rs:
        mine: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
        for p, pts in enumerate(r["scores"]):
            points_by_seat[p] += pts
            points_by_bot[r["bots"][p]] += pts
            rounds_by_bot[r["bots"][p]] += int(r["rounds"])
            mine[r["bots"][p]][0] += pts
            mine[r["bots"][p]][1] += int(r["rounds"])
        for bot, (pts, rounds) in mine.items():
            per_game[bot].append((pts, rounds))
        for round_titles in r["titles"]:
            for p, title in enumerate(round_titles):
                titles_by_bot[r["bots"][p]][title] += 1
    return {
        "points_by_seat": points_by_seat,
        "points_by_bot": dict(points_by_bot),
        "points_per_round_by_bot": {b: points_by_bot[b] / rounds_by_bot[b]
                                    for b in rounds_by_bot if rounds_by_bot[b]},
        "points_per_round_ci95": {b: list(ratio_interval(per_game[b]))
                                  for b in rounds_by_bot if rounds_by_bot[b]},
        "titles_by_bot": {b: dict(c) for b, c in titles_by_bot.items()},
        "rounds_per_game": [int(r["rounds"]) for r in rs],
        "revolutions": sum(int(r["revolutions"]) for r in rs),
    }


def summary_lines(s: Data) -> list[str]:
    """What ``furuba simulate`` prints: points per round with their intervals, revolutions."""
    ci = s.get("points_per_round_ci95", {})
    per_bot = ", ".join(f"{b} {v:.2f}" + (f" [{ci[b][0]:.2f}, {ci[b][1]:.2f}]" if b in ci else "")
                        for b, v in s["points_per_round_by_bot"].items())
    return [_("points per round (95% interval): {bots}").format(bots=per_bot),
            _("revolutions: {count}").format(count=s["revolutions"])]


# -- the numbers of the report -------------------------------------------------------------------
def analyse(summary: Data, rows: Rows) -> Data:
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
    if any(len(r["titles"]) > 1 for r in rows):     # one-round games have no next round
        out["title_transitions"] = title_transitions(rows)
    return out


def title_transitions(rows: list[GameResult]) -> Data:
    """How often a player with one title in round r holds each title in round r + 1."""
    counts: Counter[tuple[str, str]] = Counter()
    poor: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # bot -> [climbed, was Poor Man]
    for r in rows:
        titles = r["titles"]
        for before, after in pairwise(titles):
            for p, (a, b) in enumerate(zip(before, after, strict=True)):
                counts[(a, b)] += 1
                if a == POOR:
                    poor[r["bots"][p]][0] += b != POOR
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


def key_numbers(data: Data) -> list[list[str]]:
    """Revolutions, points per round, and how often the Poor Man climbs."""
    rows = []
    if "revolutions" in data:
        rev = data["revolutions"]
        rows.append([_("revolutions per round"), _("{rate} ({total} in {rounds} rounds)").format(
            rate=f"{rev['per_round']:.3f}", total=f"{rev['total']:,}",
            rounds=f"{rev['rounds']:,}")])
        if "games_with_revolution" in rev:
            rows.append([_("games with a revolution"), percent(rev["games_with_revolution"])])
        intervals = data.get("points_per_round_ci95", {})
        for bot, v in data.get("points_per_round_by_bot", {}).items():
            ci = intervals.get(bot)
            rows.append([_("points per round, {bot}").format(bot=bot),
                         f"{v:.2f}" + (f" [{ci[0]:.2f}, {ci[1]:.2f}]" if ci else "")])
    if "title_transitions" in data:
        tt = data["title_transitions"]
        rows.append([_("the Poor Man climbs next round"), percent(tt["poor_man_climbs"])])
        rows += [[_("the Poor Man climbs, {bot}").format(bot=bot), percent(r)]
                 for bot, r in tt["poor_man_climbs_by_bot"].items()]
    return rows


# -- figures -------------------------------------------------------------------------------------
def points(data: Data, out: Path) -> Plot:
    """Each player's points at the end of the game, by bot."""
    fig = plots.figure(6.5, 3.6)
    ax = fig.add_subplot()
    for bot, hist in data["points"].items():
        xs = [float(k) for k in hist["counts"]]
        total = sum(hist["counts"].values())
        whole = all(x.is_integer() for x in xs)
        edges: list[float] | int = [x - 0.5 for x in range(int(min(xs)), int(max(xs)) + 2)] if whole else 25
        ax.hist(xs, bins=edges, weights=[c / total for c in hist["counts"].values()],
                histtype="stepfilled", alpha=0.45, edgecolor="black", linewidth=0.6,
                label=_("{bot} (mean {mean})").format(bot=bot, mean=f"{hist['mean']:.1f}"))
    plots.integer_axis(ax.xaxis)
    ax.set_xlabel(_("points at the end of the game"))
    ax.set_ylabel(_("share of the bot's players"))
    plots.percent_axis(ax.yaxis)
    ax.legend(frameon=False)
    ax.set_title(_("Points distribution"))
    return Plot(plots.save(fig, out, "points.png"), _("Points distribution"),
                _("Each player's points when the game ended, by bot (share of that bot's "
                  "players); the game ends after the round in which someone reaches the target."))


def transitions(data: Data, out: Path) -> Plot:
    """The title transition matrix, as shares of each row."""
    tt = data["title_transitions"]
    names, share, counts = tt["titles"], tt["row_share"], tt["counts"]
    fig = plots.figure(6.2, 4.8)
    ax = fig.add_subplot()
    image = ax.imshow(share, cmap="Blues", vmin=0, vmax=1)
    for i, row in enumerate(share):
        for j, s in enumerate(row):
            ax.text(j, i, f"{s:.0%}\n({counts[i][j]:,})", ha="center", va="center", fontsize=7,
                    color="white" if s > 0.6 else "black")
    said = [title_words(t) for t in names]
    ax.set_xticks(range(len(names)), said, rotation=30, ha="right")
    ax.set_yticks(range(len(names)), said)
    ax.set_xlabel(_("title in the next round"))
    ax.set_ylabel(_("title in a round"))
    fig.colorbar(image, ax=ax, shrink=0.8, format=plots.percent_format())
    climbs = tt["poor_man_climbs"]
    ax.set_title(_("Title transitions (the Poor Man climbs {rate})").format(
        rate=f"{climbs['rate']:.0%}"))
    return Plot(plots.save(fig, out, "title_transitions.png"), _("Title transitions"),
                _("Row: a player's title in one round; column: the same player's title in the "
                  "next; each cell the share of the row (and the count). The diagonal is how "
                  "sticky a title is; the Poor Man row off its last cell is how often he "
                  "climbs."))


def revolutions(data: Data, out: Path) -> Plot:
    """Games by the number of revolutions declared."""
    hist = data["revolutions_per_game"]
    fig = plots.figure(6.0, 3.2)
    ax = fig.add_subplot()
    xs = [float(k) for k in hist["counts"]]
    ax.bar(xs, list(hist["counts"].values()), width=0.8, color=plots.BAR)
    plots.integer_axis(ax.xaxis)
    ax.set_xlabel(_("revolutions declared in the game"))
    ax.set_ylabel(_("games"))
    ax.set_title(_("Revolutions ({rate} per round)").format(
        rate=f"{data['revolutions']['per_round']:.3f}"))
    return Plot(plots.save(fig, out, "revolutions.png"), _("Revolutions per game"),
                _("How many revolutions were declared in each game."))


SECTIONS = ReportSections(
    result_keys=("rounds", "titles", "revolutions"),
    summarize=summarize,
    summary_lines=summary_lines,
    length=GameLength("rounds", N_("a round: one deal played out"), "rounds", "rounds_per_game"),
    analyse=analyse,
    key_numbers=key_numbers,
    figures=(Figure(points, ("points",)),
             Figure(transitions, ("title_transitions",)),
             Figure(revolutions, ("revolutions_per_game",))),
    per_game_only=(N_("the points distribution (needs each player's points)"),
                   N_("the title transition matrix (needs the titles round by round)"),
                   N_("revolutions per game (needs each game's count)")),
)
"""Dai Hin Min's part of the summary and the balance report. Its texts are said in the language of
the report (the length's meaning and ``per_game_only`` are marked for the game's catalog, which
the spec's ``gettext`` says)."""
