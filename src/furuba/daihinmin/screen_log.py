"""Dai Hin Min in the terminal, the log: each event of a player's view in words.

>>> log = DaihinminLog(["You", "Ann", "Ben", "Cy"])
>>> log.event_text({"event": "clear", "leader": 0}, 0)
'everyone passed: the pile is cleared; you lead'
>>> log.event_text({"event": "play", "player": 1, "cards": ["7♦", "joker1"]}, 0)
'Ann played 7♦ joker'
>>> from furuba.i18n import speaking
>>> with speaking("ja"):
...     log.event_text({"event": "play", "player": 0, "cards": ["7♦", "7♠"]}, 0)
'あなたが7♦ 7♠を出しました'
"""

from __future__ import annotations

from furuba.core.protocol import JSON
from furuba.daihinmin.screen_board import Seats, cards_text
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

    def subject(self, player: int) -> str:
        """``player`` as the subject of a sentence: "You", "Ann"; 「あなた」, 「Annさん」."""
        return subject(self.who(player))

    def whom(self, player: int) -> str:
        """``player`` anywhere else in a sentence: "you", "Ann"; 「あなた」, 「Annさん」."""
        return whom(self.who(player))

    def event_text(self, e: JSON, viewer: int | None) -> str | None:
        """One log event in words (``None`` for events the screen shows otherwise)."""
        kind = e["event"]
        who = self.subject(e.get("player", -1))
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
                if e["place"] == len(self.names):
                    return _("{who} finished last, still holding cards (0 points)").format(
                        who=who)
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
            case "round end":
                places = separated([_("{name} {title}").format(
                    name=self.shown(p), title=title_words(e["titles"][p])) for p in e["order"]])
                return _("round {round} over: {places}").format(round=e["round"], places=places)
            case "game end":
                return None
        return None
