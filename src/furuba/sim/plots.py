"""The balance report's plots: one function per figure, each writing a PNG from report data.

Figures are drawn with matplotlib's object-oriented API on the Agg canvas (no pyplot, no display,
no global state), so the report builds on a server, in a worker, or in tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator, PercentFormatter

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


def _figure(width: float, height: float) -> Figure:
    fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _save(fig: Figure, out: Path, name: str) -> str:
    fig.savefig(out / name)
    return name


def _errors(rows: Sequence[Data]) -> list[list[float]]:
    """Error-bar lengths below and above each rate, from its ``ci95``."""
    return [[r["rate"] - r["ci95"][0] for r in rows], [r["ci95"][1] - r["rate"] for r in rows]]


def _rates(ax: Any, labels: list[str], rows: Sequence[Data], fair: float | None) -> None:
    xs = range(len(rows))
    ax.bar(xs, [r["rate"] for r in rows], yerr=_errors(rows), capsize=5, color=BAR, width=0.6)
    ax.set_xticks(list(xs), labels)
    if fair is not None:
        ax.axhline(fair, color=FAIR, linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
        ax.legend(loc="upper right", frameon=False)
    top = max([r["ci95"][1] for r in rows] + [fair or 0.0])
    ax.set_ylim(0, min(1.0, top * 1.15 + 0.02))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    for x, r in zip(xs, rows, strict=True):
        ax.annotate(f"{r['rate']:.1%}", (x, r["ci95"][1]), textcoords="offset points", xytext=(0, 3),
                    ha="center", fontsize=8)


def _fair_share(data: Data) -> float | None:
    return None if data.get("coop") else 1 / int(data["players"])


def seat_win_rate(data: Data, out: Path) -> Plot:
    fig = _figure(6.5, 3.6)
    ax = fig.add_subplot()
    rows = data["win_rate_by_seat"]
    _rates(ax, [f"player {r['seat']}" for r in rows], rows, _fair_share(data))
    ax.set_ylabel("win share")
    ax.set_title(f"Win rate by seat ({data['games']:,} games)")
    return Plot(_save(fig, out, "win_rate_by_seat.png"), "Win rate by seat",
                "Share of wins taken by each player number (the order players sit at the start), "
                "with 95% Wilson intervals; bots are rotated through the seats, so a bar far from "
                "the dashed fair share points at a seat advantage.")


def bot_win_rate(data: Data, out: Path) -> Plot:
    fig = _figure(6.5, 3.6)
    ax = fig.add_subplot()
    bots = data["win_rate_by_bot"]
    _rates(ax, list(bots), [bots[b] for b in bots], _fair_share(data))
    ax.set_ylabel("win share per seat played")
    ax.set_title("Win rate by bot")
    return Plot(_save(fig, out, "win_rate_by_bot.png"), "Win rate by bot",
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


def game_length(data: Data, out: Path) -> Plot:
    hist = data["game_length"]
    counts = {float(k): int(v) for k, v in hist["counts"].items()}
    cut = _tail_cut(counts)
    fig = _figure(6.5, 3.4)
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
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.legend(frameon=False)
    ax.set_title("Game length")
    return Plot(_save(fig, out, "game_length.png"), "Game length",
                "How many rounds the games lasted (a round: every player takes one turn; in Dai "
                "Hin Min, one deal played out). A thin tail of very long games (such as games "
                "stopped by the round limit) is gathered into one hatched bar.")


# -- Friends of the Zodiac -----------------------------------------------------------------------
def befriendings(data: Data, out: Path) -> Plot:
    by_side = data["befriended"]["by_side"]
    names = list(by_side)
    games = int(data["games"])
    human = [by_side[n]["human"] / games for n in names]
    animal = [by_side[n]["animal"] / games for n in names]
    fig = _figure(7.5, 3.8)
    ax = fig.add_subplot()
    xs = range(len(names))
    ax.bar(xs, human, color=HUMAN, label="human side")
    ax.bar(xs, animal, bottom=human, color=ANIMAL, label="animal side")
    mean = sum(h + a for h, a in zip(human, animal, strict=True)) / len(names)
    ax.axhline(mean, color=FAIR, linestyle="--", linewidth=1, label=f"mean {mean:.2f}")
    ax.set_xticks(list(xs), names, rotation=35, ha="right")
    ax.set_ylabel("befriendings per game")
    ax.set_ylim(0, max(h + a for h, a in zip(human, animal, strict=True)) * 1.22)
    ax.legend(frameon=False, ncols=3, loc="upper center")
    ax.set_title("Befriendings per Sohma and side")
    return Plot(_save(fig, out, "befriendings.png"), "Befriendings per Sohma and side",
                "How often each Sohma was befriended per game, split by the side showing when "
                "the friendship card was won; a Sohma far below the mean asks for too much.")


def decisive_cards(data: Data, out: Path) -> Plot:
    by_bot = {b: {c["card"]: c for c in cards}
              for b, cards in data["decisive_cards"]["by_bot"].items() if cards}
    # One row per card, in the same place in every panel: ordered by the bot with the most data.
    lead = max(by_bot, key=lambda b: sum(c["played"]["n"] + c["not_played"]["n"]
                                         for c in by_bot[b].values()), default="")
    rest = sorted({card for cards in by_bot.values() for card in cards} - set(by_bot.get(lead, {})))
    order = [c["card"] for c in data["decisive_cards"]["by_bot"].get(lead, [])] + rest
    rows = list(reversed(order))
    fig = _figure(3.2 + 3.0 * max(1, len(by_bot)), 1.1 + 0.17 * max(1, len(rows)))
    axes = fig.subplots(1, max(1, len(by_bot)), squeeze=False, sharey=True)[0]
    for ax, (bot, cards) in zip(axes, by_bot.items(), strict=False):
        ys = [y for y, card in enumerate(rows) if card in cards]
        shown = [cards[rows[y]] for y in ys]
        lifts = [c["lift"] for c in shown]
        err = [[c["lift"] - c["lift_ci95"][0] for c in shown], [c["lift_ci95"][1] - c["lift"] for c in shown]]
        ax.barh(ys, lifts, xerr=err, color=[GAIN if x >= 0 else LOSS for x in lifts], height=0.7,
                error_kw={"linewidth": 0.7, "ecolor": "#444444"})
        ax.axvline(0, color="black", linewidth=0.8)
        typical = data["decisive_cards"]["median_lift"][bot]
        ax.axvline(typical, color=FAIR, linestyle=":", linewidth=1.2, label=f"typical card {typical:+.1%}")
        ax.legend(loc="lower right", frameon=False, fontsize=7)
        ax.xaxis.set_major_locator(MaxNLocator(5))
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
        ax.set_xlabel("win share: played − not played")
        ax.set_title(bot)
        ax.grid(axis="y", color="#eeeeee", linewidth=0.6)
        ax.set_axisbelow(True)
    if not rows:
        axes[0].text(0.5, 0.5, "too few games to compare players who played a card with those "
                     "who did not", ha="center", va="center", wrap=True, transform=axes[0].transAxes)
        axes[0].set_axis_off()
    axes[0].set_yticks(range(len(rows)), rows, fontsize=7)
    axes[0].set_ylim(-0.7, len(rows) - 0.3)
    fig.suptitle("Cards and winning (compared within each bot)")
    return Plot(_save(fig, out, "decisive_cards.png"), "The most decisive cards",
                "For each bot, the win share of its players who played a card minus that of its "
                "players who did not, in the games where the card was played, with 95% intervals "
                "(rows ordered by the bot with the most games; a missing bar: too few players to "
                "compare). Playing cards is how friendships are made, so most cards lean positive: "
                "what sets a card apart is its distance from the typical card (dotted line, the "
                "median). An association, not a proof: bots choose when to play a card.")


# -- Dai Hin Min ---------------------------------------------------------------------------------
def points(data: Data, out: Path) -> Plot:
    fig = _figure(6.5, 3.6)
    ax = fig.add_subplot()
    for bot, hist in data["points"].items():
        xs = [float(k) for k in hist["counts"]]
        total = sum(hist["counts"].values())
        whole = all(x.is_integer() for x in xs)
        edges: list[float] | int = [x - 0.5 for x in range(int(min(xs)), int(max(xs)) + 2)] if whole else 25
        ax.hist(xs, bins=edges, weights=[c / total for c in hist["counts"].values()],
                histtype="stepfilled", alpha=0.45, edgecolor="black", linewidth=0.6,
                label=f"{bot} (mean {hist['mean']:.1f})")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("points at the end of the game")
    ax.set_ylabel("share of the bot's players")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.legend(frameon=False)
    ax.set_title("Points distribution")
    return Plot(_save(fig, out, "points.png"), "Points distribution",
                "Each player's points when the game ended, by bot (share of that bot's players); "
                "the game ends after the round in which someone reaches the target.")


def title_transitions(data: Data, out: Path) -> Plot:
    tt = data["title_transitions"]
    names, share, counts = tt["titles"], tt["row_share"], tt["counts"]
    fig = _figure(6.2, 4.8)
    ax = fig.add_subplot()
    image = ax.imshow(share, cmap="Blues", vmin=0, vmax=1)
    for i, row in enumerate(share):
        for j, s in enumerate(row):
            ax.text(j, i, f"{s:.0%}\n({counts[i][j]:,})", ha="center", va="center", fontsize=7,
                    color="white" if s > 0.6 else "black")
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
    ax.set_yticks(range(len(names)), names)
    ax.set_xlabel("title in the next round")
    ax.set_ylabel("title in a round")
    fig.colorbar(image, ax=ax, shrink=0.8, format=PercentFormatter(1.0))
    climbs = tt["poor_man_climbs"]
    ax.set_title(f"Title transitions (the Poor Man climbs {climbs['rate']:.0%})")
    return Plot(_save(fig, out, "title_transitions.png"), "Title transitions",
                "Row: a player's title in one round; column: the same player's title in the "
                "next; each cell the share of the row (and the count). The diagonal is how "
                "sticky a title is; the Poor Man row off its last cell is how often he climbs.")


def revolutions(data: Data, out: Path) -> Plot:
    hist = data["revolutions_per_game"]
    fig = _figure(6.0, 3.2)
    ax = fig.add_subplot()
    xs = [float(k) for k in hist["counts"]]
    ax.bar(xs, list(hist["counts"].values()), width=0.8, color=BAR)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("revolutions declared in the game")
    ax.set_ylabel("games")
    ax.set_title(f"Revolutions ({data['revolutions']['per_round']:.3f} per round)")
    return Plot(_save(fig, out, "revolutions.png"), "Revolutions per game",
                "How many revolutions were declared in each game.")
