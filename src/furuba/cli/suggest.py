"""``furuba suggest FILE --target …``: the fewest small edits of a card set (or any file a game
lets furuba tune) that bring the figures of bot games into targets.

The search is :mod:`furuba.sim.suggest`; the edits and the figures come from the game's tuning
(:mod:`furuba.sim.targets`). This module reads the command line, shows the search's progress,
prints what it found and writes the changed file (``--out``) and the report (``--json``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from furuba import games
from furuba.bots.registry import split_specs
from furuba.cli.batch import _game_options, _progress_bar
from furuba.cli.console import console, fail
from furuba.cli.options import flag_help
from furuba.core.errors import FurubaError, OptionsError
from furuba.sim.kit import LabKit
from furuba.text import _, games_count, listing, players_count

if TYPE_CHECKING:
    from furuba.sim.suggest import SuggestConfig


def suggest(
    file: Annotated[Path | None, typer.Argument(
        metavar="FILE", help=_("the file to tune: a card set"), show_default=False)] = None,
    target: Annotated[list[str] | None, typer.Option(
        "--target", "-t", help=_("a target: figure<=x, figure>=x or figure=low..high "
                                 "(repeatable; --figures lists the figures)"))] = None,
    game: Annotated[str | None, typer.Option(
        help=_("the game (default: the one game whose files can be tuned)"))] = None,
    n_games: Annotated[int, typer.Option(
        "--games", help=_("games of every measure of a file"))] = 200,
    screen_games: Annotated[int, typer.Option(
        help=_("games of each edit's first try (0: a quarter of --games)"))] = 0,
    players: Annotated[int | None, typer.Option(
        help=_("players per game (default: the game's)"))] = None,
    bots: Annotated[str, typer.Option(
        help=_("bots, comma-separated; the last fills the table"))] = "greedy",
    seed: Annotated[int, typer.Option(help=_("seed of the first game"))] = 0,
    max_changes: Annotated[int, typer.Option(help=_("the most edits to suggest"))] = 3,
    beam: Annotated[int, typer.Option(
        help=_("edits of a round played on every game after their first try"))] = 6,
    jobs: Annotated[int, typer.Option(help=_("processes (0: one per core)"))] = 0,
    backend: Annotated[str, typer.Option(
        help=_("local (processes here) or ray (a Ray cluster)"))] = "local",
    ray_address: Annotated[str | None, typer.Option(
        help=_("Ray cluster address (default: start a local Ray)"))] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help=_("a game option, key=value (repeatable)"))] = None,
    variant: Annotated[str | None, typer.Option(help=flag_help("variant"))] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", help=_("write the changed file here"))] = None,
    out_json: Annotated[Path | None, typer.Option(
        "--json", help=_("write the report here (JSON)"))] = None,
    figures: Annotated[bool, typer.Option(
        "--figures", help=_("list the figures a target may bound, and stop"))] = False,
    quiet: Annotated[bool, typer.Option(help=_("no progress bar"))] = False,
) -> None:
    """Suggest the fewest small edits of a card set that bring bot games' figures into targets."""
    try:
        name = _tunable_game(game)
        if figures:
            _print_figures(name)
            return
        cfg = _config(name, file, target or [], option, variant, players, bots, n_games,
                      screen_games, seed, max_changes, beam)
    except FurubaError as exc:
        raise fail(escape(str(exc))) from None
    started = time.perf_counter()
    report = _search(cfg, jobs, backend, ray_address, quiet)
    report["seconds"] = round(time.perf_counter() - started, 3)
    text = report.pop("text")
    try:
        for path, content in ((out, text), (out_json, json.dumps(report, indent=1) + "\n")):
            if path is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(content, encoding="utf-8")
    except OSError as exc:
        raise fail(escape(_("cannot write {path}: {problem}").format(
            path=exc.filename, problem=exc.strerror))) from None
    _print_report(report, file, out)


def _tunable_game(game: str | None) -> str:
    """The game named (it must offer tuning), else the one game that does."""
    from furuba.sim.suggest import tuning_of

    if game is not None:
        name = games.canonical_name(game)
        tuning_of(name)
        return name
    tunable = [s.name for s in games.specs() if s.kit_or(LabKit()).tuning is not None]
    if len(tunable) != 1:
        raise OptionsError(_("name the game with --game: {games}").format(
            games=listing(tunable) or _("none")))
    return tunable[0]


def _config(game: str, file: Path | None, targets: list[str], option: list[str] | None,
            variant: str | None, players: int | None, bots: str, n_games: int,
            screen_games: int, seed: int, max_changes: int, beam: int) -> SuggestConfig:
    """The search the command line asks for, every input checked."""
    from furuba.sim.suggest import SuggestConfig, tuning_of
    from furuba.sim.targets import figures_of, parse_targets

    spec = games.spec(game)
    tuning = tuning_of(game)
    if file is None:
        raise OptionsError(_("name the file to tune"))
    parsed = parse_targets(targets, figures_of(spec))
    text = _read(file, spec.option(tuning.option).check_text, tuning.load)
    options = _game_options(game, option, None, variant)
    if tuning.option in options:
        raise OptionsError(_("the file to tune is given as the argument, not as -o {name}").format(
            name=tuning.option))
    for number, least in ((n_games, 1), (max_changes, 1), (beam, 1), (screen_games, 0)):
        if number < least:
            raise OptionsError(_("--games, --max-changes and --beam must be at least 1, "
                                 "--screen-games at least 0"))
    lineup = tuple(split_specs(bots))
    return SuggestConfig(game=game, text=text, targets=parsed,
                         players=players or spec.players.default, bots=lineup, options=options,
                         games=n_games, screen_games=screen_games, seed=seed,
                         max_changes=max_changes, beam=beam)


def _read(file: Path, check: Any, load: Any) -> str:
    """The text of ``file``, checked as a file of its option."""
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise OptionsError(_("cannot read {path}: {problem}").format(
            path=file, problem=exc.strerror or exc)) from None
    except UnicodeDecodeError:
        raise OptionsError(_("{path}: not a UTF-8 text file").format(path=file)) from None
    try:
        if check is not None:
            check(text)
        load(text)
    except FurubaError as exc:
        raise OptionsError(f"{file}: {exc}") from None
    return text


def _search(cfg: SuggestConfig, jobs: int, backend: str, ray_address: str | None,
            quiet: bool) -> dict[str, Any]:
    """Run the search under a progress bar (one stage at a time)."""
    from furuba.sim.runner import default_jobs
    from furuba.sim.suggest import Play, Search

    with _progress_bar(quiet) as bar:
        task = bar.add_task("", total=1)

        def stage(description: str, total: int) -> None:
            bar.update(task, description=description, total=max(1, total), completed=0)

        play = Play(jobs=jobs or default_jobs(), backend=backend, ray_address=ray_address,
                    stage=stage, advance=lambda k: bar.advance(task, k))
        try:
            return Search(cfg, play).run()
        except FurubaError as exc:
            raise fail(escape(str(exc))) from None
        except KeyboardInterrupt:
            raise fail(_("stopped before the search ended: nothing written")) from None


def _print_figures(game: str) -> None:
    from furuba.sim.targets import figures_of

    table = Table(title=_("the figures a target may bound"), title_justify="left")
    table.add_column(_("figure"))
    table.add_column(_("what it is"))
    for name, (_figure, said) in figures_of(games.spec(game)).items():
        table.add_row(name, escape(said))
    console.print(table)


def _number(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value:+.3f}" if signed else f"{value:.3f}"


def _interval(entry: dict[str, Any], key: str, signed: bool = False, met: bool | None = None,
              lines: bool = False) -> str:
    """A figure (or a change of one) with its 95% interval, and whether its target is met."""
    lo, hi = entry["ci95"]
    mark = "" if met is None else (" ✓" if met else " ✗")
    between = "\n" if lines else " "
    return f"{_number(entry[key], signed)}{mark}{between}({_number(lo, signed)} – " \
        f"{_number(hi, signed)})"


def _print_report(report: dict[str, Any], file: Path | None, out: Path | None) -> None:
    spec = games.spec(str(report["game"]))
    console.print(escape(_("{game}, {file}: {players}, {bots}, {games} a measure (seed {seed}); "
                           "{played} played in {seconds} s").format(
        game=spec.said_title, file=file, players=players_count(report["players"]),
        bots=listing(report["bots"]), games=games_count(report["games"]), seed=report["seed"],
        played=games_count(report["games_played"]), seconds=report["seconds"])), highlight=False)
    changed = bool(report["changes"])
    table = Table(title=_("before and after, on the same fresh deals (95% intervals)") if changed
                  else _("the file as it is (95% intervals)"), title_justify="left")
    table.add_column(_("target"), no_wrap=True)
    for heading in (_("before"), _("after"), _("change")) if changed else (_("measured"),):
        table.add_column(heading, justify="right")
    for text, before in report["base"].items():
        after = report["final"][text]
        cells = [text, _interval(before, "value", met=before["met"], lines=True)]
        if changed:
            cells += [_interval(after, "value", met=after["met"], lines=True),
                      _interval(report["total_effect"][before["figure"]], "mean", signed=True,
                                lines=True)]
        table.add_row(*(escape(c) for c in cells))
    console.print(table)
    for number, change in enumerate(report["changes"], 1):
        console.print(f"{number}. " + escape(change["label"]), highlight=False)
        for name, effect in change["effect"].items():
            console.print(f"   {name} " + escape(_interval(effect, "mean", signed=True)),
                          highlight=False)
        if not any(_clear_of_zero(effect) for effect in change["effect"].values()):
            console.print("   " + escape(_("its effect on the fresh deals is not clear of chance "
                                         "(every interval holds 0): measure with more --games "
                                         "before you trust it")), highlight=False)
    console.print(_stopped(report), highlight=False)
    if out is not None:
        console.print(_("[green]wrote[/] {path}").format(path=escape(str(out))), highlight=False)


def _clear_of_zero(effect: dict[str, Any]) -> bool:
    """Whether a change's 95% interval lies wholly on one side of zero."""
    lo, hi = effect["ci95"]
    return bool(lo is not None and hi is not None and (lo > 0 or hi < 0))


def _stopped(report: dict[str, Any]) -> str:
    """Why the search stopped, in words."""
    if report["met"]:
        return _("every target is met") if report["changes"] else \
            _("every target is met already: no edit needed")
    return {"no_help": _("some targets are missed: no further edit helped"),
            "max_changes": _("some targets are missed after the most edits allowed "
                             "(--max-changes)"),
            "rounds": _("some targets are missed: the search ran out of rounds")}.get(
        str(report["stopped"]), _("some targets are missed on the fresh deals"))

