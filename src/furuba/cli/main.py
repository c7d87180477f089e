"""The ``furuba`` command: play, simulate, check card sets, seat players, benchmark.

Every error a user can cause prints one clear line (exit status 2), never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
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
from furuba.core.errors import FurubaError

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="furuba: the Fruits Basket card games, played for real.")
cardset_app = typer.Typer(no_args_is_help=True, help="Check and inspect card-set files.")
app.add_typer(cardset_app, name="cardset")
console = Console()
err = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    err.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``["target=13", "variant=long"]`` → ``{"target": 13, "variant": "long"}``."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq:
            raise FurubaError(f"--option needs key=value, not {pair!r}")
        out[key.strip().replace("-", "_")] = int(value) if value.strip().lstrip("-").isdigit() \
            else value.strip()
    return out


# -- play --------------------------------------------------------------------------------------
@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="zodiac (the default) or daihinmin")] = None,
    seats: Annotated[str | None, typer.Option(help="who sits where: you,greedy,random,…")] = None,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the deal")] = None,
    cardset: Annotated[Path | None, typer.Option(help="card-set file (Friends of the Zodiac)")] = None,
    variant: Annotated[str | None, typer.Option(help="long, coop, true-friends (combinable)")] = None,
    sets: Annotated[int | None, typer.Option(help="copies of the game (Friends of the Zodiac)")] = None,
    target: Annotated[int | None, typer.Option(help="points or friendships to win")] = None,
    rounds: Annotated[int | None, typer.Option(help="round limit (Dai Hin Min)")] = None,
    save: Annotated[Path | None, typer.Option(help="save the game to this file as you play")] = None,
    resume: Annotated[Path | None, typer.Option(help="resume a saved game")] = None,
) -> None:
    """Play a game in the terminal against bots, or hot-seat with friends."""
    from furuba.cli.play import PlaySetup, run_play

    setup = PlaySetup(game=game, seats=seats, players=players, seed=seed, cardset=cardset,
                      variant=variant, sets=sets, target=target, rounds=rounds, save=save,
                      resume=resume)
    try:
        run_play(setup, console)
    except FurubaError as exc:
        raise fail(str(exc)) from None
    except (KeyboardInterrupt, EOFError):
        console.print("\n[dim]bye[/]")
        raise typer.Exit(0) from None


# -- simulate ----------------------------------------------------------------------------------
@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="zodiac or daihinmin")],
    n_games: Annotated[int, typer.Option("--games", help="how many games")] = 1000,
    players: Annotated[int, typer.Option(help="players per game")] = 4,
    bots: Annotated[str, typer.Option(help="bots, comma-separated; the last fills the table")] = "greedy",
    seed: Annotated[int, typer.Option(help="seed of the first game")] = 0,
    jobs: Annotated[int, typer.Option(help="processes (0: one per core)")] = 0,
    out_json: Annotated[Path | None, typer.Option("--json", help="write the summary here")] = None,
    games_out: Annotated[Path | None, typer.Option(
        "--games-out", help="write every game's result (JSON Lines; Parquet if it ends in .parquet)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o",
                                                     help="game option key=value")] = None,
    cardset: Annotated[Path | None, typer.Option(help="card-set file (Friends of the Zodiac)")] = None,
    variant: Annotated[str | None, typer.Option(help="Friends of the Zodiac variant")] = None,
    quiet: Annotated[bool, typer.Option(help="no progress bar")] = False,
    backend: Annotated[str, typer.Option(help="local (processes here) or ray (a Ray cluster)")] = "local",
    ray_address: Annotated[str | None, typer.Option(
        help="Ray cluster address (default: start a local Ray)")] = None,
) -> None:
    """Play many bot games (seats rotated) and summarise them."""
    from furuba.sim.results_io import is_parquet, write_results
    from furuba.sim.runner import BACKENDS, SimConfig, default_jobs, run
    from furuba.sim.summary import summarize

    try:
        name = games.canonical_name(game)
        options = _game_options(option, cardset, variant)
        cfg = SimConfig(game=name, games=n_games, players=players,
                        bots=[b for b in bots.split(",") if b.strip()], seed=seed, options=options)
        cfg.validate()
        if backend not in BACKENDS:
            raise FurubaError(f"unknown backend {backend!r}; the backends are: {', '.join(BACKENDS)}")
        sink = games_out.open("w", encoding="utf-8") if games_out and not is_parquet(games_out) else None
    except FurubaError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(f"cannot write {games_out}: {exc.strerror}") from None
    results = []
    started = time.perf_counter()
    with _progress_bar(quiet) as bar:
        task = bar.add_task(f"{name} ×{n_games}", total=n_games)
        try:
            for result in run(cfg, jobs=jobs or default_jobs(), progress=lambda k: bar.advance(task, k),
                              backend=backend, ray_address=ray_address):
                results.append(result)
                if sink:
                    sink.write(json.dumps(result) + "\n")
        except KeyboardInterrupt:
            err.print(f"[yellow]stopped: keeping the {len(results)} games that finished[/]")
        except FurubaError as exc:
            raise fail(str(exc)) from None
        finally:
            if sink:
                sink.close()
            if games_out and is_parquet(games_out) and results:
                write_results(games_out, results)
    summary = summarize(cfg, results)
    summary["seconds"] = round(time.perf_counter() - started, 3)
    if out_json:
        out_json.parent.mkdir(parents=True, exist_ok=True)
        out_json.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    _print_summary(summary)


def _progress_bar(quiet: bool) -> Progress:
    """A progress bar on stderr: done / total, time elapsed and the estimated time left."""
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                    console=err, disable=quiet)


def _print_summary(s: dict[str, Any]) -> None:
    table = Table(title=f"{s['game']}: {s['games']} games, {s['players']} players",
                  caption=f"{s['seconds']} s")
    table.add_column("bot")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    for bot, row in s["win_rate_by_bot"].items():
        lo, hi = row["ci95"]
        table.add_row(bot, f"{row['rate']:.1%}", f"{lo:.1%} – {hi:.1%}")
    console.print(table)
    console.print("win rate by seat: " + ", ".join(f"{x:.1%}" for x in s["win_rate_by_seat"]))
    if "median_rounds" in s:
        console.print(f"median rounds: {s['median_rounds']}, truncated: {s['truncated']} "
                      f"({s['truncated_rate']:.2%})")
        shares = s["befriended_share_by_sohma"]
        console.print("befriended: " + ", ".join(f"{k} {v:.1%}" for k, v in shares.items()))
        if "coop_win_rate" in s:
            console.print(f"co-op win rate: {s['coop_win_rate']:.1%}, "
                          f"mean score when won: {s['coop_mean_score']:.1f}")
    if "points_per_round_by_bot" in s:
        ci = s.get("points_per_round_ci95", {})
        console.print("points per round (95% interval): " + ", ".join(
            f"{b} {v:.2f}" + (f" [{ci[b][0]:.2f}, {ci[b][1]:.2f}]" if b in ci else "")
            for b, v in s["points_per_round_by_bot"].items()))
        console.print(f"revolutions: {s['revolutions']}")


# -- report and tournament ---------------------------------------------------------------------
@app.command()
def report(
    results: Annotated[Path, typer.Argument(help="per-game results (.jsonl or .parquet) or a summary")],
    out: Annotated[Path, typer.Option("--out", help="folder for index.html, the plots and report.json")],
) -> None:
    """Write a balance report (HTML with PNG plots) from simulation results, without replaying."""
    from furuba.sim.report import build

    try:
        written = build(results, out)
    except FurubaError as exc:
        raise fail(str(exc)) from None
    console.print(f"[green]wrote[/] {written.index} with {len(written.plots)} plots, "
                  f"and {written.data_file}", highlight=False, soft_wrap=True)
    for item in written.missing:
        err.print(f"[yellow]left out:[/] {item} — {results.name} is a summary; report on the "
                  "per-game file of `furuba simulate --games-out` to get it", highlight=False)


@app.command()
def tournament(
    game: Annotated[str, typer.Option("--game", help="zodiac or daihinmin")],
    bots: Annotated[str, typer.Option(help="the bots, comma-separated, e.g. random,greedy,ismcts:hard")],
    n_games: Annotated[int, typer.Option("--games", help="games per line-up (rounded up to a multiple "
                                                         "of --players)")] = 100,
    players: Annotated[int, typer.Option(help="players per table")] = 4,
    seed: Annotated[int, typer.Option(help="seed of the first deal (the same deals for every line-up)")] = 0,
    jobs: Annotated[int, typer.Option(help="processes (0: one per core)")] = 0,
    out_json: Annotated[Path | None, typer.Option("--json", help="write the league table here")] = None,
    backend: Annotated[str, typer.Option(help="local (processes here) or ray (a Ray cluster)")] = "local",
    ray_address: Annotated[str | None, typer.Option(help="Ray cluster address")] = None,
    quiet: Annotated[bool, typer.Option(help="no progress bar")] = False,
    option: Annotated[list[str] | None, typer.Option("--option", "-o",
                                                     help="game option key=value")] = None,
    cardset: Annotated[Path | None, typer.Option(help="card-set file (Friends of the Zodiac)")] = None,
    variant: Annotated[str | None, typer.Option(help="Friends of the Zodiac variant")] = None,
) -> None:
    """Play a round robin between bots (every line-up, seats rotated) and rate them with openskill."""
    from furuba.sim.runner import default_jobs
    from furuba.sim.tournament import TournamentConfig, league, run_tournament

    try:
        cfg = TournamentConfig(game=games.canonical_name(game), games=n_games, players=players,
                               bots=[b.strip() for b in bots.split(",") if b.strip()], seed=seed,
                               options=_game_options(option, cardset, variant))
        cfg.validate()
        cfg.tables()[0].validate()   # the game options, checked once (every line-up shares them)
    except FurubaError as exc:
        raise fail(str(exc)) from None
    tables = cfg.tables()
    total = sum(t.games for t in tables)
    results = []
    with _progress_bar(quiet) as bar:
        task = bar.add_task(f"{len(tables)} seatings, {total} games", total=total)
        try:
            for result in run_tournament(cfg, jobs=jobs or default_jobs(), backend=backend,
                                         ray_address=ray_address, progress=lambda k: bar.advance(task, k)):
                results.append(result)
        except KeyboardInterrupt:
            err.print(f"[yellow]stopped: rating the {len(results)} games that finished[/]")
        except FurubaError as exc:
            raise fail(str(exc)) from None
    table = league(cfg, results)
    if out_json:
        out_json.parent.mkdir(parents=True, exist_ok=True)
        out_json.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    _print_league(table)


def _game_options(option: list[str] | None, cardset: Path | None,
                  variant: str | None) -> dict[str, Any]:
    """The game options of ``-o key=value``, ``--cardset`` and ``--variant``."""
    options = parse_options(option)
    if cardset is not None:
        options["cardset"] = str(cardset)
    if variant is not None:
        options["variant"] = variant
    return options


def _print_league(league_table: dict[str, Any]) -> None:
    rich_table = Table(title=f"{league_table['game']}: {league_table['games']} games, "
                             f"{league_table['players']} players, {len(league_table['lineups'])} "
                             f"line-up{'s' if len(league_table['lineups']) != 1 else ''}")
    for heading in ("#", "bot", "rating", "mu", "sigma", "games", "win rate", "95% interval"):
        rich_table.add_column(heading, justify="left" if heading == "bot" else "right")
    for i, row in enumerate(league_table["table"], 1):
        lo, hi = row["win_ci95"]
        rich_table.add_row(str(i), row["bot"], f"{row['ordinal']:.1f}", f"{row['mu']:.1f}",
                           f"{row['sigma']:.2f}", str(row["games"]), f"{row['win_rate']:.1%}",
                           f"{lo:.1%} – {hi:.1%}")
    console.print(rich_table)
    console.print(f"rating: {league_table['rating_model']} ordinal (mu − 3·sigma)", highlight=False)


# -- card sets ---------------------------------------------------------------------------------
@cardset_app.command("check")
def cardset_check(path: Annotated[Path, typer.Argument(help="the card-set TOML file")]) -> None:
    """Check a card-set file and summarise it."""
    from furuba.zodiac.cardset import load_cardset

    try:
        cs = load_cardset(path)
    except FurubaError as exc:
        raise fail(str(exc)) from None
    memories = sum(m.count for m in cs.memories)
    events = sum(e.count for e in cs.events)
    console.print(f"[green]ok[/] {path}: {cs.name!r} — {memories} memories, {events} events, "
                  f"{len(cs.symbols)} symbols ({', '.join(s.id for s in cs.symbols)})",
                  highlight=False, soft_wrap=True)


# -- seating -----------------------------------------------------------------------------------
@app.command()
def seat(players: Annotated[list[str], typer.Argument(help='"Name YYYY-MM-DD" or "Name"')]) -> None:
    """Seat players by zodiac sign (Friends of the Zodiac): who goes first, and so on."""
    from furuba.zodiac.seating import seat_players

    try:
        order = seat_players(players)
    except FurubaError as exc:
        raise fail(str(exc)) from None
    for i, p in enumerate(order, 1):
        sign = p.sign or "no birth date"
        born = f" ({p.born.isoformat()})" if p.born else ""
        console.print(f"{i}. {p.name}{born} — {sign}", highlight=False)


# -- web server --------------------------------------------------------------------------------
@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    database_url: Annotated[str, typer.Option(
        help="SQLAlchemy URL: sqlite:///path (default var/furuba.sqlite3) or "
             "postgresql+psycopg://user@host/db")] = "sqlite:///var/furuba.sqlite3",
    ready_table: Annotated[bool, typer.Option(
        help="open a table against bots at start-up unless one is waiting")] = False,
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before it plays")] = 0.6,
    log_level: Annotated[str, typer.Option(help="uvicorn log level")] = "info",
    cardsets: Annotated[list[Path] | None, typer.Option(
        help="a folder of card-set files (*.toml) tables may choose by name; repeatable")] = None,
) -> None:
    """Serve the web app: tables online with friends and bots (needs the web extra)."""
    try:
        from furuba.server.serve import run_server
        from furuba.server.tables import CARDSET_DIRS_ENV
    except ImportError as exc:
        raise fail(f"the web server needs the web extra: pip install 'furuba[web]' ({exc})") from None
    if cardsets:
        from furuba.zodiac.cardset import load_cardset

        for folder in cardsets:
            if not folder.is_dir():
                raise fail(f"--cardsets {folder}: not a folder")
            for path in sorted(folder.glob("*.toml")):
                try:
                    load_cardset(path)
                except FurubaError as exc:
                    raise fail(str(exc)) from None
        os.environ[CARDSET_DIRS_ENV] = os.pathsep.join(str(f.resolve()) for f in cardsets)
    run_server(host, port, database_url, ready_table=ready_table, bot_delay=bot_delay,
               log_level=log_level)


def main() -> None:  # pragma: no cover - console entry point
    try:
        app()
    except FurubaError as exc:
        err.print(f"[bold red]error:[/] {exc}")
        sys.exit(2)
