"""Timing helpers shared by every subject of the benchmark.

A *subject* is one game engine seen through a tiny adapter (:class:`Subject`): start a game from a
seed, take one uniformly random step, play a whole random game in a tight loop, and clone a state.
The harness times those calls the same way for every subject:

* **throughput** — whole random games are played back to back in time slices; the clock is read
  only between games, so steps/s and games/s come from the same run. A game's time includes
  creating it (dealing); chance nodes of OpenSpiel games are sampled with the same seeded
  :class:`random.Random` and timed, but not counted as steps (furuba and RLCard deal inside their
  own calls, so a *step* is always a player's decision). The slices of all subjects are
  interleaved, and the best slice is reported (other processes can only slow a slice down); the
  medians are kept in the JSON file too.
* **clone** — a handful of mid-game states (the half-way point of a seeded random game) are cloned
  with :mod:`timeit` (which switches the garbage collector off while timing); for each state the
  best of several repeats is kept, and the median over the states is reported.
"""

from __future__ import annotations

import datetime as _dt
import functools
import os
import platform
import random
import statistics
import time
import timeit
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

MAX_STEPS_PER_GAME = 1_000_000
"""A game longer than this is a bug in the engine, not a benchmark result."""


class SkipSubjectError(Exception):
    """A subject that cannot be measured here (not installed, not written yet, …)."""


class RunawayGameError(RuntimeError):
    """A random game that did not end within :data:`MAX_STEPS_PER_GAME` steps."""


@dataclass(frozen=True)
class Playout:
    """What one random game took: decisions taken and chance outcomes sampled."""

    steps: int
    chance_steps: int = 0


class Subject(ABC):
    """One engine under test, seen through the few calls the benchmark needs.

    ``start`` and ``step`` are generic and only used to reach mid-game states; ``playout`` is the
    tight loop that is timed, written per engine so that the loop itself costs as little as
    possible.
    """

    key: str
    """Stable identifier used in the JSON file and by ``--only`` (e.g. ``furuba-zodiac``)."""
    label: str
    """What the table shows."""
    group: str
    """``zodiac``, ``daihinmin`` or ``peers`` — the values ``--only`` accepts."""
    players: int
    clone_method: str
    """How a state is copied, in words (e.g. ``state.clone()``)."""
    notes: str = ""

    def load(self) -> None:  # noqa: B027 - optional hook
        """Import the engine; raise :class:`SkipSubjectError` saying why if it is unavailable."""

    @abstractmethod
    def start(self, seed: int) -> Any:
        """A fresh game dealt from ``seed``."""

    @abstractmethod
    def step(self, game: Any, rng: random.Random) -> bool:
        """Take one random decision (sampling chance nodes on the way); ``False`` when over."""

    @abstractmethod
    def playout(self, seed: int, rng: random.Random) -> Playout:
        """Start a game from ``seed`` and play it to the end with uniformly random decisions."""

    @abstractmethod
    def clone_call(self, game: Any) -> Callable[[], object]:
        """A zero-argument callable that copies ``game`` once (what :mod:`timeit` will call)."""


@dataclass
class Throughput:
    """Random-playout throughput of one subject (best slice; medians for reference)."""

    steps_per_s: float
    games_per_s: float
    median_steps_per_s: float
    median_games_per_s: float
    steps_per_game: float
    chance_steps_per_game: float
    games_played: int
    repeats_steps_per_s: list[float] = field(default_factory=list)
    repeats_games_per_s: list[float] = field(default_factory=list)


@dataclass
class CloneTiming:
    """``clone`` cost of one subject in µs (median over states of the best repeat per state)."""

    clone_us: float
    per_state_us: list[float] = field(default_factory=list)
    mid_game_steps: list[int] = field(default_factory=list)


@dataclass
class Result:
    """Everything measured for one subject, or why it was not measured."""

    key: str
    label: str
    group: str
    players: int
    status: str
    """``ok``, ``skipped`` or ``failed``."""
    reason: str = ""
    clone_method: str = ""
    notes: str = ""
    throughput: Throughput | None = None
    clone: CloneTiming | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (flat numbers first, details after)."""
        data: dict[str, Any] = {
            "label": self.label,
            "group": self.group,
            "players": self.players,
            "status": self.status,
        }
        if self.reason:
            data["reason"] = self.reason
        if self.throughput is not None:
            data["steps_per_s"] = round(self.throughput.steps_per_s, 1)
            data["games_per_s"] = round(self.throughput.games_per_s, 3)
        if self.clone is not None:
            data["clone_us"] = round(self.clone.clone_us, 3)
        if self.clone_method:
            data["clone_method"] = self.clone_method
        if self.notes:
            data["notes"] = self.notes
        if self.throughput is not None:
            data["throughput_detail"] = _rounded(asdict(self.throughput))
        if self.clone is not None:
            data["clone_detail"] = _rounded(asdict(self.clone))
        return data


def _rounded(value: Any) -> Any:
    """``value`` with floats rounded to 4 significant-ish digits for a readable JSON file."""
    if isinstance(value, float):
        return float(f"{value:.6g}")
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    return value


# -- measuring ----------------------------------------------------------------------------------


class ThroughputRun:
    """Random games of one subject, played in time slices that may be interleaved with others."""

    def __init__(self, subject: Subject, seed: int) -> None:
        self.subject = subject
        self.rng = random.Random(seed)
        self.game_seed = seed * 1_000_003
        self.steps_rates: list[float] = []
        self.games_rates: list[float] = []
        self.games = self.steps = self.chance_steps = 0

    def warm_up(self) -> None:
        """One untimed game: imports, caches and move tables get built here."""
        self.subject.playout(self.game_seed, self.rng)
        self.game_seed += 1

    def run_slice(self, seconds: float) -> None:
        """Play whole random games back to back for about ``seconds`` (at least one game)."""
        playout = self.subject.playout
        rng = self.rng
        clock = time.perf_counter
        game_seed = self.game_seed
        steps = chance = games = 0
        start = clock()
        deadline = start + seconds
        while True:
            result = playout(game_seed, rng)
            game_seed += 1
            steps += result.steps
            chance += result.chance_steps
            games += 1
            now = clock()
            if now >= deadline:
                break
        elapsed = now - start
        self.game_seed = game_seed
        self.steps_rates.append(steps / elapsed)
        self.games_rates.append(games / elapsed)
        self.games += games
        self.steps += steps
        self.chance_steps += chance

    def summary(self) -> Throughput:
        """The best slice's rates (interference from other processes only ever slows a slice)."""
        return Throughput(
            steps_per_s=max(self.steps_rates),
            games_per_s=max(self.games_rates),
            median_steps_per_s=statistics.median(self.steps_rates),
            median_games_per_s=statistics.median(self.games_rates),
            steps_per_game=self.steps / self.games,
            chance_steps_per_game=self.chance_steps / self.games,
            games_played=self.games,
            repeats_steps_per_s=self.steps_rates,
            repeats_games_per_s=self.games_rates,
        )


def mid_game(subject: Subject, seed: int) -> tuple[Any, int]:
    """The state half-way through the random game of ``seed``, and how many steps that took."""
    game = subject.start(seed)
    rng = random.Random(seed)
    length = 0
    while subject.step(game, rng):
        length += 1
        if length > MAX_STEPS_PER_GAME:
            raise RunawayGameError(f"game of seed {seed} still running after {length} steps")
    game = subject.start(seed)
    rng = random.Random(seed)
    half = length // 2
    for _ in range(half):
        subject.step(game, rng)
    return game, half


def measure_clone(
    subject: Subject, seconds: float, repeats: int, seed: int, states: int = 3
) -> CloneTiming:
    """Time cloning ``states`` mid-game states, each with ``repeats`` :mod:`timeit` runs."""
    per_state: list[float] = []
    halves: list[int] = []
    budget = seconds / (states * repeats)
    for i in range(states):
        game, half = mid_game(subject, seed + i)
        halves.append(half)
        call = subject.clone_call(game)
        timer = timeit.Timer(call)
        number = _calibrate(timer, budget)
        best = min(timer.repeat(repeat=repeats, number=number)) / number
        per_state.append(best * 1e6)
    return CloneTiming(
        clone_us=statistics.median(per_state), per_state_us=per_state, mid_game_steps=halves
    )


def _calibrate(timer: timeit.Timer, budget: float) -> int:
    """How many calls fill about ``budget`` seconds."""
    number = 1
    while True:
        elapsed = timer.timeit(number)
        if elapsed >= 0.02 or number >= 1 << 24:
            break
        number *= 4
    per_call = elapsed / number
    return max(1, int(budget / per_call))


def run_all(subjects: list[Subject], seconds: float, repeats: int, seed: int) -> list[Result]:
    """Load and measure every subject; a missing engine or a crash becomes a row, not a traceback.

    Throughput slices are interleaved (each repeat runs one slice of every subject in turn), so a
    burst of load from other processes hits every subject alike and the ratios stay fair. Then
    each subject's clone is timed. Per subject, ~70 % of ``seconds`` goes to playouts and ~30 %
    to clones.
    """
    results: list[Result] = []
    runs: dict[str, ThroughputRun] = {}
    for subject in subjects:
        try:
            subject.load()
            status, reason = "ok", ""
        except SkipSubjectError as exc:
            status, reason = "skipped", str(exc)
        results.append(
            Result(
                key=subject.key,
                label=subject.label,
                group=subject.group,
                players=subject.players,
                status=status,
                reason=reason,
                clone_method=subject.clone_method,
                notes=subject.notes,
            )
        )
        if status == "ok":
            runs[subject.key] = ThroughputRun(subject, seed)
    by_key = {r.key: r for r in results}

    def guarded(key: str, action: Callable[[], None]) -> None:
        try:
            action()
        except Exception as exc:  # an engine bug must not hide the other subjects' numbers
            by_key[key].status = "failed"
            by_key[key].reason = f"{type(exc).__name__}: {exc}"
            runs.pop(key, None)

    for key, run in list(runs.items()):
        guarded(key, run.warm_up)
    for _ in range(repeats):
        for key, run in list(runs.items()):
            guarded(key, functools.partial(run.run_slice, seconds * 0.7 / repeats))
    for key, run in list(runs.items()):
        result = by_key[key]

        def clone_it(run: ThroughputRun = run, result: Result = result) -> None:
            result.clone = measure_clone(run.subject, seconds * 0.3, repeats, seed)

        guarded(key, clone_it)
        if key in runs:
            result.throughput = run.summary()
    return results


# -- the machine --------------------------------------------------------------------------------


def pin_to_one_core() -> str:
    """Pin this process to one CPU where the OS allows it; say what happened."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity on this OS)"
    try:
        allowed = sorted(os.sched_getaffinity(0))
        core = 0 if 0 in allowed else allowed[0]
        os.sched_setaffinity(0, {core})
    except OSError as exc:
        return f"not pinned ({exc})"
    return f"pinned to CPU {core}"


def cpu_model() -> str:
    """The CPU's model name from ``/proc/cpuinfo``, or what :mod:`platform` knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith(("model name", "hardware", "cpu model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def machine_info(pinning: str) -> dict[str, Any]:
    """Date, interpreter, CPU and load: what a reader needs to judge the numbers."""
    info: dict[str, Any] = {
        "date": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": f"{platform.system()} {platform.release()} {platform.machine()}",
        "cpu": cpu_model(),
        "logical_cpus": os.cpu_count(),
        "pinning": pinning,
    }
    if hasattr(os, "getloadavg"):
        info["load_average_1m_at_start"] = round(os.getloadavg()[0], 2)
    return info
