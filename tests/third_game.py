"""Pairs: a third game that lives in the tests, to prove that games are plug-ins.

Cards are numbered 1 … ``values``, two of each. Each of 2 or 3 players holds 2 hidden cards; the
rest is a hidden deck. On a turn a player draws the top card (``draw``), then discards one of
their 3 cards face up (``discard N``). Holding a pair after the discard wins at once; when the
deck runs out before a draw, the highest hand total wins (ties share).

Nothing outside this file knows the game: the tests register :data:`SPEC` with
:func:`furuba.games.register` and every consumer must run it unchanged.
"""

from __future__ import annotations

import random
from typing import Any, NotRequired, Self

from typing_extensions import TypedDict

from furuba.bots.kit import BotKit, Policies
from furuba.core.errors import IllegalActionError, OptionsError, SaveFileError
from furuba.core.protocol import JSON, TERMINAL, ActionInfo, State, action_id
from furuba.integrations.kit import AdapterKit
from furuba.spec import GameSpec, Option, Players, is_whole

DRAW = 0
Entry = tuple[int, int | None, int, str, int]
"""(public entries before it, its number or None when private, player, event, card)."""


class PairsEntry(TypedDict, closed=True):
    """One entry of the log: public (numbered) or a player's own draw (private)."""

    player: int
    """Who acted."""
    event: str
    """``draw`` (public: a card was drawn), ``drew`` (private: which), ``discard``."""
    n: NotRequired[int]
    """The number of a public entry."""
    after: NotRequired[int]
    """For a private entry: the public entry it follows."""
    card: NotRequired[int]
    """The card drawn (private) or discarded."""


class PairsView(TypedDict, closed=True):
    """What a player of Pairs sees."""

    game: str
    """Always ``"pairs"``."""
    viewer: int | None
    """Whose view this is (``None``: a spectator)."""
    players: int
    """How many play."""
    current_player: int | None
    """Who acts now (``None`` once the game is over)."""
    hand: list[int] | None
    """The viewer's hand (``None`` for a spectator)."""
    hand_sizes: list[int]
    """How many cards each player holds."""
    deck: int
    """Cards left in the deck."""
    discards: list[int]
    """The discarded cards, oldest first (face up)."""
    log: list[PairsEntry]
    """What happened, as the viewer may know it."""
    outcome: str | None
    """``pair``, ``deck out`` or ``None`` while the game goes on."""
    scores: list[float]
    """Hand totals (a pair counts 10 more) once the game is over; zeros before."""
    hands: list[list[int]] | None
    """Every hand, once the game is over."""


class PairsState(State):
    """A position of Pairs."""

    __slots__ = ("_current", "deck", "discards", "hands", "log", "outcome", "phase", "values")
    game_name = "pairs"

    def __init__(self, values: int, hands: tuple[tuple[int, ...], ...], deck: tuple[int, ...]):
        self.values = values
        self.hands = hands
        self.deck = deck
        self.discards: tuple[int, ...] = ()
        self.log: tuple[Entry, ...] = ()
        self._current = 0
        self.phase = "draw"
        self.outcome: str | None = None

    # -- who acts ---------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.hands)

    @property
    def current_player(self) -> int:
        return TERMINAL if self.outcome else self._current

    def is_terminal(self) -> bool:
        return self.outcome is not None

    # -- actions ----------------------------------------------------------------------------
    def num_distinct_actions(self) -> int:
        return self.values + 1

    def legal_actions(self) -> list[int]:
        if self.outcome:
            return []
        if self.phase == "draw":
            return [DRAW]
        return sorted(set(self.hands[self._current]))

    def apply(self, action: int) -> None:
        action = action_id(action)
        if action not in self.legal_actions():
            raise IllegalActionError(f"{self._name(action)} is not legal now")
        p = self._current
        public = self._public_count()
        if action == DRAW:
            card, self.deck = self.deck[0], self.deck[1:]
            self._set_hand(p, tuple(sorted((*self.hands[p], card))))
            self.log += ((public, public + 1, p, "draw", 0), (public + 1, None, p, "drew", card))
            self.phase = "discard"
            return
        hand = list(self.hands[p])
        hand.remove(action)
        self._set_hand(p, tuple(hand))
        self.discards += (action,)
        self.log += ((public, public + 1, p, "discard", action),)
        if hand[0] == hand[1]:
            self.outcome = "pair"
            return
        self._current = (p + 1) % self.num_players
        self.phase = "draw"
        if not self.deck:
            self.outcome = "deck out"

    def _set_hand(self, player: int, hand: tuple[int, ...]) -> None:
        self.hands = (*self.hands[:player], hand, *self.hands[player + 1:])

    def _public_count(self) -> int:
        return sum(1 for e in self.log if e[1] is not None)

    def _name(self, action: int) -> str:
        return "draw" if action == DRAW else f"discard {action}"

    def action_to_string(self, action: int) -> str:
        action = action_id(action)
        if not 0 <= action <= self.values:
            raise IllegalActionError(f"no action {action} in Pairs")
        return self._name(action)

    def string_to_action(self, text: str) -> int:
        words = str(text).split()
        if words == ["draw"]:
            return DRAW
        if len(words) == 2 and words[0] == "discard" and words[1].isdigit() \
                and 1 <= int(words[1]) <= self.values:
            return int(words[1])
        raise IllegalActionError(f"no action called {text!r}")

    def action_info(self, action: int) -> ActionInfo:
        action = action_id(action)
        if action == DRAW:
            return {"id": 0, "text": "draw", "kind": "draw", "params": {}}
        return {"id": action, "text": self._name(action), "kind": "discard",
                "params": {"card": action}}

    # -- outcome ----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(sum(h)) + (10.0 if len(h) == 2 and h[0] == h[1] else 0.0)
                for h in self.hands]

    def returns(self) -> list[float]:
        if not self.outcome:
            return [0.0] * self.num_players
        scores = self.scores()
        best = max(scores)
        k = scores.count(best)
        return [1.0 / k if s == best else 0.0 for s in scores]

    # -- copying, secrecy, persistence ------------------------------------------------------
    def clone(self) -> Self:
        out = object.__new__(type(self))
        for name in self.__slots__:
            setattr(out, name, getattr(self, name))
        return out

    def catalog(self) -> JSON:
        return {"cards": list(range(1, self.values + 1))}

    def view(self, player: int | None, *, log_from: int = 0) -> JSON:
        if log_from < 0:
            raise ValueError(f"log_from must be 0 or more, not {log_from}")
        over = self.outcome is not None
        log: list[PairsEntry] = []
        for before, number, who, event, card in self.log:
            if before < log_from:       # public entry n has n - 1 public entries before it
                continue
            if number is None and not over and who != player:
                continue
            entry: PairsEntry = {"player": who, "event": event}
            if number is not None:
                entry["n"] = number
            else:
                entry["after"] = before
            if event != "draw":
                entry["card"] = card
            log.append(entry)
        view: PairsView = {
            "game": self.game_name, "viewer": player, "players": self.num_players,
            "current_player": None if over else self._current,
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands], "deck": len(self.deck),
            "discards": list(self.discards), "log": log, "outcome": self.outcome,
            "scores": self.scores() if over else [0.0] * self.num_players,
            "hands": [list(h) for h in self.hands] if over else None}
        return dict(view)

    def determinize(self, player: int, rng: random.Random) -> Self:
        seen = [*self.hands[player], *self.discards]
        unseen = [v for v in range(1, self.values + 1) for _ in range(2)]
        for card in seen:
            unseen.remove(card)
        rng.shuffle(unseen)
        world = self.clone()
        hands = []
        for p, hand in enumerate(self.hands):
            if p == player:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(unseen[:len(hand)])))
                del unseen[:len(hand)]
        world.hands = tuple(hands)
        world.deck = tuple(unseen)
        world.log = tuple(e for e in self.log if e[1] is not None or e[2] == player)
        return world

    def to_json(self) -> JSON:
        return {"game": self.game_name, "values": self.values,
                "hands": [list(h) for h in self.hands], "deck": list(self.deck),
                "discards": list(self.discards), "log": [list(e) for e in self.log],
                "current": self._current, "phase": self.phase, "outcome": self.outcome}

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        try:
            out = cls(int(data["values"]), tuple(tuple(int(c) for c in h) for h in data["hands"]),
                      tuple(int(c) for c in data["deck"]))
            out.discards = tuple(int(c) for c in data.get("discards", ()))
            out.log = tuple((int(e[0]), None if e[1] is None else int(e[1]), int(e[2]), str(e[3]),
                             int(e[4])) for e in data.get("log", ()))
            out._current = int(data.get("current", 0))
            out.phase = str(data.get("phase", "draw"))
            out.outcome = data.get("outcome")
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise SaveFileError(f"not a Pairs position: {exc}") from None
        return out


def new_game(players: int = 2, seed: int = 0, values: int = 6) -> PairsState:
    """A new game of Pairs dealt from ``seed``."""
    if not is_whole(players) or not 2 <= players <= 3:
        raise OptionsError(f"Pairs is for 2 or 3 players, not {players!r}")
    if not is_whole(seed):
        raise OptionsError(f"seed must be a whole number, not {seed!r}")
    if not is_whole(values) or not 3 <= values <= 9:
        raise OptionsError(f"values must be a whole number from 3 to 9, not {values!r}")
    deck = [v for v in range(1, values + 1) for _ in range(2)]
    random.Random(seed).shuffle(deck)
    hands = tuple(tuple(sorted(deck[2 * p:2 * p + 2])) for p in range(players))
    return PairsState(values, hands, tuple(deck[2 * players:]))


# -- policies -------------------------------------------------------------------------------------
def greedy(state: Any, rng: random.Random) -> int:
    """Draw; then discard the card that leaves a pair, else the lowest."""
    legal: list[int] = state.legal_actions()
    if legal == [DRAW]:
        return DRAW
    hand = state.hands[state.current_player]
    for card in legal:
        rest = list(hand)
        rest.remove(card)
        if rest[0] == rest[1]:
            return card
    return legal[0]


def evaluate(state: Any) -> list[float]:
    """Each player's share of the hand totals (a pair counts double)."""
    scores = state.scores()
    total = sum(scores) or 1.0
    return [s / total for s in scores]


def explain(state: Any, action: int, player: int) -> str:
    """Why: drawing is forced; a discard keeps a pair or the highest cards."""
    return "you must draw" if action == DRAW else f"keeps the better hand without the {action}"


def _encoder(state: State) -> Any:
    from third_game_encoding import PairsEncoder

    return PairsEncoder(state.num_players, state.num_distinct_actions(), state.catalog())


SPEC = GameSpec(
    name="pairs",
    title="Pairs",
    description="Draw one, discard one; the first to hold a pair wins.",
    state_class=PairsState,
    new_game=new_game,
    players=Players(low=2, high=3, default=2),
    options=(Option("values", "int", 6, "cards numbered 1 to this, two of each", low=3, high=9),),
    hidden_information=True,
    max_game_length=lambda state: 2 * (2 * state.num_distinct_actions()),
    view_type=PairsView,
    kits=(BotKit(Policies(greedy=greedy, rollout=greedy, evaluate=evaluate, explain=explain)),
          AdapterKit(encoder=_encoder)),
)
