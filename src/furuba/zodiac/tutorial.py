"""The guided first game of Friends of the Zodiac: :data:`TUTORIAL`.

The learner plays first at a table of three with two normal bots. The lessons are read off what the
learner may know — their hand, the circle, the center, the public log and their own draws — so
they never know more than the learner does, and they stay right whatever happens.

The first turn teaches the three actions one by one (draw a card, play a memory, move Tohru). From
the second turn on, the lesson looks for a way to befriend a Sohma this turn with the cards in
hand (never a card still to be drawn): a few actions — events, memories, moves — that bring Tohru
next to a Sohma whose symbols the center shows. It names that way's first action, explaining
what an event does and how symbols match; when there is none, it names a simple useful action.
After the first friend, it says how the game ends and offers a real game.

The chosen deal's story (its seed: see :data:`TUTORIAL`): the three actions, the Sohma beside
Tohru flipped at the end of the turn, then on the second turn an event that takes Tohru to a
Sohma the center already matches — the first friend.

>>> from furuba.zodiac import new_game
>>> state = new_game(players=TUTORIAL.players, seed=TUTORIAL.seed, **TUTORIAL.options)
>>> [page.step for page in TUTORIAL.lesson(state, TUTORIAL.seat).pages]
['welcome', 'three_actions', 'draw']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from furuba.core.deck import NUM_SOHMAS
from furuba.core.protocol import State
from furuba.tutorial import Lesson, Page, Script, Tutorial, cards, said
from furuba.tutorial import action as choice
from furuba.zodiac.actions import (
    A_DISCARD,
    A_MOVE,
    A_OPTION,
    A_PLAY,
    A_SOHMA,
    DRAW,
    MOVE,
)
from furuba.zodiac.befriend import missing_symbols
from furuba.zodiac.codes import HAND_LIMIT, P_FLIP, P_MAIN
from furuba.zodiac.state import GameState

KEY = "tutorial.zodiac."
STEPS = ("welcome", "three_actions", "draw", "memory", "move", "flip", "symbols", "event",
         "befriend", "game_end", "end")
"""The steps in the order the story reaches them."""
PLAN_DECISIONS = 7
"""The most decisions a plan to befriend this turn may take (actions and their choices)."""
PLAN_NODES = 600
"""The most positions a search for such a plan looks at (it runs while the server waits)."""


def sohma(index: int) -> dict[str, Any]:
    """An argument naming the Sohma at ``index`` of the circle."""
    return said(f"{KEY}sohma.{index}")


@dataclass
class Story:
    """What the learner knows has happened (from the log: public entries and their own)."""

    learner: int
    turns: int = 0
    """The learner's turns begun so far (this one included)."""
    acted_this_turn: bool = False
    end_flip: int = -1
    """The Sohma flipped at the end of the learner's last turn (-1: none yet)."""
    friend: int = -1
    """The Sohma the learner befriended last (-1: none yet)."""
    friend_seen: bool = False
    """The learner acted after that befriending (its page was shown)."""
    done: set[str] = field(default_factory=set)

    @property
    def reached(self) -> int:
        """The number of the furthest step done (0: none yet)."""
        return max((STEPS.index(s) + 1 for s in self.done if s in STEPS), default=0)


def read_story(state: GameState, learner: int) -> Story:
    """The story so far. Only public entries and the learner's own are read in detail."""
    story = Story(learner)
    rules = state.rules
    mine_turn = False
    for actor, code, a, b in state.log_entries():
        if code == "turn":
            mine_turn = actor == learner
            story.turns += mine_turn
            story.acted_this_turn = False
            continue
        if not mine_turn:
            continue
        if code == "flip" and b:
            story.end_flip = a
            continue
        if code == "befriend":
            story.friend, story.friend_seen = a, False
            continue
        if code in ("draw", "play", "move", "option", "put_away", "discard", "take", "flip"):
            _learner_acted(story, code, a, rules.is_memory(a) if code == "play" else False)
    return story


def _learner_acted(story: Story, code: str, kind: int, memory: bool) -> None:
    story.acted_this_turn = True
    story.done |= {"welcome", "three_actions"}
    if story.turns >= 2:
        story.done |= {"flip", "symbols"}
    if story.friend >= 0:
        story.friend_seen = True
        story.done.add("befriend")
    if code == "draw" and story.turns == 1:
        story.done.add("draw")
    elif code == "play":
        story.done.add("memory" if memory else "event")
    elif code == "move" and story.turns == 1:
        story.done.add("move")


# -- a way to befriend this turn ----------------------------------------------------------------
def plan_friend(state: GameState, learner: int) -> list[int] | None:
    """The shortest way for ``learner`` to befriend a Sohma this turn with the cards in hand, as
    the actions to take (one that plays an event when several are as short), or ``None``.

    Only actions whose outcome the learner can foresee are tried: moving Tohru, playing a card
    already in hand (a memory's draw is taken but never played), an event's choices, putting a
    memory away. Drawing, or a choice of another player, ends the search on that path. Tohru is
    sent only next to a Sohma the memories in hand could complete, and a position reached twice
    is searched once.
    """
    if state.turn != learner or state.current_player != learner:
        return None
    before = state.friendship_count(learner)
    found: list[list[int]] = []
    seen: set[tuple[Any, ...]] = set()

    def search(s: GameState, path: list[int], held: list[int]) -> None:
        if s.friendship_count(learner) > before:
            found.append(list(path))
            return
        key = (s.tohru, tuple(sorted(s.center)), tuple(sorted(held)), s.flipped, s.tohru_back,
               s.actions_taken, s.pending, s.limbo, s.queue)
        if len(path) >= PLAN_DECISIONS or key in seen or s.is_terminal() \
                or s.current_player != learner or s.turn != learner or not _hopeful(s, held):
            return
        seen.add(key)
        if len(seen) > PLAN_NODES:
            return
        for action in _tries(s, held):
            nxt = s.clone()
            nxt.apply(action)
            rest = list(held)
            code, arg = s.rules.actions.decode(action)
            if code == A_PLAY:
                rest.remove(arg)
            search(nxt, [*path, action], rest)

    search(state, [], list(state.hands[learner]))
    if not found:
        return None
    return min(found, key=lambda path: (len(path), not _plays_event(state, path)))


def _tries(state: GameState, held: list[int]) -> list[int]:
    """The actions worth trying in a search for a friend (see :func:`plan_friend`)."""
    rules = state.rules
    memories = sum(1 for k in held if rules.is_memory(k))
    out = []
    for action in state.legal_actions():
        code, arg = rules.actions.decode(action)
        if action == DRAW or code == A_DISCARD or (code == A_PLAY and arg not in held):
            continue
        if code == A_SOHMA and not _within_reach(state, arg, memories):
            continue
        out.append(action)
    return out


def _ops(state: GameState, kinds: list[int]) -> set[str]:
    """What the events among ``kinds`` (and the one being played) may do: their steps' ops."""
    rules = state.rules
    steps = [*state.queue, *(step for k in kinds if not rules.is_memory(k)
                            for step in rules.event_steps[k - rules.num_memory_kinds])]
    ops: set[str] = set()
    while steps:
        step = steps.pop()
        ops.add(str(step[0]))
        if step[0] == "choice":
            steps.extend(s for option in step[2] for s in option)
    return ops


def _hopeful(state: GameState, held: list[int]) -> bool:
    """Whether some Sohma may still be befriended this turn: one the learner has not befriended,
    with a card left, Tohru able to get there (a move per action left, or an event in hand that
    moves her), and the center, with the memories in hand added, showing what its side asks for
    (either side if an event in hand flips Sohmas; one symbol less if Tohru's wild side is or may
    be up)."""
    rules, team = state.rules, state.team_of(state.turn)
    have = [0] * len(rules.symbol_ids)
    for kind in (*state.center, *(k for k in held if rules.is_memory(k))):
        have[rules.memory_symbol[kind]] += 1
    ops = _ops(state, held)
    travel = bool(ops & {"move", "move_to"})
    wild = int(rules.tohru_wild[int(state.tohru_back)] or "flip_tohru" in ops)
    steps = 3 - state.actions_taken
    for i in range(NUM_SOHMAS):
        if state.fmask[team] >> i & 1 or not state.stacks[i]:
            continue
        if not travel and (i - state.tohru) % NUM_SOHMAS > steps:
            continue
        sides = (0, 1) if "flip" in ops else (state.flipped >> i & 1,)
        for side in sides:
            need = rules.needs[i][side]
            if sum(max(0, n - have[k]) for k, n in enumerate(need)) <= wild:
                return True
    return False


def _within_reach(state: GameState, target: int, memories: int) -> bool:
    """Whether sending Tohru to (or flipping) ``target`` may lead to a friend: a Sohma the
    learner has not befriended, with a card left, missing no more symbols than the memories in
    hand (and Tohru's wild symbol) could give."""
    if state.fmask[state.team_of(state.turn)] >> target & 1 or not state.stacks[target]:
        return False
    if state.pending == P_FLIP:
        return (target - state.tohru) % NUM_SOHMAS <= 2
    side = state.flipped >> target & 1
    wild = 1 if state.rules.tohru_wild[int(state.tohru_back)] else 0
    return missing_symbols(state.rules, state.center, target, side) <= memories + wild


def _plays_event(state: GameState, path: list[int]) -> bool:
    rules = state.rules
    for action in path:
        code, arg = rules.actions.decode(action)
        if code == A_PLAY and not rules.is_memory(arg):
            return True
    return False


# -- pages --------------------------------------------------------------------------------------
SCRIPT = Script(KEY, STEPS)
_page = SCRIPT.page


def _numbered(pages: Sequence[Page], story: Story) -> Lesson:
    """The pages numbered by their steps' places (:meth:`Script.numbered`)."""
    return SCRIPT.numbered(pages, story.reached)


def _card(state: GameState, action: int) -> dict[str, Any]:
    return cards([state.rules.kind_names[state.rules.actions.decode(action)[1]]])


def _plan_page(state: GameState, story: Story, plan: list[int]) -> Page:
    """The page for the first action of a way to befriend: what it does, and for whom."""
    target = _target(state, plan)
    action = plan[0]
    code, arg = state.rules.actions.decode(action)
    if code == A_PLAY and not state.rules.is_memory(arg):
        key = "event" if "event" not in story.done else "plan_event"
        return _page("event", "do", key, [action], card=_card(state, action), sohma=target)
    step = "plan"
    if code == A_PLAY:
        return _page(step, "do", "plan_memory", [action], card=_card(state, action), sohma=target)
    if code == A_MOVE:
        return _page(step, "do", "plan_move", [action], sohma=target)
    if code == A_OPTION:
        return _page(step, "do", "plan_option", [action], sohma=target, option=choice(action))
    if code == A_SOHMA:
        return _page(step, "do", "plan_choose", [action], sohma=target, chosen=sohma(arg))
    return _page(step, "do", "plan_put_away", [action], sohma=target, card=_card(state, action))


def _target(state: GameState, plan: list[int]) -> dict[str, Any]:
    """The Sohma the plan befriends: where Tohru is when it is done."""
    s = state.clone()
    for action in plan:
        s.apply(action)
    return sohma(s.tohru)


def _first_turn(state: GameState, story: Story) -> list[Page]:
    """The learner's first turn: one action of each kind."""
    pages = [] if story.acted_this_turn else [_page("welcome", "look"),
                                              _page("three_actions", "look")]
    hand = state.hands[story.learner]
    memories = sorted(k for k in hand if state.rules.is_memory(k))
    if "draw" not in story.done and len(hand) < HAND_LIMIT and state.can_draw():
        return [*pages, _page("draw", "do", actions=[DRAW])]
    if "memory" not in story.done and memories:
        play = state.rules.actions.play(memories[0])
        return [*pages, _page("memory", "do", actions=[play], card=_card(state, play))]
    to = (state.tohru + 1) % NUM_SOHMAS
    return [*pages, _page("move", "do", actions=[MOVE], sohma=sohma(to))]


def _simple(state: GameState, story: Story) -> Page:
    """No way to befriend this turn: a simple useful action (or a choice, its first option)."""
    learner = story.learner
    if state.pending != P_MAIN:
        return _page("choose", "do", actions=state.legal_actions()[:1])
    hand = state.hands[learner]
    if len(hand) < HAND_LIMIT and state.can_draw():
        return _page("draw_more", "do", actions=[DRAW])
    memories = sorted(k for k in hand if state.rules.is_memory(k))
    if memories and len(state.center) < 4:
        play = state.rules.actions.play(memories[0])
        return _page("memory_more", "do", actions=[play], card=_card(state, play))
    return _page("move_more", "do", actions=[MOVE], sohma=sohma((state.tohru + 1) % NUM_SOHMAS))


def _friend_pages(story: Story) -> list[Page]:
    """The first friend is made: what befriending is, how the game ends, and the end."""
    return [_page("befriend", "look", sohma=sohma(story.friend)), _page("game_end", "look"),
            _page("end", "end")]


def _decision(state: GameState, story: Story) -> list[Page]:
    """The learner must decide: what just happened, then what to do."""
    if story.turns <= 1:
        if state.pending == P_MAIN:
            return _first_turn(state, story)
        return [_simple(state, story)]
    pages = []
    if story.turns == 2 and not story.acted_this_turn:
        if story.end_flip >= 0:
            pages.append(_page("flip", "look", sohma=sohma(story.end_flip)))
        pages.append(_page("symbols", "look"))
    if story.friend >= 0:
        return _friend_pages(story)
    plan = plan_friend(state, story.learner)
    return [*pages, _plan_page(state, story, plan) if plan else _simple(state, story)]


def lesson(state: State, learner: int) -> Lesson | None:
    """What to teach the learner at ``learner`` now (see the module docstring)."""
    assert isinstance(state, GameState)
    story = read_story(state, learner)
    if state.is_terminal() or story.friend_seen:
        return _numbered([_page("end", "end")], story)
    if state.current_player != learner:
        if story.friend >= 0:
            return _numbered(_friend_pages(story), story)
        return _numbered([_page("wait", "wait")], story)
    return _numbered(_decision(state, story), story)


TUTORIAL = Tutorial(players=3, options={}, seed=4, seat=0, lesson=lesson, steps=STEPS)
"""Friends of the Zodiac's guided first game. Seed 4 was found with ``scripts/tutorial_seeds.py``:
the shortest story that shows every step in order — Hatsuharu, next to Tohru when the learner's
first turn ends, flips; on the second turn the event Lost Again takes Tohru back to him, and the
center already shows what his side asks for: the first friend, 11 actions in."""
