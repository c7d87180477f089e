"""The rating model: a finished game's ranks and its players' new ratings. Pure functions.

Ratings are openskill's Plackett-Luce model (Weng and Lin 2011), which rates games of any
number of players, with ties, and teams. A player's skill is a mean ``mu`` and an uncertainty
``sigma``; a newcomer starts at openskill's prior (25, 25/3). The model is built with
``limit_sigma``, so a game never makes anyone's ``sigma`` larger.

**Ranks.** Seats are ranked by win share (``returns``), then by game points (``scores``); equal
seats share a rank and the next rank skips (competition ranking, "1224"), which is how openskill
reads ties.

**Bots** sit in as *anchors*: each bot level has a fixed skill with a small ``sigma`` — in a
game whose spec measured its levels (its ``ladder``), the skill at which the model gives each
level the share of the wins it measured against the level below (:func:`ladder_skills`), else
the level's :data:`BOT_SKILLS`. So beating a strong bot is worth more than beating a weak one,
and a bot's rating never changes: bots are not on the leaderboard and cannot be farmed. The
level comes from the bot spec as the bots' registry parses it (``ismcts:hard`` → ``hard``,
``greedy`` → ``greedy``); an unknown level plays as :data:`DEFAULT_BOT`. A seat nobody signed
in for (a guest, a deleted account) plays as a newcomer and is not rated either.

**Co-op games** (every player wins or loses together): the players are one team and their
opponent is the game itself, an anchor of fixed skill (:func:`coop_anchor`). A team's strength in
Plackett-Luce is the sum of its members' means, so the anchor of a game of ``n`` seats has mean
``n × 25``: a team of newcomers plays an even match, and a win (any seat's return above 0) moves
everyone up as much as a loss moves everyone down. The anchor is the same for every game: each
game keeps ratings of its own, so the anchors of two games never meet.

**The displayed rating** is openskill's ordinal, scaled: ``round(24 · (mu − 3·sigma) + 1500)``,
i.e. ``ordinal(z=3, alpha=24, target=1500)``. A newcomer shows exactly 1500 (25 − 3 · 25/3 = 0);
one beta (openskill's performance spread, 25/6) of skill is worth 100 points; and because
``sigma`` shrinks with every game, a player's number rises as the server grows sure of them,
never above what they have shown.

>>> NEWCOMER.displayed
1500
>>> out = rate_game([Entrant.player(NEWCOMER), Entrant.bot("ismcts:hard")], [1.0, 0.0], [7, 5])
>>> out.ranks
(1, 2)
>>> out.skills[0].displayed > 1500, out.skills[1] == bot_skill("hard")
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from openskill.models import PlackettLuce, PlackettLuceRating

from furuba.bots.kit import Rung
from furuba.bots.registry import parse_spec

MODEL = PlackettLuce(limit_sigma=True)
"""openskill's Plackett-Luce model with its default prior (mu 25, sigma 25/3, beta 25/6) and
``sigma`` never allowed to grow."""
DISPLAY_Z = 3.0
"""Standard deviations taken off the mean for the displayed rating."""
DISPLAY_SCALE = 24.0
"""Points per unit of ``mu`` (openskill's ``alpha``): one beta, 25/6, is 100 points."""
DISPLAY_TARGET = 1500.0
"""What a newcomer shows (openskill's ``target``)."""
BOT_SIGMA = 1.0
"""The uncertainty of a bot's fixed skill: small, so a bot is a trusted yardstick."""


@dataclass(frozen=True, slots=True)
class Skill:
    """A skill estimate: openskill's ``mu`` (mean) and ``sigma`` (uncertainty).

    >>> Skill(30.0, 2.0).displayed
    2076
    """

    mu: float
    sigma: float

    @property
    def displayed(self) -> int:
        """The rating players read: ``round(24 · (mu − 3·sigma) + 1500)``."""
        return round(_openskill(self).ordinal(z=DISPLAY_Z, alpha=DISPLAY_SCALE,
                                              target=DISPLAY_TARGET))


def _openskill(skill: Skill) -> PlackettLuceRating:
    return MODEL.rating(mu=skill.mu, sigma=skill.sigma)


NEWCOMER = Skill(MODEL.mu, MODEL.sigma)
"""A player's skill before their first rated game in a pool."""

BOT_SKILLS: Mapping[str, Skill] = MappingProxyType({
    "random": Skill(15.0, BOT_SIGMA),
    "beginner": Skill(21.0, BOT_SIGMA),
    "greedy": Skill(25.0, BOT_SIGMA),
    "easy": Skill(25.0, BOT_SIGMA),
    "policy": Skill(26.0, BOT_SIGMA),
    "normal": Skill(29.0, BOT_SIGMA),
    "ismcts": Skill(29.0, BOT_SIGMA),
    "hard": Skill(33.0, BOT_SIGMA),
    "expert": Skill(35.0, BOT_SIGMA),
})
"""A bot level's fixed skill. ``greedy`` (the ``easy`` level) stands where a newcomer is
assumed to be; the others above or below it by their measured strength against three
``greedy`` bots (docs/experiments/search-strength-against-greedy.md: 1,000 simulations win about 47% of
four-player games, which Plackett-Luce reads as about 8 points of ``mu``; ``normal`` about 35%;
``beginner`` about 15–19%); ``hard`` and ``expert`` stand above ``normal`` in the order the
head-to-head tables measure them; ``random`` far below. ``ismcts`` without a level is the
search bot's default level, ``normal``."""
DEFAULT_BOT = Skill(25.0, BOT_SIGMA)
"""The skill of a bot whose level is not in :data:`BOT_SKILLS`."""


def bot_level(spec: str) -> str:
    """The level a bot spec names: its level setting, else the bot's name.

    >>> bot_level("ismcts:hard"), bot_level("greedy"), bot_level("Normal")
    ('hard', 'greedy', 'normal')
    >>> bot_level("ismcts:sims=800")
    'ismcts'
    """
    name, settings = parse_spec(spec)
    return settings.get("level", name).strip().lower()


def bot_skill(spec: str, ladder: Sequence[Rung] = ()) -> Skill:
    """The fixed skill of the bot ``spec`` (a level or a spec): its level's in the game whose
    measured ``ladder`` (its spec's :attr:`~furuba.bots.kit.BotKit.ladder`) is given, where that
    ladder measures it (:func:`ladder_skills`), else its level's fixed skill.

    >>> bot_skill("ismcts:hard") == bot_skill("hard") == BOT_SKILLS["hard"]
    True
    >>> bot_skill("wizard") == DEFAULT_BOT
    True
    >>> bot_skill("hard", (Rung("hard", "easy", 0.25),)) == BOT_SKILLS["easy"]
    True
    """
    level = bot_level(spec)
    measured = ladder_skills(tuple(ladder)) if ladder else {}
    return measured.get(level) or BOT_SKILLS.get(level, DEFAULT_BOT)


@cache
def ladder_skills(ladder: tuple[Rung, ...]) -> Mapping[str, Skill]:
    """The skill of each level a game's ladder measures: the skill at which the model itself
    gives one bot of the level, against ``players - 1`` bots of the level below, the share of
    the wins it measured (:func:`lead_for_share`). The ladder starts from levels it does not
    measure (``easy``), at their fixed skill.

    >>> skills = ladder_skills((Rung("normal", "easy", 0.389), Rung("hard", "normal", 0.283)))
    >>> BOT_SKILLS["easy"].mu < skills["normal"].mu < skills["hard"].mu
    True
    """
    rungs = {rung.level: rung for rung in ladder}
    skills: dict[str, Skill] = {}

    def skill_of(level: str, seen: frozenset[str]) -> Skill:
        if level in skills:
            return skills[level]
        rung = rungs.get(level)
        if rung is None:
            return BOT_SKILLS.get(level, DEFAULT_BOT)
        if level in seen:
            raise ValueError(f"the ladder goes round in a circle at {level!r}")
        below = skill_of(rung.below, seen | {level})
        skills[level] = Skill(below.mu + lead_for_share(rung.share, rung.players), BOT_SIGMA)
        return skills[level]

    for level in rungs:
        skill_of(level, frozenset())
    return MappingProxyType(skills)


def lead_for_share(share: float, players: int = 4) -> float:
    """The lead in ``mu`` over ``players - 1`` equal bots at which the model gives one bot
    ``share`` of the wins: in Plackett-Luce a seat comes first with chance ``exp(mu / c)`` over
    the sum of all seats', ``c`` the root of the seats' summed ``sigma² + beta²`` (Weng and Lin
    2011, as openskill's model rates), bots' ``sigma`` being :data:`BOT_SIGMA`.

    >>> lead_for_share(0.25), round(lead_for_share(0.47), 2)
    (0.0, 8.39)
    """
    if not 0.0 < share < 1.0:
        raise ValueError(f"a share of the wins is between 0 and 1, not {share}")
    c = math.sqrt(players * (BOT_SIGMA ** 2 + MODEL.beta ** 2))
    return c * math.log((players - 1) * share / (1.0 - share)) + 0.0   # + 0.0: no -0.0


def coop_anchor(players: int) -> Skill:
    """The game itself as the opponent of a co-op team of ``players`` seats: an even match for
    newcomers (a team's strength is the sum of its means).

    >>> coop_anchor(4)
    Skill(mu=100.0, sigma=1.0)
    """
    return Skill(players * NEWCOMER.mu, BOT_SIGMA)


@dataclass(frozen=True, slots=True)
class Entrant:
    """Who held a seat, as the model sees them: a skill, and whether it may change."""

    skill: Skill
    fixed: bool = False
    """Never updated: a bot, or a seat nobody signed in for."""

    @classmethod
    def player(cls, skill: Skill) -> Entrant:
        """A signed-in player with their current skill."""
        return cls(skill)

    @classmethod
    def bot(cls, spec: str, ladder: Sequence[Rung] = ()) -> Entrant:
        """A bot: its level's fixed skill (in the game of ``ladder``, see :func:`bot_skill`)."""
        return cls(bot_skill(spec, ladder), fixed=True)

    @classmethod
    def guest(cls) -> Entrant:
        """A seat nobody signed in for: plays as a newcomer, rated never."""
        return cls(NEWCOMER, fixed=True)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a game did: each seat's rank (1 is best) and skill after it."""

    ranks: tuple[int, ...]
    skills: tuple[Skill, ...]


def competition_ranks(returns: Sequence[float], scores: Sequence[float] = ()) -> list[int]:
    """Each seat's rank, 1 for the best: by win share, then by game points; equal seats share a
    rank and the next rank skips ("1224"). Without ``scores``, by win share alone.

    >>> competition_ranks([0.5, 0.0, 0.5, 0.0], [7, 9, 7, 3])
    [1, 3, 1, 4]
    >>> competition_ranks([0.0, 1.0, 0.0])
    [2, 1, 2]
    """
    points = list(scores) if scores else [0.0] * len(returns)
    if len(points) != len(returns):
        raise ValueError(f"{len(returns)} returns but {len(points)} scores")
    keys = [(float(r), float(p)) for r, p in zip(returns, points, strict=True)]
    return [1 + sum(other > key for other in keys) for key in keys]


def team_won(returns: Sequence[float]) -> bool:
    """Whether a co-op team won (a return above 0).

    >>> team_won([1.0, 1.0]), team_won([0.0, 0.0])
    (True, False)
    """
    return any(float(r) > 0 for r in returns)


def seat_ranks(returns: Sequence[float], scores: Sequence[float], cooperative: bool) -> list[int]:
    """The rank each seat is recorded with: :func:`competition_ranks`, or in a co-op game the
    team's place against the game itself (1 for a win, 2 for a loss).

    >>> seat_ranks([0.0, 0.0, 0.0], [4, 4, 4], cooperative=True)
    [2, 2, 2]
    """
    if cooperative:
        return [1 if team_won(returns) else 2] * len(returns)
    return competition_ranks(returns, scores)


def rate_game(entrants: Sequence[Entrant], returns: Sequence[float], scores: Sequence[float] = (),
              cooperative: bool = False) -> Outcome:
    """The ranks and new skills of a finished game's seats (fixed entrants keep theirs).

    >>> a, b = Entrant.player(NEWCOMER), Entrant.player(NEWCOMER)
    >>> tie = rate_game([a, b, Entrant.bot("random")], [0.5, 0.5, 0.0], [3, 3, 1])
    >>> tie.ranks, tie.skills[0] == tie.skills[1]
    ((1, 1, 3), True)
    >>> team = rate_game([a, b], [1.0, 1.0], [12, 12], cooperative=True)
    >>> team.ranks, [s.mu > NEWCOMER.mu for s in team.skills]
    ((1, 1), [True, True])
    """
    if len(entrants) != len(returns):
        raise ValueError(f"{len(entrants)} seats but {len(returns)} returns")
    ranks = tuple(seat_ranks(returns, scores, cooperative))
    if cooperative:
        skills = _rate_team(entrants, team_won(returns))
    elif len(entrants) < 2:
        skills = [e.skill for e in entrants]
    else:
        skills = _rate_free_for_all(entrants, ranks)
    return Outcome(ranks, tuple(skills))


def _rate_free_for_all(entrants: Sequence[Entrant], ranks: Sequence[int]) -> list[Skill]:
    """Every seat a team of one, ranked."""
    teams = [[_openskill(e.skill)] for e in entrants]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return _kept_or_new(entrants, [team[0] for team in rated])


def _rate_team(entrants: Sequence[Entrant], won: bool) -> list[Skill]:
    """Every seat on one team, against the game's anchor."""
    team = [_openskill(e.skill) for e in entrants]
    anchor = [_openskill(coop_anchor(len(entrants)))]
    rated = MODEL.rate([team, anchor], ranks=[1.0, 2.0] if won else [2.0, 1.0])
    return _kept_or_new(entrants, rated[0])


def _kept_or_new(entrants: Sequence[Entrant], rated: Sequence[PlackettLuceRating]) -> list[Skill]:
    return [e.skill if e.fixed else Skill(float(r.mu), float(r.sigma))
            for e, r in zip(entrants, rated, strict=True)]
