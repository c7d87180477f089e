"""The state of a Friends of the Zodiac game and the rules that move it forward.

A turn is 3 actions (draw, play a memory, play an event, move Tohru). Sub-choices — an event's
option, a Sohma to move to or flip, a memory to put away, a card to discard down to 4 — are
actions too, taken by whoever must decide (:attr:`GameState.current_player`).

Resolution is a small queue of effect steps (see :mod:`furuba.zodiac.rules`); when a step needs a
decision the queue waits in the state until the decision arrives. Everything a state holds is an
int or a tuple, so :meth:`GameState.clone` copies references only.

>>> from furuba.zodiac import new_game
>>> s = new_game(players=2, seed=1)
>>> s.current_player, s.legal_action_strings()[:2]
(0, ['draw', 'move'])
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Self, TypeVar, cast

from furuba.core.deck import NUM_SOHMAS
from furuba.core.errors import FurubaError, IllegalActionError
from furuba.core.protocol import JSON, TERMINAL, ActionInfo, State, action_id
from furuba.core.rng import fresh_seed, shuffle, shuffled
from furuba.zodiac.actions import (
    A_CENTER,
    A_DISCARD,
    A_DRAW,
    A_MOVE,
    A_OPTION,
    A_PLAY,
    A_SOHMA,
    A_TAKE,
    DRAW,
    MOVE,
    action_info,
)
from furuba.zodiac.befriend import befriendable
from furuba.zodiac.codes import (
    ACTIONS_PER_TURN,
    CENTER_LIMIT,
    COOP_LOST,
    COOP_WON,
    FINISHED,
    HAND_LIMIT,
    HAND_SIZE,
    P_CENTER,
    P_DONE,
    P_FLIP,
    P_HAND,
    P_MAIN,
    P_MOVE_TO,
    P_OPTION,
    P_TAKE,
    PENDING_NAMES,
    RUNNING,
    TRUNCATED,
    Log,
    LogEntry,
)
from furuba.zodiac.reshuffle import split_unseen
from furuba.zodiac.rules import CStep, Rules
from furuba.zodiac.secrecy import log_seen_by, open_hands
from furuba.zodiac.serialize import state_from_json, state_to_json
from furuba.zodiac.text import _, card_text, cardset_texts
from furuba.zodiac.view import build_view

Turn = tuple["GameState", tuple[int, ...]]
"""A player's turn as the trail keeps it: the position before its first action, and every
action taken since (by anyone) until the next player's turn began."""


def _insert(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    return tuple(sorted((*hand, kind)))


def _remove(cards: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``cards`` without the last copy of ``kind``."""
    i = len(cards) - 1 - cards[::-1].index(kind)
    return cards[:i] + cards[i + 1:]


class GameState(State):
    """A Friends of the Zodiac position. Start one with :func:`furuba.zodiac.new_game`."""

    game_name = "zodiac"

    __slots__ = (
        "actions_taken",
        "box",
        "center",
        "counter",
        "deck",
        "discard",
        "ender",
        "final_left",
        "flipped",
        "fmask",
        "friends",
        "hands",
        "journal",
        "known",
        "limbo",
        "log",
        "log_len",
        "outcome",
        "pending",
        "pending_arg",
        "pending_player",
        "queue",
        "recording",
        "reshuffled",
        "round",
        "rules",
        "seed",
        "stacks",
        "tohru",
        "tohru_back",
        "trail",
        "turn",
    )

    rules: Rules
    seed: int
    counter: int
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    center: tuple[int, ...]
    limbo: int
    tohru: int
    tohru_back: bool
    flipped: int
    stacks: tuple[int, ...]
    friends: tuple[tuple[int, ...], ...]
    fmask: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    turn: int
    actions_taken: int
    round: int
    pending: int
    pending_player: int
    pending_arg: CStep | None
    queue: tuple[CStep, ...]
    ender: int
    final_left: int
    outcome: int
    log: Log
    log_len: int
    journal: tuple[tuple[int, int, str], ...]
    box: tuple[int, ...]
    """Cards out of play: empty in a dealt game; a hand-written position may set cards aside."""
    reshuffled: tuple[int, ...]
    """The discard pile the deck was last made from when it ran out (Z8), sorted: public, as
    the pile was face up; empty until the deck first runs out (:mod:`furuba.zodiac.reshuffle`)."""
    trail: tuple[Turn | None, ...]
    """Each player's latest turn: the position before its first action and the actions taken
    since, by anyone (for :mod:`furuba.zodiac.inference` to read how the others played). Not
    saved: a state read from JSON starts with none, and a game replayed from its record has it."""
    recording: bool
    """Whether :meth:`apply` keeps :attr:`trail` up to date: on in a game, off in the worlds the
    bots deal (they keep the trail they were dealt from, and a playout need not keep one)."""

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, seed: int) -> Self:
        """A new game: shuffle the play deck, deal 3 cards each, Tohru next to Yuki."""
        n = rules.options.players
        s: Self = cls.__new__(cls)
        s.rules, s.seed, s.counter = rules, seed, 1
        deck = shuffled(rules.deck, seed=seed, counter=0)
        hands = []
        for _i in range(n):
            hands.append(tuple(sorted(deck[-HAND_SIZE:])))
            del deck[-HAND_SIZE:]
        s.hands, s.deck, s.discard, s.center, s.limbo = tuple(hands), tuple(deck), (), (), -1
        s.tohru, s.tohru_back, s.flipped = 0, False, 0
        s.stacks = (rules.stack_size,) * NUM_SOHMAS
        teams = 1 if rules.options.coop else n
        s.friends, s.fmask, s.known = ((),) * teams, (0,) * teams, ((),) * n
        s.turn, s.actions_taken, s.round = 0, 0, 1
        s.pending, s.pending_player, s.pending_arg = P_MAIN, 0, None
        s.ender, s.final_left, s.outcome = -1, -1, RUNNING
        s.log, s.log_len, s.journal, s.box, s.reshuffled = None, 0, (), (), ()
        s.trail, s.recording = (None,) * n, True
        s._start_turn(0)
        s.resolve()
        return s

    def clone(self) -> Self:
        c = self.__class__.__new__(self.__class__)
        c.rules, c.seed, c.counter = self.rules, self.seed, self.counter
        c.hands, c.deck, c.discard, c.center = self.hands, self.deck, self.discard, self.center
        c.limbo, c.tohru, c.tohru_back, c.flipped = self.limbo, self.tohru, self.tohru_back, self.flipped
        c.stacks, c.friends, c.fmask, c.known = self.stacks, self.friends, self.fmask, self.known
        c.turn, c.actions_taken, c.round = self.turn, self.actions_taken, self.round
        c.pending, c.pending_player, c.pending_arg = self.pending, self.pending_player, self.pending_arg
        c.queue, c.ender, c.final_left, c.outcome = self.queue, self.ender, self.final_left, self.outcome
        c.log, c.log_len, c.journal, c.box = self.log, self.log_len, self.journal, self.box
        c.reshuffled = self.reshuffled
        c.trail, c.recording = self.trail, self.recording
        return c

    # -- protocol: who acts ------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.rules.options.players

    @property
    def current_player(self) -> int:
        return TERMINAL if self.outcome else self.pending_player

    def is_terminal(self) -> bool:
        return self.outcome != RUNNING

    @property
    def coop(self) -> bool:
        return self.rules.options.coop

    def team_of(self, player: int) -> int:
        """Index into :attr:`friends` for ``player`` (the whole team shares index 0 in co-op)."""
        return 0 if self.rules.options.coop else player

    def friendship_count(self, player: int) -> int:
        return len(self.friends[self.team_of(player)])

    # -- protocol: actions -------------------------------------------------------------------
    def num_distinct_actions(self) -> int:
        return self.rules.actions.size

    def can_draw(self) -> bool:
        """Whether a card can be drawn at all (Z6; co-op never reshuffles, Z14)."""
        return bool(self.deck) or (bool(self.discard) and not self.rules.options.coop)

    def legal_actions(self) -> list[int]:
        p = self.pending
        t = self.rules.actions
        if p == P_MAIN:
            hand = self.hands[self.pending_player]
            out = [DRAW, MOVE] if len(hand) < HAND_LIMIT and self.can_draw() else [MOVE]
            base = t.play(0)
            out.extend(base + k for k in sorted(set(hand)))
            return out
        if p == P_DONE:
            return []
        if p == P_OPTION:
            assert self.pending_arg is not None
            return [t.option(i) for i in range(len(self.pending_arg[1]))]
        if p == P_MOVE_TO:
            return [t.choose_sohma(i) for i in range(NUM_SOHMAS) if i != self.tohru]
        if p == P_FLIP:
            return [t.choose_sohma(i) for i in range(NUM_SOHMAS)]
        if p == P_CENTER:
            return [t.center_discard(k) for k in sorted(set(self.center))]
        if p == P_TAKE:
            m = self.rules.num_memory_kinds
            return [t.take(k) for k in sorted(set(self.discard)) if k < m]
        return [t.discard(k) for k in sorted(set(self.hands[self.pending_player]))]

    def action_to_string(self, action: object) -> str:
        a = action if type(action) is int else action_id(action)
        name = self.rules.actions.name(a)
        code, arg = self.rules.actions.decode(a)
        if code == A_OPTION and self.pending == P_OPTION and self.pending_arg is not None:
            labels = self.pending_arg[1]
            if arg < len(labels):
                return f"{name}: {labels[arg]}"
        return name

    # What comes from outside is taken as it comes (object, Any) and checked where it is used,
    # so that a compiled state refuses a bad value with a sentence, as the source does.
    def string_to_action(self, text: Any) -> int:
        try:
            return self.rules.actions.parse(text)
        except IllegalActionError:
            if self.pending == P_OPTION and self.pending_arg is not None:
                for i, label in enumerate(self.pending_arg[1]):
                    if " ".join(str(text).split()).lower() == label.lower():
                        return self.rules.actions.option(i)
            raise

    def action_info(self, action: Any) -> ActionInfo:
        """``action`` as data (kinds and params: :mod:`furuba.zodiac.actions`)."""
        return action_info(self, action)

    def describe_pending(self) -> str:
        """What the current player must decide, in words (in the current language)."""
        player = self.pending_player
        match self.pending:
            case 0:
                return _("player {player} takes action {number} of {count}").format(
                    player=player, number=self.actions_taken + 1, count=ACTIONS_PER_TURN)
            case 1:
                return _("player {player} chooses an option of {event}").format(
                    player=player, event=self._limbo_name())
            case 2:
                return _("player {player} chooses a Sohma to move Tohru to").format(player=player)
            case 3:
                return _("player {player} chooses a Sohma to flip").format(player=player)
            case 4:
                return _("player {player} chooses a memory to put away from the center").format(
                    player=player)
            case 5:
                return _("player {player} chooses a memory to take from the discard pile").format(
                    player=player)
            case 6:
                return _("player {player} discards down to {count} cards").format(
                    player=player, count=HAND_LIMIT)
        return _("the game is over")

    def _limbo_name(self) -> str:
        if self.limbo < 0:
            return _("the event")
        return card_text(self.rules.cardset, self.rules.kind_names[self.limbo])

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` is legal now (a main action is checked without listing them all).

        >>> from furuba.zodiac import new_game
        >>> s = new_game(players=2, seed=1)
        >>> all(s.is_legal(a) == (a in s.legal_actions()) for a in range(s.num_distinct_actions()))
        True

        Any integer is an id (numpy's too); anything else, ``bool`` included, is refused as in
        :meth:`apply` (:func:`~furuba.core.protocol.action_id`).
        """
        a = action if type(action) is int else action_id(action)
        if self.pending == P_MAIN:
            if a == MOVE:
                return True
            hand = self.hands[self.pending_player]
            if a == DRAW:
                return len(hand) < HAND_LIMIT and self.can_draw()
            return a - self.rules.actions.play(0) in hand
        return a in self.legal_actions()

    def apply(self, action: object) -> None:
        a = action if type(action) is int else action_id(action)  # or no action at all: refused
        if self.outcome:
            raise IllegalActionError(_("the game is over: no more actions"))
        if not self.is_legal(a):
            what = self.rules.actions.name(a)  # raises for what is no action id at all
            raise IllegalActionError(_("{action!r} is not legal now: {pending}").format(
                action=what, pending=self.describe_pending()))
        if self.recording:
            self._record(a)
        self.apply_unchecked(a)

    def _record(self, action: int) -> None:
        """Add ``action`` to the trail of the player whose turn it is (a new turn starts with a
        copy of the position before its first action)."""
        trail = list(self.trail)
        turn = trail[self.turn]
        if turn is None or turn[0].round != self.round:
            turn = (self.clone(), ())
        trail[self.turn] = (turn[0], (*turn[1], action))
        self.trail = tuple(trail)

    def apply_unchecked(self, action: int) -> None:
        """Apply ``action``, known to be legal, without checking it and without keeping it in
        :attr:`trail`: for readers that replay actions they checked (:mod:`~furuba.zodiac.inference`)."""
        code, arg = self.rules.actions.decode(action)
        player = self.pending_player
        if code == A_DRAW:
            self._draw(player)
            self.queue = (("end_action",),)
        elif code == A_MOVE:
            self._move_to(player, (self.tohru + 1) % NUM_SOHMAS)
            self.queue = (("end_action",),)
        elif code == A_PLAY:
            self.hands = self._with_hand(player, _remove(self.hands[player], arg))
            self._forget(player, arg)
            self._log(player, "play", arg)
            if self.rules.is_memory(arg):
                self.center = (*self.center, arg)
                if self.rules.options.true_friends:
                    self.journal = (*self.journal, (player, arg, ""))
                self.queue = (("overflow",), ("memory_draw",), ("end_action",))
            else:
                self.limbo = arg
                steps = self.rules.event_steps[arg - self.rules.num_memory_kinds]
                self.queue = (*steps, ("end_event",), ("end_action",))
        elif code == A_OPTION:
            assert self.pending_arg is not None
            self._log(player, "option", arg, self.pending_arg[1][arg])
            self.queue = self.pending_arg[2][arg] + self.queue
        elif code == A_SOHMA:
            if self.pending == P_MOVE_TO:
                self._move_to(player, arg)
            else:
                self._flip(player, arg)
        elif code == A_CENTER:
            self.center = _remove(self.center, arg)
            self.discard = (*self.discard, arg)
            self._log(player, "put_away", arg)
        elif code == A_TAKE:
            self.discard = _remove(self.discard, arg)
            self.hands = self._with_hand(player, _insert(self.hands[player], arg))
            known = list(self.known)
            known[player] = _insert(known[player], arg)
            self.known = tuple(known)
            self._log(player, "take", arg)
        elif code == A_DISCARD:
            self.hands = self._with_hand(player, _remove(self.hands[player], arg))
            self._forget(player, arg)
            self.discard = (*self.discard, arg)
            self._log(player, "discard", arg)
        self.pending_arg = None
        self.resolve()

    # -- resolution --------------------------------------------------------------------------
    def resolve(self) -> None:
        """Resolve queued steps until someone must decide or the game ends."""
        while True:
            if self.outcome:
                self.pending, self.pending_player = P_DONE, TERMINAL
                return
            hands = self.hands
            n = len(hands)
            for i in range(n):
                p = (self.turn + i) % n
                if len(hands[p]) > HAND_LIMIT:
                    self.pending, self.pending_player = P_HAND, p
                    return
            if not self.queue:
                self.pending, self.pending_player = P_MAIN, self.turn
                return
            step = self.queue[0]
            self.queue = self.queue[1:]
            if self._step(step):
                return

    def _decide(self, pending: int, arg: CStep | None = None) -> bool:
        self.pending, self.pending_player, self.pending_arg = pending, self.turn, arg
        return True

    def _step(self, step: CStep) -> bool:
        """Carry out one step; ``True`` when it leaves a decision pending."""
        op = step[0]
        turn = self.turn
        if op == "end_action":
            self._end_action()
        elif op == "memory_draw":
            self._draw(turn)
        elif op == "overflow":
            if len(self.center) > CENTER_LIMIT:
                return self._decide(P_CENTER)
        elif op == "turn_start":
            self._check_befriend()
            self._check_coop_loss()
        elif op == "move":
            self._move_to(turn, (self.tohru + step[1]) % NUM_SOHMAS)
        elif op == "end_event":
            self.discard = (*self.discard, self.limbo)
            self.limbo = -1
        elif op == "choice":
            return self._decide(P_OPTION, step)
        elif op == "move_to":
            if step[1] < 0:
                return self._decide(P_MOVE_TO)
            self._move_to(turn, step[1])
        elif op == "flip":
            if step[1] == "chosen":
                return self._decide(P_FLIP)
            self._flip(turn, self.tohru)
        elif op == "flip_tohru":
            self.tohru_back = not self.tohru_back
            self._log(turn, "flip_tohru", int(self.tohru_back))
        elif op == "draw":
            self._draw_step(step)
        elif op == "discard_center":
            if self.center:
                return self._decide(P_CENTER)
        elif op == "take_discard":
            m = self.rules.num_memory_kinds
            if any(k < m for k in self.discard):
                return self._decide(P_TAKE)
        elif op == "reveal":
            return self._reveal()
        else:  # pragma: no cover - compile_steps makes no other step
            raise FurubaError(f"unknown effect step {op!r}")
        return False

    def _draw_step(self, step: CStep) -> None:
        """``("draw", count, each)``: draw one card at a time, so that Z8 comes in between.

        One card is drawn now; the rest of the draw goes back to the front of the queue as
        ``("draw", 1, 0, player)`` steps, one per card. A hand over 4 is thus discarded down at
        once (:meth:`resolve` checks before every step), before the next card is drawn by anyone —
        and a reshuffle that follows includes what was discarded (Z8). A player who cannot draw
        (nothing left) just draws nothing, as often as the step says.
        """
        if len(step) > 3:
            player = step[3]
        else:
            count, each = step[1], step[2]
            if count == 1 and not each:
                self._draw(self.turn)
                return
            turn, n = self.turn, len(self.hands)
            drawers = [(turn + i) % n for i in range(n)] if each else [turn]
            rest = tuple(("draw", 1, 0, p) for p in drawers for _ in range(count))
            player = drawers[0]
            self.queue = rest[1:] + self.queue
        self._draw(player)

    def _reveal(self) -> bool:
        """Bestest Friends: reveal the top card of the deck at the start of a turn (Z14)."""
        if not self.deck:
            return False
        kind = self.deck[-1]
        self.deck = self.deck[:-1]
        self._log(self.turn, "reveal", kind)
        if self.rules.is_memory(kind):
            self.center = (*self.center, kind)
            if len(self.center) > CENTER_LIMIT:
                return self._decide(P_CENTER)
        else:
            self.limbo = kind
            steps = self.rules.event_steps[kind - self.rules.num_memory_kinds]
            self.queue = (*steps, ("end_event",), *self.queue)
        return False

    def _end_action(self) -> None:
        self._check_befriend()
        if self.outcome or self._check_coop_loss():
            return
        self.actions_taken += 1
        if self.actions_taken == ACTIONS_PER_TURN:
            self._end_turn()

    def _end_turn(self) -> None:
        if self.rules.tohru_flips[int(self.tohru_back)]:
            self._flip(self.turn, self.tohru, end_of_turn=True)
        if self.ender >= 0:
            self.final_left = len(self.hands) - 1 if self.final_left < 0 else self.final_left - 1
            if self.final_left == 0:
                self._finish(FINISHED)
                return
        nxt = (self.turn + 1) % len(self.hands)
        if nxt == 0:
            if self.round >= self.rules.options.max_rounds:
                self._finish(TRUNCATED)
                return
            self.round += 1
        self._start_turn(nxt)

    def _start_turn(self, player: int) -> None:
        self.turn, self.actions_taken = player, 0
        self._log(player, "turn", self.round)
        self.queue = (("reveal",), ("turn_start",)) if self.rules.options.coop else (("turn_start",),)

    def _finish(self, outcome: int) -> None:
        self.outcome = outcome
        self.queue = ()
        self._log(-1, "end", outcome)

    # -- befriending (Z3) --------------------------------------------------------------------
    def _check_befriend(self) -> None:
        turn = self.turn
        team = self.team_of(turn)
        s = self.tohru
        if not befriendable(self, team, s):
            return
        taken = self.rules.stack_size - self.stacks[s]
        card = (taken // 4) * 52 + 4 * s + taken % 4
        stacks = list(self.stacks)
        stacks[s] -= 1
        self.stacks = tuple(stacks)
        friends, fmask = list(self.friends), list(self.fmask)
        friends[team] = (*friends[team], card)
        fmask[team] |= 1 << s
        self.friends, self.fmask = tuple(friends), tuple(fmask)
        self._log(turn, "befriend", s, 2 * card + (self.flipped >> s & 1))
        count = len(friends[team])
        if self.rules.options.coop:
            if count == NUM_SOHMAS:
                self._finish(COOP_WON)
        elif count >= self.rules.options.target and self.ender < 0:
            self.ender = turn

    def _check_coop_loss(self) -> bool:
        if self.rules.options.coop and not self.outcome and not self.deck:
            self._finish(COOP_LOST)
            return True
        return False

    # -- small mechanics ---------------------------------------------------------------------
    def _with_hand(self, player: int, hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        hands = list(self.hands)
        hands[player] = hand
        return tuple(hands)

    def _forget(self, player: int, kind: int) -> None:
        """A card of ``kind`` left ``player``'s hand: it is no longer a known card there."""
        if kind in self.known[player]:
            known = list(self.known)
            known[player] = _remove(known[player], kind)
            self.known = tuple(known)

    def _draw(self, player: int) -> bool:
        """Draw one card into ``player``'s hand (Z6); ``False`` when nothing can be drawn."""
        if not self.deck:
            if self.rules.options.coop or not self.discard:
                return False
            self.deck = tuple(shuffled(self.discard, seed=self.seed, counter=self.counter))
            self.counter += 1
            self.reshuffled, self.discard = tuple(sorted(self.discard)), ()
            self._log(player, "reshuffle", len(self.deck))
        kind = self.deck[-1]
        self.deck = self.deck[:-1]
        self.hands = self._with_hand(player, _insert(self.hands[player], kind))
        self._log(player, "draw", kind)
        return True

    def _move_to(self, player: int, sohma: int) -> None:
        self._log(player, "move", self.tohru, sohma)
        self.tohru = sohma

    def _flip(self, player: int, sohma: int, end_of_turn: bool = False) -> None:
        self.flipped ^= 1 << sohma
        self._log(player, "flip", sohma, int(end_of_turn))

    def _log(self, actor: int, code: str, a: int = 0, b: int | str = 0) -> None:
        self.log = (self.log, (actor, code, a, b))
        self.log_len += 1

    def log_entries(self) -> list[LogEntry]:
        """The whole log, oldest first."""
        out: list[LogEntry] = []
        node = self.log
        while node is not None:
            node, entry = node
            out.append(entry)
        out.reverse()
        return out

    # -- True Friends journal (Z15) ----------------------------------------------------------
    def write(self, player: Any, name: Any, text: Any) -> str:
        """The game's one written input, ``"answer"``: see :meth:`write_answer`."""
        if name != "answer":
            raise IllegalActionError(_("Friends of the Zodiac takes no written input {name!r}; "
                                       "its one written input is 'answer'").format(name=name))
        return self.write_answer(player, text)

    def write_answer(self, player: int, answer: str) -> str:
        """Keep ``player``'s answer to the prompt of the last memory they played (Z15); returns
        the text as kept.

        No rules effect; the journal is saved with the game.
        """
        if not self.rules.options.true_friends:
            raise IllegalActionError(_("True Friends is not on in this game: there is no journal"))
        text = " ".join(str(answer).split())
        if not text or len(text) > 2000:
            raise IllegalActionError(_("an answer must have 1 to 2000 characters"))
        for i in range(len(self.journal) - 1, -1, -1):
            who, kind, old = self.journal[i]
            if who == player:
                if old:
                    break
                journal = list(self.journal)
                journal[i] = (who, kind, text)
                self.journal = tuple(journal)
                return text
        raise IllegalActionError(_("player {player} has no memory prompt waiting for an answer")
                                 .format(player=player))

    # -- outcome -----------------------------------------------------------------------------
    def returns(self) -> list[float]:
        n = self.num_players
        if not self.outcome:
            return [0.0] * n
        if self.rules.options.coop:
            return [1.0 if self.outcome == COOP_WON else 0.0] * n
        counts = [len(f) for f in self.friends]
        best = max(counts)
        k = counts.count(best)
        return [1.0 / k if c == best else 0.0 for c in counts]

    def scores(self) -> list[float]:
        if self.rules.options.coop:
            score = float(len(self.deck)) if self.outcome == COOP_WON else 0.0
            return [score] * self.num_players
        return [float(len(f)) for f in self.friends]

    def winners(self) -> list[int]:
        """The players sharing the win (co-op: everyone or no one)."""
        return [p for p, r in enumerate(self.returns()) if r > 0]

    @property
    def truncated(self) -> bool:
        """Whether the game was stopped by the safety cap on rounds (Z12)."""
        return self.outcome == TRUNCATED

    # -- secrecy -----------------------------------------------------------------------------
    def view(self, player: Any, *, log_from: int = 0) -> JSON:
        return cast(JSON, build_view(self, player, log_from))

    def catalog(self) -> JSON:
        """The deck and Sohmas (see :meth:`State.catalog`) plus this game's card set, with its
        texts' translations (``texts``: language → {a text as the set writes it: its
        translation}).

        >>> from furuba.zodiac import new_game
        >>> c = new_game(players=2).catalog()
        >>> c["cards"]["Trust"]["type"], c["cards"]["Brotherly Love"]["type"]
        ('memory', 'event')
        """
        out = super().catalog()
        cs = self.rules.cardset
        cards: JSON = {}
        for m in cs.memories:
            cards[m.name] = {"type": "memory", "symbol": m.symbol, "text": m.text,
                             "prompt": m.prompt, "count": m.count}
        for e in cs.events:
            cards[e.name] = {"type": "event", "text": e.text, "count": e.count}
        out.update({
            "cardset": cs.name, "symbols": [sym.model_dump() for sym in cs.symbols],
            "cards": cards,
            "tohru": {"front": cs.tohru.front.model_dump(), "back": cs.tohru.back.model_dump()},
            "texts": {language: {**texts} for language, texts in cardset_texts(cs).items()},
            "limits": {"hand": HAND_LIMIT, "center": CENTER_LIMIT,
                       "actions_per_turn": ACTIONS_PER_TURN},
        })
        return out

    def determinize(self, player: Any, rng: random.Random) -> Self:
        """Re-deal what ``player`` cannot see: other hands' unknown cards and the deck order.

        The pool is every card not in ``player``'s hand, the center, the discard pile, the event
        being resolved or known to be in another hand (taken openly from the discard pile). Once
        the deck has run out and been made again from the discard pile, the deck holds only
        cards of that pile and the others' hands only as many of them as they drew since
        (:mod:`furuba.zodiac.reshuffle`). In Bestest Friends, and once the game is over, the
        hands are open and only the deck order is hidden (:mod:`furuba.zodiac.secrecy` decides what
        ``player`` sees). The world's log is the log as ``player`` knows it
        (:func:`~furuba.zodiac.secrecy.log_seen_by`: the cards other players drew are not named),
        so two states with the same ``view(player)`` give the same world from the same generator.
        """
        return self.sampler(player)(rng)

    def sampler(self, player: Any) -> Callable[[random.Random], Self]:
        """:meth:`determinize` for one ``player``, the pool of unseen cards sorted once.

        >>> from furuba.zodiac import new_game
        >>> s = new_game(players=3, seed=4)
        >>> a, b = s.sampler(1)(random.Random(7)), s.determinize(1, random.Random(7))
        >>> (a.hands, a.deck, a.seed) == (b.hands, b.deck, b.seed)
        True
        """
        return _sampler(self, player)

    # -- persistence -------------------------------------------------------------------------
    def to_json(self) -> JSON:
        return state_to_json(self)

    @classmethod
    def from_json(cls, data: Any) -> Self:
        return state_from_json(cls, data)

    def __repr__(self) -> str:
        return (f"<zodiac {self.num_players}p round {self.round} player {self.turn} "
                f"action {self.actions_taken + 1} {PENDING_NAMES[self.pending]}>")


def _unknown(hand: tuple[int, ...], known: tuple[int, ...]) -> list[int]:
    rest = list(hand)
    for k in known:
        rest.remove(k)
    return rest


G = TypeVar("G", bound=GameState)


def _sampler(state: G, player: int) -> Callable[[random.Random], G]:
    """:meth:`GameState.sampler`: the pool of unseen cards and the log as ``player`` knows it
    worked out once, the cards re-dealt per sample."""
    n = state.num_players
    hands_open = open_hands(state)
    closed = [] if hands_open else [p for p in range(n) if p != player]
    pool_start = [*state.deck, *state.box]
    for p in closed:
        pool_start.extend(_unknown(state.hands[p], state.known[p]))
    pool_start.sort()
    redealt = [(p, len(state.hands[p]) - len(state.known[p]), state.known[p]) for p in closed]
    deck_size = len(state.deck)
    log = state.log if hands_open else log_seen_by(state.log, player)
    split = None if hands_open else split_unseen(state, player, redealt, pool_start)

    def pooled(rng: random.Random) -> tuple[list[tuple[int, ...]], list[int], list[int]]:
        """Every unseen card pooled: the hidden cards of each player, the deck, the box."""
        pool = pool_start.copy()
        shuffle(rng, pool)
        hidden_cards = []
        for _p, hidden, _known in redealt:
            hidden_cards.append(tuple(pool[:hidden]))
            del pool[:hidden]
        return hidden_cards, pool[:deck_size], pool[deck_size:]

    def redeal(rng: random.Random) -> G:
        out = state.clone()
        out.seed, out.counter = fresh_seed(rng), 0
        hidden_cards, deck, box = (pooled(rng) if split is None
                                   else split.deal(rng, redealt, deck_size))
        if redealt:
            hands = list(state.hands)
            for (p, _hidden, known), cards in zip(redealt, hidden_cards, strict=True):
                hands[p] = tuple(sorted(known + cards))
            out.hands = tuple(hands)
        out.deck, out.box, out.log, out.recording = tuple(deck), tuple(sorted(box)), log, False
        return out

    return redeal
