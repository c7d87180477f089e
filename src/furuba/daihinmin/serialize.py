"""Saving and loading states: the full JSON form and human-written positions.

:func:`to_json` writes every field (all hands, the whole log). :func:`from_json` reads that back,
and also a partial position a person can write, with defaults for everything left out:

>>> from furuba.daihinmin import GameState
>>> s = GameState.from_json({"game": "daihinmin", "players": 4,
...     "hands": [["3", "5", "5", "joker"], ["5", "K♠"], ["7", "7"], ["2"]],
...     "pile": [{"player": 3, "cards": ["4", "4"]}], "turn": 0})
>>> s.legal_action_strings()
['pass', 'play 5+joker', 'play 5x2']
>>> s.to_json()["hands"][0], s.to_json()["pile"]
(['3♦', '5♦', '5♥', 'joker1'], [{'player': 3, 'play': 'play 4x2', 'cards': ['4♦', '4♥']}])
>>> GameState.from_json(s.to_json()).to_json() == s.to_json()
True

Cards are written ``"7♦"`` (or ``"7d"``), ``"10♣"``, ``"joker1"``/``"joker2"``; a rank alone
(``"7"``, ``"joker"``) takes the lowest card of that rank no other entry names. Positions that
break the rules raise :class:`~furuba.core.errors.SaveFileError` saying what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from furuba.core.errors import OptionsError, SaveFileError
from furuba.core.protocol import JSON, TERMINAL
from furuba.daihinmin import events
from furuba.daihinmin.exchange import gift_card
from furuba.daihinmin.moves import ACTION_NAMES, play_id
from furuba.daihinmin.options import DEFAULT_TARGET, validate
from furuba.daihinmin.ranks import (
    CARD_NAMES,
    JOKER,
    JOKERS_ONLY_LEVEL,
    RANK_INDEX,
    counts_of,
    names_of,
    parse_card,
)
from furuba.daihinmin.revolution import CLOCKWISE, COUNTERCLOCKWISE, DIRECTION_NAMES
from furuba.daihinmin.scoring import (
    NO_TITLE,
    TITLE_NAMES,
    roles,
    title_name,
    titles_by_place,
)

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

S = TypeVar("S", bound="GameState")

FORMAT = 1
_OPTION_KEYS = {"game", "format", "players", "target", "max_rounds", "seed", "dealer"}
_KEYS = _OPTION_KEYS | {
    "counter", "round", "phase", "turn", "seating", "direction", "revolution", "scores", "titles",
    "hands", "pile", "passes", "finished", "played", "gifts", "exchange", "truncated", "log",
}


def to_json(state: GameState) -> JSON:
    """The whole state, every hidden card included."""
    from furuba.daihinmin.state import PHASE_NAMES

    options = state._options
    return {
        "game": "daihinmin",
        "format": FORMAT,
        "players": options.players,
        "target": options.target,
        "max_rounds": options.max_rounds,
        "seed": state._seed,
        "counter": state._counter,
        "round": state._round,
        "phase": PHASE_NAMES[state._phase],
        "turn": None if state.is_terminal() else state._current,
        "dealer": state._dealer,
        "seating": list(state._seating),
        "direction": DIRECTION_NAMES[state._direction],
        "revolution": state._revolution,
        "scores": list(state._scores),
        "titles": [title_name(t) for t in state._titles],
        "hands": [names_of(h) for h in state._hands],
        "pile": [{"player": p, "play": ACTION_NAMES[a], "cards": names_of(c)}
                 for p, a, c in state._pile],
        "passes": state._passes,
        "finished": list(state._finished),
        "gifts": [{"from": g, "to": r, "card": CARD_NAMES[c]} for g, r, c in state._gifts],
        "exchange": [{"from": g, "to": r, "cards": names_of(c)} for g, r, c in state._exchange],
        "truncated": state._truncated,
        "log": events.render_log(state._log, state._private, None, everything=True),
    }


def from_json(cls: type[S], data: JSON) -> S:
    """A state from :func:`to_json` output or from a partial, human-written position."""
    try:
        return _Reader(data).build(cls)
    except SaveFileError:
        raise
    except (OptionsError, ValueError, TypeError, KeyError, IndexError) as exc:
        raise SaveFileError(f"not a Dai Hin Min position: {exc}") from None


def _fail(message: str) -> SaveFileError:
    return SaveFileError(f"not a Dai Hin Min position: {message}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Reader:
    """Reads one position, field by field, with defaults and checks."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise _fail(f"expected a JSON object, not {type(data).__name__}")
        unknown = sorted(set(map(str, data)) - _KEYS)
        if unknown:
            raise _fail(f"unknown field(s) {', '.join(map(repr, unknown))}")
        game = data.get("game", "daihinmin")
        if game != "daihinmin":
            raise _fail(f"'game' is {game!r}, not 'daihinmin'")
        self.data = data
        self.used: set[int] = set()

    def int_field(self, key: str, default: int, low: int, high: int | None = None) -> int:
        value = self.data.get(key, default)
        if not _is_int(value) or value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise _fail(f"{key!r} must be a whole number {bound}, not {value!r}")
        return int(value)

    def player_list(self, key: str, value: Any, n: int) -> list[int]:
        if not isinstance(value, list) or not all(_is_int(p) and 0 <= p < n for p in value):
            raise _fail(f"{key!r} must be a list of player ids (0 to {n - 1}), not {value!r}")
        if len(set(value)) != len(value):
            raise _fail(f"{key!r} names a player twice: {value!r}")
        return list(value)

    def tokens(self, key: str, value: Any) -> list[tuple[int, int | None]]:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise _fail(f"{key!r} must be a list of card names such as '7♦', '7' or 'joker', "
                        f"not {value!r}")
        out = []
        for name in value:
            try:
                out.append(parse_card(name))
            except ValueError as exc:
                raise _fail(f"{key!r}: {exc}") from None
        return out

    def claim_exact(self, where: str, parsed: list[tuple[int, int | None]]) -> None:
        for _, card in parsed:
            if card is not None:
                if card in self.used:
                    raise _fail(f"{where}: card {CARD_NAMES[card]} appears twice")
                self.used.add(card)

    def resolve(self, where: str, parsed: list[tuple[int, int | None]]) -> int:
        """The mask of ``parsed`` cards, ranks alone taking the lowest cards still free."""
        mask = 0
        for level, card in parsed:
            if card is None:
                pool = (52, 53) if level == JOKER else tuple(RANK_INDEX[level] * 4 + s
                                                              for s in range(4))
                free = [c for c in pool if c not in self.used]
                if not free:
                    what = "joker" if level == JOKER else CARD_NAMES[pool[0]][:-1]
                    raise _fail(f"{where}: no {what} left to deal (every copy is used)")
                card = free[0]
                self.used.add(card)
            mask |= 1 << card
        return mask

    def build(self, cls: type[S]) -> S:
        data = self.data
        hands_raw = data.get("hands")
        default_players = len(hands_raw) if isinstance(hands_raw, list) else 4
        n = self.int_field("players", default_players, 0)
        target = data.get("target", DEFAULT_TARGET)
        max_rounds = data.get("max_rounds")
        seed = data.get("seed", 0)
        options = validate(players=n, target=target, max_rounds=max_rounds, dealer=None,
                           seed=seed)
        if hands_raw is None:
            extra = sorted(set(data) - _OPTION_KEYS)
            if extra:
                raise _fail(f"a position with {', '.join(map(repr, extra))} needs 'hands'")
            dealer = data.get("dealer")
            validate(players=n, target=target, max_rounds=max_rounds, dealer=dealer, seed=seed)
            return cls.start(options, seed, dealer)
        if not isinstance(hands_raw, list) or len(hands_raw) != n:
            raise _fail(f"'hands' must be a list of {n} hands (one per player)")

        s = cls._blank(options, seed)
        s._counter = self.int_field("counter", 0, 0)

        # seats and titles
        seating = self.player_list("seating", data.get("seating", list(range(n))), n)
        if len(seating) != n:
            raise _fail(f"'seating' must list all {n} players")
        s._seating = tuple(seating)
        seat_of = [0] * n
        for seat, player in enumerate(seating):
            seat_of[player] = seat
        s._seat_of = tuple(seat_of)
        titles = self.titles(data.get("titles", [None] * n), n)
        s._titles = titles
        titled = NO_TITLE not in titles
        scores = data.get("scores", [0] * n)
        if not isinstance(scores, list) or len(scores) != n or not all(
                _is_int(x) and x >= 0 for x in scores):
            raise _fail(f"'scores' must be {n} whole numbers, at least 0, not {scores!r}")
        s._scores = tuple(scores)
        s._round = self.int_field("round", 2 if titled else 1, 1)
        revolution = data.get("revolution", False)
        if not isinstance(revolution, bool):
            raise _fail(f"'revolution' must be true or false, not {revolution!r}")
        if revolution and not titled:
            raise _fail("a revolution needs titles (a Poor Man), so not in the first round")
        s._revolution = revolution
        direction = data.get("direction", COUNTERCLOCKWISE if revolution else CLOCKWISE)
        names = {v: k for k, v in DIRECTION_NAMES.items()}
        direction = names.get(direction, direction)
        if direction not in (CLOCKWISE, COUNTERCLOCKWISE) or isinstance(direction, bool):
            raise _fail(f"'direction' must be 'clockwise' or 'counterclockwise', "
                        f"not {data.get('direction')!r}")
        if (direction == COUNTERCLOCKWISE) != revolution:
            raise _fail("play goes counterclockwise exactly in a revolution round (D10)")
        s._direction = direction

        from furuba.daihinmin.state import EXCHANGE, OVER, PHASE_NAMES, PLAY, REVOLUTION

        phase_name = data.get("phase", "play")
        if phase_name not in PHASE_NAMES:
            raise _fail(f"'phase' must be one of {', '.join(PHASE_NAMES)}, not {phase_name!r}")
        phase = PHASE_NAMES.index(phase_name)
        s._phase = phase
        if phase in (REVOLUTION, EXCHANGE) and (not titled or revolution):
            raise _fail(f"the {phase_name} phase needs titles and no revolution declared")

        # cards: exact names first, then ranks alone
        hands_parsed = [self.tokens(f"hands[{p}]", h) for p, h in enumerate(hands_raw)]
        pile_raw = data.get("pile", [])
        if isinstance(pile_raw, list) and pile_raw and all(isinstance(x, str) for x in pile_raw):
            pile_raw = [{"cards": pile_raw}]
        if not isinstance(pile_raw, list) or not all(isinstance(x, dict) for x in pile_raw):
            raise _fail("'pile' must be a list of sets {\"player\": id, \"cards\": [...]} or "
                        "one list of cards")
        pile_parsed = [self.tokens(f"pile[{i}]", x.get("cards")) for i, x in enumerate(pile_raw)]
        for p, parsed in enumerate(hands_parsed):
            self.claim_exact(f"hands[{p}]", parsed)
        for i, parsed in enumerate(pile_parsed):
            self.claim_exact(f"pile[{i}]", parsed)
        hands = tuple(self.resolve(f"hands[{p}]", parsed)
                      for p, parsed in enumerate(hands_parsed))
        s._hands = hands
        s._counts = tuple(counts_of(h) for h in hands)
        holding = [p for p in range(n) if hands[p]]

        # who acts
        turn_raw = data.get("turn", -1)
        if phase == OVER:
            if turn_raw not in (None, -1, TERMINAL):
                raise _fail("a finished game has no 'turn' (null)")
        elif turn_raw is not None and turn_raw != -1 and not (
                _is_int(turn_raw) and 0 <= turn_raw < n):
            raise _fail(f"'turn' must be a player id from 0 to {n - 1}, not {turn_raw!r}")

        # the pile
        pile = []
        previous: tuple[int, int] | None = None
        for i, (entry, parsed) in enumerate(zip(pile_raw, pile_parsed, strict=True)):
            mask = self.resolve(f"pile[{i}]", parsed)
            levels = {level for level, _ in parsed if level != JOKER}
            jokers = sum(1 for level, _ in parsed if level == JOKER)
            if len(levels) > 1 or not parsed or len(parsed) > 6:
                raise _fail(f"pile[{i}] is not a set (1 to 6 cards of one rank, jokers aside)")
            level = levels.pop() if levels else JOKERS_ONLY_LEVEL
            action = play_id(level, len(parsed) - jokers, jokers)
            if previous is not None and (len(parsed) != previous[1] or level <= previous[0]):
                raise _fail(f"pile[{i}] does not follow the set under it (same number of "
                            "cards, strictly higher rank, D4)")
            previous = (level, len(parsed))
            player = entry.get("player")
            if player is None and i == len(pile_raw) - 1 and _is_int(turn_raw) \
                    and turn_raw >= 0:
                player = self._before(s, int(turn_raw))
            if not _is_int(player) or not 0 <= player < n:
                raise _fail(f"pile[{i}] needs 'player', a player id")
            pile.append((int(player), action, mask))
        s._pile = tuple(pile)
        if pile:
            s._top_level, s._top_total = previous if previous else (0, 0)
        if phase != PLAY and pile and phase != OVER:
            raise _fail(f"no cards are on the pile in the {phase_name} phase")

        # gone out
        empty = [p for p in seating if not hands[p]]
        finished = self.player_list("finished", data.get("finished", empty), n)
        if phase != OVER and sorted(finished) != sorted(empty):
            raise _fail(f"'finished' must list exactly the players with no cards ({empty})")
        if phase == OVER and len(finished) != n:
            raise _fail("a finished game's 'finished' lists every player")
        s._finished = tuple(finished)

        # the exchange
        s._gifts = self.gifts(data.get("gifts", []), s, phase == EXCHANGE)
        s._exchange = self.exchange(data.get("exchange", []), s)
        s._passes = self.int_field("passes", 0, 0)
        truncated = data.get("truncated", False)
        if not isinstance(truncated, bool):
            raise _fail(f"'truncated' must be true or false, not {truncated!r}")
        s._truncated = truncated
        try:
            s._log, s._private = events.parse_log(data.get("log", []), n)
            s._nlog = len(events.entries(s._log))
        except ValueError as exc:
            raise _fail(f"'log': {exc}") from None

        # whose turn, checked against the rules of the phase
        if phase == OVER:
            s._current = TERMINAL
        elif phase == REVOLUTION:
            s._current = self._turn(turn_raw, roles(titles)[3], "the Poor Man decides (D10)")
        elif phase == EXCHANGE:
            rich, second_rich = roles(titles)[:2]
            rich_chosen = sum(1 for g, _, _ in s._gifts if g == rich)
            s._current = self._turn(turn_raw, rich if rich_chosen < 2 else second_rich,
                                    "the Rich Man, then the Second Richest, choose gifts (D9)")
        else:
            if len(holding) < 2:
                raise _fail("a round in play needs at least 2 players holding cards")
            if pile:
                last = pile[-1][0]
                default = s._next_active(last)
            else:
                default = next(p for p in seating if hands[p])
            current = default if turn_raw in (None, -1) else int(turn_raw)
            if not hands[current]:
                raise _fail(f"player {current} has no cards and cannot have the turn")
            if pile:
                holders = len(holding) - (1 if hands[pile[-1][0]] else 0)
                if current == pile[-1][0]:
                    raise _fail("the player who played the top set cannot have the turn: the "
                                "pile would have been cleared (D5)")
                if s._passes >= holders:
                    raise _fail(f"'passes' must be below {holders}: after that many the pile "
                                "is cleared (D5)")
            elif s._passes:
                raise _fail("'passes' must be 0 on an empty pile")
            s._current = current
        if titled:
            default_dealer = roles(titles)[3]
        elif s._current >= 0:
            default_dealer = self._before(s, s._current)
        else:
            default_dealer = s._seating[-1]
        s._dealer = self.int_field("dealer", default_dealer, 0, n - 1)
        return s

    @staticmethod
    def _before(s: GameState, player: int) -> int:
        """The player before ``player`` in the direction of play (default owner of the pile)."""
        n = s.num_players
        seat = s._seat_of[player]
        return s._seating[(seat - s._direction) % n]

    @staticmethod
    def _turn(turn_raw: Any, expected: int, rule: str) -> int:
        if turn_raw not in (None, -1) and turn_raw != expected:
            raise _fail(f"'turn' must be {expected}: {rule}")
        return expected

    def titles(self, value: Any, n: int) -> tuple[int, ...]:
        if not isinstance(value, list) or len(value) != n:
            raise _fail(f"'titles' must be a list of {n} titles or nulls")
        lookup = {name.lower(): t for t, name in enumerate(TITLE_NAMES)}
        codes = []
        for item in value:
            if item is None:
                codes.append(NO_TITLE)
            elif isinstance(item, str) and item.strip().lower() in lookup:
                codes.append(lookup[item.strip().lower()])
            else:
                raise _fail(f"unknown title {item!r}; titles are {', '.join(TITLE_NAMES)}")
        if all(c == NO_TITLE for c in codes):
            return tuple(codes)
        if sorted(codes) != sorted(titles_by_place(n)):
            raise _fail(f"titles must be one Rich Man, one Second Richest, one Second Poorest, "
                        f"one Poor Man and {n - 4} Merchant(s) (D7), not {value!r}")
        return tuple(codes)

    def gifts(self, value: Any, s: GameState, allowed: bool) -> tuple[tuple[int, int, int], ...]:
        if not isinstance(value, list):
            raise _fail("'gifts' must be a list")
        if value and not allowed:
            raise _fail("gifts are only chosen in the exchange phase")
        if not value:
            return ()
        rich, second_rich, second_poor, poor = roles(s._titles)
        out: list[tuple[int, int, int]] = []
        for i, item in enumerate(value):
            if not isinstance(item, dict) or not isinstance(item.get("card"), str):
                raise _fail(f"gifts[{i}] must be {{\"from\": id, \"card\": name}}")
            giver = item.get("from")
            expected_giver = rich if i < 2 else second_rich
            if giver != expected_giver or i > 2:
                raise _fail(f"gifts[{i}]: the Rich Man chooses 2 gifts, then the Second "
                            "Richest 1 (D9)")
            receiver = poor if giver == rich else second_poor
            if item.get("to", receiver) != receiver:
                raise _fail(f"gifts[{i}] goes to player {receiver}")
            level, card = parse_card(item["card"])
            left = s._hands[giver] & ~sum(1 << c for g, _, c in out if g == giver)
            if card is None:
                card = gift_card(left, level)
            if card < 0 or not left >> card & 1:
                raise _fail(f"gifts[{i}]: player {giver} holds no such card to give")
            out.append((giver, receiver, card))
        return tuple(out)

    def exchange(self, value: Any, s: GameState) -> tuple[tuple[int, int, int], ...]:
        if not isinstance(value, list):
            raise _fail("'exchange' must be a list")
        out = []
        n = s.num_players
        for i, item in enumerate(value):
            if not isinstance(item, dict):
                raise _fail(f"exchange[{i}] must be {{\"from\", \"to\", \"cards\"}}")
            giver, receiver = item.get("from"), item.get("to")
            if not (isinstance(giver, int) and isinstance(receiver, int)
                    and _is_int(giver) and _is_int(receiver) and 0 <= giver < n
                    and 0 <= receiver < n and giver != receiver):
                raise _fail(f"exchange[{i}] needs two different player ids 'from' and 'to'")
            mask = 0
            for _level, card in self.tokens(f"exchange[{i}]", item.get("cards")):
                if card is None:
                    raise _fail(f"exchange[{i}] must name exact cards such as '7♦'")
                mask |= 1 << card
            if mask & s._hands[giver]:
                raise _fail(f"exchange[{i}]: player {giver} still holds a card they gave")
            out.append((int(giver), int(receiver), mask))
        return tuple(out)


__all__ = ["FORMAT", "from_json", "to_json"]
