"""The balance report: ``furuba report RESULTS --out DIR``.

RESULTS is a per-game results file (JSON Lines or Parquet, as ``furuba simulate --games-out``
writes it) or a summary (``furuba simulate --json``). The report is ``DIR/index.html`` — one
self-contained page, readable offline — with its PNG plots beside it and ``DIR/report.json``
holding the numbers behind every plot. A summary lacks what only per-game results hold, so a
report built from one leaves those plots out and says so (each game says what they are, in the
``per_game_only`` of its report sections, :mod:`furuba.sim.sections`).

The page shows what every game has — win rates by seat and by bot, the game length — and then
the game's own numbers, figures and tables, from its report sections.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import partial
from html import escape
from pathlib import Path
from typing import Any

from furuba import games
from furuba.core.errors import OptionsError
from furuba.sim import analysis, plots
from furuba.sim.html import percent, table
from furuba.sim.results_io import ResultsFileError, read_results
from furuba.sim.runner import GameResult
from furuba.sim.sections import Figure, ReportSections, sections_for
from furuba.sim.summary import summarize_results
from furuba.text import _, listing

Data = dict[str, Any]
SUMMARY_KEYS = ("game", "games", "players", "bots", "wins_by_seat", "wins_by_bot", "win_rate_by_bot")


@dataclass
class Report:
    """What was written: the page, its plots, the data file, and what had to be left out."""

    index: Path
    data_file: Path
    plots: list[plots.Plot] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    notes: dict[str, str] = field(default_factory=dict)
    """HTML shown under a plot, by the plot's file name."""


def load(path: Path) -> tuple[Data, list[GameResult] | None]:
    """The summary of ``path`` and its per-game results (``None`` when ``path`` is a summary)."""
    if not path.is_file():
        raise ResultsFileError(_("cannot read {path}: no such file").format(path=path))
    if path.suffix.lower() != ".parquet":
        whole = _json_document(path)
        if isinstance(whole, dict) and "wins_by_seat" in whole:
            missing = [k for k in SUMMARY_KEYS if k not in whole]
            if missing:
                raise ResultsFileError(_("{path} looks like a summary but lacks {missing}").format(
                    path=path, missing=listing(missing)))
            return whole, None
    rows = read_results(path)
    try:
        return summarize_results(rows), rows
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        if isinstance(exc, ResultsFileError):
            raise
        raise ResultsFileError(_("{path}: malformed game results ({name}: {exc})").format(
            path=path, name=type(exc).__name__, exc=exc)) from None


def _json_document(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None  # not one JSON document: JSON Lines, or something the reader will reject
    except OSError as exc:
        raise ResultsFileError(_("cannot read {path}: {exc}").format(path=path, exc=exc)) from None


def build(path: Path, out: Path) -> Report:
    """Write the report on ``path`` into the folder ``out``."""
    summary, rows = load(path)
    try:
        sections = sections_for(str(summary["game"]))
    except OptionsError:
        raise ResultsFileError(_("{path}: results of an unknown game {game!r}").format(
            path=path, game=summary['game'])) from None
    try:
        data = analysis.analyse(summary, rows, sections)
    except (TypeError, ValueError, KeyError, IndexError, ZeroDivisionError) as exc:
        raise ResultsFileError(_("{path}: malformed results ({name}: {exc})").format(
            path=path, name=type(exc).__name__, exc=exc)) from None
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ResultsFileError(_("cannot write the report into {out}: {exc}").format(
            out=out, exc=exc)) from None
    report = Report(index=out / "index.html", data_file=out / "report.json")
    if rows is None:
        report.missing = list(sections.per_game_only)
    for figure in figures(sections, data):
        if all(k in data for k in figure.needs):
            plot = figure.make(data, out)
            report.plots.append(plot)
            if figure.html is not None:
                report.notes[plot.file] = figure.html(data)
    data["plots"] = {p.file: p.title for p in report.plots}
    data["left_out"] = report.missing
    report.data_file.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    title = games.spec(str(data["game"])).title
    report.index.write_text(render_html(data, report, path.name, sections, title), encoding="utf-8")
    return report


def figures(sections: ReportSections, data: Data) -> list[Figure]:
    """The figures of the report: those of every game, then the game's own."""
    fair = None if sections.cooperative(data) else 1 / int(data["players"])
    return [Figure(partial(plots.seat_win_rate, fair=fair), ("win_rate_by_seat",)),
            Figure(partial(plots.bot_win_rate, fair=fair), ("win_rate_by_bot",)),
            Figure(partial(plots.game_length, meaning=sections.length.meaning), ("game_length",)),
            *sections.figures]


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


def key_numbers(data: Data, sections: ReportSections) -> list[list[str]]:
    """The headline figures, as rows of a two-column table: every game's, then the game's own."""
    rows = [["games", f"{data['games']:,}"], ["players", str(data["players"])]]
    if "game_length" in data:
        length = data["game_length"]
        rows.append(["median game length", f"{length['median']:g} {length['unit']}"])
    rows += [[f"win rate, player {r['seat']}", percent(r)] for r in data["win_rate_by_seat"]]
    rows += [[f"win rate, {bot}", percent(r)] for bot, r in data["win_rate_by_bot"].items()]
    rows += _duplicate_rows(data)
    return rows + sections.key_numbers(data)


def _duplicate_rows(data: Data) -> list[list[str]]:
    """With duplicate deals: each bot's per-deal interval, and what the duplication saved."""
    dup = data.get("duplicate")
    if not dup:
        return []
    rows = [["deals (each in every seating)", f"{dup['deals']:,}"]]
    for bot, s in dup["by_bot"].items():
        lo, hi = s["ci95"]
        factor = s["games_factor"]
        saved = "no interval at all" if factor is None else f"{factor:.2f}× the games"
        rows.append([f"win rate over deals, {bot}",
                     f"{s['rate']:.1%} ({lo:.1%} – {hi:.1%}); independent deals would need {saved}"])
    return rows


def render_html(data: Data, report: Report, source: str, sections: ReportSections,
                game: str) -> str:
    """The report page (``game``: the game's title)."""
    options = ", ".join(f"{k}={v}" for k, v in data.get("options", {}).items()) or "defaults"
    parts = []
    for p in report.plots:
        extra = report.notes.get(p.file, "")
        parts.append(f"<h2>{escape(p.title)}</h2><figure><img src='{escape(p.file)}' "
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
{table(["", "value (95% interval)"], key_numbers(data, sections))}
{"".join(parts)}
{missing}
</body></html>
"""
