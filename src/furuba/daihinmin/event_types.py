"""What each event of the Dai Hin Min log looks like in a view: :data:`LogEvent`.

A view's ``log`` lists public events, numbered ``n`` = 1, 2, … in order, and private ones (what
a player was dealt, the gifts they chose, their side of the exchange) placed after the public
event they followed, with ``after`` (that event's number) and ``to`` (the player who sees it;
every player's are shown once the game is over). Each event has its ``event`` kind and the
fields :data:`furuba.daihinmin.events.SPECS` lists for it; every type here is closed.

>>> from pydantic import TypeAdapter
>>> from furuba.daihinmin import new_game
>>> log = new_game(players=4, seed=3).view(1)["log"]
>>> [(e["event"], e.get("n"), e.get("after")) for e in log]
[('round', 1, None), ('dealt', None, 1)]
>>> TypeAdapter(list[LogEvent]).validate_python(log, strict=True) == log
True
"""

from __future__ import annotations

from typing import Literal

from furuba.core.typeddict import TypedDict

Title = Literal["Rich Man", "Second Richest", "Merchant", "Second Poorest", "Poor Man"]
"""A title won by a finishing place (D7; :data:`furuba.daihinmin.scoring.TITLE_NAMES`)."""


class _Public(TypedDict):
    """A public event: everyone sees it."""

    n: int
    """The event's number: 1 for the game's first public event."""


class _Private(TypedDict):
    """A private event: only one player sees it while the game is played."""

    after: int
    """The number of the public event this one came after (0: before any)."""
    to: int
    """The only player who sees it (everyone once the game is over)."""


class RoundEvent(_Public, closed=True):
    """A round is dealt (D2, D8)."""

    event: Literal["round"]
    """The kind of event."""
    round: int
    """The round's number."""
    dealer: int
    """Who dealt it."""
    seating: list[int]
    """Player ids by seat, clockwise, for this round."""


class DealtEvent(_Private, closed=True):
    """The cards a player was dealt (private)."""

    event: Literal["dealt"]
    """The kind of event."""
    player: int
    """Who was dealt them."""
    cards: list[str]
    """The hand dealt."""


class RevolutionEvent(_Public, closed=True):
    """The Poor Man's answer to the revolution question (D10)."""

    event: Literal["revolution"]
    """The kind of event."""
    player: int
    """The Poor Man."""
    declared: bool
    """Whether he declared a revolution."""
    cards: list[str]
    """The jokers he showed (empty when he kept quiet)."""


class GiftEvent(_Private, closed=True):
    """A gift chosen for the exchange (private to the giver, D9)."""

    event: Literal["gift"]
    """The kind of event."""
    player: int
    """The giver."""
    receiver: int
    """Who will receive it."""
    cards: list[str]
    """The card chosen."""


class ExchangeEvent(_Public, closed=True):
    """The cards changed hands (D9)."""

    event: Literal["exchange"]
    """The kind of event."""
    rich_man: int
    """The Rich Man."""
    poor_man: int
    """The Poor Man."""
    second_richest: int
    """The Second Richest."""
    second_poorest: int
    """The Second Poorest."""


class SwapEvent(_Private, closed=True):
    """A player's side of the exchange (private to that player, D9)."""

    event: Literal["swap"]
    """The kind of event."""
    player: int
    """The player."""
    partner: int
    """Whom they exchanged with."""
    gave: list[str]
    """The cards they gave."""
    got: list[str]
    """The cards they got."""


class PlayEvent(_Public, closed=True):
    """A set played onto the pile (D3, D4)."""

    event: Literal["play"]
    """The kind of event."""
    player: int
    """Who played it."""
    play: str
    """The play as an action name."""
    cards: list[str]
    """The cards played."""


class PassEvent(_Public, closed=True):
    """A pass."""

    event: Literal["pass"]
    """The kind of event."""
    player: int
    """Who passed."""


class ClearEvent(_Public, closed=True):
    """Everyone else passed: the pile is cleared (D5)."""

    event: Literal["clear"]
    """The kind of event."""
    leader: int
    """Who leads the next set."""


class OutEvent(_Public, closed=True):
    """A player went out (D6)."""

    event: Literal["out"]
    """The kind of event."""
    player: int
    """Who went out."""
    place: int
    """Their finishing place, 1 for the first."""
    points: int
    """The points it scored."""


class RoundEndEvent(_Public, closed=True):
    """The round is over (D6, D7)."""

    event: Literal["round end"]
    """The kind of event."""
    round: int
    """The round's number."""
    order: list[int]
    """The players in finishing order."""
    points: list[int]
    """The points each player scored this round, by player id."""
    titles: list[Title]
    """The titles won, by player id."""


class GameEndEvent(_Public, closed=True):
    """The game is over (D11)."""

    event: Literal["game end"]
    """The kind of event."""
    scores: list[int]
    """The final points, by player id."""
    winners: list[int]
    """Who won (ties win together)."""
    truncated: bool
    """Whether it ended on the round limit with nobody at the target."""


class EightCutEvent(_Public, closed=True):
    """A play of 8s ended the trick (house rule D13); a ``clear`` follows unless the round ended."""

    event: Literal["eight cut"]
    """The kind of event."""
    player: int
    """Who played the 8s."""


class SpadeThreeEvent(_Public, closed=True):
    """The 3♠ beat a lone 2 and ended the trick (house rule D18)."""

    event: Literal["spade three"]
    """The kind of event."""
    player: int
    """Who played the 3♠."""


class ElevenBackEvent(_Public, closed=True):
    """A play of Jacks reversed the order of the ranks until the trick ends (house rule D16)."""

    event: Literal["eleven back"]
    """The kind of event."""
    player: int
    """Who played the Jacks."""


class LockEvent(_Public, closed=True):
    """The trick is locked to the suits of its last two plays until it ends (house rule D17)."""

    event: Literal["lock"]
    """The kind of event."""
    suits: list[str]
    """The suits a play must now use (``"♠"``, …); jokers stand in for any."""


class FallenEvent(_Public, closed=True):
    """The last round's Rich Man did not go out first: he leaves the round and will finish last
    (house rule D15)."""

    event: Literal["fallen"]
    """The kind of event."""
    player: int
    """The fallen Rich Man."""
    cards: list[str]
    """The cards he still held, laid face up."""


class RankRevolutionEvent(_Public, closed=True):
    """A set of four or more cards, or a run of five or more, reversed the order of the ranks
    (house rule D20) — or set it right again."""

    event: Literal["rank revolution"]
    """The kind of event."""
    player: int
    """Who played it."""
    reversed: bool
    """Whether lower ranks now win (until the next revolution or the round's end)."""


class TakenEvent(_Private, closed=True):
    """A Poor player's strongest cards went to his Rich partner before the Rich choose theirs
    (house rule D24); seen by the two of them."""

    event: Literal["taken"]
    """The kind of event."""
    player: int
    """Who gave them (the Poor Man or the Second Poorest)."""
    receiver: int
    """Who took them."""
    cards: list[str]
    """The cards."""


LogEvent = (RoundEvent | DealtEvent | RevolutionEvent | GiftEvent | ExchangeEvent | SwapEvent
            | PlayEvent | PassEvent | ClearEvent | OutEvent | RoundEndEvent | GameEndEvent
            | EightCutEvent | SpadeThreeEvent | ElevenBackEvent | LockEvent | FallenEvent
            | RankRevolutionEvent | TakenEvent)
"""An event of the log (:mod:`furuba.daihinmin.events`)."""
