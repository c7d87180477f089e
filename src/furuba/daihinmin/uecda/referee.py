"""furuba's UECda game with the standard server's chance (D29): seats, deals and the lots of a
stalled game drawn from its Mersenne Twister (:mod:`furuba.daihinmin.uecda.mt`) in the order
the server draws them, so that with the same seed the same games are dealt.

Per game the server draws: every third game from the first, the seats (five distinct
``genrand_real1`` numbers, the players sorted by them); on a game whose classes are reset
(every hundredth from the first), the player the deal starts with (``int(real1 * 5)``; else the
daifugo); then the 53 cards one by one, each the ``int(real1 * (53 - i))``-th of those left
(card ``j`` is row ``j // 13``, column ``j % 13 + 1``, the 53rd the joker), dealt around the
table from that player's seat. After 20 turns in a row without an accepted play, the players
still holding cards finish in places drawn one by one among them, by player number.

>>> state = Referee.begin(seed=31, games=3)
>>> state.seating, state.current_player, state.hand_sizes()
((1, 0, 3, 4, 2), 4, [10, 10, 11, 11, 11])
"""

from __future__ import annotations

from furuba.daihinmin.house import upheaves
from furuba.daihinmin.house_plays import is_jokers_alone, same_suits
from furuba.daihinmin.options import validate
from furuba.daihinmin.ranks import JOKER_SHIFT
from furuba.daihinmin.state import GameState
from furuba.daihinmin.uecda.cells import card_of_cell
from furuba.daihinmin.uecda.mt import MersenneTwister
from furuba.daihinmin.uecda.table import PLAYERS

CARDS = 53
SUIT_CARDS = 13


def _card(j: int) -> int:
    """furuba's card for the server's card number ``j`` (52: the joker)."""
    if j >= 4 * SUIT_CARDS:
        return JOKER_SHIFT
    return card_of_cell(j // SUIT_CARDS, j % SUIT_CARDS + 1)


class Referee(GameState):
    """A match of UECda games (one game a round) dealt as the standard server deals them."""

    __slots__ = ("_mt", "dealt", "order")
    _mt: MersenneTwister
    dealt: tuple[int, ...]
    """Each player's hand as dealt this game, before the exchange."""
    order: tuple[int, ...]
    """The finishing order of the last game that ended (player numbers, first place first)."""

    @classmethod
    def begin(cls, seed: int, games: int) -> Referee:
        """The first game of a match of ``games`` games, the server's generator seeded by
        ``seed``."""
        options = validate(players=PLAYERS, target=None, max_rounds=games, dealer=None,
                           rules="uecda")
        s: Referee = cls._blank(options, 0)
        s._mt = MersenneTwister(seed)
        s.dealt = ()
        s.order = ()
        s._start_round(None)
        return s

    def _real1(self) -> float:
        return self._mt.genrand_real1()

    def _pick(self, n: int) -> int:
        """``int(real1 * n)``; the (once in 2**32) draw of exactly 1 kept inside."""
        return min(int(self._real1() * n), n - 1)

    def _draw_seating(self) -> tuple[int, ...]:
        """tn_sekigae: a distinct number for each player; the seats in their order."""
        draws: list[float] = []
        for _ in range(PLAYERS):
            value = self._real1()
            while value in draws:
                value = self._real1()
            draws.append(value)
        return tuple(sorted(range(PLAYERS), key=lambda p: draws[p]))

    def _draw_dealer(self) -> int:
        """The player the deal starts with is drawn; furuba's dealer sits before him."""
        first = self._pick(PLAYERS)
        return self.seating[(self.seat_of[first] - 1) % PLAYERS]

    def _deal(self, dealer: int) -> tuple[int, ...]:
        """shuffle_card: 53 draws, dealt from the seat after the dealer's (the daifugo's, or the
        player drawn)."""
        start = (self.seat_of[dealer] + 1) % PLAYERS
        left = list(range(CARDS))
        hands = [0] * PLAYERS
        for i in range(CARDS):
            j = left.pop(self._pick(CARDS - i))
            hands[self.seating[(start + i) % PLAYERS]] |= 1 << _card(j)
        self.dealt = tuple(hands)
        return self.dealt

    def _draw_lots(self, players: list[int]) -> list[int]:
        """The places of a stalled game: each drawn among those left, by player number."""
        left = sorted(players)
        out = []
        while len(left) > 1:
            out.append(left.pop(self._pick(len(left))))
        return out + left

    def end_round(self) -> None:
        self.order = self.finished
        super().end_round()

    # -- what the server's tables say -------------------------------------------------------------
    def top_play(self) -> int | None:
        """The play on top of the pile, ``None`` when it is empty."""
        return self.pile[-1][1] if self.pile else None

    def locked(self) -> bool:
        """Whether the trick is locked (the server's ``now_shibari``)."""
        return bool(self.lock)

    def reversed(self) -> bool:
        """Whether a revolution is in force (the server's ``now_kakumei``)."""
        return self.ranks_reversed

    def status_after(self, action: int | None) -> tuple[bool, bool]:
        """The revolution and the lock as the server's stage table shows them once ``action``
        (an accepted play; ``None`` for a pass or a refused play) is made — before the trick
        ends, so an 8-cut may still lock it. Ask before applying it."""
        reversed_, locked = self.reversed(), self.locked()
        if action is None:
            return reversed_, locked
        if is_jokers_alone(action):
            return reversed_, False
        top = self.top_play()
        if not locked and top is not None and not is_jokers_alone(top):
            locked = same_suits(action, top, named=True)
        return reversed_ != upheaves(action), locked
