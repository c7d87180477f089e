"""Reading a Dai Hin Min state from JSON: a saved game, or a position written by hand.

Each part of a position has its reader, called in this order: the options (or a new deal when
no hands are given), the seats and titles, the kind of round (revolution, direction, phase), the
cards in hand and on the pile, who has gone out, the exchange, the log, and then whose turn it
is and who dealt, checked against the rules of the phase. The small readers are in
:mod:`furuba.daihinmin.reading`, those of the cards in :mod:`furuba.daihinmin.position_cards`.
Every fault is a :class:`~furuba.core.errors.SaveFileError` saying what is wrong (see
:mod:`furuba.daihinmin.serialize` for examples).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from furuba.core.protocol import JSON, TERMINAL
from furuba.daihinmin.house import PASS_OUT
from furuba.daihinmin.options import DEFAULT_TARGET, HOUSE_RULES, SETTINGS, Options, validate
from furuba.daihinmin.phases import EXCHANGE, OVER, PHASE_NAMES, REVOLUTION
from furuba.daihinmin.position_cards import read_hands, read_pile, read_progress
from furuba.daihinmin.position_house import STATE_KEYS, house_options, read_house_state
from furuba.daihinmin.reading import Cards, before, fail, int_field, is_int, player_list
from furuba.daihinmin.revolution import CLOCKWISE, COUNTERCLOCKWISE, DIRECTION_NAMES
from furuba.daihinmin.scoring import NO_TITLE, TITLE_NAMES, roles, titles_by_place

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

S = TypeVar("S", bound="GameState")

_OPTION_KEYS = {"game", "format", "players", "target", "max_rounds", "seed", "dealer",
                *HOUSE_RULES, *SETTINGS}
_KEYS = _OPTION_KEYS | STATE_KEYS | {
    "counter", "round", "phase", "turn", "seating", "direction", "revolution", "scores", "titles",
    "hands", "pile", "passes", "finished", "played", "gifts", "exchange", "truncated", "log",
}


def read_position(cls: type[S], data: Any) -> S:
    """A ``cls`` state from ``data`` (a whole saved state, or a partial position)."""
    _check_fields(data)
    hands_raw = data.get("hands")
    options, seed = _read_options(data, hands_raw)
    if hands_raw is None:
        return _new_deal(cls, data, options, seed)
    n = options.players
    if not isinstance(hands_raw, list) or len(hands_raw) != n:
        raise fail(f"'hands' must be a list of {n} hands (one per player)")
    s = cls._blank(options, seed)
    s.counter = int_field(data, "counter", 0, 0)
    _read_seats(s, data)
    _read_round_kind(s, data)
    cards = Cards()
    pile_raw, pile_parsed = read_hands(s, data, hands_raw, cards)
    turn_raw = _read_turn_field(data, s.phase_code, n)
    read_pile(s, pile_raw, pile_parsed, turn_raw, cards)
    read_progress(s, data)
    read_house_state(s, data)
    s.current = _current(s, turn_raw)
    s.dealer = int_field(data, "dealer", _default_dealer(s), 0, n - 1)
    return s


def _check_fields(data: Any) -> None:
    if not isinstance(data, dict):
        raise fail(f"expected a JSON object, not {type(data).__name__}")
    unknown = sorted(set(map(str, data)) - _KEYS)
    if unknown:
        raise fail(f"unknown field(s) {', '.join(map(repr, unknown))}")
    game = data.get("game", "daihinmin")
    if game != "daihinmin":
        raise fail(f"'game' is {game!r}, not 'daihinmin'")


# -- options, or a new deal ------------------------------------------------------------------------
def _read_options(data: JSON, hands_raw: Any) -> tuple[Options, Any]:
    """The options and the seed (as given; :func:`validate` has checked it)."""
    default_players = len(hands_raw) if isinstance(hands_raw, list) else 4
    n = int_field(data, "players", default_players, 0)
    seed = data.get("seed", 0)
    options = validate(players=n, target=data.get("target", DEFAULT_TARGET),
                       max_rounds=data.get("max_rounds"), dealer=None, seed=seed,
                       **house_options(data))
    return options, seed


def _new_deal(cls: type[S], data: JSON, options: Options, seed: Any) -> S:
    """A position without hands: only options, so a new game dealt from them."""
    extra = sorted(set(data) - _OPTION_KEYS)
    if extra:
        raise fail(f"a position with {', '.join(map(repr, extra))} needs 'hands'")
    dealer = data.get("dealer")
    validate(players=options.players, target=options.target, max_rounds=options.max_rounds,
             dealer=dealer, seed=seed, **house_options(data))
    return cls.start(options, seed, dealer)


# -- seats, titles, the kind of round --------------------------------------------------------------
def _read_seats(s: GameState, data: JSON) -> None:
    """Seating, titles, scores and the round number."""
    n = s.num_players
    seating = player_list("seating", data.get("seating", list(range(n))), n)
    if len(seating) != n:
        raise fail(f"'seating' must list all {n} players")
    s.seating = tuple(seating)
    seat_of = [0] * n
    for seat, player in enumerate(seating):
        seat_of[player] = seat
    s.seat_of = tuple(seat_of)
    s.titles = _read_titles(data.get("titles", [None] * n), n)
    scores = data.get("scores", [0] * n)
    if not isinstance(scores, list) or len(scores) != n or not all(
            is_int(x) and x >= 0 for x in scores):
        raise fail(f"'scores' must be {n} whole numbers, at least 0, not {scores!r}")
    s.points = tuple(scores)
    s.round = int_field(data, "round", 2 if NO_TITLE not in s.titles else 1, 1)


def _read_titles(value: Any, n: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != n:
        raise fail(f"'titles' must be a list of {n} titles or nulls")
    lookup = {name.lower(): t for t, name in enumerate(TITLE_NAMES)}
    codes = []
    for item in value:
        if item is None:
            codes.append(NO_TITLE)
        elif isinstance(item, str) and item.strip().lower() in lookup:
            codes.append(lookup[item.strip().lower()])
        else:
            raise fail(f"unknown title {item!r}; titles are {', '.join(TITLE_NAMES)}")
    if all(c == NO_TITLE for c in codes):
        return tuple(codes)
    if sorted(codes) != sorted(titles_by_place(n)):
        raise fail(f"titles must be one Rich Man, one Second Richest, one Second Poorest, "
                   f"one Poor Man and {n - 4} Merchant(s) (D7), not {value!r}")
    return tuple(codes)


def _read_round_kind(s: GameState, data: JSON) -> None:
    """Revolution, direction of play and phase, which the titles must allow (D10)."""
    titled = NO_TITLE not in s.titles
    revolution = data.get("revolution", False)
    if not isinstance(revolution, bool):
        raise fail(f"'revolution' must be true or false, not {revolution!r}")
    if revolution and not titled:
        raise fail("a revolution needs titles (a Poor Man), so not in the first round")
    s.revolution = revolution
    direction = data.get("direction", COUNTERCLOCKWISE if revolution else CLOCKWISE)
    names = {v: k for k, v in DIRECTION_NAMES.items()}
    direction = names.get(direction, direction)
    if direction not in (CLOCKWISE, COUNTERCLOCKWISE) or isinstance(direction, bool):
        raise fail(f"'direction' must be 'clockwise' or 'counterclockwise', "
                   f"not {data.get('direction')!r}")
    if (direction == COUNTERCLOCKWISE) != revolution:
        raise fail("play goes counterclockwise exactly in a revolution round (D10)")
    s.direction = direction
    phase_name = data.get("phase", "play")
    if phase_name not in PHASE_NAMES:
        raise fail(f"'phase' must be one of {', '.join(PHASE_NAMES)}, not {phase_name!r}")
    s.phase_code = PHASE_NAMES.index(phase_name)
    if s.phase_code in (REVOLUTION, EXCHANGE) and (not titled or revolution):
        raise fail(f"the {phase_name} phase needs titles and no revolution declared")


def _read_turn_field(data: JSON, phase: int, n: int) -> Any:
    """``turn`` as given (``None`` or ``-1``: not given), checked to be a player id."""
    turn_raw = data.get("turn", -1)
    if phase == OVER:
        if turn_raw not in (None, -1, TERMINAL):
            raise fail("a finished game has no 'turn' (null)")
    elif turn_raw is not None and turn_raw != -1 and not (
            is_int(turn_raw) and 0 <= turn_raw < n):
        raise fail(f"'turn' must be a player id from 0 to {n - 1}, not {turn_raw!r}")
    return turn_raw


# -- whose turn, who dealt -------------------------------------------------------------------------
def _current(s: GameState, turn_raw: Any) -> int:
    """Who acts now, checked against the rules of the phase."""
    titles = s.titles
    if s.phase_code == OVER:
        return TERMINAL
    if s.phase_code == REVOLUTION:
        return _turn(turn_raw, roles(titles)[3], "the Poor Man decides (D10)")
    if s.phase_code == EXCHANGE:
        rich, second_rich = roles(titles)[:2]
        rich_chosen = sum(1 for g, _, _ in s.gifts if g == rich)
        return _turn(turn_raw, rich if rich_chosen < 2 else second_rich,
                     "the Rich Man, then the Second Richest, choose gifts (D9)")
    return _current_in_play(s, turn_raw)


def _turn(turn_raw: Any, expected: int, rule: str) -> int:
    if turn_raw not in (None, -1) and turn_raw != expected:
        raise fail(f"'turn' must be {expected}: {rule}")
    return expected


def _current_in_play(s: GameState, turn_raw: Any) -> int:
    """Who plays next: the turn given, or the next player after the top set (D4, D5)."""
    hands, pile = s.hands, s.pile
    holding = [p for p in range(s.num_players) if hands[p]]
    if len(holding) < 2:
        raise fail("a round in play needs at least 2 players holding cards")
    default = s.next_active(pile[-1][0]) if pile else next(p for p in s.seating if hands[p])
    current = default if turn_raw in (None, -1) else int(turn_raw)
    if not hands[current]:
        raise fail(f"player {current} has no cards and cannot have the turn")
    if s.rules.house & PASS_OUT:     # D22: anyone who has not passed, the last player too
        if s.passed >> current & 1:
            raise fail(f"player {current} passed in this trick and cannot have the turn (D22)")
        return current
    if pile:
        holders = len(holding) - (1 if hands[pile[-1][0]] else 0)
        if current == pile[-1][0]:
            raise fail("the player who played the top set cannot have the turn: the "
                       "pile would have been cleared (D5)")
        if s.passes >= holders:
            raise fail(f"'passes' must be below {holders}: after that many the pile "
                       "is cleared (D5)")
    elif s.passes:
        raise fail("'passes' must be 0 on an empty pile")
    return current


def _default_dealer(s: GameState) -> int:
    """Who dealt, when not given: the Poor Man after the first round (D8), else the player
    before the one to act."""
    if NO_TITLE not in s.titles:
        return roles(s.titles)[3]
    if s.current >= 0:
        return before(s, s.current)
    return s.seating[-1]
