"""Reading a Friends of the Zodiac state from JSON: a saved game, or a position written by hand.

The parts are read in order — the rules (options and card set), the cards (the zones given,
then the missing hands dealt from the rest, then the deck and the box), the table (Tohru, the
Sohmas' sides, friendships), whose turn it is, the log and journal, and the decision pending —
each by a function named after it. :func:`furuba.zodiac.serialize.state_from_json` turns every
fault into a :class:`~furuba.core.errors.SaveFileError`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, TypeVar

from furuba.core.deck import NUM_SOHMAS, sohma_by_name
from furuba.core.errors import SaveFileError
from furuba.core.protocol import JSON
from furuba.core.rng import shuffled
from furuba.zodiac.cardset import parse_cardset
from furuba.zodiac.codes import HAND_SIZE, OUTCOME_NAMES, P_MAIN, PENDING_NAMES, Log, LogEntry
from furuba.zodiac.rules import CStep, Rules, make_rules

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState

G = TypeVar("G", bound="GameState")


def read_position(cls: type[G], data: JSON) -> G:
    """A ``cls`` state from ``data``: rules, cards, table, turn, log and pending decision."""
    rules = _read_rules(data)
    seed = int(data.get("seed", 0))
    s = cls.__new__(cls)
    s.rules, s.seed, s.counter = rules, seed, int(data.get("counter", 1))
    _read_cards(s, data)
    _read_table(s, data)
    _read_turn(s, data)
    s.log, s.log_len = _read_log(data)
    s.journal = tuple((int(p), rules.kind_of(str(k)), str(a))
                      for p, k, a in data.get("journal", []))
    _read_pending(s, data)
    s.trail, s.recording = (None,) * len(s.hands), True
    return s


def _to_tuples(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_to_tuples(v) for v in value)
    return value


def _kinds(rules: Rules, cards: Any, where: str) -> tuple[int, ...]:
    if not isinstance(cards, list):
        raise SaveFileError(f"{where} must be a list of card names")
    out = []
    for name in cards:
        try:
            out.append(rules.kind_of(str(name)))
        except KeyError:
            raise SaveFileError(f"{where}: no card is called {name!r}") from None
    return tuple(out)


def _sohma(value: Any) -> int:
    if isinstance(value, int) and 0 <= value < NUM_SOHMAS:
        return value
    try:
        return sohma_by_name(str(value)).index
    except KeyError:
        raise SaveFileError(f"no Sohma is called {value!r}") from None


def _read_rules(data: JSON) -> Rules:
    """The options (under ``options`` or at the top level) and the card set."""
    opts = dict(data.get("options") or {})
    for key in ("players", "sets", "target", "variant", "max_rounds"):
        if key in data and key not in opts:
            opts[key] = data[key]
    raw_cs = data.get("cardset", "default")
    cardset = None if raw_cs in (None, "default") else (
        parse_cardset(raw_cs, "saved card set") if isinstance(raw_cs, dict) else str(raw_cs))
    return make_rules(cardset, **opts)


# -- cards: fixed zones first, then deal what is left --------------------------------------------
def _read_cards(s: GameState, data: JSON) -> None:
    """Every zone: the zones given, then missing hands dealt from the rest, then deck and box."""
    rules, n = s.rules, s.rules.options.players
    raw_hands = data.get("hands") or [None] * n
    if len(raw_hands) != n:
        raise SaveFileError(f"hands: {len(raw_hands)} hands for {n} players")
    hands: list[tuple[int, ...] | None] = [
        None if h is None else _kinds(rules, h, f"hands[{i}]") for i, h in enumerate(raw_hands)]
    center = _kinds(rules, data.get("center", []), "center")
    discard = _kinds(rules, data.get("discard", []), "discard")
    limbo = _read_limbo(rules, data.get("limbo"))
    deck = _kinds(rules, data["deck"], "deck") if "deck" in data else None
    box = _kinds(rules, data["box"], "box") if "box" in data else None
    placed = [*center, *discard, *(box or ()), *(k for h in hands for k in h or ()),
              *(deck or ()), *([limbo] if limbo >= 0 else [])]
    rest = shuffled(_cards_left(rules, placed), seed=s.seed, counter=0)
    _deal_missing_hands(hands, rest)
    if deck is None:
        deck, rest = tuple(rest), []
    if box is None:
        box = tuple(sorted(rest))
    elif rest:
        raise SaveFileError(f"{len(rest)} cards are in no zone (hands, deck, discard, center, box)")
    s.hands = tuple(tuple(sorted(h or ())) for h in hands)
    s.deck, s.discard, s.center, s.limbo, s.box = deck, discard, center, limbo, box
    s.reshuffled = tuple(sorted(_kinds(rules, data.get("reshuffled", []), "reshuffled")))


def _read_limbo(rules: Rules, name: Any) -> int:
    """The event being resolved (``-1``: none)."""
    limbo = -1 if name is None else _kinds(rules, [name], "limbo")[0]
    if limbo >= 0 and rules.is_memory(limbo):
        raise SaveFileError("limbo: only an event can be in the middle of being resolved")
    return limbo


def _cards_left(rules: Rules, placed: list[int]) -> list[int]:
    """The game's cards not in ``placed``, sorted; an error when a card is placed too often."""
    used = Counter(placed)
    remaining = Counter(rules.deck)
    remaining.subtract(used)
    over = [k for k, c in remaining.items() if c < 0]
    if over:
        k = over[0]
        raise SaveFileError(f"{rules.kind_names[k]}: {used[k]} used, but the game has only "
                            f"{Counter(rules.deck)[k]}")
    return sorted(remaining.elements())


def _deal_missing_hands(hands: list[tuple[int, ...] | None], rest: list[int]) -> None:
    """Deal each hand not given from the end of ``rest`` (which loses those cards)."""
    for i, h in enumerate(hands):
        if h is None:
            if len(rest) < HAND_SIZE:
                raise SaveFileError("not enough cards left to deal the missing hands")
            hands[i] = tuple(rest[-HAND_SIZE:])
            del rest[-HAND_SIZE:]


# -- the table -------------------------------------------------------------------------------------
def _read_table(s: GameState, data: JSON) -> None:
    """Tohru, the Sohmas' sides, friendships, friendship stacks and the known cards."""
    rules, n = s.rules, s.rules.options.players
    s.tohru = _sohma(data.get("tohru", 0))
    side = data.get("tohru_side", "front")
    if side not in ("front", "back"):
        raise SaveFileError("tohru_side must be 'front' or 'back'")
    s.tohru_back = side == "back"
    s.flipped = 0
    for name in data.get("flipped", []):
        s.flipped |= 1 << _sohma(name)
    friends, taken = _read_friends(rules, data)
    s.friends = friends
    s.fmask = tuple(sum(1 << ((c % 52) // 4) for c in f) for f in friends)
    s.stacks = tuple(int(x) for x in data.get(
        "stacks", [rules.stack_size - t for t in taken]))
    if len(s.stacks) != NUM_SOHMAS or min(s.stacks) < 0:
        raise SaveFileError("stacks must give 13 counts, none below 0")
    s.known = tuple(_kinds(rules, k, "known") for k in data.get("known", [[]] * n))


def _read_friends(rules: Rules, data: JSON) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """The friendship cards of each team (card ids, or Sohma names given the next card of that
    Sohma), and how many cards of each Sohma were won."""
    n = rules.options.players
    teams = 1 if rules.options.coop else n
    raw_friends = data.get("friends") or [[] for _ in range(teams)]
    if len(raw_friends) != teams:
        raise SaveFileError(f"friends: {len(raw_friends)} lists for {teams} "
                            f"{'team' if teams == 1 else 'players'}")
    taken = [0] * NUM_SOHMAS
    friends = []
    for team in raw_friends:
        cards = []
        for f in team:
            if isinstance(f, int) and 0 <= f < 52 * rules.options.sets:
                cards.append(f)
                taken[(f % 52) // 4] += 1
            else:
                sohma = _sohma(f)
                cards.append(4 * sohma + taken[sohma] % 4 + 52 * (taken[sohma] // 4))
                taken[sohma] += 1
        friends.append(tuple(cards))
    return tuple(friends), taken


# -- whose turn, what is pending -------------------------------------------------------------------
def _read_turn(s: GameState, data: JSON) -> None:
    """Whose turn, how far into it, the round, the last turns and the outcome."""
    n = s.rules.options.players
    s.turn = int(data.get("turn", 0))
    s.actions_taken = int(data.get("actions_taken", 0))
    s.round = int(data.get("round", 1))
    if not 0 <= s.turn < n or not 0 <= s.actions_taken <= 3 or s.round < 1:
        raise SaveFileError("turn, actions_taken (0-3) or round out of range")
    s.ender, s.final_left = int(data.get("ender", -1)), int(data.get("final_left", -1))
    outcome = data.get("outcome", "running")
    if outcome not in OUTCOME_NAMES:
        raise SaveFileError(f"outcome must be one of {', '.join(OUTCOME_NAMES)}")
    s.outcome = OUTCOME_NAMES.index(outcome)


def _read_log(data: JSON) -> tuple[Log, int]:
    """The log (entries ``[actor, code, a, b]``) and its length."""
    log: Log = None
    length = 0
    for e in data.get("log", []):
        entry: LogEntry = (int(e[0]), str(e[1]), int(e[2]),
                           e[3] if isinstance(e[3], str) else int(e[3]))
        log = (log, entry)
        length += 1
    return log, length


def _read_pending(s: GameState, data: JSON) -> None:
    """The decision waited for and the effect steps queued; a position that names none starts
    the turn's own steps (befriending, Bestest Friends' reveal)."""
    if "pending" not in data:
        s.pending, s.pending_player, s.pending_arg, s.queue = P_MAIN, s.turn, None, ()
        s.resolve()
        return
    pending = data["pending"]
    if pending not in PENDING_NAMES:
        raise SaveFileError(f"pending must be one of {', '.join(PENDING_NAMES)}")
    s.pending = PENDING_NAMES.index(pending)
    s.pending_player = int(data.get("pending_player", s.turn))
    arg = data.get("pending_arg")
    s.pending_arg = None if arg is None else _to_tuples(arg)
    s.queue = _to_tuples(data.get("queue", []))
    _check_steps(s.queue)


_KNOWN_OPS = {"move", "move_to", "flip", "flip_tohru", "draw", "discard_center", "take_discard",
              "choice", "end_action", "memory_draw", "overflow", "end_event", "turn_start",
              "reveal"}


def _check_steps(steps: tuple[CStep, ...]) -> None:
    for step in steps:
        if not step or step[0] not in _KNOWN_OPS:
            raise SaveFileError(f"queue: unknown step {step!r}")
