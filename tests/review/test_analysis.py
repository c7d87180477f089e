"""The review of a finished game: reproducible, an entry for every decision of the seat, the bot's
move never shown worse than the one played, a difference within the noise called as good, the
Hint's move whenever the Hint was followed, bad play flagged and explained in words, a graph for
every player, co-op and plug-in games alike, and clear refusals."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import pytest

from furuba import games
from furuba.bots.hint import hint, hint_seed
from furuba.bots.kit import BotKit
from furuba.bots.weigh import REAL
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.core.record import GameRecord
from furuba.review.analysis import analyse, is_decision
from furuba.review.model import JUDGEMENTS, Decision, Move, Review
from furuba.spec import GameSpec

SIMS = 20
"""A rough search, enough for the tests and fast."""
SHORT_GAMES: dict[str, dict[str, object]] = {"daihinmin": {"players": 4, "max_rounds": 1},
                                             "zodiac": {"players": 3, "target": 2}}

Chooser = Callable[[State, GameRecord, random.Random], int]


def greedy(state: State, record: GameRecord, rng: random.Random) -> int:
    return games.spec_of(state).kit(BotKit).policies.greedy(state, rng)


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
    """The move the Hint's search likes least (its last), asked with the review's seed and
    budget."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player = state.current_player
    found = hint(state, player, sims=SIMS, count=len(legal),
                 seed=hint_seed(record.seed, player, len(record.actions)))
    return found[-1].action


def following_the_hint(state: State, record: GameRecord, rng: random.Random) -> int:
    """The Hint's move, asked for as the web table and the terminal ask for it."""
    player = state.current_player
    if len(state.legal_actions()) == 1:
        return state.legal_actions()[0]
    return hint(state, player, sims=SIMS,
                seed=hint_seed(record.seed, player, len(record.actions)))[0].action


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


def test_the_bot_s_move_is_never_shown_worse_than_the_move_played(dhm_review: Review) -> None:
    """Both are weighed in the same worlds and the bot's is the better there: its mean is at
    least the move played's, its gain is the difference of the two means, and the loss is that
    gain only when it is more than the noise; where the move played did at least as well as the
    Hint's, the review names the Hint's move."""
    assert dhm_review.decisions and dhm_review.worlds == 64
    for d in dhm_review.decisions:
        assert d.best.win_chance >= d.played.win_chance
        assert d.worlds == 64 and d.gain_error >= 0
        assert d.gain == pytest.approx(d.best.win_chance - d.played.win_chance, abs=1e-9)
        if d.played.action == d.best.action:
            assert d.gain == d.loss == 0 and not d.as_good
        elif d.gain > REAL * d.gain_error:
            assert d.loss == d.gain and not d.as_good
        else:
            assert d.loss == 0 and d.as_good and d.judgement is None
        assert d.played.error >= 0 and d.best.error >= 0
        if d.hint is not None:
            assert d.best.action == d.played.action != d.hint.action
            assert d.hint.win_chance <= d.played.win_chance


def test_a_difference_inside_the_noise_is_called_as_good() -> None:
    def move(action: int, chance: float, error: float) -> Move:
        return Move(action, f"move {action}", "move", {}, chance, 10, "", {}, error)

    noisy = Decision(5, 0, 3, move(1, 0.30, 0.04), move(2, 0.40, 0.04), gain=0.10,
                     gain_error=0.06, worlds=64)
    sure = Decision(5, 0, 3, move(1, 0.30, 0.01), move(2, 0.40, 0.01), gain=0.10,
                    gain_error=0.01, worlds=64)
    assert noisy.as_good and noisy.loss == 0 and noisy.judgement is None
    assert not sure.as_good and sure.loss == 0.10 and sure.judgement == "mistake"
    review = Review("zodiac", 0, 3, False, 10, 1, 0, (noisy, sure), ((0.3,) * 3,), (0.0,) * 3)
    assert review.agreement == 0.5 and review.as_good == 1
    assert Decision.from_json(noisy.to_json()) == noisy


@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_the_hint_and_the_review_agree_on_the_same_position(game: str) -> None:
    """A seat that always plays the Hint's move (the web table's and the terminal's seed and
    budget) is told by the review that it played the bot's move at every decision."""
    record = play(game, 6, SHORT_GAMES[game], following_the_hint)
    review = analyse(record, 0, sims=SIMS, playouts=1)
    assert review.decisions
    for d in review.decisions:
        assert d.played.action == d.best.action, d.step
        assert d.hint is None and d.loss == 0
    assert review.agreement == 1.0 and review.as_good == 0


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
    """A seat that always plays the move the review weighs worst gets its moves judged, worst
    first, and loses win chance where the same seat following the Hint in the same deal loses
    none."""
    bad = analyse(play("zodiac", seed, SHORT_GAMES["zodiac"], worst_of_the_review), 0,
                  sims=SIMS, playouts=1)
    good = analyse(play("zodiac", seed, SHORT_GAMES["zodiac"], following_the_hint), 0,
                   sims=SIMS, playouts=1)
    worst = bad.mistakes()
    assert worst and worst[0].judgement is not None
    assert worst[0].loss == max(d.loss for d in bad.decisions)
    for d in bad.decisions:      # each mistake says what its puzzle asks, among every move
        assert (d.answer is not None) == (d.judgement is not None)
        if d.answer is not None:
            assert d.answer.accepted[0] == d.answer.move.action
            assert d.played.action not in d.answer.accepted
            assert d.answer.move.win_chance >= d.best.win_chance
            assert d.answer.gain == pytest.approx(
                d.answer.move.win_chance - d.played.win_chance, abs=1e-9)
    assert [d.loss for d in worst] == sorted((d.loss for d in worst), reverse=True)
    assert bad.mean_loss > good.mean_loss == 0
    assert bad.agreement < good.agreement == 1


def test_every_mistake_is_explained_in_words_in_every_language() -> None:
    """Each mistake carries the reason of the move played and of the bot's in English and in
    Japanese, and what the better move keeps in both where the game can say it."""
    mistakes = 0
    for seed in (0, 1, 2):
        record = play("zodiac", seed, SHORT_GAMES["zodiac"], worst_of_the_review)
        for d in analyse(record, 0, sims=SIMS, playouts=1).mistakes():
            mistakes += 1
            for move in (d.played, d.best):
                assert set(move.reasons) == {"en", "ja"} and all(move.reasons.values())
                assert move.reasons["en"] != move.reasons["ja"]
            if d.why:
                assert set(d.why) == {"en", "ja"} and d.why["en"] != d.why["ja"]
    assert mistakes


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
