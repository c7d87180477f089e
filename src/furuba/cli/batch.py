"""``furuba simulate``, ``furuba tournament`` and ``furuba report``: many bot games of any
registered game, their summary, their league table and their balance report.

The functions are registered as commands by :mod:`furuba.cli.main`.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from furuba import games
from furuba.bots.registry import split_specs
from furuba.cli.console import console, err, fail
from furuba.cli.options import flag_help, game_options
from furuba.core.errors import FurubaError
from furuba.text import _, games_count, listing, ngettext, players_count

if TYPE_CHECKING:
    from furuba.sim.runner import GameResult, SimConfig



def game_help() -> str:
    """The help of a command's game: the games there are."""
    return _("the game: {games}").format(games=listing(games.names()))


# -- simulate ----------------------------------------------------------------------------------
def simulate(
    game: Annotated[str, typer.Argument(help=game_help())],
    n_games: Annotated[int, typer.Option("--games", help=_("how many games"))] = 1000,
    players: Annotated[int, typer.Option(help=_("players per game"))] = 4,
    bots: Annotated[str, typer.Option(
        help=_("bots, comma-separated; the last fills the table"))] = "greedy",
    seed: Annotated[int, typer.Option(help=_("seed of the first game"))] = 0,
    jobs: Annotated[int, typer.Option(help=_("processes (0: one per core)"))] = 0,
    out_json: Annotated[Path | None, typer.Option(
        "--json", help=_("write the summary here"))] = None,
    games_out: Annotated[Path | None, typer.Option(
        "--games-out", help=_("write every game's result (JSON Lines, gzipped if the name ends "
                              "in .gz; Parquet if it ends in .parquet)"))] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help=_("a game option, key=value (repeatable)"))] = None,
    cardset: Annotated[str | None, typer.Option(help=flag_help("cardset"))] = None,
    variant: Annotated[str | None, typer.Option(help=flag_help("variant"))] = None,
    quiet: Annotated[bool, typer.Option(help=_("no progress bar"))] = False,
    backend: Annotated[str, typer.Option(
        help=_("local (processes here) or ray (a Ray cluster)"))] = "local",
    ray_address: Annotated[str | None, typer.Option(
        help=_("Ray cluster address (default: start a local Ray)"))] = None,
    duplicate: Annotated[bool, typer.Option(
        "--duplicate", help=_("play every deal in every seating, so the luck of the deal "
                              "cancels (--games rounded up to a multiple of --players)"))] = False,
) -> None:
    """Play many bot games (seats rotated) and summarise them."""
    from furuba.sim.results_io import is_parquet, open_sink
    from furuba.sim.runner import BACKENDS, SimConfig
    from furuba.sim.summary import summarize

    try:
        name = games.canonical_name(game)
        options = _game_options(name, option, cardset, variant)
        if duplicate and players >= 1:
            n_games = -(-n_games // players) * players
        cfg = SimConfig(game=name, games=n_games, players=players,
                        bots=split_specs(bots), seed=seed, options=options,
                        duplicate=duplicate)
        cfg.validate()
        if backend not in BACKENDS:
            raise FurubaError(_("unknown backend {backend!r}; the backends are: {backends}").format(
                backend=backend, backends=listing(list(BACKENDS))))
        # Each game is on disk as it finishes (flushed): a run killed outright keeps them.
        sink = open_sink(games_out) if games_out and not is_parquet(games_out) else None
    except FurubaError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(_("cannot write {path}: {problem}").format(path=games_out,
                                                             problem=exc.strerror)) from None
    started = time.perf_counter()
    results = _play_simulation(cfg, jobs, quiet, backend, ray_address, sink, games_out)
    summary = summarize(cfg, results)
    summary["seconds"] = round(time.perf_counter() - started, 3)
    if out_json:
        out_json.parent.mkdir(parents=True, exist_ok=True)
        out_json.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    _print_summary(summary)


def _play_simulation(cfg: SimConfig, jobs: int, quiet: bool, backend: str, ray_address: str | None,
                     sink: TextIO | None, games_out: Path | None) -> list[GameResult]:
    """The results of ``cfg``'s games, played under a progress bar. Each result is written to
    ``sink`` (JSON Lines) as it comes, and all of them to ``games_out`` at the end when that is
    a Parquet file; Ctrl-C stops the run and keeps the games that finished."""
    from furuba.sim.results_io import is_parquet, write_results
    from furuba.sim.runner import default_jobs, run

    results = []
    with _progress_bar(quiet) as bar:
        task = bar.add_task(f"{cfg.game} ×{cfg.games}", total=cfg.games)
        try:
            for result in run(cfg, jobs=jobs or default_jobs(), progress=lambda k: bar.advance(task, k),
                              backend=backend, ray_address=ray_address):
                results.append(result)
                if sink:
                    sink.write(json.dumps(result) + "\n")
                    sink.flush()
        except KeyboardInterrupt:
            kept = ngettext("stopped: keeping the {count} game that finished",
                            "stopped: keeping the {count} games that finished",
                            len(results)).format(count=len(results))
            err.print(f"[yellow]{kept}[/]")
        except FurubaError as exc:
            raise fail(str(exc)) from None
        finally:
            if sink:
                sink.close()
            if games_out and is_parquet(games_out) and results:
                write_results(games_out, results)
    return results


def _progress_bar(quiet: bool) -> Progress:
    """A progress bar on stderr: done / total, time elapsed and the estimated time left."""
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TextColumn(_("ETA")), TimeRemainingColumn(),
                    console=err, disable=quiet)


def _print_summary(s: dict[str, Any]) -> None:
    table = Table(title=_("{game}: {games}, {players}").format(
                      game=_game_title(str(s["game"])), games=games_count(s["games"]),
                      players=players_count(s["players"])),
                  caption=_("{seconds} s").format(seconds=s["seconds"]))
    table.add_column(_("bot"))
    table.add_column(_("win rate"), justify="right")
    table.add_column(_("95% interval"), justify="right")
    for bot, row in s["win_rate_by_bot"].items():
        lo, hi = row["ci95"]
        table.add_row(bot, f"{row['rate']:.1%}", f"{lo:.1%} – {hi:.1%}")
    console.print(table)
    console.print(_("win rate by seat: {rates}").format(
        rates=listing([f"{x:.1%}" for x in s["win_rate_by_seat"]])))
    from furuba.sim.sections import sections_for

    for line in sections_for(str(s["game"])).summary_lines(s):
        console.print(line)
    _print_duplicate(s)


# -- report and tournament ---------------------------------------------------------------------
def report(
    results: Annotated[Path, typer.Argument(
        help=_("per-game results (.jsonl or .parquet) or a summary"))],
    out: Annotated[Path, typer.Option(
        "--out", help=_("folder for index.html, the plots and report.json"))],
) -> None:
    """Write a balance report (HTML with PNG plots) from simulation results, without replaying."""
    from furuba.sim.report import build

    try:
        written = build(results, out)
    except FurubaError as exc:
        raise fail(str(exc)) from None
    console.print(ngettext("[green]wrote[/] {index} with {count} plot, and {data}",
                           "[green]wrote[/] {index} with {count} plots, and {data}",
                           len(written.plots)).format(
        index=written.index, count=len(written.plots), data=written.data_file),
        highlight=False, soft_wrap=True)
    for item in written.missing:
        err.print(_("[yellow]left out:[/] {item} — {file} is a summary; report on the per-game "
                    "file of `furuba simulate --games-out` to get it").format(
            item=item, file=results.name), highlight=False)


def tournament(
    game: Annotated[str | None, typer.Argument(help=game_help(), show_default=False)] = None,
    game_flag: Annotated[str | None, typer.Option(
        "--game", help=_("the game, named with a flag (as before: the same as naming it first)"),
        show_default=False)] = None,
    bots: Annotated[str | None, typer.Option(
        help=_("the bots, comma-separated, e.g. random,greedy,ismcts:hard"),
        show_default=False)] = None,
    n_games: Annotated[int, typer.Option(
        "--games", help=_("games per line-up (rounded up to a multiple of --players)"))] = 100,
    players: Annotated[int, typer.Option(help=_("players per table"))] = 4,
    seed: Annotated[int, typer.Option(
        help=_("seed of the first deal (the same deals for every line-up)"))] = 0,
    jobs: Annotated[int, typer.Option(help=_("processes (0: one per core)"))] = 0,
    out_json: Annotated[Path | None, typer.Option(
        "--json", help=_("write the league table here"))] = None,
    backend: Annotated[str, typer.Option(
        help=_("local (processes here) or ray (a Ray cluster)"))] = "local",
    ray_address: Annotated[str | None, typer.Option(help=_("Ray cluster address"))] = None,
    quiet: Annotated[bool, typer.Option(help=_("no progress bar"))] = False,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help=_("a game option, key=value (repeatable)"))] = None,
    cardset: Annotated[str | None, typer.Option(help=flag_help("cardset"))] = None,
    variant: Annotated[str | None, typer.Option(help=flag_help("variant"))] = None,
    duplicate: Annotated[bool, typer.Option(
        "--duplicate", help=_("play every deal in every seating, so the luck of the deal "
                              "cancels (each seating's games a multiple of --players)"))] = False,
) -> None:
    """Play a round robin between bots (every line-up, seats rotated) and rate them with openskill."""
    from furuba.sim.runner import default_jobs
    from furuba.sim.tournament import TournamentConfig, league, run_tournament

    named = {name for name in (game, game_flag) if name is not None}
    if not named:
        raise fail(_("name the game: furuba tournament GAME --bots A,B (the games: {games})")
                   .format(games=listing(games.names())))
    if len(named) > 1:
        raise fail(_("two games named ({first} and {second}): name one").format(
            first=game, second=game_flag))
    if not bots:
        raise fail(_("name the bots: --bots A,B (e.g. random,greedy,ismcts:hard)"))
    try:
        cfg_game = games.canonical_name(named.pop())
        cfg = TournamentConfig(game=cfg_game, games=n_games, players=players,
                               bots=split_specs(bots), seed=seed,
                               options=_game_options(cfg_game, option, cardset, variant),
                               duplicate=duplicate)
        cfg.validate()
        cfg.tables()[0].validate()   # the game options, checked once (every line-up shares them)
    except FurubaError as exc:
        raise fail(str(exc)) from None
    tables = cfg.tables()
    total = sum(t.games for t in tables)
    results = []
    with _progress_bar(quiet) as bar:
        task = bar.add_task(ngettext("{seatings} seating, {games}", "{seatings} seatings, {games}",
                                     len(tables)).format(seatings=len(tables),
                                                         games=games_count(total)), total=total)
        try:
            for result in run_tournament(cfg, jobs=jobs or default_jobs(), backend=backend,
                                         ray_address=ray_address, progress=lambda k: bar.advance(task, k)):
                results.append(result)
        except KeyboardInterrupt:
            rating = ngettext("stopped: rating the {count} game that finished",
                              "stopped: rating the {count} games that finished",
                              len(results)).format(count=len(results))
            err.print(f"[yellow]{rating}[/]")
        except FurubaError as exc:
            raise fail(str(exc)) from None
    table = league(cfg, results)
    if out_json:
        out_json.parent.mkdir(parents=True, exist_ok=True)
        out_json.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    _print_league(table)


def _game_title(name: str) -> str:
    """The title of the game called ``name``, in the reader's language (else the name)."""
    try:
        spec = games.spec(name)
    except FurubaError:
        return name
    return spec.gettext(spec.title)


def _game_options(game: str, option: list[str] | None, cardset: str | None,
                  variant: str | None) -> dict[str, Any]:
    """The options of ``game`` given by ``-o key=value``, ``--cardset`` and ``--variant``."""
    return game_options(games.spec(game), {"cardset": cardset, "variant": variant}, option)


def _print_league(league_table: dict[str, Any]) -> None:
    lineups = len(league_table["lineups"])
    rich_table = Table(title=ngettext("{game}: {games}, {players}, {lineups} line-up",
                                      "{game}: {games}, {players}, {lineups} line-ups",
                                      lineups).format(
        game=_game_title(str(league_table["game"])), games=games_count(league_table["games"]),
        players=players_count(league_table["players"]), lineups=lineups))
    headings = ("#", _("bot"), _("rating"), "mu", "sigma", _("games"), _("win rate"),
                _("95% interval"))
    for i, heading in enumerate(headings):
        rich_table.add_column(heading, justify="left" if i == 1 else "right")
    for i, row in enumerate(league_table["table"], 1):
        lo, hi = row["win_ci95"]
        rich_table.add_row(str(i), row["bot"], f"{row['ordinal']:.1f}", f"{row['mu']:.1f}",
                           f"{row['sigma']:.2f}", str(row["games"]), f"{row['win_rate']:.1%}",
                           f"{lo:.1%} – {hi:.1%}")
    console.print(rich_table)
    console.print(_("rating: {model} ordinal (mu − 3·sigma)").format(
        model=league_table["rating_model"]), highlight=False)
    _print_duplicate(league_table)


def _print_duplicate(summary: dict[str, Any]) -> None:
    """The duplicate-deal intervals and what they saved, when the games were played so."""
    from furuba.sim.duplicate import describe

    if "duplicate" in summary:
        for line in describe(summary["duplicate"]):
            console.print(line, highlight=False)
