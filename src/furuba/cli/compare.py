"""``furuba compare``: a run's figures over its whole duplicate deals, and its paired difference
with another run on the same deals, read from their results files (:mod:`furuba.sim.compare`).

Registered as a command by :mod:`furuba.cli.main`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from furuba import games
from furuba.cli.console import console, err, fail
from furuba.core.errors import FurubaError
from furuba.sim.lab_tables import DASH, rate_cell
from furuba.text import _, deals_count, games_count, listing

Data = dict[str, Any]


def _read(paths: list[Path]) -> list[dict[str, Any]]:
    from furuba.sim.results_io import read_results

    rows: list[dict[str, Any]] = []
    for path in paths:
        rows.extend(read_results(path))
    return rows


def _interval(figure: Data, as_percent: bool) -> str:
    """``24.2% (21.5, 26.9)`` for a share, ``1.006 × (0.929, 1.084)`` for a ratio, ``–`` for
    nothing to say."""
    if as_percent:
        return rate_cell({"rate": figure["mean"], "ci95": figure["ci95"]})
    mean, (lo, hi) = figure["mean"], figure["ci95"]
    if mean is None:
        return DASH
    return f"{mean:.3f} × ({lo:.3f}, {hi:.3f})"


def _difference(figure: Data, as_points: bool) -> str:
    """``−2.5 points (−6.4, +1.4)`` for shares, ``−0.012 (−0.05, +0.03)`` for ratios."""
    mean, (lo, hi) = figure["mean"], figure["ci95"]
    if mean is None:
        return DASH
    if as_points:
        return _("{mean:+.1f} points ({lo:+.1f}, {hi:+.1f})").format(
            mean=100 * mean, lo=100 * lo, hi=100 * hi)
    return f"{mean:+.3f} ({lo:+.3f}, {hi:+.3f})"


def _run_table(out: Data, files: list[Path]) -> Table:
    title = _("{game}: {deals} ({games}) of {files}").format(
        game=games.spec(out["game"]).said_title, deals=deals_count(out["deals"]),
        games=games_count(out["games"]), files=listing(f.name for f in files))
    table = Table(title=escape(title), title_justify="left")
    table.add_column(_("bot"), overflow="fold")
    table.add_column(_("win share (95%)"), justify="right")
    table.add_column(_("score × the table's mean (95%)"), justify="right")
    for bot, figures in out["bots"].items():
        name = f"[bold]{escape(bot)}[/]" if bot == out["bot"] else escape(bot)
        table.add_row(name, _interval(figures["win"], True), _interval(figures["score"], False))
    return table


def _paired_table(out: Data) -> Table:
    paired, than = out["paired"], out["than"]
    title = _("Deal by deal, on the {deals} both runs played whole").format(
        deals=deals_count(paired["deals"]))
    table = Table(title=escape(title), title_justify="left")
    table.add_column("", overflow="fold")
    table.add_column(_("win share (95%)"), justify="right")
    table.add_column(_("score × the table's mean (95%)"), justify="right")
    for bot, side in ((out["bot"], "first"), (than["bot"], "second")):
        table.add_row(escape(bot), _interval(paired[side]["win"], True),
                      _interval(paired[side]["score"], False))
    table.add_row(_("difference"), _difference(paired["win"], True),
                  _difference(paired["score"], False))
    return table


def compare(
    files: Annotated[list[Path], typer.Argument(
        help=_("the run's per-game results (.jsonl, .jsonl.gz or .parquet; several files are "
               "one run)"))],
    than: Annotated[list[Path] | None, typer.Option(
        "--than", help=_("another run's results, on the same deals, to compare with deal by "
                         "deal (repeat for several files)"))] = None,
    bot: Annotated[str | None, typer.Option(
        help=_("the bot to compare (default: the first of the run's line-up)"))] = None,
    than_bot: Annotated[str | None, typer.Option(
        help=_("the bot of the other run (default: the first of its line-up)"))] = None,
    out_json: Annotated[Path | None, typer.Option(
        "--json", help=_("write the figures to this JSON file"))] = None,
) -> None:
    """Each bot's win share and score over a run's whole duplicate deals, with 95% intervals;
    with --than, the difference from another run on the same deals, deal by deal."""
    from furuba.sim.compare import compare as measure

    try:
        out = measure(_read(files), _read(than) if than else None, bot=bot, than_bot=than_bot)
        if out_json:
            out_json.parent.mkdir(parents=True, exist_ok=True)
            out_json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    except (FurubaError, OSError) as exc:
        raise fail(str(exc)) from None
    console.print(_run_table(out, files))
    if out["left_out"]:
        err.print(escape(_("left out: {deals} not played in every seating (a run stopped "
                           "early)").format(deals=deals_count(out["left_out"]))),
                  style="yellow", highlight=False)
    if out["paired"] is not None:
        console.print(_paired_table(out))
