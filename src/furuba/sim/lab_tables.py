"""The balance lab's numbers as tables: one list of rows per table, for the terminal, Markdown
and HTML alike (each formats them its own way).

>>> signed(0.034), signed(None), with_interval(0.034, [0.01, 0.059])
('+3.4%', '–', '+3.4% (+1.0, +5.9)')
>>> rate_cell({"rate": 0.25, "ci95": [0.22, 0.281]})
'25.0% (22.0, 28.1)'
>>> markdown("Seats", ["seat", "win rate"], [["0", "25.0%"]])
'### Seats\\n\\n| seat | win rate |\\n|---|---|\\n| 0 | 25.0% |\\n'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from furuba.i18n import N_
from furuba.text import deals_count, games_count, ngettext

Data = dict[str, Any]
Say = Callable[[str], str]
"""How a table's words are said: as written (English, for Markdown and HTML), or through a
catalog (the terminal). Counts ("1 deal", "300 deals") are said in the language being spoken:
the report speaks English while it writes its tables."""
Table = tuple[str, list[str], list[list[str]]]
"""A table: its title, its heading row and its rows (text cells)."""
DASH = "–"


def percent(x: float | None) -> str:
    """A share as a percentage, or a dash."""
    return DASH if x is None else f"{x:.1%}"


def signed(x: float | None) -> str:
    """A difference as a signed percentage, or a dash."""
    return DASH if x is None else f"{x:+.1%}"


def rate_cell(r: Data) -> str:
    """A rate with its interval, in points: ``25.0% (22.0, 28.1)``."""
    if r.get("rate") is None:
        return DASH
    lo, hi = r["ci95"]
    return f"{percent(r['rate'])} ({100 * lo:.1f}, {100 * hi:.1f})"


def with_interval(value: float | None, ci: Sequence[float | None]) -> str:
    """A difference with its interval, in points: ``+3.4% (+1.0, +5.9)``."""
    lo, hi = ci
    if value is None or lo is None or hi is None:
        return signed(value)
    return f"{signed(value)} ({100 * lo:+.1f}, {100 * hi:+.1f})"


def as_written(text: str) -> str:
    """``text`` as written (English)."""
    return text


def card_tables(data: Data, say: Say = as_written) -> list[Table]:
    """One table per bot: every card's metrics, best IWD first."""
    out = []
    for bot, m in data["metrics"]["by_bot"].items():
        rows = [[c["label"], f"{c['held']:,}", percent(c["gih_wr"]["rate"]),
                 percent(c["gns_wr"]["rate"]), with_interval(c["iwd"]["value"], c["iwd"]["ci95"]),
                 percent(c["gp_wr"]["rate"]),
                 percent(c["oh_wr"]["rate"]), percent(c["play_rate"]),
                 "" if c["ranked"] else say(N_("few"))] for c in m["cards"]]
        title = say(N_("{bot}: {trials} trials (one per player and {unit}) in {games} games, "
                       "win rate {rate}; typical IWD {iwd}")).format(
            bot=bot, trials=f"{m['trials']:,}", unit=data["unit"], games=f"{m['games']:,}",
            rate=percent(m["win_rate"]), iwd=signed(m["median_iwd"]))
        out.append((title, [say(N_("card")), say(N_("held")), "GIH WR", "GNS WR",
                            say(N_("IWD (95%)")), "GP WR", "OH WR", say(N_("played when held")),
                            ""], rows))
    return out


def restrict_table(data: Data, say: Say = as_written) -> Table:
    """Each restricted card: the bot's rate without it, the drop, and how often it bit."""
    rows = [[c["label"], rate_cell(c["rate"]), with_interval(c["drop"]["mean"], c["drop"]["ci95"]),
             f"{c.get('restricted_per_game', 0):.2f}",
             f"{c.get('forced_per_game', 0):.2f}", f"{c.get('fallbacks_per_game', 0):.2f}"]
            for c in data["cards"]]
    title = say(N_("{bot} never playing a card ({deals}; with every card: {baseline})")).format(
        bot=data["bot"], deals=deals_count(data["deals"]), baseline=rate_cell(data["baseline"]))
    return (title, [say(N_("card")), say(N_("win rate without it")), say(N_("drop (95%)")),
                    say(N_("held back / game")), say(N_("forced / game")),
                    say(N_("fallbacks / game"))], rows)


def depth_tables(data: Data, say: Say = as_written) -> list[Table]:
    """The ladder against the field, with tiers, and the pairs when they were played."""
    tier_of = {bot: i + 1 for i, tier in enumerate(data["tiers"]) for bot in tier}
    rows = [[r["bot"], rate_cell(r), with_interval(r["gain"]["mean"], r["gain"]["ci95"]),
             str(tier_of.get(r["bot"], DASH))] for r in data["vs_field"]]
    tiers = ngettext("{n} tier", "{n} tiers", data["tier_count"]).format(n=data["tier_count"])
    title = say(N_("The ladder against {field} ({deals}): {tiers}")).format(
        field=data["field"], deals=deals_count(data["deals"]), tiers=tiers)
    out: list[Table] = [(title, [say(N_("bot")), say(N_("win rate (95%)")),
                                 say(N_("gain (95%)")), say(N_("tier"))], rows)]
    if data["pairwise"]:
        out.append((say(N_("Pairs at one table, seats alternating: the first bot's win share per "
                           "seat minus the second's")),
                    [say(N_("first")), say(N_("second")), say(N_("difference (95%)"))],
                    [[p["a"], p["b"], with_interval(p["difference"]["mean"],
                                                    p["difference"]["ci95"])]
                     for p in data["pairwise"]]))
    return out


def seat_table(data: Data, say: Say = as_written) -> Table:
    """Each player number's win rate against the fair share."""
    shape = data["seats"]
    off = ", ".join(str(s) for s in shape["off"]) or say(N_("none"))
    title = say(N_("Win rate by seat ({games}; fair share {fair}; seats off it: "
                   "{off})")).format(games=games_count(shape["games"]), fair=percent(shape["fair"]),
                                     off=off)
    return (title, [say(N_("player")), say(N_("win rate"))],
            [[str(r["seat"]), rate_cell(r)] for r in shape["by_seat"]])


def length_table(data: Data, say: Say = as_written) -> Table:
    """Each unit's mean, percentiles and extremes."""
    rows = []
    for unit, h in data["lengths"].items():
        p = h["percentiles"]
        rows.append([say(UNITS.get(unit, unit)), f"{h['mean']:.1f}", *(f"{p.get(k, 0):g}" for k in
                                                  ("p5", "p25", "p50", "p75", "p95")),
                     str(h["min"]), str(h["max"])])
    return (say(N_("Game length")), [say(N_("unit")), say(N_("mean")), "5%", "25%",
                                     say(N_("median")), "75%", "95%", say(N_("shortest")),
                                     say(N_("longest"))], rows)


UNITS = {"decisions": N_("decisions"), "turns": N_("turns"), "rounds": N_("rounds")}
"""The length units the lab knows the words of (a game's other units are shown as named)."""


def tables(data: Data, say: Say = as_written) -> list[Table]:
    """Every table of ``data``'s experiment, its words said through ``say``."""
    own: list[Table]
    if data["lab"] == "cards":
        own = card_tables(data, say)
    elif data["lab"] == "restrict":
        own = [restrict_table(data, say)]
    else:
        own = depth_tables(data, say)
    if data.get("seats", {}).get("games"):
        own.append(seat_table(data, say))
    if data.get("lengths"):
        own.append(length_table(data, say))
    return own


def markdown(title: str, head: list[str], rows: list[list[str]]) -> str:
    """A Markdown table under a heading."""
    lines = [f"### {title}", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"
