"""``furuba suggest``: the fewest small edits of a file (a card set) that bring a simulation's
figures into their targets.

The search knows no game: the game's :class:`~furuba.sim.targets.Tuning` gives the edits of a
file (its tweaks) and the figures; targets bound figures (:mod:`furuba.sim.targets`). It runs
in rounds, every comparison on the same deals, so the luck of the deal mostly cancels:

1. measure the file: ``games`` games on a block of seeds (seats rotated, as ``furuba simulate``);
2. find the target missed worst; play every tweak of the file on the first ``screen_games``
   games of the same block and keep those that bring that target closer and the total miss
   down; play the best ``beam`` of them on the whole block; stack the next best onto the best
   one while the stack keeps improving (at most ``max_changes`` edits in all);
3. confirm on fresh seeds: play the file before the round's edits and after each of them on
   a new block; keep the edits up to the one with the lowest total miss there, if it is lower
   than before them (the others are never tried again);
4. stop when every target is met, when no edit helps, or after ``max_changes`` edits.

At the end the original file, the file after each kept edit and the final file are played on
one more block of fresh seeds: each edit's effect is the difference it made there, deal by deal,
and every interval is a 95% percentile bootstrap that resamples whole games, the same games for
every file (paired). The same seed gives the same suggestion on any number of processes.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from furuba import games
from furuba.core.errors import FurubaError, OptionsError
from furuba.sim.kit import LabKit
from furuba.sim.play import GameResult, SimConfig
from furuba.sim.runner import chunks_of, execute
from furuba.sim.summary import summarize
from furuba.sim.targets import Target, TargetFigure, Tuning, Tweak, figures_of
from furuba.text import _, listing

Data = dict[str, Any]
Values = dict[str, float | None]
Stage = Callable[[str, int], None]
"""``stage(description, games)``: a stage of the search starts, that many games long."""
Advance = Callable[[int], None]
"""``advance(games)``: that many more games of the stage are done."""


@dataclass(frozen=True)
class SuggestConfig:
    """What to search: a file's ``text`` for the option the game's tuning names, the targets,
    and how to play (``options``: the game's other options)."""

    game: str
    text: str
    targets: tuple[Target, ...]
    players: int
    bots: tuple[str, ...] = ("greedy",)
    options: Mapping[str, Any] = field(default_factory=dict)
    games: int = 200
    screen_games: int = 0
    """Games each tweak is first tried on (0: a quarter of ``games``, at least one per seat)."""
    seed: int = 0
    max_changes: int = 3
    beam: int = 6
    resamples: int = 400

    @property
    def screen(self) -> int:
        """The games of the first try of each tweak."""
        wanted = self.screen_games or max(self.players, self.games // 4)
        return max(1, min(self.games, wanted))


@dataclass(frozen=True)
class Play:
    """Where the games run: ``jobs`` processes here, or a Ray cluster (``backend="ray"``)."""

    jobs: int = 1
    backend: str = "local"
    ray_address: str | None = None
    stage: Stage = lambda description, games: None
    advance: Advance = lambda games: None


@dataclass(frozen=True)
class Measured:
    """A file played on a block of seeds: its text, its games (by index) and its figures."""

    text: str
    rows: list[GameResult]
    values: Values


@dataclass(frozen=True)
class Step:
    """One edit the search kept, and the text after it."""

    tweak: Tweak
    text: str


def tuning_of(game: str) -> Tuning:
    """The tuning of ``game``; :class:`OptionsError` when it offers none."""
    spec = games.spec(game)
    load = spec.kit_or(LabKit()).tuning
    if load is None:
        raise OptionsError(_("{game} offers nothing to tune: it has no file of cards whose "
                             "edits furuba could try").format(game=spec.said_title))
    tuning: Tuning = load()
    return tuning


class Search:
    """One search (see the module's notes): ``Search(cfg, play).run()`` → the report (JSON)."""

    def __init__(self, cfg: SuggestConfig, play: Play | None = None) -> None:
        self.cfg, self.play = cfg, play or Play()
        self.tuning = tuning_of(cfg.game)
        known = figures_of(games.spec(cfg.game))
        self.figures: dict[str, TargetFigure] = {t.figure: known[t.figure][0] for t in cfg.targets}
        self.loaded: dict[str, Any] = {}
        self.played = 0
        self.block = 0
        self.last_round: Data = {}

    # -- playing -----------------------------------------------------------------------------------
    def load(self, text: str) -> Any:
        """What the game receives for the file ``text`` (kept, for the texts of this search)."""
        if text not in self.loaded:
            if len(self.loaded) > 512:
                self.loaded.clear()
            self.loaded[text] = self.tuning.load(text)
        return self.loaded[text]

    def config(self, text: str, games_: int, tag: str) -> SimConfig:
        """The simulation of ``text`` on the current block of seeds."""
        options = {**self.cfg.options, self.tuning.option: self.load(text)}
        return SimConfig(game=self.cfg.game, games=games_, players=self.cfg.players,
                         bots=list(self.cfg.bots), seed=self.cfg.seed + self.block * self.cfg.games,
                         options=options, tag=tag)

    def measure(self, texts: Sequence[str], games_: int, stage: str) -> list[Measured]:
        """Play every text of ``texts`` on the first ``games_`` games of the current block."""
        configs = [self.config(text, games_, str(i)) for i, text in enumerate(texts)]
        total = len(texts) * games_
        jobs = max(1, self.play.jobs)
        size = max(1, min(games_, 50, -(-total // (jobs * 8))))
        work = [chunk for cfg in configs for chunk in chunks_of(cfg, jobs, size)]
        self.play.stage(stage, total)
        rows: dict[str, list[GameResult]] = defaultdict(list)
        for result in execute(work, jobs, self.play.advance, self.play.backend,
                              self.play.ray_address):
            result.pop("options", None)
            rows[str(result["tag"])].append(result)
        self.played += total
        out = []
        for i, text in enumerate(texts):
            mine = sorted(rows[str(i)], key=lambda r: int(r["index"]))
            out.append(Measured(text, mine, self.values(mine)))
        return out

    def values(self, rows: Sequence[GameResult]) -> Values:
        """The targeted figures of ``rows``."""
        cfg = SimConfig(game=self.cfg.game, games=len(rows), players=self.cfg.players,
                        bots=list(self.cfg.bots), seed=self.cfg.seed)
        summary = summarize(cfg, rows)
        return {name: figure.read(summary, rows) for name, figure in self.figures.items()}

    # -- judging -----------------------------------------------------------------------------------
    def loss(self, values: Values) -> float:
        """The total miss of every target."""
        return sum(_miss(values, t) for t in self.cfg.targets)

    def worst(self, values: Values) -> Target:
        """The target missed worst (the first given, among equals)."""
        return max(self.cfg.targets, key=lambda t: _miss(values, t))

    def better(self, new: Values, old: Values, worst: Target) -> bool:
        """Whether ``new`` brings ``worst`` closer and the total miss down."""
        return _miss(new, worst) < _miss(old, worst) and self.loss(new) < self.loss(old)

    def met(self, values: Values) -> bool:
        return self.loss(values) == 0.0

    # -- searching ---------------------------------------------------------------------------------
    def run(self) -> Data:
        """Search, then measure the result on fresh seeds; the report (JSON-ready)."""
        started = self._connect()
        try:
            return self._run()
        finally:
            if started:
                import ray

                ray.shutdown()

    def _connect(self) -> bool:
        if self.play.backend != "ray":
            return False
        from furuba.sim.ray_backend import connect

        return connect(self.play.jobs, self.play.ray_address)

    def _run(self) -> Data:
        cfg = self.cfg
        self.config(cfg.text, cfg.games, "").validate()
        current = self.measure([cfg.text], cfg.games, _("measuring the file"))[0]
        unmeasured = [name for name, value in current.values.items() if value is None]
        if unmeasured:
            raise OptionsError(_("these games do not measure {figures}").format(
                figures=listing(unmeasured)))
        kept: list[Step] = []
        rejected: set[str] = set()
        rounds: list[Data] = []
        stopped = "rounds"
        for number in range(1, cfg.max_changes + 3):
            if self.met(current.values):
                stopped = "met"
                break
            if len(kept) >= cfg.max_changes:
                stopped = "max_changes"
                break
            found = self.round(number, current, rejected, cfg.max_changes - len(kept))
            if not found:
                stopped = "no_help"
                break
            self.block += 1
            fresh = self.measure([current.text, *(s.text for s in found)], cfg.games,
                                 _("round {number}: confirming on fresh deals").format(
                                     number=number))
            losses = [self.loss(m.values) for m in fresh]
            held = min(range(len(losses)), key=lambda k: losses[k])     # the best prefix
            rounds.append({**self.last_round, "edits": [s.tweak.key for s in found],
                           "kept": [s.tweak.key for s in found[:held]],
                           "miss_by_edits": losses})
            kept.extend(found[:held])
            rejected.update(s.tweak.key for s in found[held:])
            current = fresh[held]
        else:
            if self.met(current.values):
                stopped = "met"
            elif len(kept) >= cfg.max_changes:
                stopped = "max_changes"
        return self.report(current, kept, rounds, stopped)

    def round(self, number: int, current: Measured, rejected: set[str], room: int) -> list[Step]:
        """The edits of one round, each measured on the current block: the best tweak, with the
        next best stacked onto it while the stack improves; ``[]`` when no tweak helps."""
        cfg = self.cfg
        worst = self.worst(current.values)
        tried: list[tuple[Tweak, str]] = []
        for tweak in self.tuning.tweaks(current.text):
            if tweak.key in rejected:
                continue
            try:
                text = tweak.apply(current.text)
                self.load(text)
            except FurubaError:
                continue
            tried.append((tweak, text))
        self.last_round = {"round": number, "worst": worst.text, "tweaks": len(tried)}
        if not tried:
            return []
        if cfg.screen < cfg.games:
            screened = self.measure([text for _t, text in tried], cfg.screen, _(
                "round {number}: trying {count} edits").format(number=number, count=len(tried)))
            first = self.values(current.rows[:cfg.screen])
            ranked = self._ranked(tried, screened, first, worst)[:cfg.beam]
            tried = [tried[i] for i in ranked]
        full = self.measure([text for _t, text in tried], cfg.games, _(
            "round {number}: the best {count} edits on every deal").format(number=number,
                                                                            count=len(tried)))
        order = self._ranked(tried, full, current.values, worst)
        if not order:
            return []
        best = full[order[0]]
        steps = [Step(tried[order[0]][0], best.text)]
        for i in order[1:cfg.beam]:
            if len(steps) >= room:
                break
            tweak = tried[i][0]
            try:
                text = tweak.apply(best.text)
                self.load(text)
            except FurubaError:
                continue
            stacked = self.measure([text], cfg.games, _("round {number}: adding {edit}").format(
                number=number, edit=tweak.label))[0]
            if self.loss(stacked.values) < self.loss(best.values):
                best = stacked
                steps.append(Step(tweak, text))
        return steps

    def _ranked(self, tried: Sequence[tuple[Tweak, str]], measured: Sequence[Measured],
                old: Values, worst: Target) -> list[int]:
        """The tweaks that help, best first (ties in the game's order)."""
        helping = [i for i, m in enumerate(measured) if self.better(m.values, old, worst)]
        return sorted(helping, key=lambda i: self.loss(measured[i].values))

    # -- the report --------------------------------------------------------------------------------
    def report(self, current: Measured, kept: list[Step], rounds: list[Data], stopped: str) -> Data:
        """Every kept edit's effect and the figures before and after, on fresh seeds."""
        cfg = self.cfg
        chain = [current]
        if kept:
            self.block += 1
            chain = self.measure([cfg.text, *(s.text for s in kept)], cfg.games,
                                 _("the original and each edit on fresh deals"))
        samples = self._resampled(chain)
        first, last = chain[0], chain[-1]
        changes = [{"key": s.tweak.key, "label": s.tweak.label,
                    "effect": self._effects(samples, i, i + 1, chain)}
                   for i, s in enumerate(kept)]
        return {
            "game": cfg.game, "option": self.tuning.option, "players": cfg.players,
            "bots": list(cfg.bots), "games": cfg.games, "screen_games": cfg.screen,
            "seed": cfg.seed, "targets": [t.text for t in cfg.targets],
            "base": self._figures(samples, 0, first), "changes": changes,
            "total_effect": self._effects(samples, 0, len(chain) - 1, chain),
            "final": self._figures(samples, len(chain) - 1, last),
            "met": self.met(last.values), "stopped": stopped, "rounds": rounds,
            "final_seeds": [cfg.seed + self.block * cfg.games,
                            cfg.seed + self.block * cfg.games + cfg.games - 1],
            "games_played": self.played, "text": last.text,
        }

    def _resampled(self, chain: Sequence[Measured]) -> list[list[Values]]:
        """For each bootstrap resample of the games (the same games for every file of
        ``chain``): each file's figures."""
        rng = random.Random(self.cfg.seed)
        n = len(chain[0].rows)
        out = []
        for _i in range(self.cfg.resamples if n > 1 else 0):
            picks = [rng.randrange(n) for _j in range(n)]
            out.append([self.values([m.rows[k] for k in picks]) for m in chain])
        return out

    def _figures(self, samples: list[list[Values]], at: int, measured: Measured) -> Data:
        out = {}
        for t in self.cfg.targets:
            value = measured.values[t.figure]
            spread = [s[at][t.figure] for s in samples]
            out[t.text] = {"figure": t.figure, "value": value, "ci95": _interval(spread, value),
                           "met": _miss(measured.values, t) == 0.0}
        return out

    def _effects(self, samples: list[list[Values]], before: int, after: int,
                 chain: Sequence[Measured]) -> Data:
        out = {}
        for name in self.figures:
            old, new = chain[before].values[name], chain[after].values[name]
            diff = None if old is None or new is None else new - old
            spread: list[float | None] = []
            for s in samples:
                a, b = s[before][name], s[after][name]
                spread.append(None if a is None or b is None else b - a)
            out[name] = {"mean": diff, "ci95": _interval(spread, diff)}
        return out


def _miss(values: Values, target: Target) -> float:
    """How far the figure of ``target`` misses it (infinitely far when not measured)."""
    value = values[target.figure]
    return math.inf if value is None else target.miss(value)


def _interval(values: Sequence[float | None], point: float | None) -> list[float | None]:
    """The 2.5th and 97.5th percentiles of the resampled ``values`` (the point itself when
    there is nothing to resample)."""
    known = [v for v in values if v is not None]
    if len(known) < 2:
        return [point, point]
    cuts = statistics.quantiles(known, n=40, method="inclusive")
    return [cuts[0], cuts[-1]]
