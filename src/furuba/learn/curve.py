"""The learning curve of a training run as a figure (``curve.png``): the learner's win share
against three random bots and against three greedy ones, with 95% intervals, by iteration —
playing its best action (solid) and drawing from the softmax as trained (dashed).

Drawn with the report's kit (:mod:`furuba.sim.plots`: matplotlib on its own Agg canvas).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from furuba.sim.plots import BAR, FAIR, LOSS, figure, percent_axis, save
from furuba.text import _


def draw_curve(curve: list[dict[str, Any]], players: int, out: Path, title: str) -> str:
    """Write ``out/curve.png`` from the evaluations of ``curve``; return its name."""
    fig = figure(7, 4)
    ax = fig.add_subplot()
    x = [point["iteration"] for point in curve]
    for opponent, colour, label in (("random", BAR, _("against 3 random bots")),
                                    ("greedy", LOSS, _("against 3 greedy bots"))):
        for mode, style, said in (("best", "-", _("best action")), ("sampling", "--",
                                                                     _("sampling"))):
            rows = [point[mode][opponent] for point in curve]
            ax.plot(x, [r["win_share"] for r in rows], marker="o", linestyle=style,
                    color=colour, label=f"{label}, {said}")
            if mode == "best":
                ax.fill_between(x, [r["ci95"][0] for r in rows], [r["ci95"][1] for r in rows],
                                color=colour, alpha=0.2)
    ax.axhline(1 / players, color=FAIR, linestyle="--", label=_("fair share"))
    ax.set_xlabel(_("iteration"))
    ax.set_ylabel(_("win share (95% interval)"))
    ax.set_title(title)
    percent_axis(ax.yaxis)
    ax.legend()
    return save(fig, out, "curve.png")
