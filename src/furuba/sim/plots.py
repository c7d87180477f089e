"""The balance report's figure kit, and the figures every game has.

Figures are drawn with matplotlib's object-oriented API on the Agg canvas (no pyplot, no display,
no global state), so the report builds on a server, in a worker, or in tests. matplotlib is
imported when the first figure is drawn, so summarising a simulation never needs it.

The helpers here (:func:`figure`, :func:`save`, :func:`rates`, :func:`percent_axis`,
:func:`integer_axis`, :func:`few_ticks`, the colours) are the kit a game's report module draws its own figures
with (see :mod:`furuba.sim.sections`); the figures here — win rate by seat and by bot, game
length — are drawn for every game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

Data = dict[str, Any]
DPI = 110
HUMAN, ANIMAL = "#d9778f", "#6f9b5b"
GAIN, LOSS = "#3a923a", "#c03d3e"
BAR, FAIR = "#4c72b0", "#999999"


@dataclass(frozen=True)
class Plot:
    """A figure written to ``file``, with a heading and a caption saying how to read it."""

    file: str
    title: str
    caption: str


def figure(width: float, height: float) -> Figure:
    """A new figure of ``width`` × ``height`` inches on its own Agg canvas."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def save(fig: Figure, out: Path, name: str) -> str:
    """Write ``fig`` as ``out/name``; return ``name``."""
    fig.savefig(out / name)
    return name


def percent_format() -> Any:
    """A tick formatter that shows fractions as percentages."""
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0)


def percent_axis(axis: Any) -> None:
    """Show ``axis``'s fractions as percentages."""
    axis.set_major_formatter(percent_format())


def integer_axis(axis: Any) -> None:
    """Put ``axis``'s ticks on whole numbers."""
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def few_ticks(axis: Any, bins: int) -> None:
    """Put at most ``bins`` ticks, at nice values, on ``axis``."""
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(bins))


def errors(rows: Sequence[Data]) -> list[list[float]]:
    """Error-bar lengths below and above each rate, from its ``ci95`` (never negative: at a rate
    of 0 or 1 the interval's end may differ from the rate by a rounding error)."""
    return [[max(0.0, r["rate"] - r["ci95"][0]) for r in rows],
            [max(0.0, r["ci95"][1] - r["rate"]) for r in rows]]


def rates(ax: Any, labels: list[str], rows: Sequence[Data], fair: float | None) -> None:
    """Bars of rates with their intervals, labelled; a dashed line at the ``fair`` share."""
    xs = range(len(rows))
    ax.bar(xs, [r["rate"] for r in rows], yerr=errors(rows), capsize=5, color=BAR, width=0.6)
    ax.set_xticks(list(xs), labels)
    if fair is not None:
        ax.axhline(fair, color=FAIR, linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
        ax.legend(loc="upper right", frameon=False)
    top = max([r["ci95"][1] for r in rows] + [fair or 0.0])
    ax.set_ylim(0, min(1.0, top * 1.15 + 0.02))
    percent_axis(ax.yaxis)
    for x, r in zip(xs, rows, strict=True):
        ax.annotate(f"{r['rate']:.1%}", (x, r["ci95"][1]), textcoords="offset points", xytext=(0, 3),
                    ha="center", fontsize=8)


# -- the figures of every game ---------------------------------------------------------------------
def seat_win_rate(data: Data, out: Path, fair: float | None) -> Plot:
    """Win share by player number, against the ``fair`` share (``None``: no line)."""
    fig = figure(6.5, 3.6)
    ax = fig.add_subplot()
    rows = data["win_rate_by_seat"]
    rates(ax, [f"player {r['seat']}" for r in rows], rows, fair)
    ax.set_ylabel("win share")
    ax.set_title(f"Win rate by seat ({data['games']:,} games)")
    return Plot(save(fig, out, "win_rate_by_seat.png"), "Win rate by seat",
                "Share of wins taken by each player number (the order players sit at the start), "
                "with 95% Wilson intervals; bots are rotated through the seats, so a bar far from "
                "the dashed fair share points at a seat advantage.")


def bot_win_rate(data: Data, out: Path, fair: float | None) -> Plot:
    """Win share per seat played, by bot."""
    fig = figure(6.5, 3.6)
    ax = fig.add_subplot()
    bots = data["win_rate_by_bot"]
    rates(ax, list(bots), [bots[b] for b in bots], fair)
    ax.set_ylabel("win share per seat played")
    ax.set_title("Win rate by bot")
    return Plot(save(fig, out, "win_rate_by_bot.png"), "Win rate by bot",
                "Each bot's win share per seat it played, with 95% Wilson intervals; the dashed "
                "line is what a bot of average strength would get.")


def _tail_cut(counts: dict[float, int]) -> float | None:
    """Where to cut a long thin tail off a histogram (the 99.5th percentile), or ``None``."""
    total, seen = sum(counts.values()), 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= 0.995 * total:
            return value if max(counts) > 1.5 * value + 2 else None
    return None  # pragma: no cover - the loop always reaches the total


def game_length(data: Data, out: Path, meaning: str) -> Plot:
    """Games by length (in the data's unit; ``meaning``: what one unit is), with the median."""
    hist = data["game_length"]
    unit = hist["unit"]
    counts = {float(k): int(v) for k, v in hist["counts"].items()}
    cut = _tail_cut(counts)
    fig = figure(6.5, 3.4)
    ax = fig.add_subplot()
    shown = {x: c for x, c in counts.items() if cut is None or x <= cut}
    ax.bar(list(shown), list(shown.values()), width=0.85, color=BAR)
    if cut is not None:
        tail = {x: c for x, c in counts.items() if x > cut}
        ax.bar([cut + 2], [sum(tail.values())], width=0.85, color=FAIR, hatch="//",
               label=f"longer than {cut:g} ({sum(tail.values())} games, up to {max(tail):g})")
        ax.annotate(f">{cut:g}", (cut + 2, sum(tail.values())), textcoords="offset points",
                    xytext=(0, 3), ha="center", fontsize=8)
    ax.axvline(hist["median"], color="black", linestyle="--", linewidth=1,
               label=f"median {hist['median']:g}")
    integer_axis(ax.xaxis)
    ax.set_xlabel(unit)
    ax.set_ylabel("games")
    ax.legend(frameon=False)
    ax.set_title("Game length")
    return Plot(save(fig, out, "game_length.png"), "Game length",
                f"How many {unit} the games lasted ({meaning}). A thin tail of very long "
                "games (such as games stopped by the round limit) is gathered into one hatched "
                "bar.")
