"""Per-card win rates in the manner of 17lands: GP, OH, GIH and GNS win rates, and IWD.

Every trial (:data:`~furuba.sim.card_hooks.Trial`: one player's game, or round) says what the
player won of it and which card kinds they were dealt, held and played. For each bot and kind:

* **GP WR** — win rate of the trials in which the player *played* the kind;
* **OH WR** — of the trials that *started* with it in hand (dealt);
* **GIH WR** — of the trials in which the player *held* it at some time;
* **GNS WR** — of the trials in which the player *never held* it ("not seen");
* **IWD** — improvement when drawn: GIH WR − GNS WR.

Rates are of win shares; each has a 95% interval from a bootstrap that resamples whole games
(:mod:`furuba.sim.bootstrap`). Each metric leans in a known direction (:data:`NOTES`): none is a
card's causal effect, and IWD is best read against the typical card's (the median of the
kinds with enough trials on both sides).

>>> rows = [{"bots": ["b", "b"], "cards": [
...     {"seat": 0, "win": 1.0, "dealt": ["x"], "held": ["x"], "played": ["x"]},
...     {"seat": 1, "win": 0.0, "dealt": [], "held": [], "played": []}]}] * 40
>>> out = card_metrics(rows, ["x", "y"], min_trials=10)
>>> x = out["by_bot"]["b"]["cards"][0]
>>> x["card"], x["gih_wr"]["rate"], x["gns_wr"]["rate"], x["iwd"]["value"], x["held"]
('x', 1.0, 0.0, 1.0, 40)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from furuba.i18n import N_
from furuba.sim.bootstrap import RESAMPLES, numpy, percentile_interval
from furuba.sim.summary import median

Data = dict[str, Any]
MIN_TRIALS = 30
"""Fewest trials on each side (held and not held) for a kind's IWD to be ranked."""
RATES = ("gp_wr", "oh_wr", "gih_wr", "gns_wr")
"""The rates, in the order of the columns of a game's row (wins, then trials, for each)."""
NOTES: dict[str, str] = {
    "gp_wr": N_("GP WR (win rate when played) leans up: a player who is ahead, or a game that "
                "lasts longer, plays more cards, and a bot plays a card when it helps; it says "
                "how good the card looks in the games where it came out, not what it does."),
    "oh_wr": N_("OH WR (win rate when dealt) is the fairest comparison: the deal alone puts a "
                "card in the starting hand. But few trials start with a given card, and "
                "everything after the deal dilutes its effect."),
    "gih_wr": N_("GIH WR (win rate when held at some time: dealt, drawn or taken) leans with "
                 "game length: a long game draws more cards, so every card is held more often "
                 "in long games, whose win rates differ from short ones."),
    "gns_wr": N_("GNS WR (win rate when never held) is the baseline of IWD; it is the win rate "
                 "of the trials that did not see the card, which are more often short ones."),
    "iwd": N_("IWD (improvement when drawn = GIH WR − GNS WR) is confounded by draw timing: a "
              "card seen late is seen in long games, and a player whose other cards draw more "
              "sees more cards. Read a card against the typical card (the median IWD), not "
              "against zero."),
    "intervals": N_("Intervals are 95% percentile intervals of a bootstrap that resamples whole "
                    "games, so the dependence between the players and rounds of one game is "
                    "kept. Cards are compared within one bot, so bot skill is not card "
                    "strength; a card with fewer than the minimum trials on either side is "
                    "listed but not ranked."),
}
"""What each metric means and which way it leans (said through the ``furuba`` catalog)."""


def _game_rows(rows: Sequence[Mapping[str, Any]], bot: str, index: Mapping[str, int]) -> Any:
    """One row per game in which ``bot`` played: for each kind, wins and trials when played,
    dealt, held and never held; then the bot's wins and trials over every trial."""
    np = numpy()
    k = len(index)
    table = []
    for row in rows:
        mine = [t for t in row["cards"] if row["bots"][t["seat"]] == bot]
        if not mine:
            continue
        game = np.zeros((k, 8))
        total = [0.0, 0.0]
        for t in mine:
            win = float(t["win"])
            total[0] += win
            total[1] += 1
            for column, names in ((0, t["played"]), (2, t["dealt"]), (4, t["held"])):
                for name in names:
                    game[index[name], column] += win
                    game[index[name], column + 1] += 1
        game[:, 6] = total[0] - game[:, 4]                  # never held = every trial − held
        game[:, 7] = total[1] - game[:, 5]
        table.append(np.concatenate([game.ravel(), total]))
    return np.array(table).reshape(len(table), 8 * k + 2)


def _statistics(sums: Any) -> Any:
    """The four rates of every kind, then the IWD of every kind, from column sums."""
    np = numpy()
    cells = sums[:, :-2].reshape(sums.shape[0], -1, 8)
    rates = cells[:, :, 0::2] / cells[:, :, 1::2]           # resample × kind × rate
    iwd = rates[:, :, 2] - rates[:, :, 3]
    return np.concatenate([rates.reshape(sums.shape[0], -1), iwd], axis=1)


def _rate(wins: float, n: float, lo: float, hi: float) -> Data:
    if not n:
        return {"rate": None, "ci95": [None, None], "n": 0}
    return {"rate": float(wins / n), "ci95": [_plain(lo), _plain(hi)], "n": int(n)}


def _plain(x: Any) -> float | None:
    value = float(x)
    return None if value != value else value                  # nan: undefined


def _bot_metrics(table: Any, kinds: Sequence[str], labels: Mapping[str, str], resamples: int,
                 seed: int, min_trials: int) -> Data:
    k = len(kinds)
    sums = table.sum(axis=0)
    lo, hi = percentile_interval(table, _statistics, resamples, seed)
    cards: list[Data] = []
    for i, kind in enumerate(kinds):
        cell = sums[8 * i: 8 * i + 8]
        rates = {name: _rate(cell[2 * j], cell[2 * j + 1], lo[4 * i + j], hi[4 * i + j])
                 for j, name in enumerate(RATES)}
        held, never = int(cell[5]), int(cell[7])
        iwd = (rates["gih_wr"]["rate"] - rates["gns_wr"]["rate"]) if held and never else None
        cards.append({"card": kind, "label": labels.get(kind, kind), "trials": held + never,
                      "dealt": int(cell[3]), "held": held, "not_held": never,
                      "played": int(cell[1]), "play_rate": float(cell[1] / held) if held else None,
                      **rates,
                      "iwd": {"value": iwd, "ci95": [_plain(lo[4 * k + i]), _plain(hi[4 * k + i])]},
                      "ranked": held >= min_trials and never >= min_trials})
    cards.sort(key=lambda c: (not c["ranked"], -(c["iwd"]["value"] or 0.0), c["card"]))
    ranked = [c["iwd"]["value"] for c in cards if c["ranked"]]
    return {"trials": int(sums[-1]), "games": int(table.shape[0]),
            "win_rate": float(sums[-2] / sums[-1]) if sums[-1] else 0.0,
            "median_iwd": median(ranked) if ranked else None, "cards": cards}


def card_metrics(rows: Sequence[Mapping[str, Any]], kinds: Sequence[str],
                 labels: Mapping[str, str] | None = None, *, resamples: int = RESAMPLES,
                 seed: int = 0, min_trials: int = MIN_TRIALS) -> Data:
    """Every bot's card metrics over the results ``rows`` (each with its ``cards`` trials).

    ``kinds`` are the game's card kinds (a trial naming another kind is an error), ``labels``
    their names as players read them; the bootstrap draws ``resamples`` resamples from a
    generator seeded with ``seed``.
    """
    index = {kind: i for i, kind in enumerate(kinds)}
    bots = sorted({row["bots"][t["seat"]] for row in rows for t in row["cards"]})
    return {"min_trials": min_trials, "resamples": resamples, "notes": dict(NOTES),
            "by_bot": {bot: _bot_metrics(_game_rows(rows, bot, index), kinds, labels or {},
                                         resamples, seed, min_trials)
                       for bot in bots}}
