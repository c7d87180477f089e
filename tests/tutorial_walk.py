"""Follow a game's tutorial as its learner would: take the action each lesson asks for, and let
the bots decide as a web table's bots do (a seed from the table's seed, the seat and the number of
actions so far).

Used by ``tests/test_tutorials.py`` and by ``scripts/tutorial_seeds.py`` (which searches for a
deal that shows every step early).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from furuba import games
from furuba.core.protocol import State
from furuba.server.bots import bot_seed, choose
from furuba.tutorial import Lesson, Tutorial, TutorialKit


@dataclass
class Walk:
    """What following a tutorial went through."""

    tutorial: Tutorial
    state: State
    seed: int
    actions: list[int] = field(default_factory=list)
    visits: list[tuple[str, str, int, int]] = field(default_factory=list)
    """(step, kind, number, actions taken so far) of every page shown, in order, without repeats
    of the page just before."""
    lessons: list[tuple[int, Lesson | None]] = field(default_factory=list)
    """(actions taken so far, lesson) at every position."""
    ended: bool = False
    """The guided part ended (an ``end`` page was given)."""

    @property
    def steps(self) -> list[str]:
        """The steps visited, each once, in the order first visited."""
        return list(dict.fromkeys(step for step, *_ in self.visits))


def tutorial_of(game: str) -> Tutorial:
    return games.spec(game).kit(TutorialKit).tutorial()


def in_order(walk: Walk, slack: int = 0) -> bool:
    """Whether the tutorial's steps were first visited in their order so far: none before a step
    more than ``slack`` places earlier that was not visited yet."""
    order = walk.tutorial.steps
    seen: set[str] = set()
    for step in walk.steps:
        if step not in order:
            continue
        place = order.index(step)
        if any(t not in seen for t in order[:max(0, place - slack)]):
            return False
        seen.add(step)
    return True


def walk(game: str, seed: int | None = None, max_actions: int = 2000,
         slack: int | None = None) -> Walk:
    """Follow ``game``'s tutorial (with its own seed, or ``seed``) until its guided part ends,
    the game ends, or ``max_actions`` were taken; with ``slack``, or until a step is visited
    out of the tutorial's order (see :func:`in_order`: a seed search gives up on that deal)."""
    tutorial = tutorial_of(game)
    seed = tutorial.seed if seed is None else seed
    spec = games.spec(game)
    state = spec.new_game(players=tutorial.players, seed=seed, **tutorial.options)
    out = Walk(tutorial, state, seed)
    while not state.is_terminal() and len(out.actions) < max_actions:
        lesson = tutorial.lesson(state, tutorial.seat)
        out.lessons.append((len(out.actions), lesson))
        for page in lesson.pages if lesson is not None else ():
            seen = (page.step, page.kind, page.number, len(out.actions))
            if not out.visits or out.visits[-1][:2] != seen[:2]:
                out.visits.append(seen)
        if lesson is not None and any(p.kind == "end" for p in lesson.pages):
            out.ended = True
            break
        if slack is not None and not in_order(out, slack):
            break
        player = state.current_player
        if player == tutorial.seat:
            assert lesson is not None and lesson.actions, "the learner is not told what to do"
            action = lesson.actions[0]
        else:
            action = choose(tutorial.bot, bot_seed(seed, player, len(out.actions)), state)
        state.apply(action)
        out.actions.append(action)
    return out
