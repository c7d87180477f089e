"""The guided first games (a game's ``TutorialKit``): following each tutorial's lessons with its fixed
seed reaches every step it lists, in order; the lessons only ever ask for legal actions, know no
more than the learner, are the same every time, and every text they name is in both catalogs —
on the story's path and off it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from furuba import games
from furuba.core.protocol import State
from furuba.tutorial import Lesson, TutorialKit
from tutorial_walk import Walk, in_order, tutorial_of, walk

TUTORIAL_GAMES = [spec.name for spec in games.specs() if spec.kit_or_none(TutorialKit) is not None]
WEB = Path(__file__).resolve().parents[1] / "src" / "furuba" / "server" / "web" / "i18n"
CATALOGS = {lang: json.loads((WEB / f"{lang}.json").read_text(encoding="utf-8"))
            for lang in ("en", "ja")}


@pytest.fixture(scope="module", params=TUTORIAL_GAMES)
def story(request: pytest.FixtureRequest) -> Walk:
    return walk(request.param)


def replay(story: Walk) -> list[tuple[State, Lesson | None]]:
    """Every position of the story with its lesson."""
    tutorial = story.tutorial
    spec = games.spec(story.state.game_name)
    state = spec.new_game(players=tutorial.players, seed=story.seed, **tutorial.options)
    out: list[tuple[State, Lesson | None]] = []
    applied = 0
    for taken, lesson in story.lessons:
        while applied < taken:
            state.apply(story.actions[applied])
            applied += 1
        out.append((state.clone(), lesson))
    return out


def test_both_games_teach_themselves() -> None:
    assert {"zodiac", "daihinmin"} <= set(TUTORIAL_GAMES)


def test_the_story_reaches_every_step_in_order(story: Walk) -> None:
    assert story.ended, f"the guided part did not end (steps: {story.steps})"
    assert [s for s in story.tutorial.steps if s not in story.steps] == []
    assert in_order(story), story.steps


def test_the_issue_topics_are_steps() -> None:
    """What the issue asks each tutorial to show, by the steps' ids."""
    assert {"three_actions", "draw", "memory", "move", "befriend", "event", "flip",
            "game_end"} <= set(tutorial_of("zodiac").steps)
    assert {"lead", "beat", "pass", "sweep", "go_out", "titles", "exchange",
            "revolution"} <= set(tutorial_of("daihinmin").steps)


def check_lesson(state: State, lesson: Lesson | None, learner: int) -> None:
    """A lesson fits its position: its ``do`` page (one at most, the last) accepts only legal
    actions and only when the learner decides; its numbers never go back; its texts exist."""
    assert lesson is not None
    assert lesson.pages
    kinds = [p.kind for p in lesson.pages]
    assert kinds.count("do") <= 1 and ("do" not in kinds or kinds[-1] == "do"), kinds
    numbers = [p.number for p in lesson.pages]
    assert numbers == sorted(numbers) and numbers[0] >= 1 and numbers[-1] <= lesson.total
    if "do" in kinds:
        assert state.current_player == learner
        assert set(lesson.actions) <= set(state.legal_actions()), (lesson.actions, lesson.pages)
    elif state.current_player == learner and not state.is_terminal():
        assert {"end"} & set(kinds) or {"look"} & set(kinds), kinds
    for page in lesson.pages:
        for key in [page.key, *nested_keys(page.args)]:
            for lang, catalog in CATALOGS.items():
                assert key in catalog, f"{key} is not in the {lang} catalog"


def nested_keys(args: Any) -> list[str]:
    """The catalog keys named inside a page's arguments (``said``)."""
    if isinstance(args, dict):
        own = [str(args["t"])] if "t" in args else []
        return own + [k for value in args.values() for k in nested_keys(value)]
    return []


def test_every_lesson_of_the_story_fits_its_position(story: Walk) -> None:
    learner = story.tutorial.seat
    for state, lesson in replay(story):
        check_lesson(state, lesson, learner)


def test_the_story_is_the_same_every_time(story: Walk) -> None:
    again = walk(story.state.game_name)
    assert again.actions == story.actions
    assert again.visits == story.visits


def test_lessons_know_only_what_the_learner_knows(story: Walk) -> None:
    """A lesson is the same in every world the learner cannot tell from the real one (hidden hands
    and the deck dealt again)."""
    learner = story.tutorial.seat
    rng = random.Random(7)
    positions = replay(story)
    for state, lesson in positions[::max(1, len(positions) // 25)]:
        if state.is_terminal():
            continue
        for _ in range(2):
            world = state.determinize(learner, rng)
            assert story.tutorial.lesson(world, learner) == lesson


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_lessons_off_the_story_still_fit(game: str) -> None:
    """A learner who plays something else (here: anything at random) still gets lessons that fit."""
    tutorial = tutorial_of(game)
    spec = games.spec(game)
    for seed in (1, 2):
        rng = random.Random(seed)
        state = spec.new_game(players=tutorial.players, seed=seed, **tutorial.options)
        for _ in range(250):
            if state.is_terminal():
                break
            check_lesson(state, tutorial.lesson(state, tutorial.seat), tutorial.seat)
            state.apply(rng.choice(state.legal_actions()))


def learner_waits(story: Walk, hurry: bool) -> float:
    """The longest the learner waits on the bots with nothing to do, in seconds, at a server
    whose ``bot_delay`` is its default: each bot move of a run of the learner's ``wait`` pages
    costs the tutorial table's delay (hurried where the lesson says so, when ``hurry``)."""
    from furuba.server.config import ServerConfig
    from furuba.server.lessons import BOT_DELAY, TUTORIAL_PACE, bot_delay

    default = ServerConfig().bot_delay
    settings = {BOT_DELAY: default * TUTORIAL_PACE}
    longest = run = 0.0
    for (state, lesson), (taken, _lesson) in zip(replay(story), story.lessons, strict=True):
        waiting = lesson is not None and all(p.kind == "wait" for p in lesson.pages)
        bot = state.current_player != story.tutorial.seat and taken < len(story.actions)
        if waiting and bot:
            run += bot_delay(settings, default, hurry and lesson is not None and lesson.hurry)
            longest = max(longest, run)
        elif not waiting:
            run = 0.0
    return longest


def test_the_learner_out_of_the_round_is_not_kept_waiting(story: Walk) -> None:
    """Dai Hin Min's tutorial left the learner, out of round 2, watching the bots finish it at
    the learner's pace for more than 30 s: while a lesson says there is nothing to follow, the
    bots play at half the server's pace, and no wait of the story lasts 20 s."""
    assert learner_waits(story, hurry=True) <= 20.0
    if story.state.game_name == "daihinmin":
        assert learner_waits(story, hurry=False) > 30.0, "the story no longer shows the wait"
