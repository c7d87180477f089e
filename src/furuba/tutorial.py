"""A game's guided first game: :class:`Tutorial`, and the :class:`Lesson` it gives at each position.

A game that teaches itself sets :attr:`furuba.spec.GameSpec.tutorial` to a loader of a
:class:`Tutorial`: the table to make (players, options, a fixed seed, the learner's seat, the
bots) and a function ``lesson(state, seat)`` that says what to teach *now*. Lessons are computed
from the position alone — what the learner holds and knows, the phase, what just happened — so
they stay right whatever happens; with the fixed seed and bots that decide from the table's seed,
the story is the same every time.

A lesson is one or more :class:`Page` s, shown in order. A page either asks the learner to act
(``do``: the actions it accepts, which a page highlights), asks them to look (``look``: read, then
Continue), says the others are playing (``wait``), or ends the guided part (``end``: the offer
of a real game). Its words are a message key with arguments: the key's text is in the web
catalogs, and the arguments are data a page puts into words (:func:`seat`, :func:`action`,
:func:`cards`, :func:`said`), never words in one language.

>>> page = Page("sweep", "tutorial.example.sweep", "look", 4, {"leader": seat(2)})
>>> Lesson((page,), total=9).to_json()["pages"][0]
{'step': 'sweep', 'key': 'tutorial.example.sweep', 'kind': 'look', 'number': 4, \
'args': {'leader': {'seat': 2}}, 'actions': [], 'cards': []}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from furuba.core.protocol import JSON, State

PageKind = Literal["look", "do", "wait", "end"]
"""``do``: take one of the page's actions; ``look``: read, then Continue; ``wait``: the others
are playing; ``end``: the guided part is over (the offer of a real game)."""


@dataclass(frozen=True, slots=True)
class Page:
    """One step of a lesson: what to say (a message key and its arguments) and what to do."""

    step: str
    """The step's id (``"sweep"``): a page once dismissed by Continue is not shown again."""
    key: str
    """The message key of its text (``tutorial.<game>.<step>``)."""
    kind: PageKind
    number: int
    """Its place in the tutorial (``Step 3 of 12``), from 1."""
    args: Mapping[str, Any] = field(default_factory=dict)
    """The text's arguments, as data (see the module docstring)."""
    actions: tuple[int, ...] = ()
    """The actions a ``do`` page accepts (any one of them); empty for the other kinds."""
    cards: tuple[str, ...] = ()
    """The cards the page points at (a page highlights them), when not those of its actions."""
    hurry: bool = False
    """A ``wait`` page with nothing for the learner to follow (out of the round, say): the
    table's bots may play at the server's own pace rather than the learner's."""

    def __post_init__(self) -> None:
        if (self.kind == "do") != bool(self.actions):
            raise ValueError(f"page {self.step}: a 'do' page and only a 'do' page has actions")

    def to_json(self) -> JSON:
        return {"step": self.step, "key": self.key, "kind": self.kind, "number": self.number,
                "args": dict(self.args), "actions": list(self.actions), "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class Lesson:
    """What to teach at one position: its pages in order, and how many steps the tutorial has."""

    pages: tuple[Page, ...]
    total: int

    @property
    def actions(self) -> tuple[int, ...]:
        """The actions the lesson accepts now (its ``do`` page's), or ``()``."""
        return next((p.actions for p in self.pages if p.kind == "do"), ())

    @property
    def hurry(self) -> bool:
        """Whether the learner has nothing to follow now (every page says so)."""
        return bool(self.pages) and all(p.hurry for p in self.pages)

    def to_json(self) -> JSON:
        """The lesson as the learner's view carries it (``view["lesson"]``, docs/WEB-API.md)."""
        return {"total": self.total, "pages": [p.to_json() for p in self.pages]}


LessonFn = Callable[[State, int], Lesson | None]
"""``lesson(state, seat)``: what to teach the learner at ``seat`` now (``None``: nothing)."""


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A guided first game: the table to make and the lessons to give at it."""

    players: int
    options: Mapping[str, Any]
    """The game's options (``players`` aside), as ``new_game`` takes them."""
    seed: int
    """The deal: chosen so that the story shows every step early (each game says why)."""
    seat: int
    """The learner's seat; every other seat is a bot."""
    lesson: LessonFn
    steps: tuple[str, ...]
    """Every step id, in the order the story reaches them (tests check that each is reached)."""
    bot: str = "normal"
    """The bots' spec: normal ones (a short search), which decide from the table's seed."""

    def seats(self) -> list[str]:
        """The table's seats: ``"human"`` for the learner, the bot spec for the others."""
        return ["human" if i == self.seat else self.bot for i in range(self.players)]


def seat(player: int) -> JSON:
    """An argument naming a player (a page says their name, or "you")."""
    return {"seat": player}


def action(action_id: int) -> JSON:
    """An argument naming a legal action (a page says it as the game's module words it)."""
    return {"action": action_id}


def cards(names: Sequence[str]) -> JSON:
    """An argument naming cards (a page says them as the game's module words cards)."""
    return {"cards": list(names)}


def said(key: str, **args: Any) -> JSON:
    """An argument that is itself a text of the catalog (a Sohma's name, a title)."""
    return {"t": key, "args": args}


@dataclass(frozen=True, slots=True)
class Script:
    """A tutorial's step ids in the order its story reaches them, and the prefix of its message
    keys: what makes its pages.

    >>> script = Script("tutorial.example.", ("welcome", "sweep", "end"))
    >>> lesson = script.numbered([script.page("sweep", "look", leader=seat(2))], reached=1)
    >>> lesson.pages[0].key, lesson.pages[0].number, lesson.total
    ('tutorial.example.sweep', 2, 3)
    """

    key: str
    steps: tuple[str, ...]

    def page(self, step: str, kind: PageKind, key: str | None = None,
             actions: Sequence[int] = (), *, hurry: bool = False, **args: Any) -> Page:
        """A page of ``step`` (its text: the key ``key``, by default the step's own), numbered
        0 until :meth:`numbered`."""
        return Page(step, self.key + (key or step), kind, 0, args, tuple(actions), hurry=hurry)

    def numbered(self, pages: Sequence[Page], reached: int) -> Lesson:
        """The pages numbered by their steps' places, never behind the furthest step done
        (``reached``) nor behind the page before."""
        out = []
        for p in pages:
            reached = max(reached, self.steps.index(p.step) + 1 if p.step in self.steps else 1)
            out.append(replace(p, number=reached))
        return Lesson(tuple(out), len(self.steps))



@dataclass(frozen=True, slots=True)
class TutorialKit:
    """What a game that teaches itself registers in its spec: ``tutorial``, a loader
    (:func:`furuba.spec.lazy`) of its :class:`Tutorial`. Tutorials look it up
    (``spec.kit_or_none(TutorialKit)``: a game without one has no guided first game)."""

    tutorial: Callable[[], Tutorial]
