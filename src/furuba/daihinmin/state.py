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
from furuba.core.rng import rng_for
from furuba.daihinmin import events, house, knowledge, serialize
from furuba.daihinmin.deal import deal_hands, draw_dealer
from furuba.daihinmin.exchange import (
    RICH_GIFTS,
    SECOND_GIFTS,
    gift_card,
    highest_cards,
    legal_gifts,
    strongest_cards,
)
from furuba.daihinmin.house_plays import NO_TOP, legal_house_plays
from furuba.daihinmin.illegal import no_such_action, why_illegal
from furuba.daihinmin.moves import (
    ACTION_NAMES,
    DECLARE,
    GIFT_CARD,
    GIVE_BASE,
    GIVE_JOKER,
    KEEP_QUIET,
    NUM_ACTIONS,
    PASS,
    PLAY_CARDS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_NATURALS,
    can_play,
    is_gift,
    legal_plays,
    num_actions,
)
from furuba.daihinmin.notation import parse_action
from furuba.daihinmin.notation_suited import parse_named, parse_suited
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
from furuba.daihinmin.scoring import (
    NO_TITLE,
    game_over,
    points_by_place,
    reseat,
    roles,
    titles_from_order,
    win_shares,
)
from furuba.daihinmin.suited import DIAMOND, card_id
from furuba.daihinmin.view import build_view

IDLE_LIMIT = 20
"""D22: passes in a row, with no play between them, that end the round by lot (the UECda
server's limit)."""
DIAMOND_THREE_CARD = card_id(0, DIAMOND)
"""The 3♦ (D23)."""


class GameState(State):
    """A position of a Dai Hin Min game (see the module docstring)."""

    game_name = "daihinmin"

    __slots__ = (
        "_back", "_counter", "_counts", "_current", "_dealer", "_direction", "_exchange",
        "_fallen", "_finished", "_gifts", "_hands", "_house", "_leader", "_lock", "_log",
        "_nlog", "_options", "_passed", "_passes", "_phase", "_pile", "_private", "_reversed",
        "_revolution", "_round", "_scores", "_seat_of", "_seating", "_seed", "_titles",
        "_top_level", "_top_total", "_truncated",
    )

    _options: Options
    _seed: int
    _counter: int
    """Random events drawn so far (core.rng)."""
    _round: int
    _phase: int
    _current: int
    _dealer: int
    _seating: tuple[int, ...]
    """Player ids by seat, clockwise."""
    _seat_of: tuple[int, ...]
    _direction: int
    _revolution: bool
    _scores: tuple[int, ...]
    _titles: tuple[int, ...]
    """Titles in force this round (from the last round's finish), by player."""
    _hands: tuple[int, ...]
    """Card masks by player."""
    _counts: tuple[tuple[int, ...], ...]
    """Rank-count vectors by player (13 levels, then jokers)."""
    _pile: tuple[tuple[int, int, int], ...]
    """The sets on the current pile, oldest first: (player, action, cards mask)."""
    _top_level: int
    _top_total: int
    """Size of the set on top of the pile; 0 when the pile is empty."""
    _passes: int
    """Passes in a row since the last play (with D22, since the last play of any trick)."""
    _passed: int
    """The players who passed in this trick, a bit mask (D22)."""
    _leader: int
    """The player who was given the lead of this trick (D22: he leads again when all pass on an
    empty pile)."""
    _reversed: bool
    """Whether a revolution reverses the order of the ranks this round (D20)."""
    _finished: tuple[int, ...]
    """Players who have gone out this round, in order (the last one left is added at the end)."""
    _gifts: tuple[tuple[int, int, int], ...]
    """Gifts chosen but not yet handed over: (giver, receiver, card)."""
    _exchange: tuple[tuple[int, int, int], ...]
    """This round's completed exchange: (giver, receiver, cards mask)."""
    _log: events.Log
    """The public log: entries ``(kind, *fields)``, newest first (:mod:`events`)."""
    _nlog: int
    """The number of public events so far."""
    _private: events.PrivateLogs
    """Each player's private log: entries ``(after, kind, *fields)``."""
    _truncated: bool
    _house: int
    """The house rules in force (:func:`furuba.daihinmin.house.flags`; 0: the rulebook's game)."""
    _back: bool
    """Whether 11-back reverses the order of the ranks in this trick (D16)."""
    _lock: int
    """The suits this trick is locked to, a 4-bit mask (0: not locked, D17)."""
    _fallen: int
    """The Rich Man who fell this round (D15), or -1."""

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def _blank(cls, options: Options, seed: int) -> Self:
        s = cls.__new__(cls)
        n = options.players
        s._options = options
        s._seed = seed
        s._counter = 0
        s._round = 0
        s._phase = PLAY
        s._current = 0
        s._dealer = 0
        s._seating = tuple(range(n))
        s._seat_of = tuple(range(n))
        s._direction = CLOCKWISE
        s._revolution = False
        s._scores = (0,) * n
        s._titles = (NO_TITLE,) * n
        s._hands = (0,) * n
        s._counts = ((0,) * 14,) * n
        s._pile = ()
        s._top_level = NO_PILE
        s._top_total = 0
        s._passes = 0
        s._finished = ()
        s._gifts = ()
        s._exchange = ()
        s._log = None
        s._nlog = 0
        s._private = (None,) * n
        s._truncated = False
        s._house = house.flags(options)
        s._back = False
        s._lock = 0
        s._fallen = house.NO_ONE
        s._passed = 0
        s._leader = 0
        s._reversed = False
        return s

    @classmethod
    def start(cls, options: Options, seed: int, dealer: int | None) -> Self:
        """The first round of a new game, dealt (D2)."""
        s = cls._blank(options, seed)
        s._start_round(dealer)
        return s

    def clone(self) -> Self:
        c = self.__class__.__new__(self.__class__)
        c._options = self._options
        c._seed = self._seed
        c._counter = self._counter
        c._round = self._round
        c._phase = self._phase
        c._current = self._current
        c._dealer = self._dealer
        c._seating = self._seating
        c._seat_of = self._seat_of
        c._direction = self._direction
        c._revolution = self._revolution
        c._scores = self._scores
        c._titles = self._titles
        c._hands = self._hands
        c._counts = self._counts
        c._pile = self._pile
        c._top_level = self._top_level
        c._top_total = self._top_total
        c._passes = self._passes
        c._finished = self._finished
        c._gifts = self._gifts
        c._exchange = self._exchange
        c._log = self._log
        c._nlog = self._nlog
        c._private = self._private
        c._truncated = self._truncated
        c._house = self._house
        c._back = self._back
        c._lock = self._lock
        c._fallen = self._fallen
        c._passed = self._passed
        c._leader = self._leader
        c._reversed = self._reversed
        return c

    # -- read-only accessors --------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._options.players

    @property
    def current_player(self) -> int:
        return self._current

    @property
    def options(self) -> Options:
        """The options the game was started with."""
        return self._options

    @property
    def phase(self) -> str:
        """``"revolution"``, ``"exchange"``, ``"play"`` or ``"over"``."""
        return PHASE_NAMES[self._phase]

    @property
    def round(self) -> int:
        """The number of the round being played (1 for the first)."""
        return self._round

    @property
    def seating(self) -> tuple[int, ...]:
        """Player ids by seat, clockwise."""
        return self._seating

    @property
    def direction(self) -> int:
        """1 clockwise, -1 counterclockwise (a revolution round, D10)."""
        return self._direction

    @property
    def revolution(self) -> bool:
        """Whether a revolution was declared this round."""
        return self._revolution

    @property
    def titles(self) -> tuple[int, ...]:
        """Title codes by player (:mod:`furuba.daihinmin.scoring`), -1 before any round ended."""
        return self._titles

    @property
    def finishing_order(self) -> tuple[int, ...]:
        """The players who have gone out this round, first first."""
        return self._finished

    @property
    def truncated(self) -> bool:
        """Whether the game ended on its round limit with nobody at the target (D11)."""
        return self._truncated

    def hand(self, player: int) -> int:
        """The card mask of ``player``'s hand (whole-state access: not for bots' decisions about
        other players — those go through :meth:`view` or :meth:`determinize`)."""
        return self._hands[player]

    def hand_counts(self, player: int) -> tuple[int, ...]:
        """The rank-count vector of ``player``'s hand: 13 counts by level, then jokers."""
        return self._counts[player]

    def hand_sizes(self) -> list[int]:
        """The number of cards each player holds."""
        return [h.bit_count() for h in self._hands]

    def pile_top(self) -> tuple[int, int]:
        """``(level, size)`` of the set on top of the pile; size 0 when the pile is empty."""
        return self._top_level, self._top_total

    def pile_mask(self) -> int:
        """The cards on the current pile."""
        out = 0
        for _, _, cards in self._pile:
            out |= cards
        return out

    def pending_gifts(self, player: int) -> int:
        """The mask of the cards ``player`` has chosen to give but not yet handed over."""
        out = 0
        for giver, _, card in self._gifts:
            if giver == player:
                out |= 1 << card
        return out

    # -- protocol: who acts ---------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self._phase == OVER

    def num_distinct_actions(self) -> int:
        if self._house:
            return num_actions(bool(self._house & house.SUITED),
                               bool(self._house & house.SEQUENCES),
                               bool(self._house & house.NAMED_JOKER))
        return NUM_ACTIONS

    def legal_actions(self) -> list[int]:
        phase = self._phase
        if phase == PLAY:
            if self._house:
                return self._house_plays()
            return legal_plays(self._counts[self._current], self._top_level, self._top_total)
        if phase == EXCHANGE:
            player = self._current
            return legal_gifts(self._hands[player], self.pending_gifts(player),
                               bool(self._house & house.SUITED))
        if phase == REVOLUTION:
            return [DECLARE, KEEP_QUIET] if may_declare(self._hands[self._current]) \
                else [KEEP_QUIET]
        return []

    def _house_plays(self) -> list[int]:
        """The legal plays under the house rules (:mod:`furuba.daihinmin.house_plays`)."""
        player = self._current
        top = self._pile[-1][1] if self._pile else NO_TOP
        return legal_house_plays(self._hands[player], self._counts[player], top,
                                 self._back != self._reversed, self._lock,
                                 house.rules(self._house))

    def action_to_string(self, action: int) -> str:
        index = action if action.__class__ is int else action_id(action)
        if not 0 <= index < self.num_distinct_actions():
            raise IllegalActionError(self._no_such_action(action))
        return ACTION_NAMES[index]

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now; anything but an integer is refused as in
        :meth:`apply` (:func:`~furuba.core.protocol.action_id`)."""
        if action.__class__ is not int:
            action = action_id(action)
        return action in self.legal_actions()

    def string_to_action(self, text: str) -> int:
        if self._house & house.SUITED:
            player = self._current
            hand = self._hands[player] & ~self.pending_gifts(player) if player >= 0 else 0
            if self._house & house.NAMED_JOKER:
                return parse_named(text, PHASE_NAMES[self._phase], hand, self.legal_actions())
            return parse_suited(text, PHASE_NAMES[self._phase], hand)
        return parse_action(text, PHASE_NAMES[self._phase])

    def action_info(self, action: int) -> ActionInfo:
        """``action`` as data (kinds and params: :mod:`furuba.daihinmin.facts`)."""
        from furuba.daihinmin.facts import action_info

        return action_info(self, action)

    # -- protocol: outcome ------------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self._phase != OVER:
            return [0.0] * self._options.players
        return win_shares(self._scores)

    def scores(self) -> list[float]:
        return [float(s) for s in self._scores]

    # -- applying actions -------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        if action.__class__ is not int:
            action = action_id(action)  # an integer of another type, or no action at all
        phase = self._phase
        if phase == PLAY:
            if action == PASS:
                if self._house & house.PASS_OUT:
                    self._pass_out()
                else:
                    self._pass()
            elif self._house:
                if action not in self._house_plays():
                    raise IllegalActionError(self._why_illegal(action))
                self._play(action)
            elif 0 < action < NUM_ACTIONS and can_play(
                    self._counts[self._current], self._top_level, self._top_total, action):
                self._play(action)
            else:
                raise IllegalActionError(self._why_illegal(action))
        elif phase == EXCHANGE and is_gift(action) and (
                (action in GIFT_CARD) == bool(self._house & house.SUITED) or action == GIVE_JOKER):
            self._give(action)
        elif phase == REVOLUTION and action in (DECLARE, KEEP_QUIET):
            self._decide(action)
        else:
            raise IllegalActionError(self._why_illegal(action))

    def _next_active(self, player: int) -> int:
        """The next player after ``player`` in the direction of play who still holds cards."""
        n = self._options.players
        seating, hands, step = self._seating, self._hands, self._direction
        seat = self._seat_of[player]
        for _ in range(n):
            seat = (seat + step) % n
            other = seating[seat]
            if hands[other]:
                return other
        raise AssertionError("nobody holds cards")

    def _play(self, action: int) -> None:
        player = self._current
        level = PLAY_LEVEL[action]
        naturals = PLAY_NATURALS[action]
        jokers = PLAY_JOKERS[action]
        hand = self._hands[player]
        cards = 0
        counts = list(self._counts[player])
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
        hands = list(self._hands)
        hands[player] = hand
        self._hands = tuple(hands)
        all_counts = list(self._counts)
        all_counts[player] = tuple(counts)
        self._counts = tuple(all_counts)
        self._pile += ((player, action, cards),)
        self._top_level = level
        self._top_total = naturals + jokers
        self._passes = 0
        if self._house:
            self._play_house(player, action, cards, hand)
            return
        log: events.Log = (("play", player, action, cards), self._log)
        if hand:
            self._log = log
            self._nlog += 1
            self._current = self._next_active(player)
            return
        # D6: going out scores a point per player still holding cards.
        finished = (*self._finished, player)
        n = self._options.players
        holding = n - len(finished)
        scores = list(self._scores)
        scores[player] += holding
        self._scores = tuple(scores)
        log = (("out", player, len(finished), holding), log)
        if holding == 1:
            last = next(p for p in range(n) if hands[p])
            finished += (last,)
            self._finished = finished
            self._log = (("out", last, n, 0), log)
            self._nlog += 3
            self._end_round()
            return
        self._finished = finished
        self._log = log
        self._nlog += 2
        self._current = self._next_active(player)

    def _play_house(self, player: int, action: int, cards: int, hand: int) -> None:
        """The rest of a play under the house rules: what it sets off (D13, D16–D20), going out
        and the fall of the capital (D15), the end of the round or the trick (D22)."""
        pile = self._pile
        self._push("play", player, action, cards)
        cut = house.after_play(self, player, action, pile[-2][1] if len(pile) > 1 else NO_TOP)
        bonus = 1 if self._house & house.PLACE_POINTS else 0
        if not hand:
            n = self._options.players
            finished = (*self._finished, player)
            holding = n - len(finished)     # a fallen Rich Man finishes below: he counts
            scores = list(self._scores)
            scores[player] += holding + bonus
            self._scores = tuple(scores)
            self._finished = finished
            self._push("out", player, len(finished), holding + bonus)
            if len(finished) == 1 and self._house & house.FALLEN_CAPITAL:
                house.fall(self, player)
            left = [p for p in range(n) if self._hands[p]]
            if len(left) == 1:
                last, place = left[0], len(finished) + 1
                scores[last] += n - place + bonus
                self._scores = tuple(scores)
                self._finished = (*finished, last)
                self._push("out", last, place, n - place + bonus)
                self._end_round()
                return
        if cut:
            self._clear(player if hand else self._next_active(player))
        elif self._house & house.PASS_OUT:
            if self._all_passed():
                self._clear(player if hand else self._next_active(player))
            else:
                self._current = self._next_open(player)
        else:
            self._current = self._next_active(player)

    def _clear(self, leader: int) -> None:
        """The pile is cleared and ``leader`` leads (D5, D13, D18)."""
        self._push("clear", leader)
        self._pile = ()
        self._top_level = NO_PILE
        self._top_total = 0
        if not self._house & house.PASS_OUT:
            self._passes = 0
        self._passed = 0
        self._leader = leader
        self._back = False
        self._lock = 0
        self._current = leader

    # -- D22: passing out of the trick ----------------------------------------------------------
    def _all_passed(self) -> bool:
        """Whether everyone still holding cards has passed in this trick (D22)."""
        passed, hands = self._passed, self._hands
        return all(passed >> p & 1 for p in range(self._options.players) if hands[p])

    def _next_open(self, player: int) -> int:
        """The next player after ``player`` in the direction of play who holds cards and has not
        passed in this trick: ``player`` himself when everyone else has (D22)."""
        n = self._options.players
        seating, hands, step, passed = self._seating, self._hands, self._direction, self._passed
        seat = self._seat_of[player]
        for _ in range(n):
            seat = (seat + step) % n
            other = seating[seat]
            if hands[other] and not passed >> other & 1:
                return other
        raise AssertionError("nobody may play")

    def _pass_out(self) -> None:
        """A pass under D22: out of the trick until it ends; when everyone holding cards has
        passed, its last player (or the next one holding cards) leads the next, or its leader
        when nothing was played; after :data:`IDLE_LIMIT` passes without a play the round ends
        by lot."""
        player = self._current
        self._push("pass", player)
        self._passes += 1
        self._passed |= 1 << player
        if self._passes >= IDLE_LIMIT:
            self._finish_by_lot()
            return
        if not self._all_passed():
            self._current = self._next_open(player)
            return
        if self._pile:
            last = self._pile[-1][0]
            self._clear(last if self._hands[last] else self._next_active(last))
        else:
            self._clear(self._leader)

    def _finish_by_lot(self) -> None:
        """D22: those still holding cards finish in an order drawn at random."""
        n = self._options.players
        left = self._draw_lots([p for p in self._seating if self._hands[p]])
        bonus = 1 if self._house & house.PLACE_POINTS else 0
        scores = list(self._scores)
        finished = self._finished
        for player in left:
            finished = (*finished, player)
            got = n - len(finished) + bonus
            scores[player] += got
            self._push("out", player, len(finished), got)
        self._scores = tuple(scores)
        self._finished = finished
        self._end_round()

    def _pass(self) -> None:
        if not self._top_total:
            raise IllegalActionError(self._why_illegal(PASS))
        player = self._current
        last = self._pile[-1][0]
        holding = self._options.players - len(self._finished) - (self._fallen >= 0)
        others = holding - 1 if self._hands[last] else holding
        log: events.Log = (("pass", player), self._log)
        passes = self._passes + 1
        if passes >= others:
            # D5: everyone else still holding cards passed in a row: the pile is cleared.
            self._log = log
            self._nlog += 1
            self._clear(last if self._hands[last] else self._next_active(last))
        else:
            self._log = log
            self._nlog += 1
            self._passes = passes
            self._current = self._next_active(player)

    def _decide(self, action: int) -> None:
        poor = self._current
        hand = self._hands[poor]
        if action == DECLARE:
            if not may_declare(hand):
                raise IllegalActionError(self._why_illegal(action))
            self._push("revolution", poor, True, hand & JOKER_MASK)
            self._revolution = True
            self._direction = COUNTERCLOCKWISE
            self._phase = PLAY
            self._current = poor
        else:
            self._push("revolution", poor, False, 0)
            self._begin_exchange()

    def _begin_exchange(self) -> None:
        """The Rich choose their gifts (D9); under D24 once the Poor's strongest cards are theirs."""
        self._phase = EXCHANGE
        rich, second_rich, second_poor, poor = roles(self._titles)
        self._current = rich
        if not self._house & house.EXCHANGE_AFTER:
            return
        hands = list(self._hands)
        taken = ((poor, rich, strongest_cards(hands[poor], RICH_GIFTS)),
                 (second_poor, second_rich, strongest_cards(hands[second_poor], SECOND_GIFTS)))
        for giver, receiver, cards in taken:
            hands[giver] &= ~cards
            hands[receiver] |= cards
        self._hands = tuple(hands)
        counts = list(self._counts)
        for player in (rich, second_rich, second_poor, poor):
            counts[player] = counts_of(hands[player])
        self._counts = tuple(counts)
        self._exchange = taken
        for giver, receiver, cards in taken:
            self._push_private(giver, "taken", giver, receiver, cards)
            self._push_private(receiver, "taken", giver, receiver, cards)

    def _give(self, action: int) -> None:
        giver = self._current
        left = self._hands[giver] & ~self.pending_gifts(giver)
        if action in GIFT_CARD:         # a card named (suits matter)
            card = GIFT_CARD[action] if left >> GIFT_CARD[action] & 1 else -1
        else:
            card = gift_card(left, action - GIVE_BASE)
        if card < 0:
            raise IllegalActionError(self._why_illegal(action))
        rich, second_rich, second_poor, poor = roles(self._titles)
        receiver = poor if giver == rich else second_poor
        self._gifts += ((giver, receiver, card),)
        self._push_private(giver, "gift", giver, receiver, 1 << card)
        if giver == rich and len(self._gifts) < RICH_GIFTS:
            return
        if giver == rich:
            self._current = second_rich
            return
        self._swap()

    def _swap(self) -> None:
        """D9: all the gifts change hands at once."""
        rich, second_rich, second_poor, poor = roles(self._titles)
        hands = list(self._hands)
        rich_gift = self.pending_gifts(rich)
        second_rich_gift = self.pending_gifts(second_rich)
        after = bool(self._house & house.EXCHANGE_AFTER)
        if after:       # D24: the Poor's cards changed hands already (as far as known here)
            taken = {giver: cards for giver, _, cards in self._exchange}
            poor_gift, second_poor_gift = taken.get(poor, 0), taken.get(second_poor, 0)
        else:
            poor_gift = highest_cards(hands[poor], 2)
            second_poor_gift = highest_cards(hands[second_poor], 1)
        transfers = ((rich, poor, rich_gift), (poor, rich, poor_gift),
                     (second_rich, second_poor, second_rich_gift),
                     (second_poor, second_rich, second_poor_gift))
        for giver, _, cards in transfers[::2] if after else transfers:
            hands[giver] &= ~cards
        for _, receiver, cards in transfers[::2] if after else transfers:
            hands[receiver] |= cards
        self._hands = tuple(hands)
        all_counts = list(self._counts)
        for player in (rich, second_rich, second_poor, poor):
            all_counts[player] = counts_of(hands[player])
        self._counts = tuple(all_counts)
        self._gifts = ()
        self._exchange = transfers
        self._push("exchange", rich, poor, second_rich, second_poor)
        for (giver, receiver, gave), (_, _, got) in (
                (transfers[0], transfers[1]), (transfers[1], transfers[0]),
                (transfers[2], transfers[3]), (transfers[3], transfers[2])):
            self._push_private(giver, "swap", giver, receiver, gave, got)
        self._phase = PLAY
        self._lead(rich)

    def _lead(self, player: int) -> None:
        """``player`` leads the round's first trick — the holder of the 3♦ under D23."""
        if self._house & house.DIAMOND_THREE:
            three = 1 << DIAMOND_THREE_CARD
            player = next(p for p in range(self._options.players) if self._hands[p] & three)
        self._current = player
        self._leader = player

    def _push(self, kind: str, *fields: Any) -> None:
        """Append a public event."""
        self._log = ((kind, *fields), self._log)
        self._nlog += 1

    def _push_private(self, player: int, kind: str, *fields: Any) -> None:
        """Append an event only ``player`` sees."""
        private = list(self._private)
        private[player] = ((self._nlog, kind, *fields), private[player])
        self._private = tuple(private)

    # -- rounds -----------------------------------------------------------------------------------
    def _start_round(self, dealer: int | None) -> None:
        """Deal a round (D2, D8) and ask the first question of it. Under D27 the seats are drawn
        first; under D28 the titles may be forgotten; ``None``: the player seated before the
        Rich Man deals (the deal starts with him), or one drawn when there is none."""
        options = self._options
        n = options.players
        self._round += 1
        if options.reseat_every and (self._round - 1) % options.reseat_every == 0:
            self._set_seating(self._draw_seating())
        if options.reset_every and self._round > 1 \
                and (self._round - 1) % options.reset_every == 0:
            self._titles = (NO_TITLE,) * n
        if dealer is None:
            if NO_TITLE in self._titles:
                dealer = self._draw_dealer()
            else:
                rich = roles(self._titles)[0]
                dealer = self._seating[(self._seat_of[rich] - 1) % n]
        self._dealer = dealer
        hands = self._deal(dealer)
        self._hands = hands
        self._counts = tuple(counts_of(h) for h in hands)
        self._pile = ()
        self._top_level = NO_PILE
        self._top_total = 0
        self._passes = 0
        self._finished = ()
        self._gifts = ()
        self._exchange = ()
        self._revolution = False
        self._direction = CLOCKWISE
        self._back = False
        self._lock = 0
        self._fallen = house.NO_ONE
        self._passed = 0
        self._reversed = False
        self._push("round", self._round, dealer, self._seating)
        after = self._nlog
        self._private = tuple(((after, "dealt", player, hands[player]), log)
                              for player, log in enumerate(self._private))
        if NO_TITLE in self._titles:
            self._phase = PLAY
            self._lead(self._seating[(self._seat_of[dealer] + 1) % n])
        elif options.jokers == 2:
            self._phase = REVOLUTION
            self._current = roles(self._titles)[3]
        else:       # D10 needs both jokers: with fewer, nobody is asked
            self._begin_exchange()

    def _end_round(self) -> None:
        """Titles, game end or reseating and the next deal (D7, D8, D11)."""
        order = self._finished
        if self._fallen >= 0:
            order += (self._fallen,)    # D15: the fallen Rich Man finishes last
            self._finished = order
            if self._house & house.PLACE_POINTS:    # D25: last place scores 1
                scores = list(self._scores)
                scores[self._fallen] += 1
                self._scores = tuple(scores)
            self._fallen = house.NO_ONE
        n = self._options.players
        points = [0] * n
        for player, got in zip(order, points_by_place(n), strict=True):
            points[player] = got
        self._titles = titles_from_order(order)
        self._push("round end", self._round, order, tuple(points))
        over, truncated = game_over(self._scores, self._round, self._options.target,
                                    self._options.max_rounds)
        if over:
            won = tuple(p for p, share in enumerate(win_shares(self._scores)) if share)
            self._push("game end", self._scores, won, truncated)
            self._phase = OVER
            self._current = TERMINAL
            self._truncated = truncated
            return
        if self._options.reseat_every:     # D27: seats stay until they are drawn again
            self._start_round(dealer=None)
            return
        self._set_seating(reseat(self._seating, order))
        self._start_round(dealer=order[-1])

    # -- chance: what a round draws (a referee of another server may draw it its own way) --------
    def _draw_seating(self) -> tuple[int, ...]:
        """The seats drawn at random (D27): player ids by seat."""
        seating = list(range(self._options.players))
        rng_for(self._seed, self._counter).shuffle(seating)
        self._counter += 1
        return tuple(seating)

    def _draw_dealer(self) -> int:
        """A dealer drawn at random (D2, D28)."""
        dealer = draw_dealer(self._options.players, seed=self._seed, counter=self._counter)
        self._counter += 1
        return dealer

    def _deal(self, dealer: int) -> tuple[int, ...]:
        """The hands of a new round: the deck shuffled and dealt from the dealer's left (D2)."""
        hands = deal_hands(self._seating, dealer, seed=self._seed, counter=self._counter,
                           cards=JOKER_SHIFT + self._options.jokers)
        self._counter += 1
        return hands

    def _draw_lots(self, players: list[int]) -> list[int]:
        """``players`` in an order drawn at random (D22)."""
        rng_for(self._seed, self._counter).shuffle(players)
        self._counter += 1
        return players

    def _set_seating(self, seating: tuple[int, ...]) -> None:
        seat_of = [0] * len(seating)
        for seat, player in enumerate(seating):
            seat_of[player] = seat
        self._seating = seating
        self._seat_of = tuple(seat_of)

    # -- messages (in their own module) ---------------------------------------------------------
    def _no_such_action(self, action: Any) -> str:
        return no_such_action(action, self.num_distinct_actions())

    def _why_illegal(self, action: int) -> str:
        """A person's explanation of why ``action`` is not legal now."""
        return why_illegal(self, action)

    # -- views, secrecy, persistence (in their own modules) ----------------------------------------
    def view(self, player: int | None, *, log_from: int = 0) -> JSON:
        return cast(JSON, build_view(self, player, log_from))

    def catalog(self) -> JSON:
        """The deck (see :meth:`State.catalog`) plus the rank order and every card's rank and
        suit (:func:`furuba.daihinmin.facts.catalog_facts`)."""
        from furuba.daihinmin.facts import catalog_facts

        return {**super().catalog(), **catalog_facts()}

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A world for ``player`` (:func:`furuba.daihinmin.knowledge.determinize`) that depends on
        ``view(player)`` alone: see :meth:`_as_seen_by`."""
        return self.sampler(player)(rng)

    def sampler(self, player: int) -> Callable[[random.Random], Self]:
        return knowledge.sampler(self._as_seen_by(player), player)

    def _as_seen_by(self, player: int) -> Self:
        """This state, or one ``player`` cannot tell from it: the gifts another player is still
        choosing are not chosen yet.

        Only the giver sees a gift before the exchange (D9), so between the Rich Man's two
        choices the others cannot tell whether he has made the first one; determinize starts
        from the state in which he has not.
        """
        current = self._current
        if self._phase != EXCHANGE or current == player \
                or all(giver != current for giver, _, _ in self._gifts):
            return self
        out = self.clone()
        out._gifts = tuple(gift for gift in self._gifts if gift[0] != current)
        return out

    def to_json(self) -> JSON:
        return serialize.to_json(self)

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        return serialize.from_json(cls, data)

    def __repr__(self) -> str:
        return (f"<daihinmin.GameState players={self.num_players} round={self._round} "
                f"phase={PHASE_NAMES[self._phase]} turn={self._current}>")
