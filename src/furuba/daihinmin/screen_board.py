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
from furuba.daihinmin.text import (
    _,
    house_rule_words,
    is_you,
    joker_word,
    listed,
    ngettext,
    pgettext,
    place_words,
    separated,
    shown,
    subject,
    title_words,
    whom,
)

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
"""Dai Hin Min ranks, lowest first (jokers aside)."""


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
        groups.setdefault(rank_of(c), []).append(joker_word() if c.startswith("joker") else c)
    return (" · " if group else " ").join(" ".join(g) for g in groups.values())


def suits_words(suits: list[str]) -> str:
    """Suits in words: ``"♠"``, ``"♥ and ♠"``; 「♥と♠」."""
    return listed(suits)


class Seats:
    """The names of the players at one table."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)

    def who(self, player: int) -> str:
        """The seat's name (``"You"`` stays as it is: see :meth:`shown`)."""
        return player_name(self.names, player)

    def shown(self, player: int) -> str:
        """The seat's name as the table shows it ("You", 「あなた」)."""
        return shown(self.who(player))


class DaihinminBoard(Seats):
    """The table as one player sees it, and what they must decide."""

    # -- the board ---------------------------------------------------------------------------
    def status_line(self, view: JSON) -> str:
        parts = [_("Round {round}").format(round=view["round"])]
        if view["target"] is not None:
            parts.append(ngettext("first to {target} point", "first to {target} points",
                                  view["target"]).format(target=view["target"]))
        if view["max_rounds"] is not None:
            parts.append(ngettext("{rounds} round at most", "{rounds} rounds at most",
                                  view["max_rounds"]).format(rounds=view["max_rounds"]))
        parts.append(_("play goes clockwise") if view["direction"] == "clockwise"
                     else _("play goes counterclockwise"))
        line = " · ".join(parts)
        if view["revolution"]:
            line += " · [bold red]" + escape(_("REVOLUTION")) + "[/]"
        if view.get("rules") == "uecda":
            line += "\n" + escape(_("the UECda contest's rules"))
        elif view.get("house_rules"):
            line += "\n" + escape(_("house rules: {rules}").format(
                rules=separated([house_rule_words(r) for r in view["house_rules"]])))
        return line

    def trick_line(self, view: JSON) -> str | None:
        """What the house rules say of this trick: 11-back, the lock (D16, D17)."""
        notes = []
        if view.get("back"):
            notes.append(_("11-back: lower ranks win until the trick ends"))
        if view.get("lock"):
            notes.append(_("locked to {suits}").format(suits=suits_words(view["lock"])))
        return "[bold magenta]" + escape(separated(notes)) + "[/]" if notes else None

    def players_table(self, view: JSON) -> Table:
        table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold dim")
        columns: tuple[tuple[str, JustifyMethod], ...] = (
            ("", "left"), (_("player"), "left"), (_("cards"), "right"), (_("points"), "right"),
            (_("title"), "left"), ("", "left"))
        for name, justify in columns:
            table.add_column(name, justify=justify)
        finished = view["finished"]
        for p in view["seating"]:
            note = []
            if p == view.get("fallen"):
                note.append(_("fell (last)"))
            if p in finished and finished.index(p) == len(view["seating"]) - 1:
                note.append(_("last"))
            elif p in finished:
                note.append(_("out {place}").format(place=place_words(finished.index(p) + 1)))
            if p == view["dealer"]:
                note.append(_("dealer"))
            mark = "▶" if p == view["turn"] else ""
            table.add_row(mark, escape(self.shown(p)), str(view["hand_sizes"][p]),
                          str(view["scores"][p]), escape(title_words(view["titles"][p])),
                          escape(separated(note)),
                          style="bold" if p == view["viewer"] else None)
        return table

    def pile_line(self, view: JSON) -> str:
        label = "[bold]" + escape(_("Pile")) + "[/]: "
        if not view["pile"]:
            return label + escape(_("empty"))
        sets = [f"{escape(self.shown(s['player']))}: {cards_text(s['cards'], group=False)}"
                for s in view["pile"]]
        before = [f"[dim]{s}[/]" for s in sets[-4:-1]]
        if len(sets) > 4:
            before.insert(0, "[dim]…[/]")
        return label + " → ".join([*before, f"[bold]{sets[-1]}[/]"])

    def knowledge_lines(self, view: JSON) -> list[str]:
        out = []
        for k in view.get("known", []):
            text = _("You know {player} holds {cards}.").format(
                player=whom(self.who(k["player"])), cards=cards_text(k["cards"]))
            out.append(f"[dim]{escape(text)}[/]")
        limit = view.get("known_limit")
        if limit:
            top = limit["no_natural_above"]
            who = subject(self.who(limit["player"]))
            text = (_("{player} holds no card above {rank} (besides what they were given).")
                    .format(player=who, rank=top) if top else
                    _("{player} holds no natural card (besides what they were given).")
                    .format(player=who))
            out.append(f"[dim]{escape(text)}[/]")
        return out

    def hand_line(self, view: JSON) -> str:
        name = self.who(view["viewer"])
        title = _("Your hand") if is_you(name) else \
            pgettext("whose hand", "{name}'s hand").format(name=name)
        line = f"[bold]{escape(title)}[/] ({len(view['hand'])}): {cards_text(view['hand'])}"
        if view.get("giving"):
            giving = _("giving: {cards}").format(cards=cards_text(view["giving"]))
            line += f"  [dim]({escape(giving)})[/]"
        return line

    def board(self, view: JSON, full: bool = True) -> list[RenderableType]:
        parts: list[RenderableType] = [self.status_line(view), self.players_table(view),
                                       self.pile_line(view)]
        trick = self.trick_line(view)
        if trick:
            parts.append(trick)
        if view["viewer"] is not None and "hand" in view:
            parts += self.knowledge_lines(view)
            parts.append(self.hand_line(view))
        return parts

    def decision(self, view: JSON, me: int) -> str:
        """What ``me`` must decide, addressed to them (a sentence to "you")."""
        phase = view["phase"]
        if phase == "revolution":
            if "declare revolution" in view.get("legal", []):
                return _("you are the Poor Man and hold both jokers — declare a revolution?")
            return _("you are the Poor Man, without both jokers: no revolution this round")
        if phase == "exchange":
            title = view["titles"][me]
            rich = title == "Rich Man"
            partner_title = "Poor Man" if rich else "Second Poorest"
            partner = whom(self.who(view["titles"].index(partner_title)))
            done = len(view.get("giving", []))
            return _("you are the {title} — choose a card to give to {partner}, the "
                     "{partner_title} ({done} of {count}):").format(
                title=title_words(title), partner=partner,
                partner_title=title_words(partner_title), done=done + 1,
                count=2 if rich else 1)
        if not view["pile"]:
            return _("you lead — play a set (or type its cards):")
        top = view["pile"][-1]
        count = len(top["cards"])
        pile = cards_text(top["cards"], group=False)
        if view.get("legal") == ["pass"]:
            return _("nothing in your hand beats {pile} — pass:").format(pile=pile)
        if top["play"].startswith("play run "):
            return _("beat the run {pile} with a stronger run of {count} cards, or pass:").format(
                pile=pile, count=count)
        if view.get("back"):
            return ngettext("11-back: beat {pile} with a lower single card, or pass:",
                            "11-back: beat {pile} with {count} cards of a lower rank, or pass:",
                            count).format(pile=pile, count=count)
        return ngettext("beat {pile} with a higher single card, or pass:",
                        "beat {pile} with {count} cards of a higher rank, or pass:",
                        count).format(pile=pile, count=count)
