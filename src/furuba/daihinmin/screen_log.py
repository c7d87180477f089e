"""Dai Hin Min in the terminal, the log: each event of a player's view in words.

>>> log = DaihinminLog(["You", "Ann", "Ben", "Cy"])
>>> log.event_text({"event": "clear", "leader": 0}, 0)
'everyone passed: the pile is cleared; you lead'
>>> log.event_text({"event": "play", "player": 1, "cards": ["7♦", "joker1"]}, 0)
'Ann played 7♦ joker'
>>> log.event_text({"event": "lock", "suits": ["♥", "♠"]}, 0)
'locked to ♥ and ♠: the trick must follow in these suits until it ends'
>>> log.event_text({"event": "clear", "leader": 1}, 0, "eight cut")
'the pile is cleared; Ann leads'
>>> from furuba.i18n import speaking
>>> with speaking("ja"):
...     log.event_text({"event": "play", "player": 0, "cards": ["7♦", "7♠"]}, 0)
'あなたが7♦ 7♠を出しました'
"""

from __future__ import annotations

from furuba.core.protocol import JSON
from furuba.daihinmin.screen_board import Seats, cards_text, suits_words
from furuba.daihinmin.text import (
    _,
    is_you,
    ngettext,
    place_words,
    separated,
    subject,
    title_words,
    whom,
)

HOUSE_EVENTS = ("eight cut", "spade three", "eleven back", "lock", "fallen", "rank revolution")
"""The events of the house rules (D13–D18)."""
AFTER_CUT = ("eight cut", "spade three", "out", "fallen")
"""Events a ``clear`` follows when a cut, not everyone passing, cleared the pile (the one who cut
may go out, and a Rich Man may fall, in between)."""


class DaihinminLog(Seats):
    """The log of a table in words."""

    # -- the log -----------------------------------------------------------------------------
    def log_texts(self, view: JSON) -> list[str]:
        out = []
        viewer = view["viewer"]
        before = ""
        for e in view["log"]:
            if "to" in e and e["to"] != viewer:
                continue  # the end-of-game log shows everything; keep to this player's story
            text = self.event_text(e, viewer, before)
            if text:
                out.append(text)
            before = e["event"]
        return out

    def subject(self, player: int) -> str:
        """``player`` as the subject of a sentence: "You", "Ann"; 「あなた」, 「Annさん」."""
        return subject(self.who(player))

    def whom(self, player: int) -> str:
        """``player`` anywhere else in a sentence: "you", "Ann"; 「あなた」, 「Annさん」."""
        return whom(self.who(player))

    def event_text(self, e: JSON, viewer: int | None, before: str = "") -> str | None:
        """One log event in words (``None`` for events the screen shows otherwise); ``before``
        is the kind of the event before it (a pile cleared by a cut is not cleared by passes)."""
        kind = e["event"]
        who = self.subject(e.get("player", -1))
        if kind in HOUSE_EVENTS or (kind == "clear" and before in AFTER_CUT):
            return self.house_text(e, who)
        match kind:
            case "round":
                return "── " + _("Round {round} (dealer: {dealer})").format(
                    round=e["round"], dealer=self.shown(e["dealer"])) + " ──"
            case "play":
                return _("{who} played {cards}").format(
                    who=who, cards=cards_text(e["cards"], group=False))
            case "pass":
                return _("{who} passed").format(who=who)
            case "clear":
                if is_you(self.who(e["leader"])):
                    return _("everyone passed: the pile is cleared; you lead")
                return _("everyone passed: the pile is cleared; {name} leads").format(
                    name=self.whom(e["leader"]))
            case "out":
                if e["place"] == len(self.names) and not e["points"]:
                    return _("{who} finished last, still holding cards (0 points)").format(
                        who=who)
                if e["place"] == len(self.names):
                    return ngettext("{who} finished last, still holding cards (+{count} point)",
                                    "{who} finished last, still holding cards (+{count} points)",
                                    e["points"]).format(who=who, count=e["points"])
                return ngettext("{who} went out {place} (+{count} point)",
                                "{who} went out {place} (+{count} points)", e["points"]).format(
                    who=who, place=place_words(e["place"]), count=e["points"])
            case "revolution":
                if e["declared"]:
                    return _("REVOLUTION! {who}, the Poor Man, showed both jokers: no exchange, "
                             "and play goes counterclockwise this round").format(who=who)
                return _("{who}, the Poor Man, declared no revolution").format(who=who)
            case "exchange":
                return _("the exchange: {poor_man} (Poor Man) and {rich_man} (Rich Man) swapped "
                         "2 cards, {second_poorest} and {second_richest} 1").format(
                    poor_man=self.whom(e["poor_man"]), rich_man=self.whom(e["rich_man"]),
                    second_poorest=self.whom(e["second_poorest"]),
                    second_richest=self.whom(e["second_richest"]))
            case "swap":
                return _("{who} gave {gave} to {partner} and got {got}").format(
                    who=who, gave=cards_text(e["gave"]), partner=self.whom(e["partner"]),
                    got=cards_text(e["got"]))
            case "gift":
                return _("{who} chose to give {cards}").format(who=who,
                                                               cards=cards_text(e["cards"]))
            case "taken":
                return _("{receiver} took {cards}, the strongest of {who}'s cards").format(
                    receiver=self.shown(e["receiver"]), cards=cards_text(e["cards"]),
                    who=self.shown(e["player"]))
            case "round end":
                places = separated([_("{name} {title}").format(
                    name=self.shown(p), title=title_words(e["titles"][p])) for p in e["order"]])
                return _("round {round} over: {places}").format(round=e["round"], places=places)
            case "game end":
                return None
        return None

    def house_text(self, e: JSON, who: str) -> str:
        """An event of the house rules in words (D13–D18), or a pile cleared by a cut."""
        match e["event"]:
            case "eight cut":
                return _("8-cut! {who} ended the trick with 8s").format(who=who)
            case "spade three":
                return _("spade 3! {who} beat the lone card with the 3♠ and ended the trick"
                         ).format(who=who)
            case "rank revolution" if e["reversed"]:
                return _("revolution! {who} reversed the ranks: lower ranks win").format(who=who)
            case "rank revolution":
                return _("revolution! {who} set the ranks right again: higher ranks win").format(
                    who=who)
            case "eleven back":
                return _("11-back! {who} played Jacks: lower ranks win until the trick "
                         "ends").format(who=who)
            case "lock":
                return _("locked to {suits}: the trick must follow in these suits until it "
                         "ends").format(suits=suits_words(e["suits"]))
            case "fallen":
                return _("fallen capital! {who}, the Rich Man, did not go out first: out of "
                         "the round, last (laid down: {cards})").format(
                    who=who, cards=cards_text(e["cards"]))
        if is_you(self.who(e["leader"])):
            return _("the pile is cleared; you lead")
        return _("the pile is cleared; {name} leads").format(name=self.whom(e["leader"]))
