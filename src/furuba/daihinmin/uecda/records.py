"""UECda match records, read and replayed in furuba's engine under the UECda preset (D29).

A record is one JSON line a game, as ``furuba uecda serve --record`` writes it (and as the
recording proxy of the reference data wrote the standard server's matches,
``tests/data/uecda/README.md``): the seats and the hands as dealt, the gifts, every turn — who
moved, the cards sent, whether the server accepted them — and the places. :func:`replay` plays
a whole match again: the seats and the deals come from the record, everything else — the
exchange, every play, the lock, the revolution, the places — from furuba's rules, checked
against what the server did; ``on_turn`` sees every decision on the way (what
:mod:`furuba.daihinmin.uecda.fit` learns from).

A record file is read as hostile input: at most :data:`MAX_GAMES` games of at most
:data:`MAX_LINE` characters each and :data:`MAX_CHARS` in all, and anything that is not a
record of a whole UECda match, from its first game, is a :class:`RecordError` with one
sentence.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     bad = Path(folder) / "match.jsonl"
...     _ = bad.write_text('{"game": 1}\n[1, 2]\n', encoding="utf-8")
...     read_records(bad)
Traceback (most recent call last):
...
furuba.daihinmin.uecda.records.RecordError: .../match.jsonl: line 2 is not a game record
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from furuba.core.errors import FurubaError
from furuba.daihinmin.exchange import RICH_GIFTS, SECOND_GIFTS, strongest_cards
from furuba.daihinmin.moves import GIVE_JOKER, PASS, SUITED
from furuba.daihinmin.options import validate
from furuba.daihinmin.ranks import JOKER_SHIFT, cards_of
from furuba.daihinmin.scoring import POOR_MAN, RICH_MAN, SECOND_POOREST, SECOND_RICHEST, roles
from furuba.daihinmin.state import GameState
from furuba.daihinmin.text import _
from furuba.daihinmin.uecda.cells import hand_of_cells, play_of_cells
from furuba.daihinmin.uecda.server import gift_taken
from furuba.daihinmin.uecda.table import PLAYERS, table_of_cells

MAX_GAMES = 10_000
"""The most games read from a record file (ten matches of the contest's thousand games)."""
MAX_LINE = 200_000
"""The longest a game's line may be, in characters (a game of the standard server's takes
about twelve thousand)."""
MAX_CHARS = 150_000_000
"""The most characters read from a record file in all."""
CLASS_OF_TITLE = {RICH_MAN: 0, SECOND_RICHEST: 1, SECOND_POOREST: 3, POOR_MAN: 4}
"""The UECda class (0 daifugo … 4 daihinmin) of each title; a Merchant is 2."""
CLASS_NAMES = ("daihugou", "fugo", "heimin", "himmin", "daihinmin")
"""The classes as the standard server prints them, daifugo first."""

OnTurn = Callable[[GameState, list[int], int], object]
"""What sees each decision of a replay: the state before it, its legal actions, and the action
the record's play comes to in furuba (a refused play is a pass)."""


class RecordError(FurubaError, ValueError):
    """A record file that cannot be read or replayed; the message is one sentence."""


def read_records(path: Path, limit: int = MAX_GAMES) -> list[dict[str, Any]]:
    """The games of the record file at ``path`` (gzip when it ends in ``.gz``), at most
    ``limit`` (and :data:`MAX_GAMES`); a file that is missing, unreadable or not JSON lines of objects is a
    :class:`RecordError`."""
    games: list[dict[str, Any]] = []
    read = 0
    try:
        with (gzip.open(path, "rt", encoding="utf-8") if path.suffix == ".gz"
              else open(path, encoding="utf-8")) as f:
            while len(games) < min(limit, MAX_GAMES):
                line = f.readline(MAX_LINE + 1)
                if not line:
                    break
                if len(line) > MAX_LINE:
                    raise RecordError(_("{path}: line {line} is longer than {most} characters: "
                                        "not a game record").format(
                        path=path, line=len(games) + 1, most=f"{MAX_LINE:,}"))
                read += len(line)
                if read > MAX_CHARS:
                    raise RecordError(_("{path} is larger than {most} characters: not read "
                                        "further").format(path=path, most=f"{MAX_CHARS:,}"))
                if not line.strip():
                    continue
                game = json.loads(line)
                if not isinstance(game, dict):
                    raise RecordError(_("{path}: line {line} is not a game record").format(
                        path=path, line=len(games) + 1))
                games.append(game)
    except RecordError:
        raise
    except (gzip.BadGzipFile, UnicodeDecodeError, EOFError, zlib.error, json.JSONDecodeError,
            RecursionError) as exc:
        raise RecordError(_("{path} is not a file of game records (JSON lines): {reason}").format(
            path=path, reason=exc)) from None
    except OSError as exc:
        raise RecordError(_("cannot read {path}: {reason}").format(
            path=path, reason=exc.strerror or exc)) from None
    if not games:
        raise RecordError(_("{path} holds no game").format(path=path))
    return games


class Recorded(GameState):
    """A UECda game whose seats and deals are the record's (game ``n`` is round ``n``)."""

    __slots__ = ("_records",)
    _records: dict[int, dict[str, Any]]

    @classmethod
    def replay(cls, records: list[dict[str, Any]]) -> Recorded:
        options = validate(players=PLAYERS, target=None, max_rounds=len(records), dealer=None,
                           rules="uecda")
        s: Recorded = cls._blank(options, 0)
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
        raise RecordError(_("the record ends a game by lot, which it cannot replay"))


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


def replay(records: list[dict[str, Any]], on_turn: OnTurn | None = None) -> Tally:
    """Replay a whole match, from its first game; the tally lists what disagreed with the
    server (the replay stops at the first game that did). ``on_turn`` sees every turn."""
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
        tally.check([state.hand(p) for p in range(PLAYERS)] == after, where,
                    "hands after the exchange differ")
        for i, turn in enumerate(record["turns"]):
            _turn(state, turn, f"{where} turn {i}", tally, on_turn)
            if tally.problems:
                return tally
        order = last_order(state)
        tally.check(order == [record["result"][n] for n in CLASS_NAMES], where,
                    f"places {order} against {record['result']}")
        if tally.problems:
            return tally
        tally.games += 1
    tally.check(state.is_terminal(), "end", "the match did not end")
    return tally


def _give(state: GameState, cells: list[list[int]], count: int, tally: Tally) -> None:
    """The Rich player's gift as the server takes it (the daifugo's checked strictly)."""
    hand = state.hand(state.current_player)
    cards = gift_taken(table_of_cells(cells), hand, count, strict=count == RICH_GIFTS)
    for card in cards_of(cards):
        state.apply(GIVE_JOKER if card >= JOKER_SHIFT else SUITED.gift_id(card))
    tally.gives += 1


def last_order(state: GameState) -> list[int]:
    """The finishing order of the last round that ended."""
    log = state.log
    while log is not None:
        entry, log = log
        if entry[0] == "round end":
            return list(entry[2])
    return []


def _turn(state: GameState, turn: dict[str, Any], at: str, tally: Tally,
          on_turn: OnTurn | None) -> None:
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
    elif turn["ack"] == 9:
        tally.check(action is not None and action in legal, at,
                    f"the server accepted {turn['cells']}, illegal in furuba "
                    f"({state.action_to_string(action) if action is not None else 'no play'})")
        tally.accepted += 1
    else:
        tally.check(action is None or action not in legal, at,
                    f"the server refused {turn['cells']}, legal in furuba "
                    f"({state.action_to_string(action) if action is not None else ''})")
        tally.refused += 1
    taken = action if action is not None and action in legal and turn["ack"] == 9 else PASS
    if tally.problems:
        return
    if on_turn is not None:
        on_turn(state, legal, taken)
    state.apply(taken)
    ended = state.is_terminal() or state.round != round_before
    tally.check(ended == (turn["end"] != 0), at, "the game's end differs")
