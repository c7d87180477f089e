"""Dai Hin Min (Rich Man Poor Man) in the terminal: your hand by rank, the pile, the table.

Everything on screen comes from ``state.view(player)``. Plays are typed the way they read in the
menu (``7 7 joker``, ``pass``); the engine's own parser understands those and its canonical names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Console, JustifyMethod, RenderableType
from rich.markup import escape
from rich.table import Table

from furuba.cli.screen import Choice, Command, WrittenPrompt, player_name
from furuba.core.errors import FurubaError, IllegalActionError
from furuba.core.protocol import JSON, State

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
"""Dai Hin Min ranks, lowest first (jokers aside)."""

PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")

RULES = """\
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
• The game ends after the round in which someone reaches the target (21 points)."""


def rank_of(card: str) -> int:
    """The sorting rank of a card name (``"10♣"``, ``"joker1"``): jokers after the 2s."""
    if card.startswith("joker"):
        return len(RANKS)
    return RANKS.index(card[:-1]) if card[:-1] in RANKS else len(RANKS)


def cards_text(cards: list[str], group: bool = True) -> str:
    """Cards sorted by rank, grouped by rank unless ``group`` is false.

    >>> cards_text(["joker2", "7♠", "4♥", "4♦"]), cards_text(["joker1", "A♠"], group=False)
    ('4♥ 4♦ · 7♠ · joker', 'A♠ joker')
    """
    groups: dict[int, list[str]] = {}
    for c in sorted(cards, key=rank_of):
        groups.setdefault(rank_of(c), []).append("joker" if c.startswith("joker") else c)
    return (" · " if group else " ").join(" ".join(g) for g in groups.values())


def play_text(name: str) -> str:
    """An action name as a person types it.

    >>> [play_text(n) for n in ("play 7x2+joker", "play joker x2", "play 10", "pass", "give K")]
    ['7 7 joker', 'joker joker', '10', 'pass', 'give K']
    """
    if name.startswith("play joker"):
        return "joker joker" if name.endswith("x2") else "joker"
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
    return text[:1].upper() + text[1:] if name == "You" else f"{name}: {text}"


class DaihinminTerminal:
    """Dai Hin Min as ``furuba play`` sees it (:class:`~furuba.cli.screen.TerminalGame`)."""

    rules_text = RULES

    def screen(self, names: Sequence[str], state: State, console: Console) -> DaihinminScreen:
        return DaihinminScreen(names, console)


class Seats:
    """The names of the players at one table."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)

    def who(self, player: int) -> str:
        return player_name(self.names, player)


class DaihinminBoard(Seats):
    """The table as one player sees it, and what they must decide."""

    # -- the board ---------------------------------------------------------------------------
    def status_line(self, view: JSON) -> str:
        goal = []
        if view["target"] is not None:
            goal.append(f"first to {view['target']} points")
        if view["max_rounds"] is not None:
            goal.append(f"{view['max_rounds']} rounds at most")
        line = f"Round {view['round']} · {' · '.join(goal)} · play goes {view['direction']}"
        if view["revolution"]:
            line += " · [bold red]REVOLUTION[/]"
        return line

    def players_table(self, view: JSON) -> Table:
        table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold dim")
        columns: tuple[tuple[str, JustifyMethod], ...] = (
            ("", "left"), ("player", "left"), ("cards", "right"), ("points", "right"),
            ("title", "left"), ("", "left"))
        for name, justify in columns:
            table.add_column(name, justify=justify)
        finished = view["finished"]
        for p in view["seating"]:
            note = []
            if p in finished:
                note.append(f"out {PLACES[finished.index(p)]}")
            if p == view["dealer"]:
                note.append("dealer")
            mark = "▶" if p == view["turn"] else ""
            table.add_row(mark, escape(self.who(p)), str(view["hand_sizes"][p]),
                          str(view["scores"][p]), view["titles"][p] or "", ", ".join(note),
                          style="bold" if p == view["viewer"] else None)
        return table

    def pile_line(self, view: JSON) -> str:
        if not view["pile"]:
            return "[bold]Pile[/]: empty"
        sets = [f"{escape(self.who(s['player']))}: {cards_text(s['cards'], group=False)}"
                for s in view["pile"]]
        before = [f"[dim]{s}[/]" for s in sets[-4:-1]]
        if len(sets) > 4:
            before.insert(0, "[dim]…[/]")
        return "[bold]Pile[/]: " + " → ".join([*before, f"[bold]{sets[-1]}[/]"])

    def knowledge_lines(self, view: JSON) -> list[str]:
        out = []
        for k in view.get("known", []):
            out.append(f"[dim]You know {escape(self.who(k['player']))} holds "
                       f"{cards_text(k['cards'])}.[/]")
        limit = view.get("known_limit")
        if limit:
            top = limit["no_natural_above"]
            what = f"no card above {top}" if top else "no natural card"
            out.append(f"[dim]{escape(self.who(limit['player']))} holds {what} "
                       "(besides what they were given).[/]")
        return out

    def hand_line(self, view: JSON) -> str:
        name = self.who(view["viewer"])
        title = "Your hand" if name == "You" else f"{name}'s hand"
        line = f"[bold]{escape(title)}[/] ({len(view['hand'])}): {cards_text(view['hand'])}"
        if view.get("giving"):
            line += f"  [dim](giving: {cards_text(view['giving'])})[/]"
        return line

    def board(self, view: JSON, full: bool = True) -> list[RenderableType]:
        parts: list[RenderableType] = [self.status_line(view), self.players_table(view),
                                       self.pile_line(view)]
        if view["viewer"] is not None and "hand" in view:
            parts += self.knowledge_lines(view)
            parts.append(self.hand_line(view))
        return parts

    def decision(self, view: JSON, me: int) -> str:
        """What ``me`` must decide, addressed to them."""
        phase = view["phase"]
        if phase == "revolution":
            if "declare revolution" in view.get("legal", []):
                return "you are the Poor Man and hold both jokers — declare a revolution?"
            return "you are the Poor Man, without both jokers: no revolution this round"
        if phase == "exchange":
            title = view["titles"][me]
            rich = title == "Rich Man"
            partner_title = "Poor Man" if rich else "Second Poorest"
            partner = self.who(view["titles"].index(partner_title))
            done = len(view.get("giving", []))
            return (f"you are the {title} — choose a card to give to {partner}, the "
                    f"{partner_title} ({done + 1} of {2 if rich else 1}):")
        if not view["pile"]:
            return "you lead — play a set (or type its cards):"
        top = view["pile"][-1]
        count = len(top["cards"])
        pile = cards_text(top["cards"], group=False)
        if view.get("legal") == ["pass"]:
            return f"nothing in your hand beats {pile} — pass:"
        need = "a higher single card" if count == 1 else f"{count} cards of a higher rank"
        return f"beat {pile} with {need}, or pass:"


class DaihinminLog(Seats):
    """The log of a table in words."""

    # -- the log -----------------------------------------------------------------------------
    def log_texts(self, view: JSON) -> list[str]:
        out = []
        viewer = view["viewer"]
        for e in view["log"]:
            if "to" in e and e["to"] != viewer:
                continue  # the end-of-game log shows everything; keep to this player's story
            text = self.event_text(e, viewer)
            if text:
                out.append(text)
        return out

    def event_text(self, e: JSON, viewer: int | None) -> str | None:
        """One log event in words (``None`` for events the screen shows otherwise)."""
        kind = e["event"]
        who = self.who(e.get("player", -1))
        match kind:
            case "round":
                return f"── Round {e['round']} (dealer: {self.who(e['dealer'])}) ──"
            case "play":
                return f"{who} played {cards_text(e['cards'], group=False)}"
            case "pass":
                return f"{who} passed"
            case "clear":
                return f"everyone passed: the pile is cleared; {self.who(e['leader'])} leads"
            case "out":
                if e["place"] == len(self.names):
                    return f"{who} finished last, still holding cards (0 points)"
                unit = "point" if e["points"] == 1 else "points"
                return f"{who} went out {PLACES[e['place'] - 1]} (+{e['points']} {unit})"
            case "revolution":
                if e["declared"]:
                    return (f"REVOLUTION! {who}, the Poor Man, showed both jokers: no exchange, "
                            "and play goes counterclockwise this round")
                return f"{who}, the Poor Man, declared no revolution"
            case "exchange":
                return (f"the exchange: {self.who(e['poor_man'])} (Poor Man) and "
                        f"{self.who(e['rich_man'])} (Rich Man) swapped 2 cards, "
                        f"{self.who(e['second_poorest'])} and {self.who(e['second_richest'])} 1")
            case "swap":
                return (f"{who} gave {cards_text(e['gave'])} to {self.who(e['partner'])} "
                        f"and got {cards_text(e['got'])}")
            case "gift":
                return f"{who} chose to give {cards_text(e['cards'])}"
            case "round end":
                places = ", ".join(f"{self.who(p)} {t}" for p, t in
                                   zip(e["order"], [e["titles"][p] for p in e["order"]],
                                       strict=True))
                return f"round {e['round']} over: {places}"
            case "game end":
                return None
        return None


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
        out = []
        for a in state.legal_actions():
            name = state.action_to_string(a)
            text = f"play {play_text(name)}" if name.startswith("play ") else name
            out.append((a, escape(text)))
        return out

    def parse(self, state: State, text: str) -> int:
        """The legal action typed as cards (``7 7 joker``), a word (``pass``) or its name."""
        try:
            action = state.string_to_action(text)
        except FurubaError as exc:
            raise IllegalActionError(self.reword(state, str(exc)) +
                                     " (help lists the commands)") from None
        if action in state.legal_actions():
            return action
        try:
            state.clone().apply(action)
        except FurubaError as exc:
            message = str(exc)
        else:  # pragma: no cover - legal_actions and apply agree
            message = "not possible now"
        raise IllegalActionError(self.reword(state, message))

    def reword(self, state: State, message: str) -> str:
        """An engine message for the player at the keyboard: names, not ids; no long hints."""
        message = message.split("; try '")[0]
        me = self.names[state.current_player]
        p = state.current_player
        if me == "You":
            message = re.sub(rf"\bplayer {p} leads\b", "you lead", message)
            message = re.sub(rf"\bplayer {p}'s\b", "your", message)
        return re.sub(rf"\bplayer {p}\b", me, message)

    def written_prompt(self, before: JSON, after: JSON, player: int) -> WrittenPrompt | None:
        """Dai Hin Min takes no written input."""
        return None

    # -- the end -----------------------------------------------------------------------------
    def result(self, view: JSON) -> str:
        winners = [self.who(p) for p in view.get("winners", [])]
        best = max(view["scores"])
        note = " (round limit)" if view.get("truncated") else ""
        rounds = f"after {view['round']} round{'s' if view['round'] != 1 else ''}"
        if len(winners) == 1:
            return f"Game over {rounds}{note}: {winners[0]} wins with {best} points."
        return (f"Game over {rounds}{note}: {', '.join(winners[:-1])} and {winners[-1]} "
                f"win together with {best} points each.")

    def commands(self) -> dict[str, Command]:
        return {"played": ("every card played so far this round, by rank", self.show_played)}

    def show_played(self, view: JSON, arg: str) -> None:
        self.console.print(f"played this round: {cards_text(view['played']) or 'nothing yet'}",
                           highlight=False)


TERMINAL_GAME = DaihinminTerminal()
"""What ``furuba play daihinmin`` draws with (the spec's ``terminal`` loader)."""
