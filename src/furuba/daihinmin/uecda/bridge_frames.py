"""What a UECda client at a web table is owed, worked out from its seat's log (D29): the tables and
numbers the standard server would send it (:mod:`furuba.daihinmin.uecda.server`).

A :class:`SeatFrames` reads the log of one seat's view, event after event, in order — public
events by their number ``n``, the seat's own private ones (``dealt``, ``taken``, ``swap``) in the
order they come — and turns each into the protocol's messages:

- a ``round`` is a new game: the dealt table (the hinmin's and daihinmin's hand before their
  strongest cards were taken, the daifugo's and fugo's after they received them; ``[5][0] = 1``,
  ``[5][1]`` the cards to give, ``[5][3] = 6``), and, for the two who give, a :class:`GiftWanted`;
- each ``play`` or ``pass`` is one turn: the hand table with the status rows as they were before
  it (whose turn, a new trick, the revolution, the lock, the card counts, the classes as the game
  was dealt, the seats), then — once the events that followed it are known (an 8-cut, a lock, a
  revolution, players going out, the trick cleared, the round or the game over) — the stage table
  and the end number: 0, 1 when the round (the UECda game) ended, 2 when furuba's game did.

A turn's messages are complete when the next turn or game begins or when :meth:`SeatFrames.flush`
is called (the end of what the server has sent so far: each of its messages carries whole
actions). The hand table of the seat's own decision is :meth:`SeatFrames.decision_table`; that
turn then sends no second hand table.

>>> frames = SeatFrames(me=0)
>>> log = [{"n": 1, "event": "round", "round": 1, "dealer": 4, "seating": [0, 1, 2, 3, 4]},
...        {"after": 1, "to": 0, "event": "dealt", "player": 0,
...         "cards": ["3♦", "4♦", "5♦", "6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦"]}]
>>> out = frames.feed(log) + frames.flush()
>>> dealt = out[0]
>>> dealt.table[2][1:12], dealt.table[5][:4], dealt.table[6]
([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], [1, 0, 0, 6], [11, 11, 11, 10, 10, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4])
>>> hand, stage, end = frames.feed(log + [{"n": 2, "event": "play", "player": 0,
...                                         "play": "play 3♦", "cards": ["3♦"]}]) + frames.flush()
>>> hand.table[5][:8], stage.table[2][1], stage.table[6][:5], end
([0, 0, 0, 0, 1, 0, 0, 0], 1, [10, 11, 11, 10, 10], Number(value=0))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from furuba.daihinmin.moves import ACTION_IDS
from furuba.daihinmin.ranks import CARD_NAMES
from furuba.daihinmin.uecda.cells import Cell, cells_of_hand, cells_of_play
from furuba.daihinmin.uecda.table import (
    ALL_OVER,
    GAME_GOES_ON,
    GAME_OVER,
    PLAYERS,
    Table,
    table_of_cells,
)

CARD_OF_NAME: dict[str, int] = {name: card for card, name in enumerate(CARD_NAMES)}
"""furuba's card id of each card name (``"7♦"``, ``"joker1"``)."""
CLASS_OF_TITLE: dict[str, int] = {"Rich Man": 0, "Second Richest": 1, "Merchant": 2,
                                  "Second Poorest": 3, "Poor Man": 4}
"""The UECda class (0 daifugo … 4 daihinmin) of each title of five players."""
DEALT_TO_MOVE = 6
"""``[5][3]`` of a dealt table: no player."""


def mask_of_names(names: Iterable[str]) -> int:
    """The card mask of card names."""
    mask = 0
    for name in names:
        mask |= 1 << CARD_OF_NAME[name]
    return mask


@dataclass(frozen=True)
class Frame:
    """A table to send the client."""

    table: Table


@dataclass(frozen=True)
class Number:
    """A number to send the client (an end: 0, 1 or 2)."""

    value: int


@dataclass(frozen=True)
class GiftWanted:
    """The client gives ``count`` cards now (it is the daifugo, ``strict``, or the fugo) from
    ``hand``: read its gift table."""

    count: int
    hand: int
    strict: bool


Message = Frame | Number | GiftWanted


@dataclass
class _Turn:
    """A turn whose stage and end are not sent yet."""

    mover: int
    played: bool
    new_trick: bool
    end: int = GAME_GOES_ON
    cleared: bool = False


@dataclass
class SeatFrames:
    """One seat's picture of the game, built from its log (see the module docstring).

    ``jokers`` is the deck's jokers, ``reset_every`` the games after which the classes are
    forgotten (the view's ``settings``).
    """

    me: int
    jokers: int = 1
    reset_every: int = 100
    last_n: int = 0
    """The number of the last public event read."""
    privates: int = 0
    """How many of the seat's private events were read."""
    round: int = 0
    seating: list[int] = field(default_factory=lambda: list(range(PLAYERS)))
    classes: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    """The classes this game was dealt with."""
    titles: list[int] | None = None
    """The classes the last game's titles give (``None``: no game ended yet)."""
    counts: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    hand: int = 0
    empty_pile: bool = True
    reversed: bool = False
    locked: bool = False
    stage: list[Cell] = field(default_factory=list)
    over: bool = False
    """Whether furuba's game is over (the end 2 was sent)."""
    asked: bool = False
    """Whether the hand table of the seat's own next turn was sent already."""
    _turn: _Turn | None = None
    _dealing: bool = False
    _reset: bool = True
    _dealt: int = 0
    _received: int = 0
    _taken: int = 0

    # -- reading the log ----------------------------------------------------------------------
    def feed(self, log: Sequence[Mapping[str, Any]]) -> list[Message]:
        """The messages the events of ``log`` not read yet make (the whole log as the seat's
        view has it, from its first event)."""
        out: list[Message] = []
        mine = 0
        for entry in log:
            if "n" in entry:
                if entry["n"] > self.last_n:
                    self.last_n = entry["n"]
                    self._public(entry, out)
            elif entry.get("to") == self.me:
                mine += 1
                if mine > self.privates:
                    self.privates = mine
                    self._private(entry)
        return out

    def flush(self) -> list[Message]:
        """The messages of the turn or deal read so far (the server's message was whole)."""
        out: list[Message] = []
        self._close(out)
        return out

    def _close(self, out: list[Message]) -> None:
        if self._dealing:
            self._dealing = False
            out.extend(self._deal_messages())
        turn, self._turn = self._turn, None
        if turn is None:
            return
        stage = table_of_cells(self.stage)
        stage[5][0:8] = [0, 0, 0, turn.mover, int(turn.new_trick and not turn.played), 0,
                         int(self.reversed), int(self.locked)]
        stage[6] = self._row_six()
        out.append(Frame(stage))
        out.append(Number(turn.end))
        if turn.end == ALL_OVER:
            self.over = True
        if turn.cleared:
            self.empty_pile, self.locked, self.stage = True, False, []

    def _public(self, entry: Mapping[str, Any], out: list[Message]) -> None:
        kind = entry["event"]
        if kind in ("play", "pass", "round"):
            self._close(out)
        if kind == "round":
            self._new_round(entry)
        elif kind in ("play", "pass"):
            self._turn_begins(entry, out)
        elif kind == "lock":
            self.locked = True
        elif kind == "rank revolution":
            self.reversed = bool(entry["reversed"])
        elif kind == "clear":
            if self._turn is not None:
                self._turn.cleared = True
            else:
                self.empty_pile, self.locked, self.stage = True, False, []
        elif kind == "round end":
            self.titles = [CLASS_OF_TITLE.get(t, 0) for t in entry["titles"]]
            if self._turn is not None:
                self._turn.end = max(self._turn.end, GAME_OVER)
        elif kind == "game end":
            if self._turn is not None:
                self._turn.end = ALL_OVER
            else:
                self.over = True

    def _private(self, entry: Mapping[str, Any]) -> None:
        kind = entry["event"]
        cards = mask_of_names(entry.get("cards", ()))
        if kind == "dealt":
            self._dealt = cards
            self.hand = cards
        elif kind == "taken":
            if entry["receiver"] == self.me:
                self._received |= cards
                self.hand |= cards
            else:
                self._taken |= cards
                self.hand &= ~cards
        elif kind == "swap":
            # the cards taken already changed hands (D24): the Rich only give now, the Poor
            # only receive (a Rich player may give back a card he was given)
            gave, got = mask_of_names(entry["gave"]), mask_of_names(entry["got"])
            if self._received:
                self.hand &= ~gave
            elif self._taken:
                self.hand |= got
            else:
                self.hand = self.hand & ~gave | got

    def _new_round(self, entry: Mapping[str, Any]) -> None:
        self.round = int(entry["round"])
        self.seating = [int(p) for p in entry["seating"]]
        reset = self.titles is None or (
            bool(self.reset_every) and (self.round - 1) % self.reset_every == 0)
        self.classes = [0] * PLAYERS if reset or self.titles is None else list(self.titles)
        self.counts = dealt_counts(self.seating, int(entry["dealer"]), 52 + self.jokers)
        self.empty_pile, self.reversed, self.locked, self.stage = True, False, False, []
        self.asked = False
        self._dealt = self._received = self._taken = 0
        self._dealing = True
        self._reset = reset

    def _deal_messages(self) -> list[Message]:
        """The dealt table and, for the daifugo and the fugo, the gift to read."""
        table = table_of_cells(cells_of_hand(self._dealt | self._received))
        place = self.classes[self.me]
        gives = 0 if self._reset else max(0, 2 - place)
        table[5][0:8] = [1, gives, 0, DEALT_TO_MOVE, 0, 0, 0, 0]
        table[6] = self._row_six()
        out: list[Message] = [Frame(table)]
        if gives:
            out.append(GiftWanted(gives, self.hand, strict=place == 0))
        return out

    def _turn_begins(self, entry: Mapping[str, Any], out: list[Message]) -> None:
        mover = int(entry["player"])
        if mover == self.me and self.asked:
            self.asked = False
        else:
            out.append(Frame(self.hand_table(mover, my_turn=False)))
        played = entry["event"] == "play"
        self._turn = _Turn(mover, played, self.empty_pile)
        if not played:
            return
        cards = mask_of_names(entry["cards"])
        self.counts[mover] = max(0, self.counts[mover] - cards.bit_count())
        if mover == self.me:
            self.hand &= ~cards
        action = ACTION_IDS.get(str(entry["play"]))
        self.stage = cells_of_play(action) if action is not None else cells_of_hand(cards)
        self.empty_pile = False

    # -- the tables -----------------------------------------------------------------------------
    def _row_six(self) -> list[int]:
        return [*self.counts, *self.classes, *self.seating]

    def hand_table(self, mover: int, my_turn: bool) -> Table:
        """The table every client gets before ``mover``'s turn (``my_turn``: the mover's)."""
        table = table_of_cells(cells_of_hand(self.hand))
        table[5][0:8] = [0, 0, int(my_turn), mover, int(self.empty_pile), 0, int(self.reversed),
                         int(self.locked)]
        table[6] = self._row_six()
        return table

    def decision_table(self) -> Table:
        """The hand table of the seat's own decision now; its turn sends no other."""
        self.asked = True
        return self.hand_table(self.me, my_turn=True)


def dealt_counts(seating: Sequence[int], dealer: int, cards: int) -> list[int]:
    """How many cards each player is dealt: one at a time from the dealer's left (D2).

    >>> dealt_counts([0, 4, 3, 2, 1], dealer=3, cards=53)
    [11, 11, 11, 10, 10]
    """
    n = len(seating)
    counts = [0] * n
    start = list(seating).index(dealer) + 1
    for i in range(cards):
        counts[seating[(start + i) % n]] += 1
    return counts

