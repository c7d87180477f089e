"""``furuba uecda client``: a furuba bot at a standard UECda server's table (D29).

The bot decides only from what the protocol tells its seat. A :class:`Tracker` reads every table
the server sends — the hand, whose turn it is, the cards on the table, the counts, classes and
seats, the lock and the revolution — and keeps what a player remembers: the cards played this
game, the plays of the trick and who passed in it, the places and the points. When the bot must
act, the tracker writes that down as a furuba position of the UECda preset
(:meth:`~furuba.daihinmin.state.GameState.from_json`), the other hands filled with the unseen
cards in any order (a bot sees the state only through ``view`` and ``determinize``, which depend
on the seat's view alone), and asks the bot; its choice is a play the engine finds legal, which is
what the server accepts (the records' replay, ``tests/daihinmin/uecda``). Each game is judged on
its own, as the contest scores it: the position's points start at zero and the game is its last,
so a search plays for this game's places (5–4–3–2–1) — with the match's totals in it, a search
playing for shares of the points would find every move alike.

>>> tracker = Tracker(me=0)
>>> tracker.games, tracker.points
(0, [0, 0, 0, 0, 0])
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from furuba.bots.base import Bot
from furuba.core.deck import SUITS
from furuba.core.errors import FurubaError
from furuba.core.protocol import JSON
from furuba.daihinmin.exchange import RICH_GIFTS
from furuba.daihinmin.moves import ACTION_NAMES, GIFT_CARD, GIVE_JOKER, PASS, PLAY_DECLARED
from furuba.daihinmin.options import PRESETS, UECDA
from furuba.daihinmin.ranks import CARD_LEVEL, JOKER_SHIFT, cards_of, deck_mask, names_of
from furuba.daihinmin.scoring import TITLE_NAMES, titles_by_place
from furuba.daihinmin.state import GameState
from furuba.daihinmin.text import _
from furuba.daihinmin.uecda.cells import (
    Cell,
    cell_of_card,
    cells_of_play,
    hand_of_cells,
    play_of_cells,
)
from furuba.daihinmin.uecda.running import run_sync
from furuba.daihinmin.uecda.table import (
    ACCEPTED,
    ALL_OVER,
    GAME_GOES_ON,
    PLAYERS,
    Status,
    Table,
    cells_of_table,
    encode_table,
    profile_table,
    read_int,
    read_table,
    status_of,
    table_of_cells,
)

CLASS_TITLES = titles_by_place(PLAYERS)
"""The title of each UECda class (0 daifugo … 4 daihinmin)."""
RICH_CLASS, SECOND_RICH_CLASS, SECOND_POOR_CLASS, POOR_CLASS = 0, 1, 3, 4


@dataclass
class Tracker:
    """One seat's memory of a UECda match (see the module docstring)."""

    me: int
    games: int = 0
    points: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    places: list[int] = field(default_factory=list)
    """My place (1–5) in each finished game."""
    status: Status | None = None
    hand: int = 0
    played: int = 0
    """The cards played this game."""
    trick: list[tuple[int, list[Cell]]] = field(default_factory=list)
    passed: set[int] = field(default_factory=set)
    leader: int = -1
    stage: list[Cell] = field(default_factory=list)
    out: list[int] = field(default_factory=list)
    """Who went out this game, first first."""
    passes: int = 0
    """Passes in a row since the last play (the server's limit is 20)."""
    classes: tuple[int, ...] = (0,) * PLAYERS
    """The classes the game was dealt with (the server rewrites them as players go out)."""
    dealt_hand: int = 0
    """The hand of the game's first table: before the exchange for the hinmin and daihinmin,
    after the Poor's cards came for the daifugo and fugo."""
    moves: list[tuple[int, list[Cell]]] = field(default_factory=list)
    """This game's plays and passes, oldest first: who moved, and the cells played (``[]``: a
    pass, or a play the server refused)."""
    exchange: list[tuple[int, int, int]] = field(default_factory=list)
    """This game's exchange as this seat knows it: ``(giver, receiver, cards)``. The Rich know
    what they gave; the Poor what was taken and what came back. (The Rich cannot tell which of
    their cards came from the Poor: the server sends their hand with those in it.)"""

    # -- what the server says ---------------------------------------------------------------
    def dealt(self, table: Table) -> None:
        """A game's first table."""
        self.games += 1
        self.status = status_of(table)
        self.classes = self.status.classes
        self.hand = hand_of_cells(cells_of_table(table))
        self.dealt_hand = self.hand
        self.exchange = []
        self.moves = []
        self.played = 0
        self.trick, self.passed, self.stage, self.out = [], set(), [], []
        self.leader = -1

    def turn(self, table: Table) -> Status:
        """The table every seat gets before a turn. A trick starts when the table is empty
        after cards were on it, or after everyone holding cards passed on an empty one."""
        status = status_of(table)
        self.status = status
        first = self.leader < 0 and not self.played
        self.hand = hand_of_cells(cells_of_table(table))
        if first and any(self.classes):
            self._exchanged()
        holding = {p for p in range(PLAYERS) if status.counts[p]}
        if status.new_trick and (self.stage or self.leader < 0 or holding <= self.passed):
            self.trick, self.passed, self.stage = [], set(), []
            self.leader = status.to_move
        return status

    def _exchanged(self) -> None:
        """At the game's first turn: what this seat saw of the exchange (:attr:`exchange`)."""
        mine = self.classes[self.me]
        partner_class = {RICH_CLASS: POOR_CLASS, SECOND_RICH_CLASS: SECOND_POOR_CLASS,
                         SECOND_POOR_CLASS: SECOND_RICH_CLASS, POOR_CLASS: RICH_CLASS}
        if mine not in partner_class or partner_class[mine] not in self.classes:
            return
        partner = self.classes.index(partner_class[mine])
        gave = self.dealt_hand & ~self.hand
        if gave:
            self.exchange.append((self.me, partner, gave))
        got = self.hand & ~self.dealt_hand
        if got and mine in (SECOND_POOR_CLASS, POOR_CLASS):
            self.exchange.append((partner, self.me, got))

    def moved(self, player: int, stage: Table) -> None:
        """The stage table after ``player``'s turn: a play when the cards on it changed."""
        cells = cells_of_table(stage)
        counts = status_of(stage).counts
        if cells and cells != self.stage:
            self.trick.append((player, cells))
            self.moves.append((player, cells))
            self.played |= hand_of_cells(cells)
            self.passes = 0
            if counts[player] == 0 and player not in self.out:
                self.out.append(player)
        else:
            self.passed.add(player)
            self.passes += 1
            self.moves.append((player, []))
        self.stage = cells
        if self.status is not None:
            self.status = replace(self.status, counts=counts)

    def game_over(self) -> None:
        """The game ended: the one left holding cards is last; points 5–4–3–2–1."""
        order = self.out + [p for p in range(PLAYERS) if p not in self.out]
        for place, player in enumerate(order):
            self.points[player] += PLAYERS - place
        self.places.append(order.index(self.me) + 1)

    # -- what the bot reads ----------------------------------------------------------------
    def _log(self, seats: tuple[int, ...]) -> list[JSON]:
        """This game's public log as furuba writes one: the round, then every play and pass
        (what a search reads the other players' hands from, ``infer=on``)."""
        log: list[JSON] = [{"n": 1, "event": "round", "round": self.games, "dealer": 0,
                            "seating": list(seats)}]
        for player, cells in self.moves:
            action = play_of_cells(cells) if cells else PASS
            if action is None or action == PASS:
                log.append({"n": len(log) + 1, "event": "pass", "player": player})
            else:
                log.append({"n": len(log) + 1, "event": "play", "player": player,
                            "play": ACTION_NAMES[action], "cards": names_of(hand_of_cells(cells))})
        return log

    def position(self, phase: str) -> JSON:
        """The game as this seat knows it, as a furuba position of the UECda preset."""
        status = self.status
        assert status is not None
        titled = any(self.classes)
        hands: list[list[str]] = []
        unseen = cards_of(deck_mask(1) & ~self.hand & ~self.played)
        pos = 0
        for player in range(PLAYERS):
            if player == self.me:
                hands.append(names_of(self.hand))
                continue
            count = status.counts[player]
            hands.append(names_of(sum(1 << c for c in unseen[pos:pos + count])))
            pos += count
        data: dict[str, Any] = {
            "players": PLAYERS, **PRESETS[UECDA], "target": None, "max_rounds": self.games,
            "round": self.games, "phase": phase, "seating": list(status.seats),
            "scores": [0] * PLAYERS, "hands": hands, "turn": status.to_move if phase ==
            "play" else self.me,
            "titles": [TITLE_NAMES[CLASS_TITLES[c]] for c in self.classes] if titled
            else [None] * PLAYERS,
        }
        if phase == "exchange" and titled and self.classes[self.me] == SECOND_RICH_CLASS:
            rich = self.classes.index(RICH_CLASS)     # he chose first: his cards, unknown here
            data["gifts"] = [{"from": rich, "card": card} for card in hands[rich][:RICH_GIFTS]]
        if phase == "play":
            data["log"] = self._log(status.seats)
            gone = [p for p in range(PLAYERS) if not status.counts[p]]
            if sorted(self.out) == gone:        # who went out, first first
                data["finished"] = list(self.out)
            if self.exchange:
                data["exchange"] = [{"from": giver, "to": receiver, "cards": names_of(cards)}
                                    for giver, receiver, cards in self.exchange]
            data["pile"] = [{"player": p, "play": ACTION_NAMES[a], "cards": names_of(
                hand_of_cells(cells))} for p, cells in self.trick
                if (a := play_of_cells(cells)) is not None]
            data["passed"] = sorted(self.passed)
            data["leader"] = self.leader if self.leader >= 0 else status.to_move
            data["reversed"] = status.revolution
            data["passes"] = min(self.passes, 19)
            if status.lock and self.trick:
                top = play_of_cells(self.trick[-1][1])
                data["lock"] = [SUITS[s] for s in range(4)
                                if top is not None and PLAY_DECLARED[top] >> s & 1]
        return data


@dataclass
class ClientSummary:
    """What a client says at the end of a match."""

    name: str
    player: int
    games: int
    points: int
    places: list[int]
    decisions: int
    seconds: float
    refused: int

    def __str__(self) -> str:
        mean = sum(self.places) / len(self.places) if self.places else 0.0
        per = self.points / self.games if self.games else 0.0
        return _("{name} (player {player}): {games} games, {points} points ({per:.2f} a game), "
                 "mean place {mean:.2f}; {decisions} decisions, {ms:.1f} ms each; refused plays: "
                 "{refused}").format(
            name=self.name, player=self.player, games=self.games, points=self.points, per=per,
            mean=mean, decisions=self.decisions,
            ms=1000 * self.seconds / self.decisions if self.decisions else 0.0,
            refused=self.refused)


class Player:
    """A bot deciding for one seat from its tracker's positions."""

    def __init__(self, tracker: Tracker, bot: Bot) -> None:
        self.tracker = tracker
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def _choose(self, state: GameState) -> int:
        start = time.perf_counter()
        action = self.bot.choose(state)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action

    def gives(self, count: int) -> list[Cell]:
        """The cards to give in the exchange: the bot's choice, one card at a time."""
        tracker = self.tracker
        try:
            state = GameState.from_json(tracker.position("exchange"))
        except FurubaError:         # the lowest cards, should the position not be read
            lowest = sorted(cards_of(tracker.hand), key=lambda c: (CARD_LEVEL[c], c))
            return [cell_of_card(c) for c in lowest[:count]]
        out: list[Cell] = []
        for _i in range(count):
            if state.phase != "exchange" or state.current_player != tracker.me:
                break
            action = self._choose(state)
            card = JOKER_SHIFT if action == GIVE_JOKER else GIFT_CARD[action]
            out.append(cell_of_card(card))
            state.apply(action)
        return out

    def play(self) -> list[Cell]:
        """The cells of the bot's play now (``[]``: a pass)."""
        try:
            state = GameState.from_json(self.tracker.position("play"))
        except FurubaError:
            return []
        if state.current_player != self.tracker.me:
            return []
        action = self._choose(state)
        return [] if action == PASS else cells_of_play(action)


async def play_match(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, name: str,
                     bot: Bot) -> ClientSummary:
    """Play a whole match on an open connection."""
    writer.write(encode_table(profile_table(name)))
    await writer.drain()
    me = await read_int(reader)
    tracker = Tracker(me=me)
    player = Player(tracker, bot)
    refused = 0
    end = GAME_GOES_ON
    while end != ALL_OVER:
        tracker.dealt(await read_table(reader))
        status = tracker.status
        if status is not None and status.gives > 0:
            writer.write(encode_table(table_of_cells(player.gives(status.gives))))
            await writer.drain()
        end = GAME_GOES_ON
        while end == GAME_GOES_ON:
            status = tracker.turn(await read_table(reader))
            if status.my_turn:
                cells = player.play()
                writer.write(encode_table(table_of_cells(cells)))
                await writer.drain()
                ack = await read_int(reader)
                refused += bool(cells) and ack != ACCEPTED
            tracker.moved(status.to_move, await read_table(reader))
            end = await read_int(reader)
        tracker.game_over()
    return ClientSummary(name=name, player=me, games=tracker.games, points=tracker.points[me],
                         places=tracker.places, decisions=player.decisions,
                         seconds=player.seconds, refused=refused)


def run(host: str, port: int, name: str, bot: str, seed: int = 0,
        make: Callable[[str, int], Bot] | None = None) -> ClientSummary:
    """Connect to a UECda server and play until it says all games are over."""
    if make is None:
        from furuba.bots.registry import make_bot

        make = make_bot
    chosen = make(bot, seed)

    async def main() -> ClientSummary:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError as exc:
            raise FurubaError(_("cannot reach a UECda server at {host}:{port} ({reason})").format(
                host=host, port=port, reason=exc.strerror or exc)) from None
        try:
            return await play_match(reader, writer, name, chosen)
        except (asyncio.IncompleteReadError, ConnectionError):
            raise FurubaError(_("the server closed the connection before saying all games were "
                                "over")) from None
        finally:
            writer.close()

    return run_sync(main())
