"""Friends of the Zodiac states to and from JSON.

``to_json`` writes everything (every hand, the deck order) with cards by name. ``from_json``
reads that back exactly, and also accepts a *position*: a partial state written by hand, where
anything left out gets a sensible default: hands not given are dealt from the cards left, and the
rest become the deck — or, when the deck is given, are set aside in the ``box``, out of play.
The rulebook's Example Turn, for instance:

>>> from furuba.zodiac.serialize import state_from_json
>>> s = state_from_json({"players": 2, "tohru": "Hatori",
...                      "hands": [["Brotherly Love", "Insecurity"], None],
...                      "center": ["Trust", "Sharing Heartache"]})
>>> s.legal_action_strings()
['draw', 'move', 'play Insecurity', 'play Brotherly Love']
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from furuba.core.deck import NUM_SOHMAS, SOHMA_NAMES, sohma_by_name
from furuba.core.errors import FurubaError, SaveFileError
from furuba.core.protocol import JSON
from furuba.core.rng import shuffled
from furuba.zodiac.cardset import parse_cardset
from furuba.zodiac.rules import CStep, Rules
from furuba.zodiac.state import (
    HAND_SIZE,
    OUTCOME_NAMES,
    P_MAIN,
    PENDING_NAMES,
    GameState,
    LogEntry,
)

FORMAT_VERSION = 1


def _to_lists(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_lists(v) for v in value]
    return value


def _to_tuples(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_to_tuples(v) for v in value)
    return value


def state_to_json(s: GameState) -> JSON:
    rules = s.rules
    names = rules.kind_names
    cs = rules.cardset
    from furuba.zodiac.cardset import default_cardset

    entries = s.log_entries()
    return {
        "game": "zodiac",
        "version": FORMAT_VERSION,
        "options": rules.options.to_json(),
        "cardset": "default" if cs is default_cardset() else cs.model_dump(mode="json"),
        "seed": s.seed,
        "counter": s.counter,
        "hands": [[names[k] for k in h] for h in s.hands],
        "deck": [names[k] for k in s.deck],
        "discard": [names[k] for k in s.discard],
        "center": [names[k] for k in s.center],
        "limbo": names[s.limbo] if s.limbo >= 0 else None,
        "tohru": SOHMA_NAMES[s.tohru],
        "tohru_side": "back" if s.tohru_back else "front",
        "flipped": [SOHMA_NAMES[i] for i in range(NUM_SOHMAS) if s.flipped >> i & 1],
        "stacks": list(s.stacks),
        "friends": [list(f) for f in s.friends],
        "known": [[names[k] for k in h] for h in s.known],
        "turn": s.turn,
        "actions_taken": s.actions_taken,
        "round": s.round,
        "pending": PENDING_NAMES[s.pending],
        "pending_player": s.pending_player,
        "pending_arg": _to_lists(s.pending_arg),
        "queue": _to_lists(s.queue),
        "ender": s.ender,
        "final_left": s.final_left,
        "outcome": OUTCOME_NAMES[s.outcome],
        "log": [list(e) for e in entries],
        "journal": [[p, names[k], a] for p, k, a in s.journal],
        "box": [names[k] for k in s.box],
    }


def state_from_json(data: JSON) -> GameState:
    """A state from :func:`state_to_json` output or from a hand-written position."""
    if not isinstance(data, dict):
        raise SaveFileError("a Friends of the Zodiac state must be a JSON object")
    if data.get("game", "zodiac") != "zodiac":
        raise SaveFileError(f"this is a {data.get('game')!r} state, not Friends of the Zodiac")
    try:
        return _from_json(data)
    except FurubaError as exc:
        raise SaveFileError(f"cannot read the position: {exc}") from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise SaveFileError(f"cannot read the position: bad or missing field ({exc!r})") from None


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


def _from_json(data: JSON) -> GameState:
    from furuba.zodiac import make_rules

    opts = dict(data.get("options") or {})
    for key in ("players", "sets", "target", "variant", "max_rounds"):
        if key in data and key not in opts:
            opts[key] = data[key]
    raw_cs = data.get("cardset", "default")
    cardset = None if raw_cs in (None, "default") else (
        parse_cardset(raw_cs, "saved card set") if isinstance(raw_cs, dict) else str(raw_cs))
    rules = make_rules(cardset, **opts)
    n = rules.options.players
    seed = int(data.get("seed", 0))
    s = GameState.__new__(GameState)
    s.rules, s.seed, s.counter = rules, seed, int(data.get("counter", 1))

    # -- cards: fixed zones first, then deal what is left ------------------------------------
    raw_hands = data.get("hands") or [None] * n
    if len(raw_hands) != n:
        raise SaveFileError(f"hands: {len(raw_hands)} hands for {n} players")
    hands: list[tuple[int, ...] | None] = [
        None if h is None else _kinds(rules, h, f"hands[{i}]") for i, h in enumerate(raw_hands)]
    center = _kinds(rules, data.get("center", []), "center")
    discard = _kinds(rules, data.get("discard", []), "discard")
    limbo_name = data.get("limbo")
    limbo = -1 if limbo_name is None else _kinds(rules, [limbo_name], "limbo")[0]
    if limbo >= 0 and rules.is_memory(limbo):
        raise SaveFileError("limbo: only an event can be in the middle of being resolved")
    deck = _kinds(rules, data["deck"], "deck") if "deck" in data else None
    box = _kinds(rules, data["box"], "box") if "box" in data else None
    used: Counter[int] = Counter(center) + Counter(discard) + Counter(box or ())
    for h in hands:
        used.update(h or ())
    used.update(deck or ())
    if limbo >= 0:
        used[limbo] += 1
    remaining = Counter(rules.deck)
    remaining.subtract(used)
    over = [k for k, c in remaining.items() if c < 0]
    if over:
        k = over[0]
        raise SaveFileError(f"{rules.kind_names[k]}: {used[k]} used, but the game has only "
                            f"{Counter(rules.deck)[k]}")
    rest = shuffled(sorted(remaining.elements()), seed=seed, counter=0)
    for i, h in enumerate(hands):
        if h is None:
            if len(rest) < HAND_SIZE:
                raise SaveFileError("not enough cards left to deal the missing hands")
            hands[i] = tuple(rest[-HAND_SIZE:])
            del rest[-HAND_SIZE:]
    if deck is None:
        deck, rest = tuple(rest), []
    if box is None:
        box = tuple(sorted(rest))
    elif rest:
        raise SaveFileError(f"{len(rest)} cards are in no zone (hands, deck, discard, center, box)")
    s.hands = tuple(tuple(sorted(h or ())) for h in hands)
    s.deck, s.discard, s.center, s.limbo, s.box = deck, discard, center, limbo, box

    # -- the table ---------------------------------------------------------------------------
    s.tohru = _sohma(data.get("tohru", 0))
    side = data.get("tohru_side", "front")
    if side not in ("front", "back"):
        raise SaveFileError("tohru_side must be 'front' or 'back'")
    s.tohru_back = side == "back"
    s.flipped = 0
    for name in data.get("flipped", []):
        s.flipped |= 1 << _sohma(name)
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
    s.friends = tuple(friends)
    s.fmask = tuple(sum(1 << ((c % 52) // 4) for c in f) for f in friends)
    s.stacks = tuple(int(x) for x in data.get(
        "stacks", [rules.stack_size - t for t in taken]))
    if len(s.stacks) != NUM_SOHMAS or min(s.stacks) < 0:
        raise SaveFileError("stacks must give 13 counts, none below 0")
    s.known = tuple(_kinds(rules, k, "known") for k in data.get("known", [[]] * n))

    # -- whose turn, what is pending -----------------------------------------------------------
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
    s.log = None
    s.log_len = 0
    for e in data.get("log", []):
        entry: LogEntry = (int(e[0]), str(e[1]), int(e[2]),
                           e[3] if isinstance(e[3], str) else int(e[3]))
        s.log = (s.log, entry)
        s.log_len += 1
    s.journal = tuple((int(p), rules.kind_of(str(k)), str(a))
                      for p, k, a in data.get("journal", []))
    if "pending" in data:
        pending = data["pending"]
        if pending not in PENDING_NAMES:
            raise SaveFileError(f"pending must be one of {', '.join(PENDING_NAMES)}")
        s.pending = PENDING_NAMES.index(pending)
        s.pending_player = int(data.get("pending_player", s.turn))
        arg = data.get("pending_arg")
        s.pending_arg = None if arg is None else _to_tuples(arg)
        s.queue = _to_tuples(data.get("queue", []))
        _check_steps(s.queue)
    else:
        s.pending, s.pending_player, s.pending_arg, s.queue = P_MAIN, s.turn, None, ()
        s._run()
    return s


_KNOWN_OPS = {"move", "move_to", "flip", "flip_tohru", "draw", "discard_center", "take_discard",
              "choice", "end_action", "memory_draw", "overflow", "end_event", "turn_start",
              "reveal"}


def _check_steps(steps: tuple[CStep, ...]) -> None:
    for step in steps:
        if not step or step[0] not in _KNOWN_OPS:
            raise SaveFileError(f"queue: unknown step {step!r}")
