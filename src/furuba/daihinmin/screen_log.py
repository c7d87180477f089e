"""Dai Hin Min in the terminal, the log: each event of a player's view in words."""

from __future__ import annotations

from furuba.core.protocol import JSON
from furuba.daihinmin.screen_board import PLACES, Seats, cards_text


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
