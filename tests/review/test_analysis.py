"""The review of a finished game: reproducible, an entry for every decision of the seat, the best
move never worse than the one played beyond the search's noise, bad play flagged, a graph for
every player, co-op and plug-in games alike, and clear refusals."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping

import pytest

from furuba import games
from furuba.bots.hint import hint
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.core.record import GameRecord
from furuba.review.analysis import analyse, is_decision, mix
from furuba.review.model import JUDGEMENTS, Review
from furuba.spec import GameSpec

SIMS = 20
"""A rough search, enough for the tests and fast."""
SHORT_GAMES: dict[str, dict[str, object]] = {"daihinmin": {"players": 4, "max_rounds": 1},
                                             "zodiac": {"players": 3, "target": 2}}

Chooser = Callable[[State, GameRecord, random.Random], int]


def greedy(state: State, record: GameRecord, rng: random.Random) -> int:
    return games.spec_of(state).policies.greedy(state, rng)


def play(game: str, seed: int, options: Mapping[str, object], seat_policy: Chooser = greedy,
         seat: int = 0) -> GameRecord:
    """A finished game: ``seat`` chooses with ``seat_policy``, the others greedily."""
    state = games.spec(game).new_game(seed=seed, **options)
    record = GameRecord(game, dict(options), seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        chooser = seat_policy if state.current_player == seat else greedy
        record.play(state, chooser(state, record, rng))
    return record


def worst_of_the_review(state: State, record: GameRecord, rng: random.Random) -> int:
    """The move the review's own search ranks last (least visited, then lowest value)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    found = hint(state, state.current_player, sims=max(SIMS, len(legal)), count=len(legal),
                 seed=mix(record.seed, len(record.actions), 2))
    return found[-1].action


@pytest.fixture(scope="module")
def dhm() -> GameRecord:
    return play("daihinmin", 3, SHORT_GAMES["daihinmin"])


@pytest.fixture(scope="module")
def dhm_review(dhm: GameRecord) -> Review:
    return analyse(dhm, 0, sims=SIMS, playouts=2)


def test_the_same_game_gives_the_same_review(dhm: GameRecord, dhm_review: Review) -> None:
    again = analyse(GameRecord.from_json(dhm.to_json()), 0, sims=SIMS, playouts=2)
    assert again.to_json() == dhm_review.to_json()
    other = analyse(dhm, 0, sims=SIMS, playouts=2, seed=dhm.seed + 1)
    assert other.chances != dhm_review.chances
    assert Review.from_json(dhm_review.to_json()).to_json() == dhm_review.to_json()


def test_every_decision_of_the_seat_has_an_entry(dhm: GameRecord, dhm_review: Review) -> None:
    positions = dhm.positions()
    expected = [i + 1 for i in range(len(dhm.actions)) if is_decision(positions[i], 0)]
    assert expected and [d.step for d in dhm_review.decisions] == expected
    for d in dhm_review.decisions:
        before = positions[d.step - 1]
        assert d.player == 0 and d.choices == len(before.legal_actions())
        assert d.played.action == dhm.actions[d.step - 1]
        assert d.played.name == before.action_to_string(d.played.action)
        assert before.is_legal(d.best.action) and d.best.reason


def test_the_best_move_is_never_worse_beyond_the_noise(dhm_review: Review) -> None:
    """The preferred move is the most visited, so its mean is the surer one; the played move's
    mean over ``n`` visits of values in [0, 1] has a standard error of at most 0.5/√n, and it
    may beat the preferred move's by no more than two of those."""
    for d in dhm_review.decisions:
        assert d.played.visits >= 1 and d.best.visits >= d.played.visits
        assert d.played.win_chance <= d.best.win_chance + 1 / math.sqrt(d.played.visits)
        assert d.loss >= 0 and (d.loss == 0 if d.played.action == d.best.action else True)
        assert d.loss == pytest.approx(max(0.0, d.best.win_chance - d.played.win_chance))


def test_the_graph_has_every_player_at_every_step(dhm: GameRecord, dhm_review: Review) -> None:
    assert len(dhm_review.chances) == len(dhm.actions) + 1
    assert all(len(row) == 4 and all(0 <= c <= 1 for c in row) for row in dhm_review.chances)
    assert dhm_review.chances[-1] == tuple(dhm.replay().returns()) == dhm_review.returns


def test_the_progress_goes_from_0_to_1(dhm: GameRecord) -> None:
    seen: list[float] = []
    analyse(dhm, 2, sims=5, playouts=1, progress=seen.append)
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen == sorted(seen)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_deliberately_bad_play_is_flagged(seed: int) -> None:
    """A seat that always plays the move the review's search ranks last gets mistakes or
    blunders, and loses more win chance per decision than a greedy seat of the same game."""
    record = play("zodiac", seed, SHORT_GAMES["zodiac"], worst_of_the_review)
    bad = analyse(record, 0, sims=SIMS, playouts=1)
    fair = analyse(record, 1, sims=SIMS, playouts=1)
    worst = bad.mistakes()
    assert worst and worst[0].judgement in ("mistake", "blunder")
    assert worst[0].loss == max(d.loss for d in bad.decisions)
    assert [d.loss for d in worst] == sorted((d.loss for d in worst), reverse=True)
    assert bad.mean_loss > fair.mean_loss
    assert bad.agreement == 0 < fair.agreement      # the last-ranked move is never the first


def test_judgements_follow_the_thresholds(dhm_review: Review) -> None:
    for d in dhm_review.decisions:
        passed = [name for name, least in JUDGEMENTS if d.loss >= least - 1e-9]
        assert d.judgement == (passed[0] if passed else None)
    counts = dhm_review.counts()
    assert sum(counts.values()) == len(dhm_review.mistakes())


def test_a_co_op_game_is_reviewed() -> None:
    options = {"players": 2, "variant": "coop"}
    record = play("zodiac", 4, options)
    review = analyse(record, 1, sims=SIMS, playouts=1)
    assert review.cooperative and len(set(review.returns)) == 1
    assert review.decisions and all(d.player == 1 for d in review.decisions)
    assert len(review.chances) == len(record.actions) + 1


def test_a_plug_in_game_is_reviewed(third_game: GameSpec) -> None:
    record = play(third_game.name, 3, {"players": 3})
    review = analyse(record, 2, sims=SIMS, playouts=1)
    assert review.game == third_game.name and review.decisions
    assert review.chances[-1] == tuple(record.replay().returns())


def test_what_cannot_be_reviewed_is_refused(dhm: GameRecord) -> None:
    unfinished = GameRecord(dhm.game, dhm.options, dhm.seed, dhm.actions[:10])
    with pytest.raises(OptionsError, match="the game is not over"):
        analyse(unfinished, 0, sims=SIMS)
    for seat in (4, -1):
        with pytest.raises(OptionsError, match=f"there is no seat {seat} in this game: its seats "
                                               "are 0 to 3"):
            analyse(dhm, seat, sims=SIMS)
    with pytest.raises(OptionsError, match="at least 1 simulation"):
        analyse(dhm, 0, sims=0)
