"""What ``state.view(player)`` returns in Friends of the Zodiac, key by key: :class:`ZodiacView`.

The same keys are there for a player, for a spectator (``player=None``) and once the game is
over; what changes is what they hold (``hand`` is ``None`` for a spectator, ``hands`` holds the
hands the viewer may see: their own, every hand in Bestest Friends, every hand once the game is
over). Only ``legal_actions`` comes and goes: it is there for the player who must decide now.
A pending decision carries ``options`` while an event's option is chosen and ``event`` while an
event is being resolved.

Cards are named by their card set name (``"Trust"``), Sohmas by name (``"Kyo"``) or by their
place in the circle, friendship cards by label (``"A♦"``). A view holds no sentence: a log entry
is a message id with its arguments (:class:`LogEntryView`), a Sohma's condition a code with its
arguments (:class:`ConditionView`), and the front end says them in its reader's language (the
terminal and hints: :mod:`furuba.zodiac.text`; the browser: ``js/zodiac.js``). No view holds any
key not listed here (the types are *closed*), so a consumer may read them with a type checker's
help:

>>> from pydantic import TypeAdapter
>>> from furuba.zodiac import new_game
>>> view = new_game(players=3, seed=4).view(0)
>>> TypeAdapter(ZodiacView).validate_python(view, strict=True) == view
True
"""

from __future__ import annotations

from typing import Literal, NotRequired

from furuba.core.typeddict import TypedDict

PendingKind = Literal["action", "option", "move_to", "flip", "put_away", "take", "discard",
                      "over"]
"""What the current decision is about (:data:`furuba.zodiac.codes.PENDING_NAMES`)."""
Outcome = Literal["running", "finished", "truncated", "won", "lost"]
"""How the game stands (:data:`furuba.zodiac.codes.OUTCOME_NAMES`): ``won`` and ``lost`` are
the team's in Bestest Friends; ``truncated``: stopped by the round cap (Z12)."""
LogKind = Literal["turn", "draw", "play", "option", "move", "flip", "flip_tohru", "put_away",
                  "take", "discard", "reshuffle", "reveal", "befriend", "end"]
"""The kinds of log entry: what happened."""
LogMessage = Literal["turn", "draw", "draw_hidden", "play", "option", "move", "flip",
                     "flip_end_of_turn", "flip_tohru", "put_away", "take", "discard", "reshuffle",
                     "reveal", "befriend", "team_befriend", "end", "end_round_limit"]
"""The message of a log entry: how it reads (:mod:`furuba.zodiac.logtext` says each one)."""
SohmaSide = Literal["human", "animal"]
TohruSide = Literal["front", "back"]
ConditionCode = Literal["friend_of", "min_friendships", "tohru_side", "center_at_least",
                        "center_between"]
"""What a Sohma side's extra condition asks (:func:`furuba.zodiac.text.condition_words`)."""

LogArgs = TypedDict("LogArgs", {
    "round": int,          # turn: the round, from 1
    "card": str,           # draw, play, put_away, take, discard, reveal: the card's name
    "option": int,         # option: the option's place (0 for the first)
    "label": str,          # option: the option's words, as the card set writes them
    "from": int,           # move: the place (0 Yuki … 12 Kyo) of the Sohma Tohru leaves
    "to": int,             # move: the place of the Sohma she goes to
    "sohma": int,          # flip, flip_end_of_turn, befriend, team_befriend: the Sohma's place
    "friendship": str,     # befriend, team_befriend: the friendship card's label ("2♦")
    "side": SohmaSide | TohruSide,     # befriend: the Sohma's side up; flip_tohru: Tohru's
    "count": int,          # reshuffle: the cards of the new deck
    "outcome": Outcome,    # end, end_round_limit: how the game ended
}, total=False, closed=True)
LogArgs.__doc__ = """The arguments of a log entry's message; each message has the ones its
comment names (a draw another player may not know of has none)."""


class ConditionArgs(TypedDict, total=False, closed=True):
    """The arguments of a condition; each code has its own."""

    sohma: int
    """``friend_of``: the place of the Sohma one must already be a friend of."""
    count: int
    """``min_friendships``: friendships already made; ``center_at_least``: memories in the
    center."""
    side: TohruSide
    """``tohru_side``: the side of Tohru's card that must be up."""
    low: int
    """``center_between``: the fewest memories in the center."""
    high: int
    """``center_between``: the most memories in the center."""


class ConditionView(TypedDict, closed=True):
    """A Sohma side's extra condition, as data."""

    code: ConditionCode
    """What it asks."""
    args: ConditionArgs
    """Of whom or how many."""


class OptionsView(TypedDict, closed=True):
    """The options the game was started with."""

    players: int
    """How many play."""
    sets: int
    """Copies of the game shuffled together."""
    target: int
    """Friendships that win (13 in the Long Game and in Bestest Friends)."""
    variant: str
    """The variants, comma-separated (``"long,true-friends"``), or ``"standard"``."""
    max_rounds: int
    """The safety cap on rounds (Z12)."""


class SymbolView(TypedDict, closed=True):
    """A kind of memory symbol of the card set."""

    id: str
    """What ``needs`` lists (``"heart"``)."""
    name: str
    """Its name for people."""
    glyph: str
    """One or two characters that draw it."""
    color: str
    """Its colour, ``#rrggbb``."""


class PendingView(TypedDict, closed=True):
    """The decision the game waits for."""

    kind: PendingKind
    """What must be decided."""
    player: int
    """Who decides (``-4`` once the game is over)."""
    options: NotRequired[list[str]]
    """The words of the event's options, in order (only while one is chosen)."""
    event: NotRequired[str]
    """The event being resolved (only while one is)."""


class TohruView(TypedDict, closed=True):
    """Where Tohru stands."""

    sohma: int
    """The place in the circle (0 Yuki … 12 Kyo) of the Sohma she is next to."""
    name: str
    """That Sohma's name."""
    side: TohruSide
    """The side of her card that is up."""


class SohmaView(TypedDict, closed=True):
    """One Sohma of the circle."""

    index: int
    """Its place in the circle, 0 to 12."""
    name: str
    """Its name."""
    side: SohmaSide
    """The side that is up."""
    needs: list[str]
    """The symbols the side up asks for, one symbol id per symbol needed."""
    other_needs: list[str]
    """The same for the side down."""
    condition: ConditionView | None
    """The side up's extra condition (``None``: none)."""
    other_condition: ConditionView | None
    """The same for the side down."""
    stack: int
    """Friendship cards of this Sohma left to win."""


class FriendshipView(TypedDict, closed=True):
    """A friendship card won."""

    sohma: str
    """The Sohma befriended."""
    card: str
    """The card's label (``"A♦"``)."""
    side: SohmaSide
    """The side the Sohma showed when befriended."""


class JournalEntryView(TypedDict, closed=True):
    """A memory played in True Friends, with its prompt and the player's answer (Z15)."""

    player: int
    """Who played it."""
    memory: str
    """The memory."""
    prompt: str
    """Its True Friends prompt."""
    answer: str
    """The answer written (``""`` while none is)."""


class LogEntryView(TypedDict, closed=True):
    """One numbered entry of the public log."""

    n: int
    """Its number: 1 for the game's first entry."""
    actor: int
    """The player it concerns (``-1``: the game itself)."""
    kind: LogKind
    """What happened."""
    msg: LogMessage
    """How it reads: the message a front end says it with."""
    args: LogArgs
    """The message's arguments, as the viewer may know them (another's draw names no card)."""


class FinalTurnsView(TypedDict, closed=True):
    """The last turns, once someone reached the target (Z11)."""

    reached_target: int
    """The player who reached it first."""
    turns_left: int
    """Turns still to be played, this one included."""


class LegalActionView(TypedDict, closed=True):
    """An action the viewer may take now."""

    id: int
    """Its action id."""
    name: str
    """Its name (with the option's words while an option is chosen)."""


class ZodiacView(TypedDict, closed=True):
    """Everything one player (or a spectator) may know of a game (:mod:`furuba.zodiac.view`)."""

    game: Literal["zodiac"]
    """The game's registry name."""
    viewer: int | None
    """Whose view this is; ``None``: a spectator's."""
    players: int
    """How many play."""
    options: OptionsView
    """The options of the game."""
    cardset: str
    """The card set's name."""
    symbols: list[SymbolView]
    """The card set's memory symbols."""
    round: int
    """The round being played, from 1."""
    turn: int
    """Whose turn it is."""
    actions_taken: int
    """Actions of this turn already taken (0 to 3)."""
    current_player: int
    """Who must decide now (``-4`` once the game is over)."""
    pending: PendingView
    """The decision the game waits for."""
    tohru: TohruView
    """Where Tohru stands."""
    sohmas: list[SohmaView]
    """The 13 Sohmas in circle order."""
    center: list[str]
    """The memories in the center, oldest first."""
    discard: list[str]
    """The face-up discard pile, bottom first."""
    deck_size: int
    """Cards left in the deck."""
    hand: list[str] | None
    """The viewer's hand (``None`` for a spectator)."""
    hands: dict[str, list[str]]
    """Each hand the viewer may see, by player id as text (``"0"``)."""
    hand_sizes: list[int]
    """How many cards each player holds."""
    known_cards: list[list[str]]
    """Per player, the cards everyone knows are in that hand (taken from the discard pile)."""
    friendships: list[list[FriendshipView]]
    """The friendship cards won, per player (one list for the whole team in Bestest
    Friends)."""
    team: bool
    """Whether the players are one team (Bestest Friends)."""
    journal: list[JournalEntryView]
    """The True Friends journal (empty in other games)."""
    log: list[LogEntryView]
    """The public log (from ``log_from`` on), with the viewer's own draws named."""
    final_turns: FinalTurnsView | None
    """The last turns once someone reached the target (``None`` before)."""
    outcome: Outcome
    """How the game stands."""
    scores: list[float]
    """Each player's friendships (Bestest Friends: the team's score, cards left in the deck
    when the team won)."""
    returns: list[float]
    """Each player's win share (all 0 until the game is over)."""
    winners: list[int]
    """Who won (empty until the game is over)."""
    suits: list[str]
    """The four suits' symbols, lowest first (friendship card labels)."""
    legal_actions: NotRequired[list[LegalActionView]]
    """The viewer's legal actions (only when the viewer must decide now)."""
