"""The Dai Hin Min state: seats, hands, the pile, the exchange, points, and the round flow.

A round is dealt (D2, D8), then — every round after the first — the Poor Man is asked about a
revolution (D10), the Rich Man and the Second Richest choose their gifts and all cards change hands
at once (D9); then sets are played onto the pile (D3–D5) until one player is left holding cards
(D6). Titles (D7) and reseating (D8) follow, and the game ends after the round in which someone
reached the target, or after the round limit (D11).

Hands are int bit masks over the 54 card ids, kept beside their rank-count vectors; every field is
an int or a tuple, so :meth:`GameState.clone` copies references only.

>>> from furuba.daihinmin import new_game
>>> s = new_game(players=4, seed=7)
>>> s.current_player, s.legal_action_strings()[:4]
(2, ['play 3', 'play 3x2', 'play 4', 'play 4x2'])
>>> s.apply_string("play 4x2")
18
>>> s.current_player, s.legal_action_strings()[:3]
(3, ['pass', 'play 5+joker', 'play 6+joker'])
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Self, cast

from furuba.core.errors import IllegalActionError
from furuba.core.protocol import JSON, TERMINAL, ActionInfo, State, action_id
from furuba.core.rng import rng_for, shuffle
from furuba.daihinmin import events, house, knowledge, serialize
from furuba.daihinmin.deal import deal_hands, draw_dealer
from furuba.daihinmin.exchange import (
    RICH_GIFTS,
    gift_card,
    highest_cards,
    legal_gifts,
)
from furuba.daihinmin.house_turns import rules_for
from furuba.daihinmin.illegal import no_such_action, why_illegal
from furuba.daihinmin.moves import (
    ACTION_NAMES,
    DECLARE,
    GIFT_CARD,
    GIVE_BASE,
    GIVE_JOKER,
    KEEP_QUIET,
    PASS,
    PLAY_CARDS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_NATURALS,
    is_gift,
)
from furuba.daihinmin.notation import checked_text
from furuba.daihinmin.options import Options
from furuba.daihinmin.phases import EXCHANGE, NO_PILE, OVER, PHASE_NAMES, PLAY, REVOLUTION
from furuba.daihinmin.ranks import (
    JOKER,
    JOKER_MASK,
    JOKER_SHIFT,
    LOWEST,
    NUM_LEVELS,
    SHIFT,
    counts_of,
)
from furuba.daihinmin.revolution import CLOCKWISE, COUNTERCLOCKWISE, may_declare
from furuba.daihinmin.rules import Rules
from furuba.daihinmin.scoring import (
    NO_TITLE,
    game_over,
    points_by_place,
    reseat,
    roles,
    titles_from_order,
    win_shares,
)
from furuba.daihinmin.secrecy import as_seen_by, check_player
from furuba.daihinmin.view import build_view

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # plain Python without mypy's extensions: the setting means nothing then
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[type], type]:  # type: ignore[misc]
        return lambda cls: cls


@mypyc_attr(allow_interpreted_subclasses=True)  # a deal of the UECda server's, or a record's
class GameState(State):
    """A position of a Dai Hin Min game (see the module docstring).

    A plain game record: its fields are public, written only by the game's rule modules
    (this one, :mod:`~furuba.daihinmin.rules` and the house modules, the position readers),
    read by anything.
    """

    game_name = "daihinmin"

    __slots__ = (
        "back", "counter", "counts", "current", "dealer", "direction", "exchange", "fallen",
        "finished", "gifts", "hands", "leader", "lock", "log", "log_len", "options", "passed",
        "passes", "phase_code", "pile", "points", "private", "ranks_reversed", "revolution",
        "round", "rules", "seat_of", "seating", "seed", "titles", "top_level", "top_total",
        "truncated",
    )

    options: Options
    """The options the game was started with."""
    seed: int
    counter: int
    """Random events drawn so far (core.rng)."""
    round: int
    """The number of the round being played (1 for the first)."""
    phase_code: int
    """The phase as a code of :mod:`furuba.daihinmin.phases` (:attr:`phase` names it)."""
    current: int
    """The player who must act (:attr:`current_player`)."""
    dealer: int
    seating: tuple[int, ...]
    """Player ids by seat, clockwise."""
    seat_of: tuple[int, ...]
    direction: int
    """1 clockwise, -1 counterclockwise (a revolution round, D10)."""
    revolution: bool
    """Whether a revolution was declared this round."""
    points: tuple[int, ...]
    """Points by player (:meth:`scores` gives them as floats)."""
    titles: tuple[int, ...]
    """Title codes in force this round (from the last round's finish), by player
    (:mod:`furuba.daihinmin.scoring`); -1 before any round ended."""
    hands: tuple[int, ...]
    """Card masks by player."""
    counts: tuple[tuple[int, ...], ...]
    """Rank-count vectors by player (13 levels, then jokers)."""
    pile: tuple[tuple[int, int, int], ...]
    """The sets on the current pile, oldest first: (player, action, cards mask)."""
    top_level: int
    top_total: int
    """Size of the set on top of the pile; 0 when the pile is empty."""
    passes: int
    """Passes in a row since the last play (with D22, since the last play of any trick)."""
    passed: int
    """The players who passed in this trick, a bit mask (D22)."""
    leader: int
    """The player who was given the lead of this trick (D22: he leads again when all pass on an
    empty pile)."""
    ranks_reversed: bool
    """Whether a revolution reverses the order of the ranks this round (D20)."""
    finished: tuple[int, ...]
    """Players who have gone out this round, in order (the last one left is added at the end)."""
    gifts: tuple[tuple[int, int, int], ...]
    """Gifts chosen but not yet handed over: (giver, receiver, card)."""
    exchange: tuple[tuple[int, int, int], ...]
    """This round's completed exchange: (giver, receiver, cards mask)."""
    log: events.Log
    """The public log: entries ``(kind, *fields)``, newest first (:mod:`events`)."""
    log_len: int
    """The number of public events so far."""
    private: events.PrivateLogs
    """Each player's private log: entries ``(after, kind, *fields)``."""
    truncated: bool
    """Whether the game ended on its round limit with nobody at the target (D11)."""
    rules: Rules
    """The rules in force, chosen once from the options (:mod:`furuba.daihinmin.rules`): the
    state calls their hooks where the house rules differ from the rulebook."""
    back: bool
    """Whether 11-back reverses the order of the ranks in this trick (D16)."""
    lock: int
    """The suits this trick is locked to, a 4-bit mask (0: not locked, D17)."""
    fallen: int
    """The Rich Man who fell this round (D15), or -1."""

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def _blank(cls, options: Options, seed: int) -> Self:
        s = cls.__new__(cls)
        n = options.players
        s.options = options
        s.seed = seed
        s.counter = 0
        s.round = 0
        s.phase_code = PLAY
        s.current = 0
        s.dealer = 0
        s.seating = tuple(range(n))
        s.seat_of = tuple(range(n))
        s.direction = CLOCKWISE
        s.revolution = False
        s.points = (0,) * n
        s.titles = (NO_TITLE,) * n
        s.hands = (0,) * n
        s.counts = ((0,) * 14,) * n
        s.pile = ()
        s.top_level = NO_PILE
        s.top_total = 0
        s.passes = 0
        s.finished = ()
        s.gifts = ()
        s.exchange = ()
        s.log = None
        s.log_len = 0
        s.private = (None,) * n
        s.truncated = False
        s.rules = rules_for(options)
        s.back = False
        s.lock = 0
        s.fallen = house.NO_ONE
        s.passed = 0
        s.leader = 0
        s.ranks_reversed = False
        return s

    @classmethod
    def start(cls, options: Options, seed: int, dealer: int | None) -> Self:
        """The first round of a new game, dealt (D2)."""
        s: Self = cls._blank(options, seed)
        s._start_round(dealer)
        return s

    def clone(self) -> Self:
        c = self.__class__.__new__(self.__class__)
        c.options = self.options
        c.seed = self.seed
        c.counter = self.counter
        c.round = self.round
        c.phase_code = self.phase_code
        c.current = self.current
        c.dealer = self.dealer
        c.seating = self.seating
        c.seat_of = self.seat_of
        c.direction = self.direction
        c.revolution = self.revolution
        c.points = self.points
        c.titles = self.titles
        c.hands = self.hands
        c.counts = self.counts
        c.pile = self.pile
        c.top_level = self.top_level
        c.top_total = self.top_total
        c.passes = self.passes
        c.finished = self.finished
        c.gifts = self.gifts
        c.exchange = self.exchange
        c.log = self.log
        c.log_len = self.log_len
        c.private = self.private
        c.truncated = self.truncated
        c.rules = self.rules
        c.back = self.back
        c.lock = self.lock
        c.fallen = self.fallen
        c.passed = self.passed
        c.leader = self.leader
        c.ranks_reversed = self.ranks_reversed
        return c

    # -- read-only accessors --------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def phase(self) -> str:
        """``"revolution"``, ``"exchange"``, ``"play"`` or ``"over"``."""
        return PHASE_NAMES[self.phase_code]

    @property
    def finishing_order(self) -> tuple[int, ...]:
        """The players who have gone out this round, first first."""
        return self.finished

    def hand(self, player: int) -> int:
        """The card mask of ``player``'s hand (whole-state access: not for bots' decisions about
        other players — those go through :meth:`view` or :meth:`determinize`)."""
        return self.hands[player]

    def hand_counts(self, player: int) -> tuple[int, ...]:
        """The rank-count vector of ``player``'s hand: 13 counts by level, then jokers."""
        return self.counts[player]

    def hand_sizes(self) -> list[int]:
        """The number of cards each player holds."""
        return [h.bit_count() for h in self.hands]

    def pile_top(self) -> tuple[int, int]:
        """``(level, size)`` of the set on top of the pile; size 0 when the pile is empty."""
        return self.top_level, self.top_total

    def pile_mask(self) -> int:
        """The cards on the current pile."""
        out = 0
        for _, _, cards in self.pile:
            out |= cards
        return out

    def pending_gifts(self, player: int) -> int:
        """The mask of the cards ``player`` has chosen to give but not yet handed over."""
        out = 0
        for giver, _, card in self.gifts:
            if giver == player:
                out |= 1 << card
        return out

    # -- protocol: who acts ---------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase_code == OVER

    def num_distinct_actions(self) -> int:
        return self.rules.num_actions

    def legal_actions(self) -> list[int]:
        phase = self.phase_code
        if phase == PLAY:
            return self.rules.plays(self)
        if phase == EXCHANGE:
            player = self.current
            return legal_gifts(self.hands[player], self.pending_gifts(player), self.rules.suited)
        if phase == REVOLUTION:
            return [DECLARE, KEEP_QUIET] if may_declare(self.hands[self.current]) \
                else [KEEP_QUIET]
        return []

    def action_to_string(self, action: object) -> str:
        index = action if type(action) is int else action_id(action)
        if not 0 <= index < self.num_distinct_actions():
            raise IllegalActionError(self._no_such_action(action))
        return ACTION_NAMES[index]

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` is legal now; anything but an integer is refused as in
        :meth:`apply` (:func:`~furuba.core.protocol.action_id`)."""
        return (action if type(action) is int else action_id(action)) in self.legal_actions()

    # What comes from outside is taken as it comes (object, Any) and checked where it is used,
    # so that a compiled state refuses a bad value with a sentence, as the source does.
    def string_to_action(self, text: Any) -> int:
        return self.rules.parse(self, checked_text(text))

    def action_info(self, action: Any) -> ActionInfo:
        """``action`` as data (kinds and params: :mod:`furuba.daihinmin.facts`)."""
        from furuba.daihinmin.facts import action_info

        return action_info(self, action)

    # -- protocol: outcome ------------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.phase_code != OVER:
            return [0.0] * self.options.players
        return win_shares(self.points)

    def scores(self) -> list[float]:
        return [float(s) for s in self.points]

    # -- applying actions -------------------------------------------------------------------------
    def apply(self, action: object) -> None:
        # an integer of another type, or no action at all, goes through action_id
        a = action if type(action) is int else action_id(action)
        phase = self.phase_code
        if phase == PLAY:
            if a == PASS:
                self.rules.pass_turn(self)
            else:
                self.rules.play(self, a)
        elif phase == EXCHANGE and is_gift(a) and (
                (a in GIFT_CARD) == self.rules.suited or a == GIVE_JOKER):
            self._give(a)
        elif phase == REVOLUTION and a in (DECLARE, KEEP_QUIET):
            self._decide(a)
        else:
            raise IllegalActionError(self._why_illegal(a))

    def next_active(self, player: int) -> int:
        """The next player after ``player`` in the direction of play who still holds cards."""
        seating, hands, step = self.seating, self.hands, self.direction
        n = len(hands)
        seat = self.seat_of[player]
        for _ in range(n):
            seat = (seat + step) % n
            other = seating[seat]
            if hands[other]:
                return other
        raise AssertionError("nobody holds cards")

    def take_cards(self, action: int) -> tuple[int, int]:
        """The current player's legal play ``action`` put on the pile: its cards, and the hand
        left (what follows is the rules' :attr:`~furuba.daihinmin.rules.Rules.play`)."""
        player = self.current
        level = PLAY_LEVEL[action]
        naturals = PLAY_NATURALS[action]
        jokers = PLAY_JOKERS[action]
        hand = self.hands[player]
        cards = 0
        counts = list(self.counts[player])
        if PLAY_CARDS[action]:      # a play that names its cards (suits matter)
            cards = PLAY_CARDS[action]
            for lv in range(NUM_LEVELS):
                counts[lv] -= ((cards >> SHIFT[lv]) & 15).bit_count()
        elif naturals:
            shift = SHIFT[level]
            cards = LOWEST[(hand >> shift) & 15][naturals] << shift
            counts[level] -= naturals
        if jokers:
            cards |= LOWEST[(hand >> JOKER_SHIFT) & 3][jokers] << JOKER_SHIFT
            counts[JOKER] -= jokers
        hand ^= cards
        hands = list(self.hands)
        hands[player] = hand
        self.hands = tuple(hands)
        all_counts = list(self.counts)
        all_counts[player] = tuple(counts)
        self.counts = tuple(all_counts)
        self.pile += ((player, action, cards),)
        self.top_level = level
        self.top_total = naturals + jokers
        self.passes = 0
        return cards, hand

    def clear(self, leader: int) -> None:
        """The pile is cleared and ``leader`` leads (D5, D13, D18)."""
        self.push("clear", leader)
        self.pile = ()
        self.top_level = NO_PILE
        self.top_total = 0
        self.passes = 0
        self.passed = 0
        self.leader = leader
        self.back = False
        self.lock = 0
        self.current = leader

    def finish_by_lot(self) -> None:
        """D22: those still holding cards finish in an order drawn at random."""
        n = self.options.players
        left = self._draw_lots([p for p in self.seating if self.hands[p]])
        bonus = self.rules.place_bonus
        scores = list(self.points)
        finished = self.finished
        for player in left:
            finished = (*finished, player)
            got = n - len(finished) + bonus
            scores[player] += got
            self.push("out", player, len(finished), got)
        self.points = tuple(scores)
        self.finished = finished
        self.end_round()

    def _decide(self, action: int) -> None:
        poor = self.current
        hand = self.hands[poor]
        if action == DECLARE:
            if not may_declare(hand):
                raise IllegalActionError(self._why_illegal(action))
            self.push("revolution", poor, True, hand & JOKER_MASK)
            self.revolution = True
            self.direction = COUNTERCLOCKWISE
            self.phase_code = PLAY
            self.current = poor
        else:
            self.push("revolution", poor, False, 0)
            self._begin_exchange()

    def _begin_exchange(self) -> None:
        """The Rich choose their gifts (D9); under D24 once the Poor's strongest cards are theirs."""
        self.phase_code = EXCHANGE
        self.current = roles(self.titles)[0]
        self.rules.before_gifts(self)

    def _give(self, action: int) -> None:
        giver = self.current
        left = self.hands[giver] & ~self.pending_gifts(giver)
        if action in GIFT_CARD:         # a card named (suits matter)
            card = GIFT_CARD[action] if left >> GIFT_CARD[action] & 1 else -1
        else:
            card = gift_card(left, action - GIVE_BASE)
        if card < 0:
            raise IllegalActionError(self._why_illegal(action))
        rich, second_rich, second_poor, poor = roles(self.titles)
        receiver = poor if giver == rich else second_poor
        self.gifts += ((giver, receiver, card),)
        self.push_private(giver, "gift", giver, receiver, 1 << card)
        if giver == rich and len(self.gifts) < RICH_GIFTS:
            return
        if giver == rich:
            self.current = second_rich
            return
        self._swap()

    def _swap(self) -> None:
        """D9: all the gifts change hands at once."""
        rich, second_rich, second_poor, poor = roles(self.titles)
        hands = self.hands
        rich_gift = self.pending_gifts(rich)
        second_rich_gift = self.pending_gifts(second_rich)
        after = self.rules.exchange_after
        if after:       # D24: the Poor's cards changed hands already (as far as known here)
            taken = {giver: cards for giver, _, cards in self.exchange}
            poor_gift, second_poor_gift = taken.get(poor, 0), taken.get(second_poor, 0)
        else:
            poor_gift = highest_cards(hands[poor], 2)
            second_poor_gift = highest_cards(hands[second_poor], 1)
        transfers = ((rich, poor, rich_gift), (poor, rich, poor_gift),
                     (second_rich, second_poor, second_rich_gift),
                     (second_poor, second_rich, second_poor_gift))
        self.move_cards(transfers[::2] if after else transfers)
        self.gifts = ()
        self.exchange = transfers
        self.push("exchange", rich, poor, second_rich, second_poor)
        for (giver, receiver, gave), (_, _, got) in (
                (transfers[0], transfers[1]), (transfers[1], transfers[0]),
                (transfers[2], transfers[3]), (transfers[3], transfers[2])):
            self.push_private(giver, "swap", giver, receiver, gave, got)
        self.phase_code = PLAY
        self._lead(rich)

    def _lead(self, player: int) -> None:
        """``player`` leads the round's first trick — the holder of the 3♦ under D23."""
        player = self.rules.leader(self, player)
        self.current = player
        self.leader = player

    def push(self, kind: str, *fields: Any) -> None:
        """Append a public event."""
        self.log = ((kind, *fields), self.log)
        self.log_len += 1

    def move_cards(self, moves: tuple[tuple[int, int, int], ...]) -> None:
        """Each ``(giver, receiver, cards)`` of ``moves`` changes hands (no card in two of them),
        and the givers' and receivers' rank counts follow."""
        hands, counts = list(self.hands), list(self.counts)
        for giver, _, cards in moves:
            hands[giver] &= ~cards
        for _, receiver, cards in moves:
            hands[receiver] |= cards
        for giver, receiver, _ in moves:
            counts[giver], counts[receiver] = counts_of(hands[giver]), counts_of(hands[receiver])
        self.hands, self.counts = tuple(hands), tuple(counts)

    def push_private(self, player: int, kind: str, *fields: Any) -> None:
        """Append an event only ``player`` sees."""
        private = list(self.private)
        private[player] = ((self.log_len, kind, *fields), private[player])
        self.private = tuple(private)

    # -- rounds -----------------------------------------------------------------------------------
    def _start_round(self, dealer: int | None) -> None:
        """Deal a round (D2, D8) and ask the first question of it. Under D27 the seats are drawn
        first; under D28 the titles may be forgotten; ``None``: the player seated before the
        Rich Man deals (the deal starts with him), or one drawn when there is none."""
        options = self.options
        n = options.players
        self.round += 1
        if options.reseat_every and (self.round - 1) % options.reseat_every == 0:
            self._set_seating(self._draw_seating())
        if options.reset_every and self.round > 1 \
                and (self.round - 1) % options.reset_every == 0:
            self.titles = (NO_TITLE,) * n
        if dealer is None:
            if NO_TITLE in self.titles:
                dealer = self._draw_dealer()
            else:
                rich = roles(self.titles)[0]
                dealer = self.seating[(self.seat_of[rich] - 1) % n]
        self.dealer = dealer
        hands = self._deal(dealer)
        self.hands = hands
        self.counts = tuple(counts_of(h) for h in hands)
        self.pile = ()
        self.top_level = NO_PILE
        self.top_total = 0
        self.passes = 0
        self.finished = ()
        self.gifts = ()
        self.exchange = ()
        self.revolution = False
        self.direction = CLOCKWISE
        self.back = False
        self.lock = 0
        self.fallen = house.NO_ONE
        self.passed = 0
        self.ranks_reversed = False
        self.push("round", self.round, dealer, self.seating)
        after = self.log_len
        self.private = tuple(((after, "dealt", player, hands[player]), log)
                              for player, log in enumerate(self.private))
        if NO_TITLE in self.titles:
            self.phase_code = PLAY
            self._lead(self.seating[(self.seat_of[dealer] + 1) % n])
        elif options.jokers == 2:
            self.phase_code = REVOLUTION
            self.current = roles(self.titles)[3]
        else:       # D10 needs both jokers: with fewer, nobody is asked
            self._begin_exchange()

    def end_round(self) -> None:
        """Titles, game end or reseating and the next deal (D7, D8, D11)."""
        order = self.finished
        if self.fallen >= 0:
            order += (self.fallen,)    # D15: the fallen Rich Man finishes last
            self.finished = order
            scores = list(self.points)
            scores[self.fallen] += self.rules.place_bonus     # D25: last place scores 1
            self.points = tuple(scores)
            self.fallen = house.NO_ONE
        n = self.options.players
        points = [0] * n
        for player, got in zip(order, points_by_place(n), strict=True):
            points[player] = got
        self.titles = titles_from_order(order)
        self.push("round end", self.round, order, tuple(points))
        over, truncated = game_over(self.points, self.round, self.options.target,
                                    self.options.max_rounds)
        if over:
            won = tuple(p for p, share in enumerate(win_shares(self.points)) if share)
            self.push("game end", self.points, won, truncated)
            self.phase_code = OVER
            self.current = TERMINAL
            self.truncated = truncated
            return
        if self.options.reseat_every:     # D27: seats stay until they are drawn again
            self._start_round(dealer=None)
            return
        self._set_seating(reseat(self.seating, order))
        self._start_round(dealer=order[-1])

    # -- chance: what a round draws (a referee of another server may draw it its own way) --------
    def _draw_seating(self) -> tuple[int, ...]:
        """The seats drawn at random (D27): player ids by seat."""
        seating = list(range(self.options.players))
        shuffle(rng_for(self.seed, self.counter), seating)
        self.counter += 1
        return tuple(seating)

    def _draw_dealer(self) -> int:
        """A dealer drawn at random (D2, D28)."""
        dealer = draw_dealer(self.options.players, seed=self.seed, counter=self.counter)
        self.counter += 1
        return dealer

    def _deal(self, dealer: int) -> tuple[int, ...]:
        """The hands of a new round: the deck shuffled and dealt from the dealer's left (D2)."""
        hands = deal_hands(self.seating, dealer, seed=self.seed, counter=self.counter,
                           cards=JOKER_SHIFT + self.options.jokers)
        self.counter += 1
        return hands

    def _draw_lots(self, players: list[int]) -> list[int]:
        """``players`` in an order drawn at random (D22)."""
        shuffle(rng_for(self.seed, self.counter), players)
        self.counter += 1
        return players

    def _set_seating(self, seating: tuple[int, ...]) -> None:
        seat_of = [0] * len(seating)
        for seat, player in enumerate(seating):
            seat_of[player] = seat
        self.seating = seating
        self.seat_of = tuple(seat_of)

    # -- messages (in their own module) ---------------------------------------------------------
    def _no_such_action(self, action: Any) -> str:
        return no_such_action(action, self.num_distinct_actions())

    def _why_illegal(self, action: int) -> str:
        """A person's explanation of why ``action`` is not legal now."""
        return why_illegal(self, action)

    # -- views, secrecy, persistence (in their own modules) ----------------------------------------
    def view(self, player: Any, *, log_from: int = 0) -> JSON:
        return cast(JSON, build_view(self, player, log_from))

    def catalog(self) -> JSON:
        """The deck (see :meth:`State.catalog`) plus the rank order and every card's rank and
        suit (:func:`furuba.daihinmin.facts.catalog_facts`)."""
        from furuba.daihinmin.facts import catalog_facts

        return {**super().catalog(), **catalog_facts()}

    def determinize(self, player: Any, rng: random.Random) -> Self:
        """A world for ``player`` (:func:`furuba.daihinmin.knowledge.determinize`) that depends on
        ``view(player)`` alone: see :func:`furuba.daihinmin.secrecy.as_seen_by`."""
        return self.sampler(player)(rng)

    def sampler(self, player: Any) -> Callable[[random.Random], Self]:
        check_player(self, player)
        return knowledge.sampler(as_seen_by(self, player), player)

    def to_json(self) -> JSON:
        return serialize.to_json(self)

    @classmethod
    def from_json(cls, data: Any) -> Self:
        return serialize.from_json(cls, data)

    def __repr__(self) -> str:
        return (f"<daihinmin.GameState players={self.num_players} round={self.round} "
                f"phase={PHASE_NAMES[self.phase_code]} turn={self.current}>")
