"""The game log as data for views, and in words for people; what views learn from it.

A log entry is ``(actor, code, a, b)`` (:data:`furuba.zodiac.codes.LogEntry`). A view carries
each one as a message id and its arguments (:func:`log_message`: Sohmas by place, cards by
name), naming a drawn card only to whoever may know it; :func:`say_entry` says it in the
reader's language, "you" included. :func:`befriend_sides` reads back which side each friendship
was made on.

>>> from furuba.zodiac import new_game
>>> s = new_game(players=2, seed=1)
>>> [log_message(s.rules, e, see=False) for e in log_tail(s, 0)]
[('turn', {'round': 1})]
>>> entry = s.view(1)["log"][0]
>>> say_entry(entry, s.rules.cardset, ["Aoi", "Ben"], you=1), say_entry(entry, s.rules.cardset)
("Round 1: Aoi's turn", "Round 1: Player 1's turn")
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from furuba.core.deck import FRIENDSHIP_CARDS
from furuba.i18n import N_
from furuba.zodiac.codes import OUTCOME_NAMES, SIDE_NAMES, TOHRU_SIDES, Log, LogEntry
from furuba.zodiac.logfold import LogFold
from furuba.zodiac.rules import Rules
from furuba.zodiac.secrecy import sees_draw
from furuba.zodiac.text import (
    _,
    card_text,
    ngettext,
    side_word,
    sohma_name,
    tohru_side_word,
    who,
)
from furuba.zodiac.view_types import LogArgs, LogEntryView, LogMessage

if TYPE_CHECKING:
    from furuba.zodiac.cardset import CardSet
    from furuba.zodiac.state import GameState

LABELS = tuple(card.label for card in FRIENDSHIP_CARDS)
"""The label of each friendship card of one set, by card id."""


def friendship_label(card: int) -> str:
    """``"A♦"`` for a friendship card id (any set)."""
    return LABELS[card % 52]


_CARD_MESSAGES: dict[str, LogMessage] = {
    "play": "play", "put_away": "put_away", "take": "take", "discard": "discard",
    "reveal": "reveal"}


def log_entry(state: GameState, entry: LogEntry, viewer: int | None,
              public_all: bool) -> tuple[LogMessage, LogArgs]:
    """One log entry as ``viewer`` may know it: its message and arguments (fresh to change)."""
    see = sees_draw(state, entry[0], viewer, public_all)
    msg, args = log_message(state.rules, entry, see)
    return msg, {**args}


@lru_cache(maxsize=1 << 16)
def log_message(rules: Rules, entry: LogEntry, see: bool) -> tuple[LogMessage, LogArgs]:
    """``entry``'s message and arguments; ``see``: whether the reader may know a drawn card.

    Cached: a game's log entries are immutable, and views carry them again and again (read the
    arguments, never change them).
    """
    _actor, code, a, b = entry
    names = rules.kind_names
    match code:
        case "turn":
            return "turn", {"round": a}
        case "draw":
            return ("draw", {"card": names[a]}) if see and a >= 0 else ("draw_hidden", {})
        case "play" | "put_away" | "take" | "discard" | "reveal":
            return _CARD_MESSAGES[code], {"card": names[a]}
        case "option":
            return "option", {"option": a, "label": str(b)}
        case "move":
            return "move", {"from": a, "to": int(b)}
        case "flip":
            return ("flip_end_of_turn" if b else "flip"), {"sohma": a}
        case "flip_tohru":
            return "flip_tohru", {"side": TOHRU_SIDES[a]}
        case "reshuffle":
            return "reshuffle", {"count": a}
        case "befriend":
            card, side = divmod(int(b), 2)
            return ("team_befriend" if rules.options.coop else "befriend",
                    {"sohma": a, "friendship": friendship_label(card), "side": SIDE_NAMES[side]})
    outcome = OUTCOME_NAMES[a]
    return ("end_round_limit" if outcome == "truncated" else "end"), {"outcome": outcome}


def say_entry(entry: LogEntryView, cardset: CardSet, names: Sequence[str] | None = None,
              you: int | None = None) -> str:
    """A view's log entry in the current language: players by ``names`` (``Player N`` without),
    the seat ``you`` as "you", the card set's words in their translation.

    >>> from furuba.i18n import speaking
    >>> from furuba.zodiac.cardset import default_cardset
    >>> moved = {"n": 9, "actor": 0, "kind": "move", "msg": "move", "args": {"from": 0, "to": 1}}
    >>> say_entry(moved, default_cardset(), ["Aoi"], you=0)
    'You moved Tohru from Yuki to Hatsuharu'
    >>> with speaking("ja"):
    ...     say_entry(moved, default_cardset(), ["Aoi"], you=0)
    'あなたが透を由希のところから潑春のところへ動かしました'
    """
    msg, args, actor = entry["msg"], entry["args"], entry["actor"]
    subject = who(names, actor, you)
    card = card_text(cardset, args.get("card", ""))
    if msg == "turn":
        text = (_("Round {round}: your turn") if actor == you
                else _("Round {round}: {who}'s turn"))
        return text.format(round=args.get("round", 1), who=subject)
    if msg in _CARD_SENTENCES:
        return _(_CARD_SENTENCES[msg]).format(who=subject, card=card)
    return _other_sentence(msg, args, subject, cardset)


_CARD_SENTENCES: dict[str, str] = {
    "draw": N_("{who} drew {card}"),
    "draw_hidden": N_("{who} drew a card"),
    "play": N_("{who} played {card}"),
    "put_away": N_("{who} put {card} from the center on the discard pile"),
    "take": N_("{who} took {card} from the discard pile"),
    "discard": N_("{who} discarded {card}"),
    "reveal": N_("Revealed from the deck: {card}"),
}
"""The sentences of the messages that name at most a player and a card."""


def _other_sentence(msg: str, args: LogArgs, subject: str, cardset: CardSet) -> str:
    sohma = sohma_name(args.get("sohma", 0))
    if msg == "option":
        return _("{who} chose: {option}").format(
            who=subject, option=card_text(cardset, args.get("label", "")))
    if msg == "move":
        return _("{who} moved Tohru from {start} to {end}").format(
            who=subject, start=sohma_name(args.get("from", 0)), end=sohma_name(args.get("to", 0)))
    if msg == "flip":
        return _("{who} flipped {sohma}").format(who=subject, sohma=sohma)
    if msg == "flip_end_of_turn":
        return _("End of turn: {sohma} flips").format(sohma=sohma)
    if msg == "flip_tohru":
        return _("{who} turned Tohru's card to her {side} side").format(
            who=subject, side=tohru_side_word(args.get("side", "front")))
    if msg == "reshuffle":
        count = args.get("count", 0)
        return ngettext("The discard pile was shuffled into a new deck of {count} card",
                        "The discard pile was shuffled into a new deck of {count} cards",
                        count).format(count=count)
    if msg in ("befriend", "team_befriend"):
        text = (_("The team befriended {sohma} ({friendship}, {side} side)")
                if msg == "team_befriend"
                else _("{who} befriended {sohma} ({friendship}, {side} side)"))
        return text.format(who=subject, sohma=sohma, friendship=args.get("friendship", ""),
                           side=side_word(args.get("side", "human")))
    if msg == "end_round_limit":
        return _("The game is over (round limit reached)")
    return _("The game is over")


def log_tail(state: GameState, log_from: int) -> list[LogEntry]:
    """The log entries numbered above ``log_from``, oldest first, read from the newest end."""
    tail: list[LogEntry] = []
    node = state.log
    for _i in range(state.log_len - log_from):
        if node is None:  # pragma: no cover - log_len is the log's length
            break
        node, entry = node
        tail.append(entry)
    tail.reverse()
    return tail


Sides = dict[tuple[int, int], int]
"""(team, Sohma) → side (0 human, 1 animal) of the team's newest ``befriend`` entry for it."""

def _add_side(sides: Sides, entry: LogEntry, coop: bool) -> Sides:
    if entry[1] != "befriend":
        return sides
    return {**sides, (0 if coop else entry[0], entry[2]): int(entry[3]) % 2}


_SIDES: LogFold[Sides, bool] = LogFold({}, _add_side)


def befriend_sides(log: Log, coop: bool) -> Sides:
    """The side each friendship was made on, from the ``befriend`` entries of ``log``.

    A :class:`~furuba.zodiac.logfold.LogFold`: it reads only the entries since the last log it
    saw, not back to the game's first friendship. The result is shared: read it, never change it.

    >>> log = (((None, (0, "turn", 1, 0)), (0, "befriend", 3, 9)), (1, "befriend", 3, 12))
    >>> befriend_sides(log, coop=False), befriend_sides(log, coop=True)
    ({(0, 3): 1, (1, 3): 0}, {(0, 3): 0})
    """
    return _SIDES(log, coop)
