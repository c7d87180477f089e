"""The balance lab's experiments: what ``furuba lab cards | restrict | depth`` run and measure.

An experiment is a :class:`Plan` — simulations (:class:`~furuba.sim.play.SimConfig`), each
with a tag its results carry — played like ``furuba simulate`` (:func:`play`: in processes
here or as Ray tasks, every game independent and deterministic, so the numbers do not depend on
the backend, the number of jobs or the order games finish), then an analysis of the results:

* **cards** (this module): per-card win rates (:mod:`furuba.sim.cards`), the seat advantage
  and the game lengths (:mod:`furuba.sim.game_shape`) of bot games;
* **restrict** (:mod:`furuba.sim.restrict`): what a bot loses when it never plays a card;
* **depth** (:mod:`furuba.sim.depth`): a ladder of bots against a field, its tiers, and the
  field's seat advantage and game lengths.

>>> setup = LabSetup(game="daihinmin", players=4, seed=3, options={"max_rounds": 1})
>>> plan = cards_plan(setup, ["greedy"], games=8)
>>> data = cards_analysis(setup, list(play(plan)), resamples=50)
>>> data["unit"], data["games"], data["metrics"]["by_bot"]["greedy"]["trials"]
('round', 8, 32)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from furuba import games
from furuba.sim.cards import MIN_TRIALS, card_metrics
from furuba.sim.game_shape import lengths, same_bot, seat_advantage
from furuba.sim.kit import LabKit
from furuba.sim.restricted_bot import card_hooks
from furuba.sim.runner import Chunk, GameResult, Progress, SimConfig, chunks_of, execute

Data = dict[str, Any]


@dataclass(frozen=True)
class LabSetup:
    """What every experiment shares: the game, its players and options, the first seed."""

    game: str
    players: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def config(self, bots: list[str], games: int, **more: Any) -> SimConfig:
        """A simulation of this setup."""
        return SimConfig(game=self.game, games=games, players=self.players, bots=bots,
                         seed=self.seed, options=self.options, **more)

    def header(self, experiment: str) -> Data:
        """The fields every experiment's data starts with."""
        spec = games.spec(self.game)
        return {"lab": experiment, "game": self.game, "title": spec.title,
                "players": self.players, "seed": self.seed, "options": dict(self.options)}

    def kinds(self) -> tuple[list[str], dict[str, str]]:
        """The game's card kinds and their names as players read them (this language)."""
        hooks = card_hooks(self.game)
        state = games.new_game(self.game, players=self.players, seed=self.seed, **self.options)
        kinds = hooks.kinds(state)
        return kinds, {k: hooks.label(state, k) for k in kinds}

    def has_cards(self) -> bool:
        """Whether the game names its cards (its spec has card hooks)."""
        return games.spec(self.game).kit_or(LabKit()).cards is not None


@dataclass(frozen=True)
class Plan:
    """The simulations of one experiment; each tags its results."""

    configs: tuple[SimConfig, ...]

    @property
    def games(self) -> int:
        """How many games the plan plays."""
        return sum(c.games for c in self.configs)

    def validate(self) -> None:
        """Raise a clear error now rather than in a worker."""
        for cfg in self.configs:
            cfg.validate()

    def work(self, jobs: int) -> list[Chunk]:
        """Every simulation cut into chunks for ``jobs`` workers."""
        return [chunk for cfg in self.configs for chunk in chunks_of(cfg, jobs)]


def play(plan: Plan, jobs: int = 1, progress: Progress | None = None, backend: str = "local",
         ray_address: str | None = None) -> Iterator[GameResult]:
    """Play every game of ``plan``; yield the results as they finish."""
    plan.validate()
    yield from execute(plan.work(jobs), jobs, progress, backend, ray_address)


def by_tag(rows: Iterable[GameResult]) -> dict[str, list[GameResult]]:
    """The results grouped by the tag of their simulation, each group in game order."""
    out: dict[str, list[GameResult]] = defaultdict(list)
    for row in rows:
        out[str(row.get("tag", ""))].append(row)
    return {tag: sorted(group, key=lambda r: int(r["index"])) for tag, group in out.items()}


# -- cards -----------------------------------------------------------------------------------
def cards_plan(setup: LabSetup, bots: list[str], games: int) -> Plan:
    """Games of the line-up ``bots`` (seats rotated), each keeping its card trials."""
    return Plan((setup.config(bots, games, record_cards=True),))


def cards_analysis(setup: LabSetup, rows: Sequence[GameResult], *, resamples: int = 1000,
                   min_trials: int = MIN_TRIALS) -> Data:
    """The card metrics of every bot, the seat advantage and the game lengths of ``rows``."""
    hooks = card_hooks(setup.game)
    kinds, labels = setup.kinds()
    alike = same_bot(rows)
    return {**setup.header("cards"), "games": len(rows),
            "bots": sorted({b for r in rows for b in r["bots"]}),
            "unit": hooks.unit, "outcome": hooks.outcome,
            "metrics": card_metrics(rows, kinds, labels, resamples=resamples, seed=setup.seed,
                                    min_trials=min_trials),
            "seats": seat_advantage(alike or rows) | {"same_bot": bool(alike)},
            "lengths": lengths(rows)}


def counts_by_label(rows: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, int]]:
    """The restricted bots' counts (:class:`~furuba.sim.restricted_bot.RestrictedBot`), summed
    over ``rows`` by label."""
    out: dict[str, dict[str, int]] = {}
    for row in rows:
        for label, counts in (row.get("restricted") or {}).items():
            mine = out.setdefault(label, {})
            for key, value in counts.items():
                mine[key] = mine.get(key, 0) + int(value)
    return out
