"""What ``state.view(player)`` returns in Dai Hin Min, key by key: :class:`DaihinminView`.

Every view holds the public table. While the game is played, a player's view adds their hand,
the gifts they are choosing, their side of the exchange, and their legal actions when it is
their turn; every view (a spectator's too) lists the cards known to be in a hand (``known``:
jokers a revolution showed, cards a player gave) and, for a player who received cards
automatically, what that proved about the giver's hand (``known_limit``). Once the game is over
every hand and the whole exchange are public, and ``winners`` and ``truncated`` say how it
ended; ``known``, ``known_limit``, ``hand``, ``giving`` and ``legal`` are then gone.

Cards are named ``"7♦"``, ``"10♣"``, ``"joker1"`` (:mod:`furuba.daihinmin.ranks`), plays as
actions are (``"play 7x2+joker"``, :mod:`furuba.daihinmin.notation`); the events of the log are
described in :mod:`furuba.daihinmin.event_types`. No view holds any key not listed here (the
types are *closed*):

>>> from pydantic import TypeAdapter
>>> from furuba.daihinmin import new_game
>>> view = new_game(players=4, seed=3).view(1)
>>> TypeAdapter(DaihinminView).validate_python(view, strict=True) == view
True
"""

from __future__ import annotations

from typing import Literal, NotRequired

from furuba.core.typeddict import TypedDict
from furuba.daihinmin.event_types import LogEvent, Title

Phase = Literal["revolution", "exchange", "play", "over"]
"""The part of the round being played (the Poor Man's question, the gifts, the play), or the
game's end (:data:`furuba.daihinmin.phases.PHASE_NAMES`)."""
HouseRule = Literal["eight_cut", "sequences", "fallen_capital", "eleven_back", "suit_lock",
                    "spade_three", "strong_joker", "rank_revolution", "named_joker", "pass_out",
                    "diamond_three", "exchange_after", "place_points", "run_above"]
"""A house rule's option name (:data:`furuba.daihinmin.options.HOUSE_RULES`)."""


class HouseSettings(TypedDict, total=False, closed=True):
    """The house settings that differ from the rulebook's (D26–D28)."""

    jokers: int
    """Jokers in the deck (D26)."""
    reseat_every: int
    """Seats are drawn every this many rounds (D27)."""
    reset_every: int
    """Titles are forgotten every this many rounds (D28)."""


Preset = Literal["uecda"]
"""A preset of the house rules (D29) other than the rulebook's."""
Direction = Literal["clockwise", "counterclockwise"]
"""The direction of play: counterclockwise exactly in a revolution round (D10)."""


class PileSetView(TypedDict, closed=True):
    """A set on the current pile."""

    player: int
    """Who played it."""
    play: str
    """The play as an action name (``"play 7x2+joker"``)."""
    cards: list[str]
    """The cards played."""
    run: bool
    """Whether the set is a run of one suit (D29's runs), which only a run beats."""


ExchangeView = TypedDict("ExchangeView", {
    "from": int,            # the player who gave the cards
    "to": int,              # the player who got them
    "cards": list[str],     # the cards given
}, closed=True)
ExchangeView.__doc__ = """One hand-over of this round's exchange (D9): ``from`` gave ``cards`` to
``to``. (The functional syntax, as ``from`` is a Python keyword.)"""


class MustGiveView(TypedDict, closed=True):
    """The viewer's part in the exchange while gifts are chosen (the Rich Man and the Second
    Richest only, D9)."""

    to: int
    """Who receives the gifts."""
    count: int
    """How many cards the viewer gives in all."""
    back: int
    """How many cards the viewer receives in return."""


class KnownCardsView(TypedDict, closed=True):
    """Cards the viewer knows to be in another player's hand."""

    player: int
    """Whose hand holds them."""
    cards: list[str]
    """The cards."""


class KnownLimitView(TypedDict, closed=True):
    """What the cards a player gave automatically prove about their hand (D9)."""

    player: int
    """The giver (the Poor Man or the Second Poorest)."""
    no_natural_above: str | None
    """The rank above which they hold no natural card except cards given to them; ``None``:
    no natural card at all (they gave a joker)."""


class DaihinminView(TypedDict, closed=True):
    """Everything one player (or a spectator) may know of a game (:mod:`furuba.daihinmin.view`)."""

    game: Literal["daihinmin"]
    """The game's registry name."""
    viewer: int | None
    """Whose view this is; ``None``: a spectator's."""
    players: int
    """How many play."""
    target: int | None
    """Points that end the game (``None``: play by rounds, D11)."""
    max_rounds: int | None
    """Rounds after which the game ends (``None``: no limit, D11)."""
    round: int
    """The round being played, from 1."""
    phase: Phase
    """The part of the round being played, or ``"over"``."""
    turn: int | None
    """Who must act now (``None`` once the game is over)."""
    dealer: int
    """Who dealt this round."""
    seating: list[int]
    """Player ids by seat, clockwise."""
    direction: Direction
    """The direction of play."""
    revolution: bool
    """Whether a revolution was declared this round (D10)."""
    scores: list[int]
    """Points so far, by player id."""
    titles: list[Title | None]
    """Titles in force this round, by player id (``None`` before the first round ends)."""
    hand_sizes: list[int]
    """How many cards each player holds."""
    pile: list[PileSetView]
    """The sets on the current pile, oldest first."""
    passes: int
    """Passes in a row since the last play."""
    played: list[str]
    """The cards played this round and already cleared from the pile."""
    finished: list[int]
    """The players who have gone out this round, in order."""
    hand: NotRequired[list[str]]
    """The viewer's hand (a player, while the game is played)."""
    giving: NotRequired[list[str]]
    """The cards the viewer has chosen to give and not yet handed over (a player, while the
    game is played)."""
    exchange: NotRequired[list[ExchangeView]]
    """This round's exchange: the viewer's side of it while the game is played (a player), all
    of it once the game is over."""
    must_give: NotRequired[MustGiveView]
    """The viewer's part in the exchange while gifts are chosen (the two givers only)."""
    known: NotRequired[list[KnownCardsView]]
    """Cards known to be in other players' hands, by player (while the game is played)."""
    known_limit: NotRequired[KnownLimitView]
    """What the cards the viewer received automatically prove (only then)."""
    legal: NotRequired[list[str]]
    """The viewer's legal actions by name (only when the viewer must act now)."""
    hands: NotRequired[list[list[str]]]
    """Every hand, by player id (once the game is over)."""
    winners: NotRequired[list[int]]
    """Who won (once the game is over)."""
    truncated: NotRequired[bool]
    """Whether the game ended on its round limit with nobody at the target (once it is
    over)."""
    house_rules: NotRequired[list[HouseRule]]
    """The house rules in force (only when some are: D13–D18)."""
    back: NotRequired[bool]
    """Whether 11-back reverses the order of the ranks in this trick (with house rules, D16)."""
    lock: NotRequired[list[str]]
    """The suits this trick is locked to (``"♠"``, …; empty: not locked; with house rules,
    D17)."""
    fallen: NotRequired[int | None]
    """The Rich Man who fell this round and will finish last (with house rules, D15)."""
    reversed: NotRequired[bool]
    """Whether a revolution reverses the order of the ranks this round (with house rules,
    D20)."""
    passed: NotRequired[list[int]]
    """Who passed in this trick and may not play again in it (with the pass_out rule, D22)."""
    settings: NotRequired[HouseSettings]
    """The house settings that are not the rulebook's (D26–D28)."""
    rules: NotRequired[Preset]
    """The preset the game's rules are exactly, when not the rulebook's (D29)."""
    log: list[LogEvent]
    """The public events (from ``log_from`` on) and the viewer's private ones (every private
    event once the game is over), in order."""
