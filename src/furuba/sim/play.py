"""One game of a simulation, and one chunk of games: what a worker process or a Ray task runs.

>>> cfg = SimConfig(game="daihinmin", games=1, players=4, bots=["greedy"], seed=3,
...                 options={"max_rounds": 1})
>>> result = play_game(cfg, 0)
>>> result["game"], result["bots"], result["rounds"]
('daihinmin', ['greedy', 'greedy', 'greedy', 'greedy'], 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from furuba import games
from furuba.bots.base import Bot
from furuba.bots.registry import check_spec, make_bot
from furuba.core.errors import OptionsError
from furuba.sim.kit import LabKit
from furuba.text import _, ngettext

GameResult = dict[str, Any]
Chunk = tuple["SimConfig", list[int]]
"""A unit of work: a simulation and the indices of the games to play from it."""
MAX_STEPS = 200_000


@dataclass(frozen=True)
class Restriction:
    """A bot of a line-up that never plays the card kinds ``banned`` while it has another choice
    (:class:`~furuba.sim.restricted_bot.RestrictedBot`): ``label`` is its name in the line-up
    and the results, ``bot`` the spec of the bot it wraps."""

    label: str
    bot: str
    banned: tuple[str, ...]


@dataclass(frozen=True)
class SimConfig:
    """What to simulate."""

    game: str
    games: int
    players: int
    bots: list[str]
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    duplicate: bool = False
    """Play every deal in every seating: game ``i`` is deal ``i // players`` in rotation
    ``i % players`` (see :mod:`furuba.sim.duplicate`); ``games`` a multiple of ``players``."""
    record_cards: bool = False
    """Keep in each result the game's card trials (``cards``) and lengths (``lengths``), from
    the ``cards`` hooks of its spec (:mod:`furuba.sim.card_hooks`): what the balance lab reads.
    The trials name what each player held, hidden cards included."""
    restricted: tuple[Restriction, ...] = ()
    """Bots of the line-up that never play some cards while they have another choice."""
    tag: str = ""
    """A name every result of this simulation carries (``tag``), to tell apart the simulations
    of one lab run."""

    def seed_of(self, index: int) -> int:
        """The seed of game ``index``'s deal."""
        return self.seed + (index // self.players if self.duplicate else index)

    def lineup(self) -> list[str]:
        """One bot spec per seat: the list, padded with its last bot."""
        if not self.bots:
            raise OptionsError(_("name at least one bot"))
        if len(self.bots) > self.players:
            raise OptionsError(ngettext("{bots} bots for {players} player",
                                        "{bots} bots for {players} players", self.players).format(
                bots=len(self.bots), players=self.players))
        return self.bots + [self.bots[-1]] * (self.players - len(self.bots))

    def make_bot(self, label: str, seed: int = 0) -> Bot:
        """The bot a seat of the line-up called ``label`` holds, seeded with ``seed``."""
        for r in self.restricted:
            if r.label == label:
                from furuba.sim.restricted_bot import RestrictedBot

                return RestrictedBot(make_bot(r.bot, seed), frozenset(r.banned), seed)
        return make_bot(label, seed)

    def validate(self) -> None:
        """Raise a clear error now rather than in a worker process."""
        if self.games < 1:
            raise OptionsError(_("the number of games must be at least 1"))
        if self.duplicate and self.games % self.players:
            raise OptionsError(_("duplicate deals are played in all {players} seatings: "
                                 "the number of games must be a multiple of {players}").format(
                players=self.players))
        for label in self.lineup():   # a restricted seat's label names the bot it wraps
            check_spec(next((r.bot for r in self.restricted if r.label == label), label), self.game)
        if self.record_cards or self.restricted:
            from furuba.sim.restricted_bot import card_hooks

            card_hooks(self.game)
        games.new_game(self.game, players=self.players, seed=self.seed, **self.options)


def seats_for(cfg: SimConfig, index: int) -> list[str]:
    """The bots of game ``index``, by seat: the line-up rotated by ``index`` places."""
    lineup = cfg.lineup()
    k = index % cfg.players
    return lineup[-k:] + lineup[:-k] if k else lineup


def play_game(cfg: SimConfig, index: int) -> GameResult:
    """Play game ``index`` of the simulation and return its result.

    The result names its game and options, so a file of results describes itself.
    """
    seed = cfg.seed_of(index)
    seats = seats_for(cfg, index)
    state = games.new_game(cfg.game, players=cfg.players, seed=seed, **cfg.options)
    bots = [cfg.make_bot(spec, seed=seed * 31 + p) for p, spec in enumerate(seats)]
    steps = 0
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
        steps += 1
        if steps > MAX_STEPS:  # pragma: no cover - a guard against engine bugs
            raise RuntimeError(f"game {index} did not end after {MAX_STEPS} steps")
    result: GameResult = {
        "game": cfg.game, "options": dict(cfg.options),
        "index": index, "seed": seed, "bots": seats,
        "returns": state.returns(), "scores": state.scores(), "steps": steps,
    }
    result.update(games.spec(cfg.game).kit_or(LabKit()).summarize(state))
    _lab_record(cfg, state, bots, result)
    return result


def _lab_record(cfg: SimConfig, state: Any, bots: list[Bot], result: GameResult) -> None:
    """What the balance lab asked for: the tag, the card trials and lengths, and how often each
    restricted bot held a card back (``restricted``: counts by label)."""
    if cfg.tag:
        result["tag"] = cfg.tag
    if cfg.record_cards:
        from furuba.sim.restricted_bot import card_hooks

        hooks = card_hooks(cfg.game)
        result["cards"] = hooks.trials(state)
        result["lengths"] = hooks.lengths(state)
    if cfg.restricted:
        from furuba.sim.restricted_bot import RestrictedBot

        counts: dict[str, dict[str, int]] = {}
        for bot, label in zip(bots, result["bots"], strict=True):
            if isinstance(bot, RestrictedBot):
                mine = counts.setdefault(label, dict.fromkeys(bot.counts, 0))
                for key, value in bot.counts.items():
                    mine[key] += value
        result["restricted"] = counts


def play_chunk(work: Chunk) -> list[GameResult]:
    """Play one chunk of games (what a worker process or a Ray task runs)."""
    cfg, indices = work
    return [play_game(cfg, i) for i in indices]
