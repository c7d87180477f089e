"""Friends of the Zodiac in the balance lab: its report sections, :data:`SECTIONS`.

What a simulation keeps of each game (``rounds``, ``truncated``, ``befriended``, ``played``,
``reshuffles`` and, in co-op, ``coop_won``/``coop_score``: see :mod:`furuba.zodiac.summary`)
becomes befriendings per Sohma and side, the truncation rate, how often the deck ran out, the
co-op figures and, from per-game results, the most decisive cards. Built with the balance lab's
kit (:mod:`furuba.sim.sections`): its statistics and figure helpers; the kit itself knows no
game.

>>> SECTIONS.result_keys, SECTIONS.length.unit
(('rounds', 'truncated', 'befriended'), 'rounds')
"""

from __future__ import annotations

from collections import Counter
from html import escape
from pathlib import Path
from typing import Any

from furuba.core.deck import SOHMA_NAMES
from furuba.sim import plots
from furuba.sim.analysis import decisive_cards, rate
from furuba.sim.html import percent, table
from furuba.sim.plots import Plot
from furuba.sim.runner import GameResult, SimConfig
from furuba.sim.sections import Figure, GameLength, ReportSections, Rows
from furuba.sim.summary import median, wilson

Data = dict[str, Any]
SIDES = ("human", "animal")


# -- the summary ---------------------------------------------------------------------------------
def summarize(cfg: SimConfig, rs: list[GameResult]) -> Data:
    """Befriendings by Sohma and side, rounds, truncations, and the co-op figures."""
    by_sohma: Counter[str] = Counter()
    by_side: Counter[str] = Counter()
    for r in rs:
        for sohma, side, _player in r["befriended"]:
            by_sohma[sohma] += 1
            by_side[f"{sohma}/{side}"] += 1
    total = sum(by_sohma.values())
    rounds = [int(r["rounds"]) for r in rs]
    truncated = sum(1 for r in rs if r["truncated"])
    out: Data = {
        "befriended_by_sohma": {s: by_sohma[s] for s in SOHMA_NAMES},
        "befriended_share_by_sohma": {s: (by_sohma[s] / total if total else 0.0)
                                      for s in SOHMA_NAMES},
        "befriended_by_side": dict(sorted(by_side.items())),
        "rounds": rounds,
        "median_rounds": median([float(x) for x in rounds]),
        "truncated": truncated,
        "truncated_rate": truncated / len(rs) if rs else 0.0,
    }
    if rs and all("reshuffles" in r for r in rs):   # results written before it was kept lack it
        out["reshuffled"] = sum(1 for r in rs if r["reshuffles"])
    if rs and "coop_score" in rs[0]:
        won = [r for r in rs if r["coop_won"]]
        out["coop_win_rate"] = len(won) / len(rs)
        out["coop_win_ci95"] = list(wilson(len(won), len(rs)))
        out["coop_mean_score"] = sum(r["coop_score"] for r in won) / len(won) if won else 0.0
    return out


def summary_lines(s: Data) -> list[str]:
    """What ``furuba simulate`` prints: rounds, truncations, befriendings, the co-op figures."""
    lines = [f"median rounds: {s['median_rounds']}, truncated: {s['truncated']} "
             f"({s['truncated_rate']:.2%})",
             "befriended: " + ", ".join(f"{k} {v:.1%}"
                                        for k, v in s["befriended_share_by_sohma"].items())]
    if "reshuffled" in s:
        games = len(s["rounds"])
        lines.append(f"the deck ran out and was reshuffled in {s['reshuffled']} of {games} "
                     f"games ({s['reshuffled'] / games if games else 0.0:.1%})")
    if "coop_win_rate" in s:
        lines.append(f"co-op win rate: {s['coop_win_rate']:.1%}, "
                     f"mean score when won: {s['coop_mean_score']:.1f}")
    return lines


# -- the numbers of the report -------------------------------------------------------------------
def analyse(summary: Data, rows: Rows) -> Data:
    """Befriendings per Sohma and side, truncation, co-op, and (from results) decisive cards."""
    by_side: dict[str, dict[str, int]] = {s: dict.fromkeys(SIDES, 0) for s in SOHMA_NAMES}
    for key, count in summary["befriended_by_side"].items():
        sohma, _, side = key.partition("/")
        by_side.setdefault(sohma, dict.fromkeys(SIDES, 0))[side] = int(count)
    games = int(summary["games"])
    out: Data = {
        "befriended": {"by_sohma": summary["befriended_by_sohma"],
                       "share_by_sohma": summary["befriended_share_by_sohma"],
                       "by_side": by_side,
                       "per_game": sum(summary["befriended_by_sohma"].values()) / games},
        "truncation": rate(int(summary["truncated"]), games),
    }
    if "reshuffled" in summary:
        out["reshuffle"] = rate(int(summary["reshuffled"]), games)
    if "coop_win_rate" in summary:
        out["coop"] = rate(round(summary["coop_win_rate"] * games), games) | {
            "mean_score_when_won": summary["coop_mean_score"]}
    if rows is not None and all("played" in r for r in rows):
        out["decisive_cards"] = decisive_cards(rows)
    return out


def key_numbers(data: Data) -> list[list[str]]:
    """Truncation, befriendings per game and the co-op figures."""
    rows = []
    if "truncation" in data:
        rows.append(["truncated (round limit reached)", percent(data["truncation"])])
        rows.append(["befriendings per game", f"{data['befriended']['per_game']:.2f}"])
    if "reshuffle" in data:
        rows.append(["games in which the deck ran out and was reshuffled",
                     percent(data["reshuffle"])])
    if "coop" in data:
        rows.append(["co-op win rate", percent(data["coop"])])
        rows.append(["co-op mean score when won", f"{data['coop']['mean_score_when_won']:.1f}"])
    return rows


# -- figures -------------------------------------------------------------------------------------
def befriendings(data: Data, out: Path) -> Plot:
    """Befriendings per game of each Sohma, stacked by side."""
    by_side = data["befriended"]["by_side"]
    names = list(by_side)
    games = int(data["games"])
    human = [by_side[n]["human"] / games for n in names]
    animal = [by_side[n]["animal"] / games for n in names]
    fig = plots.figure(7.5, 3.8)
    ax = fig.add_subplot()
    xs = range(len(names))
    ax.bar(xs, human, color=plots.HUMAN, label="human side")
    ax.bar(xs, animal, bottom=human, color=plots.ANIMAL, label="animal side")
    mean = sum(h + a for h, a in zip(human, animal, strict=True)) / len(names)
    ax.axhline(mean, color=plots.FAIR, linestyle="--", linewidth=1, label=f"mean {mean:.2f}")
    ax.set_xticks(list(xs), names, rotation=35, ha="right")
    ax.set_ylabel("befriendings per game")
    ax.set_ylim(0, max(h + a for h, a in zip(human, animal, strict=True)) * 1.22)
    ax.legend(frameon=False, ncols=3, loc="upper center")
    ax.set_title("Befriendings per Sohma and side")
    return Plot(plots.save(fig, out, "befriendings.png"), "Befriendings per Sohma and side",
                "How often each Sohma was befriended per game, split by the side showing when "
                "the friendship card was won; a Sohma far below the mean asks for too much.")


def decisive_cards_plot(data: Data, out: Path) -> Plot:
    """Per bot, each card's lift in win share (played − not played), with its interval."""
    by_bot = {b: {c["card"]: c for c in cards}
              for b, cards in data["decisive_cards"]["by_bot"].items() if cards}
    # One row per card, in the same place in every panel: ordered by the bot with the most data.
    lead = max(by_bot, key=lambda b: sum(c["played"]["n"] + c["not_played"]["n"]
                                         for c in by_bot[b].values()), default="")
    rest = sorted({card for cards in by_bot.values() for card in cards} - set(by_bot.get(lead, {})))
    order = [c["card"] for c in data["decisive_cards"]["by_bot"].get(lead, [])] + rest
    rows = list(reversed(order))
    fig = plots.figure(3.2 + 3.0 * max(1, len(by_bot)), 1.1 + 0.17 * max(1, len(rows)))
    axes = fig.subplots(1, max(1, len(by_bot)), squeeze=False, sharey=True)[0]
    for ax, (bot, cards) in zip(axes, by_bot.items(), strict=False):
        ys = [y for y, card in enumerate(rows) if card in cards]
        shown = [cards[rows[y]] for y in ys]
        lifts = [c["lift"] for c in shown]
        err = [[c["lift"] - c["lift_ci95"][0] for c in shown], [c["lift_ci95"][1] - c["lift"] for c in shown]]
        ax.barh(ys, lifts, xerr=err, color=[plots.GAIN if x >= 0 else plots.LOSS for x in lifts],
                height=0.7, error_kw={"linewidth": 0.7, "ecolor": "#444444"})
        ax.axvline(0, color="black", linewidth=0.8)
        typical = data["decisive_cards"]["median_lift"][bot]
        ax.axvline(typical, color=plots.FAIR, linestyle=":", linewidth=1.2,
                   label=f"typical card {typical:+.1%}")
        ax.legend(loc="lower right", frameon=False, fontsize=7)
        plots.few_ticks(ax.xaxis, 5)
        plots.percent_axis(ax.xaxis)
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
    return Plot(plots.save(fig, out, "decisive_cards.png"), "The most decisive cards",
                "For each bot, the win share of its players who played a card minus that of its "
                "players who did not, in the games where the card was played, with 95% intervals "
                "(rows ordered by the bot with the most games; a missing bar: too few players to "
                "compare). Playing cards is how friendships are made, so most cards lean positive: "
                "what sets a card apart is its distance from the typical card (dotted line, the "
                "median). An association, not a proof: bots choose when to play a card.")


def decisive_table(data: Data, top: int = 5) -> str:
    """Under the decisive-cards figure: each bot's ``top`` cards most tied to winning and to
    losing."""
    parts = []
    for bot, cards in data["decisive_cards"]["by_bot"].items():
        if not cards:
            continue
        picked = cards[:top] + [c for c in cards[-top:] if c not in cards[:top]]
        typical = data["decisive_cards"]["median_lift"][bot]
        rows = [[c["card"], f"{c['lift']:+.1%}", f"{c['lift_ci95'][0]:+.1%} – {c['lift_ci95'][1]:+.1%}",
                 f"{c['lift'] - typical:+.1%}", f"{c['played']['rate']:.1%} of {c['played']['n']:,}",
                 f"{c['not_played']['rate']:.1%} of {c['not_played']['n']:,}"] for c in picked]
        parts.append(f"<h3>{escape(bot)}: the {top} cards most tied to winning and to losing</h3>"
                     f"<p class='note'>The typical (median) card's difference is {typical:+.1%}.</p>"
                     + table(["card", "difference", "95% interval", "vs typical card",
                              "win share, played", "win share, not played"], rows))
    return "".join(parts)


SECTIONS = ReportSections(
    result_keys=("rounds", "truncated", "befriended"),
    summarize=summarize,
    summary_lines=summary_lines,
    length=GameLength("rounds", "a round: every player takes one turn", "rounds", "rounds"),
    analyse=analyse,
    key_numbers=key_numbers,
    figures=(Figure(befriendings, ("befriended",)),
             Figure(decisive_cards_plot, ("decisive_cards",), html=decisive_table)),
    per_game_only=("the most decisive cards (needs which cards each player played)",),
    cooperative=lambda data: "coop" in data,
)
"""Friends of the Zodiac's part of the summary and the balance report."""
