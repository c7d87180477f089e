"""``furuba train GAME``: learn a softmax policy by self-play (:mod:`furuba.learn.train`), under a
progress bar, into a folder of checkpoints, the learning curve (``curve.json``, ``curve.png``)
and the final ``policy.npz`` with its provenance (``policy.json``).

Registered as a command by :mod:`furuba.cli.main`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from furuba import games
from furuba.cli.batch import _progress_bar, game_help
from furuba.cli.console import console, err, fail
from furuba.cli.options import game_options
from furuba.core.errors import FurubaError
from furuba.text import _


def train(
    game: Annotated[str, typer.Argument(help=game_help())],
    iterations: Annotated[int, typer.Option(help=_("training iterations"))] = 300,
    n_games: Annotated[int, typer.Option("--games", help=_("self-play games per iteration"))] = 64,
    seed: Annotated[int, typer.Option(help=_("seed of the run (the same seed, the same "
                                             "weights)"))] = 0,
    jobs: Annotated[int, typer.Option(help=_("processes"))] = 1,
    backend: Annotated[str, typer.Option(
        help=_("local (processes here) or ray (a Ray cluster)"))] = "local",
    ray_address: Annotated[str | None, typer.Option(
        help=_("Ray cluster address (default: start a local Ray)"))] = None,
    out: Annotated[Path | None, typer.Option(
        help=_("folder for the checkpoints, the curve and the policy (default: train-GAME)"))]
        = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help=_("go on from the last checkpoint in --out"))] = False,
    eval_every: Annotated[int, typer.Option(
        help=_("measure the policy against random and greedy bots every so many "
               "iterations"))] = 25,
    eval_games: Annotated[int, typer.Option(help=_("games of each measure"))] = 200,
    checkpoint_every: Annotated[int, typer.Option(
        help=_("save a checkpoint every so many iterations"))] = 25,
    rate: Annotated[float, typer.Option("--learning-rate", help=_("Adam's learning rate"))]
        = 0.03,
    entropy: Annotated[float, typer.Option(help=_("weight of the entropy bonus"))] = 0.01,
    players: Annotated[int, typer.Option(help=_("players per game"))] = 4,
    teacher: Annotated[str | None, typer.Option(
        help=_("learn by imitating this search (normal, hard, expert or ismcts:…): its share "
               "of simulations for each action, instead of the policy gradient"))] = None,
    hidden: Annotated[int, typer.Option(
        help=_("hidden units: a small network over the features instead of a linear policy "
               "(0)"))] = 0,
    epochs: Annotated[int, typer.Option(
        help=_("with --teacher: learning steps each iteration over the decisions kept"))] = 1,
    window: Annotated[int, typer.Option(
        help=_("with --teacher: keep the decisions of this many iterations to learn from "
               "(0: all)"))] = 1,
    start: Annotated[str, typer.Option(
        help=_("where the weights start: game (the game's own), zero, or a policy.npz "
               "(a linear one, or a network of as many --hidden units)"))] = "game",
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help=_("a game option, key=value (repeatable)"))] = None,
    quiet: Annotated[bool, typer.Option(help=_("no progress bar"))] = False,
) -> None:
    """Learn a softmax policy (linear, or a small network) by self-play on the CPU, or by
    imitating the search."""
    from furuba.learn.checkpoints import latest, load_checkpoint
    from furuba.learn.train import TrainConfig, Trainer

    try:
        name = games.canonical_name(game)
        folder = out or Path(f"train-{name}")
        cfg = TrainConfig(game=name, iterations=iterations, games=n_games, seed=seed,
                          players=players, rate=rate, entropy=entropy,
                          eval_every=eval_every,
                          eval_games=eval_games, checkpoint_every=checkpoint_every, jobs=jobs,
                          backend=backend, ray_address=ray_address, teacher=teacher,
                          hidden=hidden, epochs=epochs, window=window, start=start,
                          game_options=game_options(games.spec(name), {}, option))
        trainer = Trainer(cfg, folder)
        if resume:
            progress = load_checkpoint(folder, cfg)
        elif latest(folder) is not None:
            raise FurubaError(_("{folder} already holds a run's checkpoints: add --resume to go "
                                "on with it, or choose another --out").format(folder=folder))
        else:
            progress = trainer.fresh()
    except FurubaError as exc:
        raise fail(str(exc)) from None
    _train(trainer, progress, folder, quiet)


def _train(trainer: Any, progress: Any, folder: Path, quiet: bool) -> None:
    """Run the trainer under a progress bar; then measure, save and show the policy."""
    cfg = trainer.cfg
    bar = _progress_bar(quiet)
    with bar:
        task = bar.add_task(_("{game}: iterations").format(game=cfg.game), total=cfg.iterations,
                            completed=progress.iteration)

        def on_eval(point: dict[str, Any]) -> None:
            if not quiet:  # above the bar, which keeps its width for the count and the times
                err.print(_curve_line(point), highlight=False)

        try:
            trainer.run(progress, on_step=lambda stats: bar.advance(task), on_eval=on_eval)
        except KeyboardInterrupt:
            err.print("[yellow]" + _("stopped: resume with --resume from the last checkpoint")
                      + "[/]")
            raise typer.Exit(1) from None
        except FurubaError as exc:
            raise fail(str(exc)) from None
    policy = trainer.policy(progress)
    try:
        policy.save(folder / "policy.npz")
    except OSError as exc:
        raise fail(_("cannot write {path}: {problem}").format(
            path=folder / "policy.npz", problem=exc.strerror)) from None
    plotted = _plot(progress.curve, cfg, folder)
    _print_result(progress.curve[-1], policy.temperature, folder, plotted, cfg.players - 1)


def _curve_line(point: dict[str, Any]) -> str:
    best = point["best"]
    return _("iteration {iteration}: {random} against random, {greedy} against greedy").format(
        iteration=point["iteration"], random=f"{best['random']['win_share']:.1%}",
        greedy=f"{best['greedy']['win_share']:.1%}")


def _plot(curve: list[dict[str, Any]], cfg: Any, folder: Path) -> bool:
    """Draw ``curve.png`` when matplotlib is installed; whether it was drawn."""
    try:
        from furuba.learn.curve import draw_curve
    except ImportError:  # pragma: no cover - depends on the installed extras
        err.print(_("[yellow]no curve.png:[/] drawing it needs matplotlib (the sim extra)"))
        return False
    spec = games.spec(cfg.game)
    draw_curve(curve, cfg.players, folder, _("{game}: the learned policy").format(
        game=spec.said_title))
    return True


def _print_result(last: dict[str, Any], temperature: float, folder: Path, plotted: bool,
                  others: int) -> None:
    table = Table(title=_("the policy after {iterations} iterations").format(
        iterations=last["iteration"]))
    table.add_column(_("plays"))
    table.add_column(_("against"))
    table.add_column(_("win share"), justify="right")
    table.add_column(_("95% interval"), justify="right")
    for label, point in ((_("sampling (as trained)"), last["sampling"]),
                         (_("its best action"), last["best"])):
        for opponent in ("random", "greedy"):
            row = point[opponent]
            lo, hi = row["ci95"]
            table.add_row(label, _("{count} {bots} bots").format(count=others, bots=opponent),
                          f"{row['win_share']:.1%}", f"{lo:.1%} – {hi:.1%}")
    console.print(table)
    chosen = _("its best action") if temperature == 0 else _("sampling (as trained)")
    if plotted:
        wrote = _("[green]wrote[/] {policy} (the policy bot plays {how}), curve.json and curve.png")
    else:
        wrote = _("[green]wrote[/] {policy} (the policy bot plays {how}) and curve.json")
    console.print(wrote.format(policy=folder / "policy.npz", how=chosen), highlight=False,
                  soft_wrap=True)
