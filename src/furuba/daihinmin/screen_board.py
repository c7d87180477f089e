"""Dai Hin Min in the terminal, the table itself: the round, the players, the pile, what you
know of other hands, your hand, and what you must decide — all from one player's view.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import JustifyMethod, RenderableType
from rich.markup import escape
from rich.table import Table

from furuba.cli.screen import player_name
from furuba.core.protocol import JSON

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
"""Dai Hin Min ranks, lowest first (jokers aside)."""

PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")
"""Places in the order of going out."""


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
