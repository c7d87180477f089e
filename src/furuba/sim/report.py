"""The balance report: ``furuba report RESULTS --out DIR``.

RESULTS is a per-game results file (JSON Lines or Parquet, as ``furuba simulate --games-out``
writes it) or a summary (``furuba simulate --json``). The report is ``DIR/index.html`` — one
self-contained page, readable offline — with its PNG plots beside it and ``DIR/report.json``
holding the numbers behind every plot. A summary lacks what only per-game results hold (which
cards each player played, each player's points, titles round by round), so a report built from
one leaves those plots out and says so.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from furuba.sim import analysis, plots
from furuba.sim.results_io import ResultsFileError, read_results
from furuba.sim.runner import GameResult
from furuba.sim.summary import summarize_results

Data = dict[str, Any]
GAME_TITLES = {"zodiac": "Friends of the Zodiac", "daihinmin": "Dai Hin Min"}
SUMMARY_KEYS = ("game", "games", "players", "bots", "wins_by_seat", "wins_by_bot", "win_rate_by_bot")
PER_GAME_ONLY = {
    "zodiac": ["the most decisive cards (needs which cards each player played)"],
    "daihinmin": ["the points distribution (needs each player's points)",
                  "the title transition matrix (needs the titles round by round)",
                  "revolutions per game (needs each game's count)"],
}


@dataclass
class Report:
    """What was written: the page, its plots, the data file, and what had to be left out."""

    index: Path
    data_file: Path
    plots: list[plots.Plot] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)


def load(path: Path) -> tuple[Data, list[GameResult] | None]:
    """The summary of ``path`` and its per-game results (``None`` when ``path`` is a summary)."""
    if not path.is_file():
        raise ResultsFileError(f"cannot read {path}: no such file")
    if path.suffix.lower() != ".parquet":
        whole = _json_document(path)
        if isinstance(whole, dict) and "wins_by_seat" in whole:
            missing = [k for k in SUMMARY_KEYS if k not in whole]
            if missing:
                raise ResultsFileError(f"{path} looks like a summary but lacks {', '.join(missing)}")
            return whole, None
    rows = read_results(path)
    try:
        return summarize_results(rows), rows
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        if isinstance(exc, ResultsFileError):
            raise
        raise ResultsFileError(f"{path}: malformed game results ({type(exc).__name__}: {exc})") from None


def _json_document(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None  # not one JSON document: JSON Lines, or something the reader will reject
    except OSError as exc:
        raise ResultsFileError(f"cannot read {path}: {exc}") from None


def build(path: Path, out: Path) -> Report:
    """Write the report on ``path`` into the folder ``out``."""
    summary, rows = load(path)
    try:
        data = analysis.analyse(summary, rows)
    except (TypeError, ValueError, KeyError, IndexError, ZeroDivisionError) as exc:
        raise ResultsFileError(f"{path}: malformed results ({type(exc).__name__}: {exc})") from None
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ResultsFileError(f"cannot write the report into {out}: {exc}") from None
    report = Report(index=out / "index.html", data_file=out / "report.json")
    if rows is None:
        report.missing = PER_GAME_ONLY.get(str(data["game"]), [])
    for make, needs in _figures(str(data["game"])):
        if all(k in data for k in needs):
            report.plots.append(make(data, out))
    data["plots"] = {p.file: p.title for p in report.plots}
    data["left_out"] = report.missing
    report.data_file.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    report.index.write_text(render_html(data, report, path.name), encoding="utf-8")
    return report


def _figures(game: str) -> list[tuple[Callable[[Data, Path], plots.Plot], tuple[str, ...]]]:
    shared: list[tuple[Callable[[Data, Path], plots.Plot], tuple[str, ...]]] = [
        (plots.seat_win_rate, ("win_rate_by_seat",)),
        (plots.bot_win_rate, ("win_rate_by_bot",)),
        (plots.game_length, ("game_length",)),
    ]
    if game == "zodiac":
        return [*shared, (plots.befriendings, ("befriended",)),
                (plots.decisive_cards, ("decisive_cards",))]
    if game == "daihinmin":
        return [*shared, (plots.points, ("points",)),
                (plots.title_transitions, ("title_transitions",)),
                (plots.revolutions, ("revolutions_per_game",))]
    return shared


# -- HTML ----------------------------------------------------------------------------------------
CSS = """
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
td, th { border-bottom: 1px solid #ddd; padding: .2rem .7rem; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
figure { margin: 1rem 0; } img { max-width: 100%; height: auto; }
figcaption, .note { color: #555; font-size: .9rem; }
"""


def _pct(r: Data) -> str:
    return f"{r['rate']:.1%} ({r['ci95'][0]:.1%} – {r['ci95'][1]:.1%})"


def _table(head: list[str], rows: list[list[str]]) -> str:
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(
        f"<td class='n'>{escape(c)}</td>" if i else f"<td>{escape(c)}</td>" for i, c in enumerate(row))
        + "</tr>" for row in rows)
    return f"<table><tr>{th}</tr>{body}</table>"


def key_numbers(data: Data) -> list[list[str]]:
    """The headline figures, as rows of a two-column table."""
    rows = [["games", f"{data['games']:,}"], ["players", str(data["players"])],
            ["median game length", f"{data['game_length']['median']:g} rounds"]]
    rows += [[f"win rate, player {r['seat']}", _pct(r)] for r in data["win_rate_by_seat"]]
    rows += [[f"win rate, {bot}", _pct(r)] for bot, r in data["win_rate_by_bot"].items()]
    if "truncation" in data:
        rows.append(["truncated (round limit reached)", _pct(data["truncation"])])
        rows.append(["befriendings per game", f"{data['befriended']['per_game']:.2f}"])
    if "coop" in data:
        rows.append(["co-op win rate", _pct(data["coop"])])
        rows.append(["co-op mean score when won", f"{data['coop']['mean_score_when_won']:.1f}"])
    if "revolutions" in data:
        rev = data["revolutions"]
        rows.append(["revolutions per round", f"{rev['per_round']:.3f} ({rev['total']:,} in "
                                              f"{rev['rounds']:,} rounds)"])
        if "games_with_revolution" in rev:
            rows.append(["games with a revolution", _pct(rev["games_with_revolution"])])
        intervals = data.get("points_per_round_ci95", {})
        for bot, v in data.get("points_per_round_by_bot", {}).items():
            ci = intervals.get(bot)
            rows.append([f"points per round, {bot}",
                         f"{v:.2f}" + (f" [{ci[0]:.2f}, {ci[1]:.2f}]" if ci else "")])
    if "title_transitions" in data:
        tt = data["title_transitions"]
        rows.append(["the Poor Man climbs next round", _pct(tt["poor_man_climbs"])])
        rows += [[f"the Poor Man climbs, {bot}", _pct(r)]
                 for bot, r in tt["poor_man_climbs_by_bot"].items()]
    return rows


def _decisive_table(data: Data, top: int = 5) -> str:
    parts = []
    for bot, cards in data["decisive_cards"]["by_bot"].items():
        if not cards:
            continue
        picked = cards[:top] + [c for c in cards[-top:] if c not in cards[:top]]
        typical = data["decisive_cards"]["median_lift"][bot]
        rows = [[c["card"], f"{c['lift']:+.1%}", f"{c['lift_ci95'][0]:+.1%} – {c['lift_ci95'][1]:+.1%}",
                 f"{c['lift'] - typical:+.1%}", f"{c['played']['rate']:.1%} of {c['played']['n']:,}",
                 f"{c['not_played']['rate']:.1%} of {c['not_played']['n']:,}"] for c in picked]
        parts.append(f"<h3>{escape(bot)}: the {top} cards most tied to winning and to losing</h3>"
                     f"<p class='note'>The typical (median) card's difference is {typical:+.1%}.</p>"
                     + _table(["card", "difference", "95% interval", "vs typical card",
                               "win share, played", "win share, not played"], rows))
    return "".join(parts)


def render_html(data: Data, report: Report, source: str) -> str:
    """The report page."""
    game = GAME_TITLES.get(str(data["game"]), str(data["game"]))
    options = ", ".join(f"{k}={v}" for k, v in data.get("options", {}).items()) or "defaults"
    sections = []
    for p in report.plots:
        extra = _decisive_table(data) if p.file == "decisive_cards.png" else ""
        sections.append(f"<h2>{escape(p.title)}</h2><figure><img src='{escape(p.file)}' "
                        f"alt='{escape(p.title)}'><figcaption>{escape(p.caption)}</figcaption>"
                        f"</figure>{extra}")
    missing = ""
    if report.missing:
        items = "".join(f"<li>{escape(m)}</li>" for m in report.missing)
        missing = (f"<h2>Not in this report</h2><p class='note'>{escape(source)} is a summary, which "
                   f"does not hold what these need; run <code>furuba simulate --games-out "
                   f"games.jsonl</code> and report on that file to get them:</p><ul>{items}</ul>")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Balance report: {escape(game)}</title><style>{CSS}</style></head>
<body>
<h1>Balance report: {escape(game)}</h1>
<p class="note">{data['games']:,} games of {data['players']} players; line-up
{escape(", ".join(data['bots']))} (seats rotated); seed {escape(str(data.get('seed')))}; options
{escape(options)}. Built from {escape(source)} ({escape(data['source'])}). Intervals are 95%.
The numbers behind every plot are in <a href="report.json">report.json</a>.</p>
<h2>Key numbers</h2>
{_table(["", "value (95% interval)"], key_numbers(data))}
{"".join(sections)}
{missing}
</body></html>
"""
