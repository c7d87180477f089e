"""Friends of the Zodiac in the terminal, the table itself: the circle, Tohru, the center, the
piles and the hands, drawn from one player's view.

The names, symbols and texts of the cards come from the card set, which is public (printed on
the cards); everything else comes from ``state.view(player)``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from furuba.core.deck import SOHMA_NAMES
from furuba.core.errors import FurubaError
from furuba.core.protocol import JSON, State
from furuba.text import is_you
from furuba.zodiac.state import GameState
from furuba.zodiac.text import (
    _,
    card_text,
    condition_words,
    ngettext,
    pgettext,
    side_word,
    sohma_name,
    tohru,
    tohru_side_word,
    variant_words,
)


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
            raise FurubaError(_("this is not a Friends of the Zodiac game"))
        cardset = state.rules.cardset
        self.cardset = cardset
        self.cards: dict[str, CardInfo] = {}
        for m in cardset.memories:
            self.cards[m.name] = CardInfo(m.name, False, m.symbol, m.text)
        for e in cardset.events:
            self.cards[e.name] = CardInfo(e.name, True, "", e.text)
        self.tohru_text = {"front": cardset.tohru.front.text, "back": cardset.tohru.back.text}
        self.glyphs: dict[str, str] = {}

    # -- small pieces ------------------------------------------------------------------------
    def say(self, text: str) -> str:
        """A text of the card set (a card's name, an option, a prompt) in the current language."""
        return card_text(self.cardset, text)

    def learn_symbols(self, view: JSON) -> None:
        self.glyphs = {s["id"]: f"[{s['color']}]{escape(s['glyph'])}[/]" for s in view["symbols"]}

    def glyph(self, symbol: str) -> str:
        return self.glyphs.get(symbol, escape(symbol))

    def card(self, name: str) -> str:
        """A card name with its symbol (memories) or ``(event)``."""
        info = self.cards.get(name)
        if info is None or info.event:
            event = _("(event)")
            return f"{escape(self.say(name))} [magenta]{escape(event)}[/]"
        return f"{escape(self.say(name))} {self.glyph(info.symbol)}"

    def card_in(self, words: str, name: str) -> str:
        """``words`` (``"play {card}"``) with the card called ``name`` in it, as :meth:`card`."""
        return escape(words).replace("{card}", self.card(name))

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
        table = Table(title=_("The circle"), title_justify="left", box=None, pad_edge=False,
                      padding=(0, 1), header_style="bold dim")
        for name, kw in (("", {"width": 7}), (_("Sohma"), {}), (_("side"), {}),
                         (_("needs"), {}), (_("have"), {"justify": "right"}),
                         (_("other side"), {}), (_("condition"), {"overflow": "fold"})):
            table.add_column(name, **kw)
        tohru_at = view["tohru"]["sohma"]
        for s in view["sohmas"]:
            here = s["index"] == tohru_at
            notes = [condition_words(s["condition"], short=True) or ""] if s["condition"] else []
            if s["stack"] == 0:
                notes.append(_("no friendship cards left"))
            other = self.faces.needs(s["other_needs"]) + (
                " " + dim(_("+if")) if s["other_condition"] else "")
            table.add_row(f"[bold yellow]{escape(tohru())} ▶[/]" if here else "",
                          escape(sohma_name(s["index"])), escape(side_word(s["side"])),
                          self.faces.needs(s["needs"]), self.faces.have(s["needs"], view), other,
                          escape(pgettext("list", "; ").join(notes)),
                          style="bold" if here else None)
        return table

    def tohru_line(self, view: JSON, full: bool = True) -> str:
        t = view["tohru"]
        s = view["sohmas"][t["sohma"]]
        condition = condition_words(s["condition"], short=True)
        line = (_("[bold yellow]{tohru}[/] ({side} side up) is next to [bold]{sohma}[/] "
                  "({sohma_side}: needs {needs}, if {condition}; the center has {have}).")
                if condition else
                _("[bold yellow]{tohru}[/] ({side} side up) is next to [bold]{sohma}[/] "
                  "({sohma_side}: needs {needs}; the center has {have})."))
        text = line.format(tohru=escape(tohru()), side=escape(tohru_side_word(t["side"])),
                           sohma=escape(sohma_name(t["sohma"])),
                           sohma_side=escape(side_word(s["side"])),
                           needs=self.faces.needs(s["needs"]), condition=escape(condition or ""),
                           have=self.faces.have(s["needs"], view))
        if full:
            text += f" [dim]{escape(self.faces.say(self.faces.tohru_text.get(t['side'], '')))}[/]"
        return text

    def center_line(self, view: JSON) -> str:
        center = (pgettext("list", ", ").join(self.faces.card(m) for m in view["center"])
                  or dim(_("empty")))
        return _("[bold]Center[/] ({count}/4): {cards}").format(count=len(view["center"]),
                                                              cards=center)

    def piles_line(self, view: JSON) -> str:
        top = pgettext("list", ", ").join(self.faces.card(c)
                                          for c in reversed(view["discard"][-3:]))
        line = _("[bold]Deck[/] {deck} · [bold]Discard pile[/] {discard}").format(
            deck=cards(view["deck_size"]), discard=cards(len(view["discard"])))
        return line + (_(", top: {cards}").format(cards=top) if top else "")

    def players_table(self, view: JSON) -> Table:
        table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold dim")
        table.add_column("")
        table.add_column(_("player"))
        table.add_column(_("hand"), justify="right")
        if not view["team"]:
            table.add_column(_("friends"), justify="right")
            table.add_column(_("befriended"), overflow="fold")
        for p, name in enumerate(self.names):
            mark = "▶" if p == view["turn"] and view["outcome"] == "running" else ""
            row = [mark, escape(name), str(view["hand_sizes"][p])]
            if not view["team"]:
                friends = view["friendships"][p]
                row += [str(len(friends)), escape(pgettext("list", ", ").join(
                    sohma_name(_SOHMA_INDEX[f["sohma"]]) for f in friends))]
            table.add_row(*row, style="bold" if p == view["viewer"] else None)
        return table

    def score_line(self, view: JSON) -> str:
        """The round and what wins, or the team's score in co-op."""
        opts = view["options"]
        if view["team"]:
            team = view["friendships"][0]
            names = (pgettext("list", ", ").join(sohma_name(_SOHMA_INDEX[f["sohma"]])
                                                 for f in team) or _("none yet"))
            return _("[bold]Team[/]: {count}/13 befriended ({names}) · score to keep: the deck, "
                     "{deck}").format(count=len(team), names=escape(names),
                                      deck=cards(view["deck_size"]))
        return ngettext("Round {round} · first to {target} friendship ({variant})",
                        "Round {round} · first to {target} friendships ({variant})",
                        opts["target"]).format(
            round=view["round"], target=opts["target"],
            variant=escape(variant_words(opts["variant"])))

    def hand_table(self, view: JSON, full: bool = False) -> Table:
        name = self.names[view["viewer"]]
        title = _("Your hand") if is_you(name) else _("{name}'s hand").format(name=name)
        table = Table(title=escape(title), title_justify="left", box=None, pad_edge=False,
                      padding=(0, 1), show_header=False)
        table.add_column("card", no_wrap=True)
        table.add_column("text", overflow="fold")
        for card_name in view["hand"]:
            info = self.faces.cards.get(card_name)
            text = self.faces.say(info.text) if info and (info.event or full) and info.text else ""
            table.add_row(self.faces.card(card_name), f"[dim]{escape(text)}[/]" if text else "")
        return table

    def open_hands(self, view: JSON) -> list[RenderableType]:
        """Co-op (and after the game): the hands everyone may see, except one's own."""
        out: list[RenderableType] = []
        for key, held in sorted(view["hands"].items(), key=lambda kv: int(kv[0])):
            if int(key) != view["viewer"]:
                listed = (pgettext("list", ", ").join(self.faces.card(c) for c in held)
                          or dim(_("no cards")))
                out.append(_("{name}'s hand: {cards}").format(
                    name=escape(self.names[int(key)]), cards=listed))
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
            title = _("{event} (event)").format(event=self.faces.say(pending["event"]))
            parts.append(Panel(escape(self.faces.say(info.text) if info else ""), expand=False,
                               title=escape(title), title_align="left"))
        return parts


_SOHMA_INDEX = {name: i for i, name in enumerate(SOHMA_NAMES)}
"""A Sohma's place in the circle, by the name a view calls it."""


def dim(text: str) -> str:
    """``text`` dimmed (rich markup), its own brackets escaped."""
    return f"[dim]{escape(text)}[/]"


def cards(count: int) -> str:
    """``1 card``, ``2 cards``."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)
