"""Dai Hin Min (Rich Man Poor Man) in the terminal: your hand by rank, the pile, the table.

Everything on screen comes from ``state.view(player)``. Plays are typed the way they read in the
menu (``7 7 joker``, ``pass``); the engine's own parser understands those and its canonical names.
The table is drawn by :mod:`furuba.daihinmin.screen_board` and the log told by
:mod:`furuba.daihinmin.screen_log`; this module asks the decisions and reads what is typed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Console, RenderableType
from rich.markup import escape

from furuba.cli.screen import Choice, Command, WrittenPrompt
from furuba.core.errors import FurubaError, IllegalActionError
from furuba.core.protocol import JSON, State
from furuba.daihinmin.illegal import why_illegal
from furuba.daihinmin.notation import action_text, help_suffix
from furuba.daihinmin.screen_board import DaihinminBoard, Seats, cards_text
from furuba.daihinmin.screen_log import DaihinminLog
from furuba.daihinmin.state import GameState
from furuba.daihinmin.text import _, is_you, listed, ngettext, player_words, whom
from furuba.i18n import N_

RULES = N_("""\
[bold]Dai Hin Min[/] (Rich Man Poor Man) — be the first to get rid of your cards.
• Ranks: 3 < 4 < … < 10 < J < Q < K < A < 2; suits never matter. A joker joins any set as
  its rank; a joker alone is the lowest card of all.
• The leader plays a set of 1–6 cards of one rank. Each next player beats it with the same
  number of cards of a higher rank, or passes (and may still play later in the same trick).
• When everyone else still holding cards has passed, the pile is cleared and the last player
  to play leads.
• Going out scores a point for each player still holding cards. Titles: Rich Man, Second
  Richest, (Merchants), Second Poorest, Poor Man.
• From round 2: the Poor Man gives his 2 highest cards to the Rich Man, who gives back 2 of
  his choice; the Second Poorest and Second Richest swap 1 the same way. A Poor Man dealt both
  jokers may declare a revolution: no exchange, and play runs counterclockwise.
• The game ends after the round in which someone reaches the target (21 points).
• A table may switch on house rules: 8-cut, sequences (runs of one suit, typed like
  "run 5♠ 6♠ 7♠"), fallen capital, 11-back, suit lock and spade 3. The screen says which
  are on; with some of them on, a play names its cards ("7♦ 7♠").""")


def play_text(name: str) -> str:
    """An action name as a person types it.

    >>> [play_text(n) for n in ("play 7x2+joker", "play joker x2", "play 10", "pass", "give K")]
    ['7 7 joker', 'joker joker', '10', 'pass', 'give K']
    >>> play_text("play 7♦ 7♠ joker"), play_text("play run 5♠ 6♠ 7♠")
    ('7♦ 7♠ joker', 'run 5♠ 6♠ 7♠')
    """
    if name.startswith("play joker"):
        return "joker joker" if name.endswith("x2") else "joker"
    if name.startswith("play ") and any(suit in name for suit in "♦♥♠♣"):
        return name[5:]             # a play that names its cards: "7♦ 7♠ joker", "run 5♠ 6♠ 7♠"
    m = re.fullmatch(r"play (\w+?)(?:x(\d))?(?:\+joker(?:x(\d))?)?", name)
    if not m:
        return name
    rank, naturals, jokers = m.group(1), int(m.group(2) or 1), int(m.group(3) or 0)
    if "+joker" in name and not jokers:
        jokers = 1
    return " ".join([rank] * naturals + ["joker"] * jokers)


def address(name: str, text: str) -> str:
    """``text`` said to ``name`` (to *You* directly).

    >>> address("Ann", "you lead"), address("You", "you lead")
    ('Ann: you lead', 'You lead')
    """
    if is_you(name):
        return text[:1].upper() + text[1:]
    return _("{name}: {text}").format(name=name, text=text)


class DaihinminTerminal:
    """Dai Hin Min as ``furuba play`` sees it (:class:`~furuba.cli.screen.TerminalGame`)."""

    @property
    def rules_text(self) -> str:
        """The rules in short, in the current language."""
        return _(RULES)

    def screen(self, names: Sequence[str], state: State, console: Console) -> DaihinminScreen:
        return DaihinminScreen(names, console)


class DaihinminScreen(Seats):
    """The terminal face of Dai Hin Min (:class:`~furuba.cli.screen.Screen`)."""

    def __init__(self, names: Sequence[str], console: Console) -> None:
        super().__init__(names)
        self.console = console
        self.table = DaihinminBoard(names)
        self.story = DaihinminLog(names)

    def board(self, view: JSON, full: bool = True) -> list[RenderableType]:
        return self.table.board(view, full)

    def log_texts(self, view: JSON) -> list[str]:
        return self.story.log_texts(view)

    # -- deciding ----------------------------------------------------------------------------
    def heading(self, view: JSON) -> str:
        me = view["viewer"]
        return address(self.who(me), self.table.decision(view, me))

    def menu(self, state: State, view: JSON) -> list[Choice]:
        return [(a, escape(action_text(a))) for a in state.legal_actions()]

    def parse(self, state: State, text: str) -> int:
        """The legal action typed as cards (``7 7 joker``), a word (``pass``) or its name."""
        try:
            action = state.string_to_action(text)
        except FurubaError as exc:
            raise IllegalActionError(_("{reason} (help lists the commands)").format(
                reason=self.reword(state, str(exc)))) from None
        if action in state.legal_actions():
            return action
        assert isinstance(state, GameState)
        raise IllegalActionError(why_illegal(state, action, whom(self.who(state.current_player))))

    def reword(self, state: State, message: str) -> str:
        """An engine message for the player at the keyboard: names, not ids; no long hints."""
        message = message.removesuffix(help_suffix()).split("; try '")[0]
        p = state.current_player
        return message.replace(player_words(p), whom(self.who(p)))

    def written_prompt(self, before: JSON, after: JSON, player: int) -> WrittenPrompt | None:
        """Dai Hin Min takes no written input."""
        return None

    # -- the end -----------------------------------------------------------------------------
    def result(self, view: JSON) -> str:
        winners = [self.who(p) for p in view.get("winners", [])]
        best = max(view["scores"])
        over = ngettext("Game over after {count} round", "Game over after {count} rounds",
                        view["round"]).format(count=view["round"])
        if view.get("truncated"):
            over = _("{over} (round limit)").format(over=over)
        if len(winners) == 1 and is_you(winners[0]):
            return _("{over}: you win with {points} points.").format(over=over, points=best)
        if len(winners) == 1:
            return _("{over}: {name} wins with {points} points.").format(
                over=over, name=whom(winners[0]), points=best)
        return _("{over}: {names} win together with {points} points each.").format(
            over=over, names=listed([whom(w) for w in winners]), points=best)

    def commands(self) -> dict[str, Command]:
        return {"played": (_("every card played so far this round, by rank"), self.show_played)}

    def show_played(self, view: JSON, arg: str) -> None:
        played = cards_text(view["played"]) or _("nothing yet")
        self.console.print(escape(_("played this round: {cards}").format(cards=played)),
                           highlight=False)


TERMINAL_GAME = DaihinminTerminal()
"""What ``furuba play daihinmin`` draws with (the spec's ``terminal`` loader)."""
