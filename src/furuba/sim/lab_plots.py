"""The balance lab's figures: per-card IWD, restricted-play drops, the skill ladder, and (with the
report's own figures) the seat advantage and the game length.

Drawn with the report's kit (:mod:`furuba.sim.plots`): matplotlib's object-oriented API on the
Agg canvas, imported when the first figure is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from furuba.sim import plots
from furuba.sim.plots import Plot

Data = dict[str, Any]
PREFERRED_UNITS = ("rounds", "turns", "decisions")
"""The unit the game-length figure is drawn in: the first a game reports."""


def _intervals(ax: Any, labels: list[str], values: list[float], ci: list[list[float]],
               centre: float | None, centre_label: str) -> None:
    """Horizontal bars with their intervals, the first row at the top; a dotted line at
    ``centre``."""
    ys = list(range(len(labels)))[::-1]
    err = [[max(0.0, v - lo) for v, (lo, _hi) in zip(values, ci, strict=True)],
           [max(0.0, hi - v) for v, (_lo, hi) in zip(values, ci, strict=True)]]
    ax.barh(ys, values, xerr=err, height=0.7,
            color=[plots.GAIN if v >= (centre or 0.0) else plots.LOSS for v in values],
            error_kw={"linewidth": 0.7, "ecolor": "#444444"})
    ax.axvline(0, color="black", linewidth=0.8)
    if centre is not None:
        ax.axvline(centre, color=plots.FAIR, linestyle=":", linewidth=1.2, label=centre_label)
        ax.legend(loc="lower right", frameon=False, fontsize=7)
    ax.set_yticks(ys, labels, fontsize=7)
    ax.set_ylim(-0.7, len(labels) - 0.3)
    plots.few_ticks(ax.xaxis, 6)
    plots.percent_axis(ax.xaxis)
    ax.grid(axis="y", color="#eeeeee", linewidth=0.6)
    ax.set_axisbelow(True)


def card_iwd(data: Data, out: Path) -> Plot:
    """Each bot's IWD per ranked card, with its interval and the typical card's IWD."""
    bots = {b: [c for c in m["cards"] if c["ranked"] and c["iwd"]["value"] is not None]
            for b, m in data["metrics"]["by_bot"].items()}
    rows = max((len(c) for c in bots.values()), default=1)
    fig = plots.figure(3.4 + 3.2 * max(1, len(bots)), 1.3 + 0.17 * max(1, rows))
    axes = fig.subplots(1, max(1, len(bots)), squeeze=False)[0]
    for ax, (bot, cards) in zip(axes, bots.items(), strict=False):
        typical = data["metrics"]["by_bot"][bot]["median_iwd"]
        _intervals(ax, [c["label"] for c in cards], [c["iwd"]["value"] for c in cards],
                   [c["iwd"]["ci95"] for c in cards], typical,
                   f"typical card {typical:+.1%}" if typical is not None else "")
        ax.set_xlabel("IWD: GIH WR − GNS WR")
        ax.set_title(bot)
    fig.suptitle("Improvement when drawn, by card")
    return Plot(plots.save(fig, out, "card_iwd.png"), "Improvement when drawn (IWD)",
                "For each bot, the win rate of trials in which the player held the card minus "
                "that of trials in which they never did, with 95% intervals from a bootstrap "
                "over games; the dotted line is the typical (median) card. Cards with too few "
                "trials on either side are left out. A card stands out by its distance from the "
                "typical card, not from zero.")


def restrict_drop(data: Data, out: Path) -> Plot:
    """The drop in win share for each restricted card, with its interval."""
    cards = [c for c in data["cards"] if c["drop"]["mean"] is not None]
    fig = plots.figure(6.5, 1.3 + 0.2 * max(1, len(cards)))
    ax = fig.add_subplot()
    _intervals(ax, [c["label"] for c in cards], [c["drop"]["mean"] for c in cards],
               [c["drop"]["ci95"] for c in cards], None, "")
    ax.set_xlabel(f"win share lost by {data['bot']} never playing the card")
    ax.set_title("Restricted play")
    return Plot(plots.save(fig, out, "restrict_drop.png"), "Restricted play",
                f"How much {data['bot']} loses, in win share per seat, when it never plays the "
                "card while it has another choice, against the same bot on the same deals "
                "(every deal in every seating), with 95% intervals over deals. The larger the "
                "drop, the more the card is worth to the bot.")


def ladder(data: Data, out: Path) -> Plot:
    """Each ladder bot's win rate against the field, with its interval."""
    rows = [r for r in data["vs_field"] if r["rate"] is not None]
    field = next((r["rate"] for r in rows if r["bot"] == data["field"]), None)
    fig = plots.figure(6.5, 3.6)
    ax = fig.add_subplot()
    plots.rates(ax, [r["bot"] for r in rows], rows, field)
    ax.tick_params(axis="x", labelsize=8)
    ax.set_ylabel("win share per seat")
    ax.set_title(f"The ladder against {data['field']} ({data['tier_count']} tiers)")
    return Plot(plots.save(fig, out, "ladder.png"), "Skill depth",
                f"Each bot in one seat against {data['field']} in the others, on the same deals "
                "in every seating: its win share per seat with a 95% interval over deals; the "
                "dashed line is the field's own share.")


def seats(data: Data, out: Path) -> Plot:
    """The seat advantage (the report's figure, on the lab's data)."""
    shape = data["seats"]
    return plots.seat_win_rate({"win_rate_by_seat": shape["by_seat"], "games": shape["games"]},
                               out, shape["fair"])


def game_length(data: Data, out: Path) -> Plot:
    """The game length in the game's own unit (the report's figure)."""
    found = data["lengths"]
    unit = next(u for u in (*PREFERRED_UNITS, *found) if u in found)
    return plots.game_length({"game_length": found[unit]}, out, meaning=f"{unit} per game")


def figures(data: Data) -> Sequence[Any]:
    """The figure makers for ``data``'s experiment (each ``make(data, out)``)."""
    shape: list[Any] = []
    if data.get("seats", {}).get("games"):
        shape.append(seats)
    if data.get("lengths"):
        shape.append(game_length)
    own = {"cards": [card_iwd], "restrict": [restrict_drop], "depth": [ladder]}[data["lab"]]
    return [*own, *shape]
