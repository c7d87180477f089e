"""Friends of the Zodiac in the terminal, the table itself: the circle, Tohru, the center, the
piles and the hands, drawn from one player's view.

The names, symbols and texts of the cards come from the card set, which is public (printed on
the cards); everything else comes from ``state.view(player)``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from furuba.core.errors import FurubaError
from furuba.core.protocol import JSON, State
from furuba.zodiac.state import GameState


@dataclass(frozen=True)
class CardInfo:
    """What is printed on a play card."""

    name: str
    event: bool
    symbol: str
    text: str


class CardFaces:
    """How the cards of one card set read on screen: names with their symbols, the needs of
    a Sohma and how many of them the center covers."""

    def __init__(self, state: State) -> None:
        if not isinstance(state, GameState):
            raise FurubaError("this is not a Friends of the Zodiac game")
        cardset = state.rules.cardset
        self.cards: dict[str, CardInfo] = {}
        for m in cardset.memories:
            self.cards[m.name] = CardInfo(m.name, False, m.symbol, m.text)
        for e in cardset.events:
            self.cards[e.name] = CardInfo(e.name, True, "", e.text)
        self.tohru_text = {"front": cardset.tohru.front.text, "back": cardset.tohru.back.text}
        self.glyphs: dict[str, str] = {}

    # -- small pieces ------------------------------------------------------------------------
    def learn_symbols(self, view: JSON) -> None:
        self.glyphs = {s["id"]: f"[{s['color']}]{escape(s['glyph'])}[/]" for s in view["symbols"]}

    def glyph(self, symbol: str) -> str:
        return self.glyphs.get(symbol, escape(symbol))

    def card(self, name: str) -> str:
        """A card name with its symbol (memories) or ``(event)``."""
        info = self.cards.get(name)
        if info is None or info.event:
            return f"{escape(name)} [magenta](event)[/]"
        return f"{escape(name)} {self.glyph(info.symbol)}"

    def needs(self, symbols: list[str]) -> str:
        return "".join(self.glyph(s) for s in symbols)

    def have(self, needs: list[str], view: JSON) -> str:
        """How many of ``needs`` the center (and Tohru's wild symbol) covers: ``2/3``."""
        center = Counter(self.cards[m].symbol for m in view["center"] if m in self.cards)
        wanted = Counter(needs)
        covered = sum(min(n, center[s]) for s, n in wanted.items())
        if view["tohru"]["side"] == "back" and covered < len(needs):
            covered += 1
        mark = "[bold green]" if covered == len(needs) else ""
        return f"{mark}{covered}/{len(needs)}{'[/]' if mark else ''}"


class ZodiacBoard:
    """The table as one player sees it: the circle, Tohru, the center, the piles, the hands."""

    def __init__(self, names: Sequence[str], faces: CardFaces) -> None:
        self.names = list(names)
        self.faces = faces

    # -- the board ---------------------------------------------------------------------------
    def circle(self, view: JSON) -> Table:
        table = Table(title="The circle", title_justify="left", box=None, pad_edge=False,
                      padding=(0, 1), header_style="bold dim")
        for name, kw in (("", {"width": 7}), ("Sohma", {}), ("side", {}), ("needs", {}),
                         ("have", {"justify": "right"}), ("other side", {}),
                         ("condition", {"overflow": "fold"})):
            table.add_column(name, **kw)
        tohru = view["tohru"]["sohma"]
        for s in view["sohmas"]:
            here = s["index"] == tohru
            notes = [short_condition(s["condition"])] if s["condition"] else []
            if s["stack"] == 0:
                notes.append("no friendship cards left")
            other = self.faces.needs(s["other_needs"]) + (" [dim]+if[/]" if s["other_condition"] else "")
            table.add_row("[bold yellow]Tohru ▶[/]" if here else "", s["name"], s["side"],
                          self.faces.needs(s["needs"]), self.faces.have(s["needs"], view), other,
                          escape("; ".join(notes)), style="bold" if here else None)
        return table

    def tohru_line(self, view: JSON, full: bool = True) -> str:
        t = view["tohru"]
        s = view["sohmas"][t["sohma"]]
        cond = f", if {escape(short_condition(s['condition']))}" if s["condition"] else ""
        return (f"[bold yellow]Tohru[/] ({t['side']} side up) is next to [bold]{escape(t['name'])}"
                f"[/] ({s['side']}: needs {self.faces.needs(s['needs'])}{cond}; the center has "
                f"{self.faces.have(s['needs'], view)})."
                + (f" [dim]{escape(self.faces.tohru_text.get(t['side'], ''))}[/]" if full else ""))

    def center_line(self, view: JSON) -> str:
        center = ", ".join(self.faces.card(m) for m in view["center"]) or "[dim]empty[/]"
        return f"[bold]Center[/] ({len(view['center'])}/4): {center}"

    def piles_line(self, view: JSON) -> str:
        top = ", ".join(self.faces.card(c) for c in reversed(view["discard"][-3:]))
        return (f"[bold]Deck[/] {cards(view['deck_size'])} · [bold]Discard pile[/] "
                f"{cards(len(view['discard']))}" + (f", top: {top}" if top else ""))

    def players_table(self, view: JSON) -> Table:
        table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold dim")
        table.add_column("")
        table.add_column("player")
        table.add_column("hand", justify="right")
        if not view["team"]:
            table.add_column("friends", justify="right")
            table.add_column("befriended", overflow="fold")
        for p, name in enumerate(self.names):
            mark = "▶" if p == view["turn"] and view["outcome"] == "running" else ""
            row = [mark, escape(name), str(view["hand_sizes"][p])]
            if not view["team"]:
                friends = view["friendships"][p]
                row += [str(len(friends)), ", ".join(escape(f["sohma"]) for f in friends)]
            table.add_row(*row, style="bold" if p == view["viewer"] else None)
        return table

    def score_line(self, view: JSON) -> str:
        opts = view["options"]
        if view["team"]:
            team = view["friendships"][0]
            names = ", ".join(escape(f["sohma"]) for f in team) or "none yet"
            return (f"[bold]Team[/]: {len(team)}/13 befriended ({names}) · score to keep: "
                    f"the deck, {view['deck_size']} cards")
        return (f"Round {view['round']} · first to {opts['target']} friendships "
                f"({escape(opts['variant'])})")

    def hand_table(self, view: JSON, full: bool = False) -> Table:
        name = self.names[view["viewer"]]
        title = "Your hand" if name == "You" else f"{name}'s hand"
        table = Table(title=escape(title), title_justify="left", box=None, pad_edge=False,
                      padding=(0, 1), show_header=False)
        table.add_column("card", no_wrap=True)
        table.add_column("text", overflow="fold")
        for card_name in view["hand"]:
            info = self.faces.cards.get(card_name)
            text = info.text if info and (info.event or full) else ""
            table.add_row(self.faces.card(card_name), f"[dim]{escape(text)}[/]" if text else "")
        return table

    def open_hands(self, view: JSON) -> list[RenderableType]:
        """Co-op (and after the game): the hands everyone may see, except one's own."""
        out: list[RenderableType] = []
        for key, cards in sorted(view["hands"].items(), key=lambda kv: int(kv[0])):
            if int(key) != view["viewer"]:
                listed = ", ".join(self.faces.card(c) for c in cards) or "[dim]no cards[/]"
                out.append(f"{escape(self.names[int(key)])}'s hand: {listed}")
        return out

    def board(self, view: JSON, full: bool = True) -> list[RenderableType]:
        self.faces.learn_symbols(view)
        if view["pending"]["kind"] in ("move_to", "flip"):
            full = True
        parts: list[RenderableType] = [self.circle(view)] if full else []
        parts += [self.tohru_line(view, full), self.center_line(view), self.piles_line(view)]
        if full:
            parts += [self.score_line(view), self.players_table(view)]
        if full and (view["team"] or view["outcome"] != "running"):
            parts.extend(self.open_hands(view))
        if view["hand"] is not None:
            parts.append(self.hand_table(view))
        pending = view["pending"]
        if pending.get("event") and pending["player"] == view["viewer"]:
            info = self.faces.cards.get(pending["event"])
            parts.append(Panel(escape(info.text if info else ""), expand=False,
                               title=f"{escape(pending['event'])} (event)", title_align="left"))
        return parts


_SHORT = (
    (r"^already a friend of (.+)$", r"friend of \1"),
    (r"^at least (\d+) friendships already$", r"≥\1 friendships"),
    (r"^Tohru's (\w+) side up$", r"Tohru \1 up"),
    (r"^at least (\d+) memories in the center$", r"≥\1 in center"),
    (r"^(\d+) to (\d+) memories in the center$", r"\1-\2 in center"),
)


def short_condition(text: str) -> str:
    """A Sohma side's condition, short enough for a table cell.

    >>> short_condition("at least 3 friendships already")
    '≥3 friendships'
    """
    for pattern, repl in _SHORT:
        out, n = re.subn(pattern, repl, text)
        if n:
            return out
    return text


def cards(count: int) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} card" if count == 1 else f"{count} cards"
