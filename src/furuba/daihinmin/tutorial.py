"""The guided first game of Dai Hin Min: :data:`TUTORIAL`.

The learner plays at a table of four with three normal bots. The lessons are read off the learner's
own view (their hand, the pile, the public log and what they were told privately), so they never
know more than the learner does, and they stay right whatever happens. At each of the learner's
decisions the lesson names one play — the natural one for a beginner: lead your lowest set, beat
with the lowest set that beats, pass when no set of naturals does, go out when you can, give your
lowest cards — so the story is the same every time.

The story of the chosen deal: in round 1 the learner leads, beats, passes, sees the pile swept
away and the others go out, and finishes last; the titles make them the Poor Man of round 2, who
is dealt both jokers and declares a revolution, leads the round counterclockwise and goes out
first; in round 3, as the Rich Man, they choose the two cards to give the Poor Man, and see the
cards change hands. Then the guided part ends and the game goes on for real.

>>> from furuba.daihinmin import new_game
>>> state = new_game(players=4, seed=TUTORIAL.seed, **TUTORIAL.options)
>>> [page.step for page in TUTORIAL.lesson(state, TUTORIAL.seat).pages][:2]
['welcome', 'order']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from furuba.core.protocol import JSON, ActionInfo, State
from furuba.daihinmin.ranks import RANK_NAMES
from furuba.tutorial import Lesson, Page, Script, Tutorial, cards, said, seat

KEY = "tutorial.daihinmin."
STEPS = ("welcome", "order", "lead", "beat", "pass", "sweep", "out", "titles", "revolution",
         "counterclockwise", "go_out", "exchange", "swapped", "end")
"""The steps in the order the story reaches them."""
TITLE_KEYS = {"Rich Man": "rich_man", "Second Richest": "second_richest", "Merchant": "merchant",
              "Second Poorest": "second_poorest", "Poor Man": "poor_man"}
"""A title as the view names it → its key in the catalog (``tutorial.daihinmin.title.<key>``)."""
GUIDED_ROUNDS = 3
"""The guided part ends once round 3 is being played (its exchange done)."""


@dataclass
class Story:
    """What the learner's view tells of the game so far (each ``*_at`` is an event's ``n``)."""

    learner: int
    round_at: int = 0
    """This round's ``round`` event."""
    mine_at: int = 0
    """The learner's last decision (a play, a pass, a revolution answer, a gift)."""
    pile_empty: bool = True
    first_clear_at: int = 0
    first_clear_leader: int = -1
    first_out_at: int = 0
    first_out: tuple[int, int] = (-1, 0)
    """(player, points) of the first player other than the learner to go out."""
    revolution_at: int = 0
    """This round's declared revolution."""
    led_since_revolution: bool = False
    """The learner played or passed since that revolution."""
    swap_at: int = 0
    swap: tuple[list[str], list[str]] = ([], [])
    """What the learner gave and got in this round's exchange."""
    last_round: JSON | None = None
    """The last ``round end`` event."""
    done: set[str] = field(default_factory=set)
    """The steps the learner has been through (acted at, or acted after being shown)."""

    def read(self, entry: JSON) -> None:
        """Take in one log entry (public ones have ``n``; the learner's private ones ``after``)."""
        kind, n = entry.get("event"), int(entry.get("n") or entry.get("after") or 0)
        if entry.get("player") == self.learner and kind in ("play", "pass", "revolution", "gift"):
            self._mine(str(kind), n, entry)
        if kind == "round":
            self.round_at, self.pile_empty, self.revolution_at, self.swap_at = n, True, 0, 0
        elif kind == "round end":
            self.last_round = entry
        elif kind == "clear":
            self.pile_empty = True
            if not self.first_clear_at:
                self.first_clear_at, self.first_clear_leader = n, int(entry["leader"])
        elif kind == "out" and entry["player"] != self.learner and not self.first_out_at:
            self.first_out_at, self.first_out = n, (int(entry["player"]), int(entry["points"]))
        elif kind == "out" and entry["player"] == self.learner and int(entry["points"]) > 0:
            self.done.add("go_out")
        elif kind == "revolution" and entry["declared"]:
            self.revolution_at, self.led_since_revolution = n, False
        elif kind == "swap" and entry["player"] == self.learner:
            self.swap_at, self.swap = n, (list(entry["gave"]), list(entry["got"]))
        if kind == "play":
            self.pile_empty = False

    def _mine(self, kind: str, n: int, entry: JSON) -> None:
        """The learner decided: the steps shown at that decision are done."""
        shown = {"welcome", "order"}
        if kind == "play":
            shown.add("lead" if self.pile_empty else "beat")
        elif kind == "pass":
            shown.add("pass")
        elif kind == "gift":
            shown.add("exchange")
        elif entry.get("declared"):
            shown.add("revolution")
        for step, at in (("sweep", self.first_clear_at), ("out", self.first_out_at),
                         ("titles", self.round_at if self.last_round else 0),
                         ("swapped", self.swap_at)):
            if at > self.mine_at:
                shown.add(step)
        if self.revolution_at and kind in ("play", "pass"):
            shown.add("counterclockwise")
            self.led_since_revolution = True
        self.done |= shown
        self.mine_at = n

    @property
    def reached(self) -> int:
        """The number of the furthest step done (0: none yet)."""
        return max((STEPS.index(s) + 1 for s in self.done if s in STEPS), default=0)


def read_story(view: JSON, learner: int) -> Story:
    """The story so far, from the learner's view."""
    story = Story(learner)
    for entry in view.get("log", []):
        story.read(entry)
    return story


SCRIPT = Script(KEY, STEPS)
_page = SCRIPT.page


def _numbered(pages: Sequence[Page], story: Story) -> Lesson:
    """The pages numbered by their steps' places (:meth:`Script.numbered`)."""
    return SCRIPT.numbered(pages, story.reached)


def _level(rank: str | None) -> int:
    return RANK_NAMES.index(rank) if rank in RANK_NAMES else -1


def choose_play(infos: Sequence[ActionInfo], hand_size: int) -> ActionInfo | None:
    """A beginner's play: go out if one set can; else the lowest set of naturals that may be
    played (every card of that rank when leading); ``None`` to pass (or when there is no play)."""
    plays = [a for a in infos if a["kind"] == "play"]
    out = [a for a in plays if a["params"]["count"] == hand_size]
    if out:
        return min(out, key=lambda a: a["params"]["jokers"])
    natural = [a for a in plays if a["params"]["jokers"] == 0 and a["params"]["naturals"]]
    if not natural:
        leading = not any(a["kind"] == "pass" for a in infos)
        return max(plays, key=lambda a: a["params"]["count"]) if leading and plays else None
    return min(natural, key=lambda a: (_level(a["params"]["rank"]), -a["params"]["count"]))


def _play_pages(story: Story, view: JSON, infos: Sequence[ActionInfo]) -> list[Page]:
    """The learner must play or pass: what just happened, then what to do."""
    pages: list[Page] = []
    if story.first_clear_at > story.mine_at:
        leader = story.first_clear_leader
        pages.append(_page("sweep", "look", "sweep_you" if leader == story.learner else "sweep",
                           leader=seat(leader)))
    if story.first_out_at > story.mine_at:
        player, points = story.first_out
        pages.append(_page("out", "look", player=seat(player), count=points))
    if story.revolution_at and not story.led_since_revolution:
        pages.append(_page("counterclockwise", "look"))
    if story.swap_at > story.mine_at:
        gave, got = story.swap
        pages.append(_page("swapped", "look", gave=cards(gave), got=cards(got)))
    if view["round"] >= GUIDED_ROUNDS:
        return [*pages, _end_page()]
    hand = list(view.get("hand", []))
    choice = choose_play(infos, len(hand))
    top = view["pile"][-1]["cards"] if view["pile"] else []
    if choice is None:
        passing = next(a["id"] for a in infos if a["kind"] == "pass")
        key = "pass_more" if "pass" in story.done else "pass"
        return [*pages, _page("pass", "do", key, [passing], top=cards(top))]
    played = cards(choice["params"]["cards"])
    if choice["params"]["count"] == len(hand):
        return [*pages, _page("go_out", "do", actions=[choice["id"]], play=played)]
    if not top:
        key = "lead_more" if "lead" in story.done else "lead"
        return [*pages, _page("lead", "do", key, [choice["id"]], play=played,
                              count=choice["params"]["count"])]
    key = "beat_more" if "beat" in story.done else "beat"
    return [*pages, _page("beat", "do", key, [choice["id"]], play=played, top=cards(top),
                          count=len(top))]


def _titles_page(story: Story) -> list[Page]:
    """At the learner's first decision of round 2: what the titles of round 1 are."""
    last = story.last_round
    if last is None or story.mine_at > story.round_at or last.get("round") != 1:
        return []
    titles = last.get("titles") or []
    order = [int(p) for p in last.get("order", [])]
    mine = TITLE_KEYS.get(titles[story.learner], "merchant") if titles else "merchant"
    key = "titles_rich" if order[0] == story.learner else "titles"
    return [_page("titles", "look", key, rich=seat(order[0]), title=said(f"{KEY}title.{mine}"))]


def _start_pages(story: Story, view: JSON, infos: Sequence[ActionInfo]) -> list[Page]:
    """The revolution question and the exchange, at the start of a round after the first."""
    pages = _titles_page(story)
    if view["phase"] == "revolution":
        declare = [a["id"] for a in infos if a["kind"] == "revolution" and a["params"]["declare"]]
        if declare:
            return [*pages, _page("revolution", "do", actions=declare)]
        quiet = [a["id"] for a in infos if a["kind"] == "revolution"]
        return [*pages, _page("keep_quiet", "do", actions=quiet)]
    due = view.get("must_give") or {}
    count = int(due.get("count", 1))
    given = list(view.get("giving") or [])
    gifts = lowest_gifts(infos, count - len(given))
    key = ("exchange" if count > 1 else "exchange_one") if not given else "exchange_more"
    chosen = [card for _gift, card in gifts]
    page = _page("exchange", "do", key, list(dict.fromkeys(g["id"] for g, _card in gifts)),
                 count=count, to=seat(int(due.get("to", -1))), back=int(due.get("back", count)),
                 card=cards(chosen[:1]))
    return [*pages, _marked(page, chosen)]


def lowest_gifts(infos: Sequence[ActionInfo], left: int) -> list[tuple[ActionInfo, str]]:
    """The gifts of the ``left`` lowest cards the learner may give (jokers last: they are wild in
    sets), lowest first, each with the card it gives."""
    gifts = sorted((a for a in infos if a["kind"] == "give"),
                   key=lambda a: (bool(a["params"]["joker"]), _level(a["params"]["rank"])))
    return [(gift, card) for gift in gifts for card in gift["params"]["cards"]][:max(1, left)]


def _marked(page: Page, names: Sequence[str]) -> Page:
    return Page(page.step, page.key, page.kind, page.number, page.args, page.actions,
                tuple(names))


def _end_page() -> Page:
    return _page("end", "end")


def _wait_page(story: Story, view: JSON) -> Page:
    out = story.learner in view.get("finished", [])
    return _page("wait", "wait", "wait_out" if out else "wait", hurry=out)


def lesson(state: State, learner: int) -> Lesson | None:
    """What to teach the learner at ``learner`` now (see the module docstring)."""
    view = state.view(learner)
    story = read_story(view, learner)
    if state.is_terminal():
        return _numbered([_end_page()], story)
    past = view["round"] > GUIDED_ROUNDS or (view["round"] == GUIDED_ROUNDS
                                              and view["phase"] == "play")
    if state.current_player != learner:
        return _numbered([_end_page() if past else _wait_page(story, view)], story)
    infos = state.legal_action_infos()
    if view["phase"] in ("revolution", "exchange"):
        pages = _start_pages(story, view, infos)
    else:
        pages = _titles_page(story) + _play_pages(story, view, infos)
    if story.mine_at == 0 and view["round"] == 1:
        pages = [_page("welcome", "look"), _page("order", "look"), *pages]
    return _numbered(pages, story)


TUTORIAL = Tutorial(players=4, options={}, seed=2204, seat=0, lesson=lesson, steps=STEPS)
"""Dai Hin Min's guided first game. Seed 2204 was found by following the tutorial
(``scripts/tutorial_seeds.py``, slack 1) over the deals that put the learner on the first dealer's
left (so their first decision is a lead) and deal the last seat of round 2 — the Poor Man's, should
the learner finish round 1 last — both jokers: the learner finishes round 1 last, declares the
revolution, goes out first in round 2 (with a 7 and both jokers), and every step comes in order,
in 139 actions."""
