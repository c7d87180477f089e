"""The plain values the ratings' queries hand out (never rows), and the pools' names.

A pool's standing of fewer than :data:`PROVISIONAL_GAMES` games is *provisional*: listed in its
place by displayed rating, and marked — the displayed rating already discounts what the server
does not yet know about a player (``mu − 3·sigma``), so newcomers are not hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from furuba.server.models import RatingRow
from furuba.server.ratings.model import Skill

POOL_ALL = "all"
"""The pool of every player count."""
PROVISIONAL_GAMES = 10
"""A standing with fewer rated games than this is marked provisional."""


def pool_of(players: int | None) -> str:
    """The pool of games of ``players`` seats (``None``: every player count).

    >>> pool_of(4), pool_of(None)
    ('4p', 'all')
    """
    return POOL_ALL if players is None else f"{players}p"


def pool_players(pool: str) -> int | None:
    """The player count of a pool (``None``: every count, as in ``all`` and a season's pool).

    >>> pool_players("4p"), pool_players("all"), pool_players("2026-q4")
    (4, None, None)
    """
    count = pool[:-1]
    return int(count) if pool.endswith("p") and count.isascii() and count.isdigit() else None


def pool_order(pool: str) -> tuple[int, int]:
    """A key that sorts ``all`` first, then by player count.

    >>> sorted(["5p", "all", "4p"], key=pool_order)
    ['all', '4p', '5p']
    """
    players = pool_players(pool)
    return (0, 0) if players is None else (1, players)


def win_share(value: float) -> float:
    """A seat's return as a win share between 0 and 1.

    >>> win_share(0.5), win_share(-1), win_share(3)
    (0.5, 0.0, 1.0)
    """
    return min(1.0, max(0.0, float(value)))


def skill_of(row: RatingRow) -> Skill:
    return Skill(row.mu, row.sigma)


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated game did to one player's rating in one pool."""

    account_id: int
    seat: int
    pool: str
    rank: int
    share: float
    before: Skill
    after: Skill

    @property
    def delta(self) -> int:
        """The change of the displayed rating."""
        return self.after.displayed - self.before.displayed


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's rating in one pool of one game."""

    game: str
    pool: str
    rating: int
    mu: float
    sigma: float
    games: int
    wins: float
    """The sum of the win shares (a shared win counts its share)."""
    win_rate: float
    provisional: bool

    @classmethod
    def of(cls, row: RatingRow) -> Standing:
        return cls(game=row.game, pool=row.pool, rating=skill_of(row).displayed, mu=row.mu,
                   sigma=row.sigma, games=row.games, wins=row.wins,
                   win_rate=row.wins / row.games if row.games else 0.0,
                   provisional=row.games < PROVISIONAL_GAMES)


@dataclass(frozen=True, slots=True)
class Ranked:
    """One line of a leaderboard."""

    place: int
    name: str
    standing: Standing


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """A page of one pool's leaderboard, best first."""

    game: str
    pool: str
    total: int
    offset: int
    limit: int
    entries: list[Ranked]


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    """A player's rating after one rated game (pool ``all``)."""

    table_id: str
    at: float
    rating: int


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One finished game a player held a seat in."""

    table_id: str
    game: str
    at: float
    seat: int
    players: int
    rank: int
    """1 is best; in a co-op game, 1 for a win and 2 for a loss."""
    share: float
    cooperative: bool
    rated: bool
    rating_change: int | None
    """The displayed rating's change in pool ``all`` (``None``: the game changed nothing)."""
    offline: bool = False
    """Played offline, in the browser, and put on the profile afterwards (never rated)."""
    timeout: bool = False
    """Ended because a player did not move in time (a correspondence game): the late seat lost
    and the others shared the win; it has no replay (the game was not played to its end)."""


@dataclass(frozen=True, slots=True)
class WinRate:
    """Games and win shares of a player in one game, or in one seat of one game."""

    game: str
    seat: int | None
    games: int
    wins: float
    win_rate: float


@dataclass(frozen=True, slots=True)
class SeasonStanding:
    """Where a player stood in one game's season: the final standing of a season that is over,
    the standing so far of the season under way."""

    game: str
    season: str
    """The season's name (its pool's): ``2026-q4``."""
    rank: int
    """The player's place on the season's leaderboard, 1 for the best."""
    ranked: int
    """How many players the season's leaderboard ranks."""
    rating: int
    games: int
    wins: float
    win_rate: float
    provisional: bool
    final: bool
    """The season is over: this standing never changes again."""


@dataclass(frozen=True)
class Profile:
    """What a player's page shows."""

    name: str
    created_at: float
    ratings: list[Standing]
    history: dict[str, list[HistoryPoint]]
    """By game, oldest first."""
    games: list[PlayedGame]
    """The latest first."""
    by_game: list[WinRate]
    by_seat: list[WinRate]
    seasons: list[SeasonStanding] = field(default_factory=list)
    """The seasons the player was ranked in, the latest first."""
