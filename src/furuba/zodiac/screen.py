"""Friends of the Zodiac in the terminal: the circle, the center, your hand, the menus.

Everything on screen comes from ``state.view(player)``; the only other source is the card set
itself (names, symbols and texts of the cards), which is public, printed on the cards. The table
is drawn by :mod:`furuba.zodiac.screen_board`; this module reads the log, asks the decisions and
reads what is typed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.text import Text

from furuba.cli.screen import Choice, Command, WrittenPrompt
from furuba.core.errors import FurubaError, IllegalActionError
from furuba.core.protocol import JSON, State
from furuba.i18n import N_
from furuba.text import is_you
from furuba.zodiac.logtext import say_entry
from furuba.zodiac.screen_board import CardFaces, ZodiacBoard, dim
from furuba.zodiac.text import _, ngettext, side_word, sohma_name, tohru

RULES = N_("""\
[bold]Friends of the Zodiac[/] — befriend the Sohmas by matching the memories in the center.
• 13 Sohmas sit in a circle; Tohru stands next to one of them. Each Sohma shows a side (human or
  animal) and the memory symbols that side needs.
• A turn is 3 actions: [bold]draw[/] a card (not with 4+ in hand), [bold]move[/] Tohru one Sohma
  clockwise, [bold]play a memory[/] into the center (then draw), or [bold]play an event[/].
• The center holds at most 4 memories; add a 5th and you put one away.
• Whenever the center's symbols (plus Tohru's wild symbol, back side up) cover what the Sohma next
  to Tohru needs, and any condition holds, the active player befriends that Sohma at once.
• Tohru's front side: at the end of each turn the Sohma next to her flips.
• Reach the target (7 friendships; 13 in the Long Game): everyone else gets one last turn, then
  the most friendships win. Bestest Friends (coop): the team befriends all 13 before the deck
  runs out; the cards left in the deck are the score.""")


class ZodiacTerminal:
    """Friends of the Zodiac as ``furuba play`` sees it (:class:`~furuba.cli.screen.TerminalGame`)."""

    @property
    def rules_text(self) -> str:
        """The rules in short, in the current language."""
        return _(RULES)

    def screen(self, names: Sequence[str], state: State, console: Console) -> ZodiacScreen:
        return ZodiacScreen(names, state, console)


class ZodiacScreen:
    """The terminal face of Friends of the Zodiac (:class:`~furuba.cli.screen.Screen`)."""

    def __init__(self, names: Sequence[str], state: State, console: Console) -> None:
        self.names = list(names)
        self.console = console
        self.faces = CardFaces(state)
        self.table = ZodiacBoard(names, self.faces)
        self.you = next((p for p, name in enumerate(self.names) if is_you(name)), None)
        """The seat of the lone human at the keyboard, whom the log calls "you"."""

    def board(self, view: JSON, full: bool = True) -> list[RenderableType]:
        return self.table.board(view, full)

    # -- the log -----------------------------------------------------------------------------
    def log_texts(self, view: JSON) -> list[str]:
        out = []
        for entry in view["log"]:
            text = say_entry(entry, self.faces.cardset, self.names, self.you)
            out.append(f"── {text} ──" if entry["msg"] == "turn" else text)
        return out

    # -- deciding ----------------------------------------------------------------------------
    def heading(self, view: JSON) -> str:
        kind = view["pending"]["kind"]
        player = view["pending"]["player"]
        who = _("You") if player == self.you else self.names[player]
        if kind == "action":
            return _("{who}: action {number} of 3 — choose:").format(
                who=who, number=view["actions_taken"] + 1)
        event = view["pending"].get("event")
        event = self.faces.say(event) if event else _("the event")
        count = len(view["hand"] or [])
        heading = {
            "option": _("{who}: choose an option of {event}:"),
            "move_to": _("{who}: choose the Sohma to move Tohru to ({event}):"),
            "flip": _("{who}: choose a Sohma to flip ({event}):"),
            "put_away": _("{who}: choose a memory in the center to put on the discard pile:"),
            "take": _("{who}: choose a memory to take from the discard pile:"),
            "discard": ngettext("{who}: you hold {count} card — discard down to 4:",
                                "{who}: you hold {count} cards — discard down to 4:", count),
        }.get(kind, _("{who}: choose:"))
        return heading.format(who=who, event=event, count=count)

    def label(self, name: str, view: JSON) -> str:
        """How the action called ``name`` reads in the menu."""
        sohmas = {s["name"]: s for s in view["sohmas"]}
        verb, _sep, rest = name.partition(" ")
        if name == "draw":
            return escape(_("draw a card"))
        if name == "move":
            nxt = view["sohmas"][(view["tohru"]["sohma"] + 1) % 13]
            return _("move {tohru} clockwise, to {sohma} (needs {needs})").format(
                tohru=escape(tohru()), sohma=escape(sohma_name(nxt["index"])),
                needs=self.faces.needs(nxt["needs"]))
        if verb == "option":
            label = name.partition(":")[2].strip()
            return escape(self.faces.say(label) if label else name)
        if verb == "choose" and rest in sohmas:
            s = sohmas[rest]
            return _("{sohma} — {side}, needs {needs}").format(
                sohma=escape(sohma_name(s["index"])), side=escape(side_word(s["side"])),
                needs=self.faces.needs(s["needs"]))
        if verb in ("play", "take", "discard"):
            words = {"play": _("play {card}"), "take": _("take {card}"),
                     "discard": _("discard {card}")}[verb]
            return self.faces.card_in(words, rest)
        if verb == "put" and name.endswith(" away"):
            return self.faces.card_in(_("put {card} away"), rest.removesuffix(" away"))
        return escape(name)

    def menu(self, state: State, view: JSON) -> list[Choice]:
        return [(a, self.label(state.action_to_string(a), view)) for a in state.legal_actions()]

    def parse(self, state: State, text: str) -> int:
        """An action typed by name (``move``, ``play Trust``) or by card or Sohma alone."""
        legal = state.legal_actions()
        try:
            action = state.string_to_action(text)
        except FurubaError:
            action = _by_tail(state, text, legal)
        if action not in legal:
            raise IllegalActionError(_("{action!r} is not possible now; choose a number from the "
                                       "menu").format(action=state.action_to_string(action)))
        return action

    # -- True Friends ------------------------------------------------------------------------
    def written_prompt(self, before: JSON, after: JSON, player: int) -> WrittenPrompt | None:
        """True Friends: after ``player`` plays a memory, its prompt waits for an answer."""
        journal = after["journal"]
        if len(journal) <= len(before["journal"]):
            return None
        entry = journal[-1]
        if entry["player"] != player or entry["answer"]:
            return None
        return WrittenPrompt("answer", _("True Friends — {memory}").format(
            memory=self.faces.say(entry["memory"])), self.faces.say(entry["prompt"]),
            kept=_("kept in the journal"))

    # -- the end -----------------------------------------------------------------------------
    def result(self, view: JSON) -> str:
        outcome = view["outcome"]
        if view["team"]:
            count = len(view["friendships"][0])
            if outcome == "won":
                return _("The team befriended all 13 Sohmas! Score: {score} (cards left in the "
                         "deck).").format(score=int(view["scores"][0]))
            return _("The deck ran out: the team lost with {count} of 13 Sohmas "
                     "befriended.").format(count=count)
        winners = [self.names[p] for p in view["winners"]]
        best = max(len(f) for f in view["friendships"])
        note = _(" (stopped at the round limit)") if outcome == "truncated" else ""
        if view["winners"] == [self.you]:
            return ngettext("Game over: You win with {count} friendship{note}.",
                            "Game over: You win with {count} friendships{note}.", best).format(
                count=best, note=note)
        if len(winners) == 1:
            return ngettext("Game over: {winner} wins with {count} friendship{note}.",
                            "Game over: {winner} wins with {count} friendships{note}.",
                            best).format(winner=winners[0], count=best, note=note)
        return ngettext("Game over: {winners} and {last} win together with {count} friendship "
                        "each{note}.",
                        "Game over: {winners} and {last} win together with {count} friendships "
                        "each{note}.", best).format(
            winners=", ".join(winners[:-1]), last=winners[-1], count=best, note=note)

    # -- extra commands ----------------------------------------------------------------------
    def commands(self) -> dict[str, Command]:
        return {
            "hand": (_("your cards with their full texts"), self.show_hand),
            "journal": (_("the True Friends journal so far"), self.show_journal),
        }

    def show_hand(self, view: JSON, arg: str) -> None:
        if view["hand"] is not None:
            self.faces.learn_symbols(view)
            self.console.print(self.table.hand_table(view, full=True))

    def show_journal(self, view: JSON, arg: str) -> None:
        if not view["journal"]:
            empty = _("the journal is empty (True Friends: --variant true-friends)")
            self.console.print(f"[dim]{escape(empty)}[/]", highlight=False)
        for e in view["journal"]:
            answer = escape(e["answer"]) if e["answer"] else dim(_("(no answer)"))
            self.console.print(Group(
                f"[bold]{escape(self.names[e['player']])}[/] — {escape(self.faces.say(e['memory']))}"
                f": [italic]{escape(self.faces.say(e['prompt']))}[/]",
                Text("  ") + Text.from_markup(answer)))


def _by_tail(state: State, text: str, legal: list[int]) -> int:
    """``Trust`` for ``play Trust``, ``Kisa`` for ``choose Kisa``, … when only one fits."""
    words = " ".join(text.split()).lower()
    hits = [a for a in legal if _tail(state.action_to_string(a)) == words]
    if len(hits) == 1:
        return hits[0]
    raise IllegalActionError(_("unknown command or action {text!r}; type a number from the "
                               "menu, an action such as 'move' or 'play Trust', or "
                               "help").format(text=text))


def _tail(action_name: str) -> str:
    """``play Trust`` → ``trust``; ``put Trust away`` → ``trust``; ``choose Kisa`` → ``kisa``."""
    verb, _sep, rest = action_name.lower().partition(" ")
    if verb == "put":
        return rest.removesuffix(" away")
    if verb == "option":
        return rest.partition(":")[2].strip()
    return rest


TERMINAL_GAME = ZodiacTerminal()
"""What ``furuba play zodiac`` draws with (the spec's ``terminal`` loader)."""
