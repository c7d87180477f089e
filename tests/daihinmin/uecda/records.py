"""Replaying the standard UECda server's recorded matches (tests/data/uecda) in furuba's engine
under the UECda preset: the seats and the deals come from the record, everything else —
the exchange, every play, the lock, the revolution, the places — from furuba's rules, checked
against what the server did."""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from furuba.daihinmin.exchange import RICH_GIFTS, SECOND_GIFTS, strongest_cards
from furuba.daihinmin.moves import GIVE_JOKER, PASS, SUITED
from furuba.daihinmin.options import validate
from furuba.daihinmin.ranks import JOKER_SHIFT, cards_of
from furuba.daihinmin.scoring import POOR_MAN, RICH_MAN, SECOND_POOREST, SECOND_RICHEST, roles
from furuba.daihinmin.state import GameState
from furuba.daihinmin.uecda.cells import hand_of_cells, play_of_cells
from furuba.daihinmin.uecda.server import gift_taken
from furuba.daihinmin.uecda.table import table_of_cells

DATA = Path(__file__).parents[2] / "data" / "uecda"
CLASS_OF_TITLE = {RICH_MAN: 0, SECOND_RICHEST: 1, SECOND_POOREST: 3, POOR_MAN: 4}
"""The UECda class (0 daifugo … 4 daihinmin) of each title; a Merchant is 2."""


def games(name: str) -> list[dict[str, Any]]:
    """The games of a recorded match, in order."""
    with gzip.open(DATA / f"games-{name}.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


class Recorded(GameState):
    """A UECda game whose seats and deals are the record's (game ``n`` is round ``n``)."""

    __slots__ = ("_records",)
    _records: dict[int, dict[str, Any]]

    @classmethod
    def replay(cls, records: list[dict[str, Any]]) -> Recorded:
        options = validate(players=5, target=None, max_rounds=len(records), dealer=None,
                           rules="uecda")
        s = cls._blank(options, 0)
        s._records = {record["game"]: record for record in records}
        s._start_round(None)
        return s

    def _draw_seating(self) -> tuple[int, ...]:
        return tuple(self._records[self.round]["seats"])

    def _draw_dealer(self) -> int:
        return 0

    def _deal(self, dealer: int) -> tuple[int, ...]:
        """The hands as dealt: the server sends the Poor theirs before their strongest cards
        go, and the Rich theirs after those came."""
        record = self._records[self.round]
        hands = [hand_of_cells(cells) for cells in record["hands"]]
        classes = record["classes"]
        if any(classes):
            by_class = {c: p for p, c in enumerate(classes)}
            for rich, poor, k in ((0, 4, RICH_GIFTS), (1, 3, SECOND_GIFTS)):
                hands[by_class[rich]] &= ~strongest_cards(hands[by_class[poor]], k)
        return tuple(hands)

    def _draw_lots(self, players: list[int]) -> list[int]:
        raise AssertionError("the records never end a game by lot")


@dataclass
class Tally:
    """What a replay saw, and every disagreement with the server."""

    games: int = 0
    accepted: int = 0
    refused: int = 0
    passes: int = 0
    gives: int = 0
    problems: list[str] = field(default_factory=list)

    def check(self, ok: bool, where: str, what: str) -> None:
        if not ok and len(self.problems) < 20:
            self.problems.append(f"{where}: {what}")


def classes_of(state: GameState) -> list[int]:
    """The UECda class of each player (all 0 before titles), as the server sends them."""
    return [CLASS_OF_TITLE.get(t, 2) if t >= 0 else 0 for t in state.titles]


def _give(state: GameState, cells: list[list[int]], count: int, tally: Tally) -> None:
    """The Rich player's gift as the server takes it (the daifugo's checked strictly)."""
    hand = state.hand(state.current_player)
    cards = gift_taken(table_of_cells(cells), hand, count, strict=count == RICH_GIFTS)
    for card in cards_of(cards):
        state.apply(GIVE_JOKER if card >= JOKER_SHIFT else SUITED.gift_id(card))
    tally.gives += 1


def replay(records: list[dict[str, Any]]) -> Tally:
    """Replay a whole match; the tally lists what disagreed with the server."""
    state = Recorded.replay(records)
    tally = Tally()
    for record in records:
        where = f"{record['match']} game {record['game']}"
        tally.check(state.round == record["game"], where, f"furuba is in round {state.round}")
        tally.check(list(state.seating) == record["seats"], where, "seats differ")
        tally.check(classes_of(state) == record["classes"], where,
                    f"classes {classes_of(state)} against {record['classes']}")
        gives = iter(record["gives"])
        while state.phase == "exchange":
            rich = roles(state.titles)[0]
            count = RICH_GIFTS if state.current_player == rich else SECOND_GIFTS
            _give(state, next(gives)["cells"], count, tally)
        after = [hand_of_cells(cells) for cells in record["hands_after_exchange"]]
        tally.check([state.hand(p) for p in range(5)] == after, where,
                    "hands after the exchange differ")
        for i, turn in enumerate(record["turns"]):
            at = f"{where} turn {i}"
            _turn(state, turn, at, tally)
            if tally.problems:
                return tally
        order = _order(state)
        names = ("daihugou", "fugo", "heimin", "himmin", "daihinmin")
        tally.check(order == [record["result"][n] for n in names], where,
                    f"places {order} against {record['result']}")
        tally.games += 1
    tally.check(state.is_terminal(), "end", "the match did not end")
    return tally


def _order(state: GameState) -> list[int]:
    """The finishing order of the last round that ended."""
    log = state.log
    while log is not None:
        entry, log = log
        if entry[0] == "round end":
            return list(entry[2])
    return []


def _turn(state: GameState, turn: dict[str, Any], at: str, tally: Tally) -> None:
    status = turn["status"]
    player = turn["player"]
    tally.check(state.current_player == player, at,
                f"furuba's turn is {state.current_player}'s, the server's {player}'s")
    tally.check(bool(status[4]) == (not state.pile_top()[1]), at, "a new trick or not")
    tally.check(bool(status[6]) == state.ranks_reversed, at, "revolution differs")
    tally.check(bool(status[7]) == bool(state.lock), at, "lock differs")
    tally.check(status[8:13] == state.hand_sizes(), at, "card counts differ")
    legal = state.legal_actions()
    action = play_of_cells(turn["cells"])
    round_before = state.round
    if action == PASS:
        tally.check(PASS in legal, at, "a pass is not legal")
        tally.passes += 1
        state.apply(PASS)
    elif turn["ack"] == 9:
        tally.check(action is not None and action in legal, at,
                    f"the server accepted {turn['cells']}, illegal in furuba "
                    f"({state.action_to_string(action) if action is not None else 'no play'})")
        tally.accepted += 1
        state.apply(action if action is not None and action in legal else PASS)
    else:
        tally.check(action is None or action not in legal, at,
                    f"the server refused {turn['cells']}, legal in furuba "
                    f"({state.action_to_string(action) if action is not None else ''})")
        tally.refused += 1
        state.apply(PASS)
    ended = state.is_terminal() or state.round != round_before
    tally.check(ended == (turn["end"] != 0), at, "the game's end differs")
