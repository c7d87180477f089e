"""Ratings: the model (ranks, ties, co-op, bots as anchors), rating a finished table once in pools
``all`` and ``<n>p``, the leaderboard, the profile, and the routes' refusals.

Tables, seats and finished games are written straight into a temporary SQLite database through
the models, as the server leaves them when a rated game ends.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from furuba import games
from furuba.bots.kit import BotKit, Rung
from furuba.server.accounts.names import name_key
from furuba.server.models import (
    AccountRow,
    GameRow,
    RatingEventRow,
    RatingRow,
    SeatRow,
    TableRow,
    make_engine,
)
from furuba.server.ratings.model import (
    BOT_SIGMA,
    BOT_SKILLS,
    DEFAULT_BOT,
    MODEL,
    NEWCOMER,
    Entrant,
    Skill,
    bot_level,
    bot_skill,
    competition_ranks,
    coop_anchor,
    ladder_skills,
    lead_for_share,
    rate_game,
)
from furuba.server.ratings.store import RatingStore
from furuba.server.storage import Storage

from .harness import LiveServer

T = TypeVar("T")
Sitter = int | str | None
"""Who holds a seat: an account id, a bot spec, or ``None`` for a guest."""


# -- the database ----------------------------------------------------------------------------------
class Db:
    """A temporary database; ``run(fn, *args)`` runs ``fn(session, *args)`` in one transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        Storage(engine)

    def run(self, fn: Callable[..., T], *args: Any) -> T:
        with Session(self.engine) as s, s.begin():
            return fn(s, *args)


@pytest.fixture
def db(db_url: str) -> Iterator[Db]:
    engine = make_engine(db_url)
    yield Db(engine)
    engine.dispose()


def add_account(s: Session, name: str) -> int:
    row = AccountRow(name=name, name_key=name_key(name), password_hash="not a hash",
                     user_handle=secrets.token_urlsafe(16), created_at=1_000.0)
    s.add(row)
    s.flush()
    return row.id


def add_finished(s: Session, table_id: str, game: str, sitters: Sequence[Sitter],
                 returns: Sequence[float], scores: Sequence[float] | None = None, *,
                 cooperative: bool = False, rated: bool = True, at: float = 2_000.0,
                 status: str = "finished", stored: bool = True) -> str:
    """A table as the server leaves it when its game ends (``stored=False``: no game row)."""
    s.add(TableRow(id=table_id, game=game, options={}, seed=1, settings={}, status=status,
                   created_at=at, updated_at=at, rated=rated))
    s.flush()
    for seat, who in enumerate(sitters):
        bot = who if isinstance(who, str) else None
        s.add(SeatRow(table_id=table_id, seat=seat, kind="bot" if bot else "human", bot=bot,
                      name=bot or f"seat {seat}", account_id=who if isinstance(who, int) else None))
    if stored:
        points = list(scores) if scores is not None else [0.0] * len(returns)
        winners = [i for i, r in enumerate(returns) if r > 0]
        s.add(GameRow(table_id=table_id, game=game, finished_at=at, record={"game": game},
                      result={"returns": list(returns), "scores": points, "winners": winners,
                              "cooperative": cooperative}))
    s.flush()
    return table_id


def rating(s: Session, account_id: int, game: str, pool: str) -> RatingRow | None:
    return s.get(RatingRow, (account_id, game, pool))


def rated_row(s: Session, account_id: int, game: str, pool: str) -> RatingRow:
    row = rating(s, account_id, game, pool)
    assert row is not None, (account_id, game, pool)
    return row


def count_events(s: Session) -> int:
    return int(s.scalar(select(func.count()).select_from(RatingEventRow)) or 0)


# -- the model -------------------------------------------------------------------------------------
def test_ranks_by_returns_then_scores_and_ties_share_a_rank() -> None:
    assert competition_ranks([1.0, 0.0, 0.0, 0.0], [5, 9, 9, 2]) == [1, 2, 2, 4]
    assert competition_ranks([0.0, 0.0, 0.0, 1.0], [9, 3, 5, 1]) == [2, 4, 3, 1]
    assert competition_ranks([0.5, 0.5, 0.0], [4, 4, 7]) == [1, 1, 3]
    assert competition_ranks([0.0, 0.0]) == [1, 1]


def test_a_winner_rises_and_the_losers_fall_in_order() -> None:
    out = rate_game([Entrant.player(NEWCOMER)] * 4, [1.0, 0.0, 0.0, 0.0], [21, 14, 9, 3])
    mus = [skill.mu for skill in out.skills]
    assert out.ranks == (1, 2, 3, 4)
    assert mus[0] > NEWCOMER.mu > mus[2] > mus[3]
    assert mus[0] > mus[1] > mus[2]
    assert out.skills[0].displayed > NEWCOMER.displayed == 1500
    assert all(skill.sigma < NEWCOMER.sigma for skill in out.skills)


def test_a_tie_between_two_equal_players_leaves_them_equal() -> None:
    start = Skill(27.0, 4.0)
    out = rate_game([Entrant.player(start), Entrant.player(start)], [0.5, 0.5], [10, 10])
    assert out.ranks == (1, 1)
    assert out.skills[0] == out.skills[1]
    assert out.skills[0].mu == pytest.approx(start.mu)
    assert out.skills[0].sigma < start.sigma


def test_a_cooperative_win_raises_everyone_and_a_loss_lowers_everyone() -> None:
    team = [Entrant.player(NEWCOMER), Entrant.player(Skill(30.0, 3.0)), Entrant.player(NEWCOMER)]
    won = rate_game(team, [1.0, 1.0, 1.0], [12, 12, 12], cooperative=True)
    lost = rate_game(team, [0.0, 0.0, 0.0], [3, 3, 3], cooperative=True)
    assert won.ranks == (1, 1, 1) and lost.ranks == (2, 2, 2)
    for entrant, up, down in zip(team, won.skills, lost.skills, strict=True):
        assert up.mu > entrant.skill.mu > down.mu
    # a team of newcomers against an anchor made for them: a win is worth what a loss costs
    fresh = [Entrant.player(NEWCOMER)] * 3
    gain = rate_game(fresh, [1.0] * 3, cooperative=True).skills[0].mu - NEWCOMER.mu
    loss = NEWCOMER.mu - rate_game(fresh, [0.0] * 3, cooperative=True).skills[0].mu
    assert gain > 0 and gain == pytest.approx(loss, rel=0.05)
    assert coop_anchor(3) == Skill(75.0, 1.0)


def test_bots_keep_their_fixed_rating_and_a_stronger_bot_is_worth_more() -> None:
    def beat(bot: str) -> Skill:
        out = rate_game([Entrant.player(NEWCOMER), Entrant.bot(bot)], [1.0, 0.0], [1, 0])
        assert out.skills[1] == bot_skill(bot)
        return out.skills[0]

    assert beat("ismcts:hard").mu > beat("greedy").mu > beat("random").mu > NEWCOMER.mu
    lost = rate_game([Entrant.player(NEWCOMER), Entrant.bot("ismcts:easy")], [0.0, 1.0], [0, 1])
    assert lost.skills[1] == BOT_SKILLS["easy"] and lost.skills[0].mu < NEWCOMER.mu


def test_a_bot_level_comes_from_its_spec() -> None:
    assert [bot_level(x) for x in ("ismcts:hard", "hard", "greedy", "random", "ismcts:normal,c=1")] \
        == ["hard", "hard", "greedy", "random", "normal"]
    assert bot_skill("ismcts") == BOT_SKILLS["normal"]
    assert bot_skill("wizard:grandmaster") == DEFAULT_BOT
    assert all(skill.sigma <= 1.0 for skill in BOT_SKILLS.values())


def predicted_share(skill: Skill, others: Skill, players: int) -> float:
    """Plackett-Luce's chance that one seat of ``skill`` comes first against ``players - 1`` of
    ``others``: ``exp(mu / c)`` over the sum, ``c`` the root of the summed ``sigma² + beta²``."""
    seats = [skill] + [others] * (players - 1)
    c = math.sqrt(sum(x.sigma ** 2 + MODEL.beta ** 2 for x in seats))
    return math.exp(skill.mu / c) / sum(math.exp(x.mu / c) for x in seats)


@pytest.mark.parametrize("name", [spec.name for spec in games.specs() if spec.kit(BotKit).ladder])
def test_each_level_is_rated_at_what_it_measured_in_its_game(name: str) -> None:
    """The model, given the skills a game's ladder sets, predicts every measured step."""
    ladder = games.spec(name).kit(BotKit).ladder
    skills = ladder_skills(ladder)
    for rung in ladder:
        below = skills.get(rung.below) or BOT_SKILLS[rung.below]
        got = predicted_share(skills[rung.level], below, rung.players)
        assert got == pytest.approx(rung.share, abs=1e-4), rung
        assert skills[rung.level].sigma == BOT_SIGMA
        assert bot_skill(f"ismcts:{rung.level}", ladder) == skills[rung.level]


def test_a_level_no_step_above_the_one_below_is_worth_no_more_to_beat() -> None:
    even = (Rung("normal", "easy", 0.35), Rung("hard", "normal", 0.30), Rung("expert", "hard", 0.25))

    def beat(bot: str) -> float:
        out = rate_game([Entrant.player(NEWCOMER), Entrant.bot(bot, even)], [1.0, 0.0], [1, 0])
        return out.skills[0].mu

    assert beat("ismcts:expert") == pytest.approx(beat("ismcts:hard"))
    assert beat("ismcts:hard") > beat("ismcts:normal") > beat("greedy")
    # without a ladder, the fixed skills: expert above hard
    assert bot_skill("expert") != bot_skill("expert", even)
    assert bot_skill("expert").mu > bot_skill("hard").mu


def test_a_ladder_is_read_as_a_chain_and_refused_in_a_circle() -> None:
    assert lead_for_share(0.25) == 0.0 and lead_for_share(0.5) > lead_for_share(0.3) > 0
    assert lead_for_share(0.1) < 0 and lead_for_share(0.5, players=2) == 0.0
    chain = ladder_skills((Rung("hard", "normal", 0.3), Rung("normal", "easy", 0.3)))
    assert chain["hard"].mu == pytest.approx(chain["normal"].mu + lead_for_share(0.3))
    assert chain["normal"].mu == pytest.approx(BOT_SKILLS["easy"].mu + lead_for_share(0.3))
    with pytest.raises(ValueError, match="circle"):
        ladder_skills((Rung("hard", "expert", 0.3), Rung("expert", "hard", 0.3)))
    with pytest.raises(ValueError, match="between 0 and 1"):
        lead_for_share(1.0)


def test_guests_play_as_newcomers_and_keep_no_rating() -> None:
    out = rate_game([Entrant.player(NEWCOMER), Entrant.guest()], [0.0, 1.0], [2, 5])
    assert out.skills[1] == NEWCOMER and out.skills[0].mu < NEWCOMER.mu


def is_competition_ranking(ranks: Sequence[int]) -> bool:
    """1 first; after ``k`` seats share rank ``r``, the next rank is ``r + k``."""
    expected = 1
    for value in sorted(set(ranks)):
        if value != expected:
            return False
        expected += ranks.count(value)
    return True


seat_strategy = st.one_of(
    st.builds(Entrant.player, st.builds(Skill, st.floats(0, 60), st.floats(0.5, NEWCOMER.sigma))),
    st.sampled_from(["random", "greedy", "ismcts:hard", "wizard"]).map(Entrant.bot),
    st.just(Entrant.guest()))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 7).flatmap(lambda n: st.tuples(
    st.lists(seat_strategy, min_size=n, max_size=n),
    st.lists(st.sampled_from([0.0, 0.25, 0.5, 1.0]), min_size=n, max_size=n),
    st.lists(st.integers(-50, 50), min_size=n, max_size=n),
    st.booleans())))
def test_ranks_are_a_competition_ranking_and_ratings_stay_finite_with_sigma_never_growing(
        game: tuple[list[Entrant], list[float], list[int], bool]) -> None:
    entrants, returns, scores, cooperative = game
    if cooperative:
        returns = [returns[0]] * len(returns)
    out = rate_game(entrants, returns, [float(x) for x in scores], cooperative)
    if cooperative:   # the team's place against the game itself
        assert set(out.ranks) == {1 if returns[0] > 0 else 2}
    else:
        assert is_competition_ranking(list(out.ranks))
    keys = list(zip(returns, scores, strict=True))
    for i, j in ((i, j) for i in range(len(keys)) for j in range(len(keys))):
        if not cooperative and keys[i] > keys[j]:
            assert out.ranks[i] < out.ranks[j]
        if keys[i] == keys[j]:
            assert out.ranks[i] == out.ranks[j]
    for entrant, after in zip(entrants, out.skills, strict=True):
        assert math.isfinite(after.mu) and math.isfinite(after.sigma) and after.sigma > 0
        assert after.sigma <= entrant.skill.sigma
        if entrant.fixed:
            assert after == entrant.skill


# -- rating a table --------------------------------------------------------------------------------
def test_a_rated_table_updates_pools_all_and_4p_and_keeps_events(db: Db) -> None:
    def setup(s: Session) -> tuple[int, int]:
        ann, ben = add_account(s, "Ann"), add_account(s, "Ben")
        add_finished(s, "t1", "zodiac", [ann, "greedy", ben, "ismcts:hard"], [1.0, 0.0, 0.0, 0.0],
                     [7, 5, 4, 6])
        return ann, ben

    ann, ben = db.run(setup)
    changes = db.run(RatingStore.rate_table, "t1")
    assert sorted((c.pool, c.account_id, c.seat, c.rank) for c in changes) == [
        ("1970-q1", ann, 0, 1), ("1970-q1", ben, 2, 4),       # the season it ended in
        ("4p", ann, 0, 1), ("4p", ben, 2, 4), ("all", ann, 0, 1), ("all", ben, 2, 4)]
    assert all(c.delta != 0 for c in changes)

    def check(s: Session) -> None:
        for pool in ("all", "4p", "1970-q1"):
            a, b = rating(s, ann, "zodiac", pool), rating(s, ben, "zodiac", pool)
            assert a is not None and b is not None
            assert (a.games, a.wins, b.games, b.wins) == (1, 1.0, 1, 0.0)
            assert a.mu > NEWCOMER.mu > b.mu
            assert a.sigma < NEWCOMER.sigma and b.sigma < NEWCOMER.sigma
        assert s.scalar(select(func.count()).select_from(RatingRow)) == 6   # no bot is rated
        events = list(s.scalars(select(RatingEventRow).order_by(RatingEventRow.id)))
        assert {(e.account_id, e.pool, e.table_id, e.rank, e.share) for e in events} == {
            (ann, "all", "t1", 1, 1.0), (ann, "4p", "t1", 1, 1.0), (ann, "1970-q1", "t1", 1, 1.0),
            (ben, "all", "t1", 4, 0.0), (ben, "4p", "t1", 4, 0.0), (ben, "1970-q1", "t1", 4, 0.0)}
        assert all(e.mu_before == NEWCOMER.mu and e.at == 2_000.0 for e in events)

    db.run(check)


def test_a_table_rates_its_bots_at_their_levels_in_its_game(db: Db) -> None:
    """A bot sits in at its level's skill in the table's game (its spec's ladder), not at the
    fixed skill of its level."""
    sitters = ["ismcts:expert", "greedy", "ismcts:hard"]
    returns, scores = [1.0, 0.0, 0.0, 0.0], [7.0, 5.0, 4.0, 3.0]

    def setup(s: Session) -> dict[str, int]:
        players = {game: add_account(s, f"Ann {game}") for game in ("zodiac", "daihinmin")}
        for game, account in players.items():
            add_finished(s, game, game, [account, *sitters], returns, scores)
        return players

    players = db.run(setup)
    for game, account in players.items():
        db.run(RatingStore.rate_table, game)
        ladder = games.spec(game).kit(BotKit).ladder
        seated = [Entrant.player(NEWCOMER)] + [Entrant.bot(bot, ladder) for bot in sitters]
        fixed = [Entrant.player(NEWCOMER)] + [Entrant.bot(bot) for bot in sitters]
        expected = rate_game(seated, returns, scores).skills[0]
        mu, sigma = db.run(lambda s, a=account, g=game: (rated_row(s, a, g, "4p").mu,
                                                        rated_row(s, a, g, "4p").sigma))
        assert (mu, sigma) == pytest.approx((expected.mu, expected.sigma))
        assert mu != pytest.approx(rate_game(fixed, returns, scores).skills[0].mu)


def test_rating_a_table_twice_changes_nothing_the_second_time(db: Db) -> None:
    def setup(s: Session) -> int:
        ann, ben = add_account(s, "Ann"), add_account(s, "Ben")
        add_finished(s, "t1", "daihinmin", [ann, ben, "greedy", "greedy"], [0.0, 1.0, 0.0, 0.0])
        return ann

    ann = db.run(setup)
    assert len(db.run(RatingStore.rate_table, "t1")) == 6     # 2 players × all, 4p, season

    def state(s: Session) -> tuple[float, float, int, int]:
        row = rated_row(s, ann, "daihinmin", "all")
        return row.mu, row.sigma, row.games, count_events(s)

    first = db.run(state)
    assert db.run(RatingStore.rate_table, "t1") == []
    assert db.run(state) == first and first[2:] == (1, 6)


def test_only_finished_rated_stored_tables_are_rated(db: Db) -> None:
    def setup(s: Session) -> None:
        ann, ben = add_account(s, "Ann"), add_account(s, "Ben")
        sitters: list[Sitter] = [ann, ben, "greedy", "greedy"]
        add_finished(s, "casual", "zodiac", sitters, [1.0, 0.0, 0.0, 0.0], rated=False)
        add_finished(s, "playing", "zodiac", sitters, [1.0, 0.0, 0.0, 0.0], status="playing")
        add_finished(s, "no-game", "zodiac", sitters, [1.0, 0.0, 0.0, 0.0], stored=False)

    db.run(setup)
    for table_id in ("casual", "playing", "no-game", "missing"):
        assert db.run(RatingStore.rate_table, table_id) == []
    assert db.run(count_events) == 0


def test_each_player_count_has_its_pool_and_all_counts_every_game(db: Db) -> None:
    def setup(s: Session) -> int:
        ann, ben = add_account(s, "Ann"), add_account(s, "Ben")
        add_finished(s, "four", "daihinmin", [ann, ben, "greedy", "greedy"], [1.0, 0.0, 0.0, 0.0],
                     at=10.0)
        add_finished(s, "five", "daihinmin", [ann, ben, "greedy", "greedy", "greedy"],
                     [1.0, 0.0, 0.0, 0.0, 0.0], at=20.0)
        return ann

    ann = db.run(setup)
    db.run(RatingStore.rate_table, "four")
    db.run(RatingStore.rate_table, "five")

    def check(s: Session) -> None:
        games_by_pool = {pool: rating(s, ann, "daihinmin", pool) for pool in ("all", "4p", "5p")}
        assert {p: r.games if r else 0 for p, r in games_by_pool.items()} == \
            {"all": 2, "4p": 1, "5p": 1}
        every, four = games_by_pool["all"], games_by_pool["4p"]
        assert every is not None and four is not None and every.mu > four.mu
        second = s.scalars(select(RatingEventRow).where(
            RatingEventRow.table_id == "five", RatingEventRow.account_id == ann,
            RatingEventRow.pool == "all")).one()
        assert second.mu_before == four.mu            # game 2 starts where game 1 left "all"

    db.run(check)


def test_a_cooperative_table_moves_every_player_together(db: Db) -> None:
    def setup(s: Session) -> tuple[int, int]:
        ann, ben = add_account(s, "Ann"), add_account(s, "Ben")
        add_finished(s, "won", "zodiac", [ann, ben, "greedy"], [1.0, 1.0, 1.0], [9, 9, 9],
                     cooperative=True, at=1.0)
        return ann, ben

    ann, ben = db.run(setup)
    changes = db.run(RatingStore.rate_table, "won")
    assert {c.rank for c in changes} == {1}
    assert all(c.after.mu > c.before.mu and c.delta > 0 for c in changes)
    assert db.run(lambda s: rated_row(s, ann, "zodiac", "3p").mu == rated_row(s, ben, "zodiac", "3p").mu)


def test_guests_and_an_account_holding_two_seats_are_not_rated(db: Db) -> None:
    def setup(s: Session) -> tuple[int, int]:
        ann, ben = add_account(s, "Ann"), add_account(s, "Ben")
        add_finished(s, "t1", "daihinmin", [ann, None, ben, ben], [1.0, 0.0, 0.0, 0.0])
        return ann, ben

    ann, ben = db.run(setup)
    changes = db.run(RatingStore.rate_table, "t1")
    assert {c.account_id for c in changes} == {ann}
    assert db.run(lambda s: rating(s, ben, "daihinmin", "all")) is None


# -- leaderboard and profile -----------------------------------------------------------------------
def three_players(s: Session) -> dict[str, int]:
    """Ann wins every game, Ben comes second, Cy last: three rated zodiac games, then one casual
    game that Cy wins."""
    ids = {name: add_account(s, name) for name in ("Ann", "Ben", "Cy")}
    for n in range(3):
        add_finished(s, f"z{n}", "zodiac", [ids["Ben"], ids["Ann"], ids["Cy"], "greedy"],
                     [0.0, 1.0, 0.0, 0.0], [5, 7, 1, 3], at=100.0 + n)
    add_finished(s, "casual", "zodiac", [ids["Cy"], ids["Ann"]], [1.0, 0.0], rated=False, at=200.0)
    return ids


def rate_all(db: Db, table_ids: Sequence[str]) -> None:
    for table_id in table_ids:
        assert db.run(RatingStore.rate_table, table_id)


def test_the_leaderboard_ranks_by_displayed_rating_and_pages(db: Db) -> None:
    db.run(three_players)
    rate_all(db, ["z0", "z1", "z2", "casual"][:3])
    board = db.run(RatingStore.leaderboard, "zodiac", "all", 50, 0)
    assert board.total == 3
    assert [(e.place, e.name) for e in board.entries] == [(1, "Ann"), (2, "Ben"), (3, "Cy")]
    ratings = [e.standing.rating for e in board.entries]
    assert ratings == sorted(ratings, reverse=True) and len(set(ratings)) == 3
    assert all(e.standing.provisional and e.standing.games == 3 for e in board.entries)
    assert board.entries[0].standing.win_rate == 1.0
    first = db.run(RatingStore.leaderboard, "zodiac", "all", 2, 0)
    rest = db.run(RatingStore.leaderboard, "zodiac", "all", 2, 2)
    assert [e.name for e in first.entries] == ["Ann", "Ben"]
    assert [(e.place, e.name) for e in rest.entries] == [(3, "Cy")] and rest.total == 3
    assert db.run(RatingStore.leaderboard, "zodiac", "5p", 50, 0).total == 0
    assert db.run(RatingStore.leaderboard, "daihinmin", "all", 50, 0).entries == []


def test_ten_rated_games_make_a_standing_no_longer_provisional(db: Db) -> None:
    def setup(s: Session) -> None:
        ann = add_account(s, "Ann")
        for n in range(10):
            add_finished(s, f"g{n}", "daihinmin", [ann, "greedy", "greedy", "greedy"],
                         [1.0, 0.0, 0.0, 0.0] if n % 2 else [0.0, 1.0, 0.0, 0.0], at=float(n))

    db.run(setup)
    rate_all(db, [f"g{n}" for n in range(9)])
    assert db.run(RatingStore.leaderboard, "daihinmin", "4p", 10, 0).entries[0].standing.provisional
    rate_all(db, ["g9"])
    standing = db.run(RatingStore.leaderboard, "daihinmin", "4p", 10, 0).entries[0].standing
    assert not standing.provisional and standing.games == 10 and standing.win_rate == 0.5


def test_a_profile_has_ratings_history_games_and_win_rates(db: Db) -> None:
    ids = db.run(three_players)
    rate_all(db, ["z0", "z1", "z2"])
    profile = db.run(RatingStore.profile, name_key("ANN"))
    assert profile is not None and profile.name == "Ann"
    assert [(r.game, r.pool, r.games) for r in profile.ratings] == [("zodiac", "all", 3),
                                                                    ("zodiac", "4p", 3)]
    points = profile.history["zodiac"]
    assert [p.table_id for p in points] == ["z0", "z1", "z2"]
    assert [p.rating for p in points] == sorted(p.rating for p in points)   # she wins every game
    assert points[-1].rating == profile.ratings[0].rating
    assert [(g.table_id, g.rated, g.seat, g.players, g.rank) for g in profile.games] == [
        ("casual", False, 1, 2, 2), ("z2", True, 1, 4, 1), ("z1", True, 1, 4, 1),
        ("z0", True, 1, 4, 1)]
    assert profile.games[0].rating_change is None
    assert profile.games[1].rating_change == points[2].rating - points[1].rating
    assert [(r.game, r.games, r.wins) for r in profile.by_game] == [("zodiac", 4, 3.0)]
    assert [(r.seat, r.games, r.win_rate) for r in profile.by_seat] == [(1, 4, 0.75)]
    cy = db.run(RatingStore.profile, "cy")
    assert cy is not None and [(r.seat, r.games, r.wins) for r in cy.by_seat] == [(0, 1, 1.0),
                                                                                   (2, 3, 0.0)]
    assert db.run(RatingStore.profile, "nobody") is None
    assert ids["Ann"] != ids["Cy"]


# -- the routes ------------------------------------------------------------------------------------
def refused(r: Any, status: int, *fragments: str) -> None:
    assert r.status_code == status, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str)
    for fragment in fragments:
        assert fragment in detail, (fragment, detail)


def test_the_routes_answer_and_refuse_with_a_sentence(db_url: str) -> None:
    with LiveServer(db_url) as live:
        live.hub.db.call(three_players)
        for table_id in ("z0", "z1", "z2"):
            live.hub.db.call(RatingStore.rate_table, table_id)
        board = live.http.get("/api/leaderboard/zodiac").json()
        assert [e["name"] for e in board["entries"]] == ["Ann", "Ben", "Cy"]
        assert board["title"] == games.spec("zodiac").title and board["pool"] == "all"
        assert {"place", "rating", "games", "win_rate", "provisional"} <= set(board["entries"][0])
        four = live.http.get("/api/leaderboard/zodiac", params={"players": 4, "limit": 1,
                                                                "offset": 1}).json()
        assert (four["pool"], four["players"], four["total"]) == ("4p", 4, 3)
        assert [e["name"] for e in four["entries"]] == ["Ben"]
        refused(live.http.get("/api/leaderboard/chess"), 404, "there is no game called “chess”",
                "zodiac")
        spec = games.spec("daihinmin")
        refused(live.http.get("/api/leaderboard/daihinmin", params={"players": 2}), 400,
                f"{spec.title} is played by {spec.players.low} to", "not 2")
        refused(live.http.get("/api/leaderboard/zodiac", params={"players": "many"}), 400,
                "players must be a whole number")
        refused(live.http.get("/api/leaderboard/zodiac", params={"limit": 0}), 400, "limit must be")
        refused(live.http.get("/api/leaderboard/zodiac", params={"offset": -1}), 400,
                "offset must be")
        profile = live.http.get("/api/players/ann").json()
        assert profile["name"] == "Ann" and len(profile["history"]["zodiac"]) == 3
        assert [g["table_id"] for g in profile["games"]][:2] == ["casual", "z2"]
        assert profile["titles"]["zodiac"] == games.spec("zodiac").title
        refused(live.http.get("/api/players/Nobody"), 404, "there is no player called “Nobody”")
        for page in ("/leaderboard", "/leaderboard/zodiac", "/players/Ann"):
            r = live.http.get(page)
            assert r.status_code == 200 and "<nav class=\"topbar\"" in r.text, page
