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

from furuba.cli.screen import Choice, Command, WrittenPrompt, name_players
from furuba.core.errors import FurubaError, IllegalActionError
from furuba.core.protocol import JSON, State
from furuba.zodiac.screen_board import CardFaces, ZodiacBoard

RULES = """\
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
  runs out; the cards left in the deck are the score."""


class ZodiacTerminal:
    """Friends of the Zodiac as ``furuba play`` sees it (:class:`~furuba.cli.screen.TerminalGame`)."""

    rules_text = RULES

    def screen(self, names: Sequence[str], state: State, console: Console) -> ZodiacScreen:
        return ZodiacScreen(names, state, console)


class ZodiacScreen:
    """The terminal face of Friends of the Zodiac (:class:`~furuba.cli.screen.Screen`)."""

    def __init__(self, names: Sequence[str], state: State, console: Console) -> None:
        self.names = list(names)
        self.console = console
        self.faces = CardFaces(state)
        self.table = ZodiacBoard(names, self.faces)

    def board(self, view: JSON, full: bool = True) -> list[RenderableType]:
        return self.table.board(view, full)

    # -- the log -----------------------------------------------------------------------------
    def log_texts(self, view: JSON) -> list[str]:
        out = []
        for entry in view["log"]:
            text = name_players(entry["text"], self.names)
            if text.startswith("round ") and text.endswith(" turn"):
                text = f"── {text} ──"
            out.append(text)
        return out

    # -- deciding ----------------------------------------------------------------------------
    def heading(self, view: JSON) -> str:
        kind = view["pending"]["kind"]
        name = self.names[view["pending"]["player"]]
        who = "You" if name == "You" else name
        if kind == "action":
            return f"{who}: action {view['actions_taken'] + 1} of 3 — choose:"
        event = view["pending"].get("event", "the event")
        return {
            "option": f"{who}: choose an option of {event}:",
            "move_to": f"{who}: choose the Sohma to move Tohru to ({event}):",
            "flip": f"{who}: choose a Sohma to flip ({event}):",
            "put_away": f"{who}: choose a memory in the center to put on the discard pile:",
            "take": f"{who}: choose a memory to take from the discard pile:",
            "discard": f"{who}: you hold {len(view['hand'] or [])} cards — discard down to 4:",
        }.get(kind, f"{who}: choose:")

    def label(self, name: str, view: JSON) -> str:
        """How the action called ``name`` reads in the menu."""
        sohmas = {s["name"]: s for s in view["sohmas"]}
        verb, _, rest = name.partition(" ")
        if name == "draw":
            return "draw a card"
        if name == "move":
            nxt = view["sohmas"][(view["tohru"]["sohma"] + 1) % 13]
            return f"move Tohru clockwise, to {escape(nxt['name'])} (needs {self.faces.needs(nxt['needs'])})"
        if verb == "option":
            return escape(name.partition(":")[2].strip() or name)
        if verb == "choose" and rest in sohmas:
            s = sohmas[rest]
            return f"{escape(rest)} — {s['side']}, needs {self.faces.needs(s['needs'])}"
        if verb in ("play", "take", "discard"):
            return f"{verb} {self.faces.card(rest)}"
        if verb == "put" and name.endswith(" away"):
            return f"put {self.faces.card(rest.removesuffix(' away'))} away"
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
            raise IllegalActionError(f"{state.action_to_string(action)!r} is not possible now; "
                                     "choose a number from the menu")
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
        return WrittenPrompt("answer", f"True Friends — {entry['memory']}", entry["prompt"],
                             kept="kept in the journal")

    # -- the end -----------------------------------------------------------------------------
    def result(self, view: JSON) -> str:
        outcome = view["outcome"]
        if view["team"]:
            count = len(view["friendships"][0])
            if outcome == "won":
                return (f"The team befriended all 13 Sohmas! Score: {int(view['scores'][0])} "
                        "(cards left in the deck).")
            return f"The deck ran out: the team lost with {count} of 13 Sohmas befriended."
        winners = [self.names[p] for p in view["winners"]]
        best = max(len(f) for f in view["friendships"])
        unit = "friendship" if best == 1 else "friendships"
        note = " (stopped at the round limit)" if outcome == "truncated" else ""
        if len(winners) == 1:
            return f"Game over: {winners[0]} wins with {best} {unit}{note}."
        return (f"Game over: {', '.join(winners[:-1])} and {winners[-1]} win together with "
                f"{best} {unit} each{note}.")

    # -- extra commands ----------------------------------------------------------------------
    def commands(self) -> dict[str, Command]:
        return {
            "hand": ("your cards with their full texts", self.show_hand),
            "journal": ("the True Friends journal so far", self.show_journal),
        }

    def show_hand(self, view: JSON, arg: str) -> None:
        if view["hand"] is not None:
            self.faces.learn_symbols(view)
            self.console.print(self.table.hand_table(view, full=True))

    def show_journal(self, view: JSON, arg: str) -> None:
        if not view["journal"]:
            self.console.print("[dim]the journal is empty (True Friends: --variant "
                               "true-friends)[/]", highlight=False)
        for e in view["journal"]:
            answer = escape(e["answer"]) if e["answer"] else "[dim](no answer)[/]"
            self.console.print(Group(
                f"[bold]{escape(self.names[e['player']])}[/] — {escape(e['memory'])}: "
                f"[italic]{escape(e['prompt'])}[/]", Text("  ") + Text.from_markup(answer)))


def _by_tail(state: State, text: str, legal: list[int]) -> int:
    """``Trust`` for ``play Trust``, ``Kisa`` for ``choose Kisa``, … when only one fits."""
    words = " ".join(text.split()).lower()
    hits = [a for a in legal if _tail(state.action_to_string(a)) == words]
    if len(hits) == 1:
        return hits[0]
    raise IllegalActionError(f"unknown command or action {text!r}; type a number from the "
                             "menu, an action such as 'move' or 'play Trust', or help")


def _tail(action_name: str) -> str:
    """``play Trust`` → ``trust``; ``put Trust away`` → ``trust``; ``choose Kisa`` → ``kisa``."""
    verb, _, rest = action_name.lower().partition(" ")
    if verb == "put":
        return rest.removesuffix(" away")
    if verb == "option":
        return rest.partition(":")[2].strip()
    return rest


TERMINAL_GAME = ZodiacTerminal()
"""What ``furuba play zodiac`` draws with (the spec's ``terminal`` loader)."""
