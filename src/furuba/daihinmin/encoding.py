"""The Dai Hin Min encoder: a player's view → tensors (see :mod:`furuba.integrations.encoding`).

Suits never matter (D3), so cards are counted by rank: a ``(14, 4)`` thermometer per set of
cards, one row per rank from 3 up to 2, the last row for the jokers (``[1, 1, 0, 0]`` = both).
Seats are relative to the observer by player id; ``seat_distance`` says how many seats after
the observer, in the direction of play, each player sits (Dai Hin Min reseats every round).

With house rules (D13–D18) the observation goes on with what they add: which rules are on,
11-back and the lock in force, the fallen Rich Man, whether the top of the pile is a run (and how
long), and — as suits may then matter — the viewer's hand, the top of the pile and the cards
played card by card (54 each). The rulebook's game keeps the layout above unchanged.

>>> from furuba import games
>>> state = games.new_game("daihinmin", players=4, seed=3)
>>> enc = DaihinminEncoder.for_state(state)
>>> parts = enc.observation_layout.split(enc.observation(state.view(1)))
>>> int(parts["hand"].sum()), parts["phase"].tolist()
(13, [0.0, 0.0, 1.0, 0.0])
"""

from __future__ import annotations

from typing import cast

from furuba.core.deck import SUITS
from furuba.core.protocol import JSON, State
from furuba.daihinmin.moves import ACTION_IDS, PLAY_LEVEL, PLAY_RUN, PLAY_TOTAL
from furuba.daihinmin.options import HOUSE_RULES
from furuba.daihinmin.ranks import CARD_LEVEL, CARD_NAMES, JOKER, NUM_CARDS, NUM_LEVELS, RANK_NAMES
from furuba.daihinmin.scoring import TITLE_NAMES
from furuba.daihinmin.state import GameState
from furuba.daihinmin.view_types import DaihinminView
from furuba.integrations.encoding import Encoder, relative, saturate
from furuba.integrations.layout import Layout, Vector

LEVELS = JOKER + 1
"""13 ranks and the jokers."""
PHASES = ("revolution", "exchange", "play", "over")
MAX_SET = 6
HAND_SCALE = 16.0
EVENTS = ("play", "pass", "clear", "out")
"""The public events of a round the history follows."""
RECENT = 16

CARD_LEVELS: dict[str, int] = {name: CARD_LEVEL[c] for c, name in enumerate(CARD_NAMES)}
"""Card name → level (:data:`~furuba.daihinmin.ranks.JOKER` for the jokers)."""
RANK_LEVELS: dict[str, int] = {name: level for level, name in enumerate(RANK_NAMES)}
CARD_IDS: dict[str, int] = {name: c for c, name in enumerate(CARD_NAMES)}


def level_counts(names: list[str]) -> list[int]:
    """How many of ``names`` are of each level (jokers last)."""
    out = [0] * LEVELS
    for name in names:
        out[CARD_LEVELS[name]] += 1
    return out


def thermometer(names: list[str], out: Vector) -> None:
    """Write the rank counts of ``names`` into a ``(14, 4)`` piece as thermometers."""
    for level, count in enumerate(level_counts(names)):
        out[level, :count] = 1.0


def _cards(names: list[str], out: Vector) -> None:
    """Mark each card of ``names`` in a ``(54,)`` piece (by deck id)."""
    for name in names:
        out[CARD_IDS[name]] = 1.0


def fractions(names: list[str], out: Vector) -> None:
    """Write the rank counts of ``names`` into a ``(14,)`` piece as fractions of 4 (jokers: 2)."""
    for level, count in enumerate(level_counts(names)):
        out[level] = min(1.0, count / (2.0 if level == JOKER else 4.0))


class DaihinminEncoder(Encoder):
    """Encodes Dai Hin Min views for one player count."""

    game = "daihinmin"

    def __init__(self, players: int, num_actions: int, house: bool = False) -> None:
        self.num_players = n = players
        self.num_actions = num_actions
        self.house = house
        titles = len(TITLE_NAMES) + 1
        self.observation_layout = Layout((
            ("hand", (LEVELS, 4)), ("played", (LEVELS, 4)), ("pile", (LEVELS, 4)),
            ("pile_top", (LEVELS,)), ("pile_size", (MAX_SET,)), ("passes", (1,)),
            ("hand_sizes", (n,)), ("known", (n, LEVELS)), ("known_limit", (n, LEVELS)),
            ("titles", (n, titles)), ("scores", (n,)), ("out", (n,)), ("place", (n,)),
            ("seat_distance", (n, n)), ("counterclockwise", (1,)), ("revolution", (1,)),
            ("phase", (len(PHASES),)), ("current", (n,)), ("dealer", (n,)),
            ("giving", (LEVELS,)), ("gave", (LEVELS,)), ("got", (LEVELS,)), ("round", (1,)),
            *((("rules", (len(HOUSE_RULES),)), ("back", (1,)), ("lock", (4,)), ("fallen", (n,)),
               ("reversed", (1,)), ("passed", (n,)),
               ("pile_run", (1,)), ("hand_cards", (NUM_CARDS,)), ("pile_top_cards", (NUM_CARDS,)),
               ("played_cards", (NUM_CARDS,))) if house else ()),
        ))
        self.history_layout = Layout((
            ("played_by", (n, LEVELS)), ("passes_by", (n,)),
            ("recent", (RECENT, n + len(EVENTS) + LEVELS + MAX_SET)),
        ))

    @classmethod
    def for_state(cls, state: State) -> DaihinminEncoder:
        """The encoder for the player count (and house rules) of ``state``."""
        assert isinstance(state, GameState)
        return cls(state.num_players, state.num_distinct_actions(),
                   bool(state.options.house_rules))

    # -- observation ----------------------------------------------------------------------------
    def write_observation(self, data: JSON, parts: dict[str, Vector]) -> None:
        view = cast(DaihinminView, data)     # the game's own view: mypy checks every key
        n = self.num_players
        viewer = view.get("viewer")

        def rel(p: int) -> int:
            return relative(p, viewer, n)

        over = view["phase"] == "over"
        hand = view.get("hand")
        if hand is None and over and viewer is not None:
            hand = view["hands"][viewer]
        thermometer(hand or [], parts["hand"])
        thermometer(view["played"], parts["played"])
        pile_cards = [card for item in view["pile"] for card in item["cards"]]
        thermometer(pile_cards, parts["pile"])
        if view["pile"]:
            action = ACTION_IDS[view["pile"][-1]["play"]]
            parts["pile_top"][PLAY_LEVEL[action] + 1] = 1.0
            parts["pile_size"][min(PLAY_TOTAL[action], MAX_SET) - 1] = 1.0
        parts["passes"][0] = min(1.0, view["passes"] / max(1, n - 1))
        for p, size in enumerate(view["hand_sizes"]):
            parts["hand_sizes"][rel(p)] = min(1.0, size / HAND_SCALE)
        for known in view.get("known", ()):
            fractions(known["cards"], parts["known"][rel(known["player"])])
        limit = view.get("known_limit")
        if limit:
            top = limit["no_natural_above"]
            parts["known_limit"][rel(limit["player"]), JOKER if top is None else RANK_LEVELS[top]] = 1
        scale = view["target"] or (n - 1) * (view["max_rounds"] or 1)
        for p, (title, score) in enumerate(zip(view["titles"], view["scores"], strict=True)):
            parts["titles"][rel(p), 0 if title is None else 1 + TITLE_NAMES.index(title)] = 1.0
            parts["scores"][rel(p)] = min(1.0, score / max(1, scale))
        for place, p in enumerate(view["finished"]):
            parts["out"][rel(p)] = 1.0
            parts["place"][rel(p)] = (place + 1) / n
        seating = view["seating"]
        step = -1 if view["direction"] == "counterclockwise" else 1
        me = seating.index(viewer or 0)
        for seat, p in enumerate(seating):
            parts["seat_distance"][rel(p), ((seat - me) * step) % n] = 1.0
        parts["counterclockwise"][0] = float(step < 0)
        parts["revolution"][0] = float(bool(view["revolution"]))
        parts["phase"][PHASES.index(view["phase"])] = 1.0
        if view["turn"] is not None:
            parts["current"][rel(view["turn"])] = 1.0
        parts["dealer"][rel(view["dealer"])] = 1.0
        fractions(view.get("giving", []), parts["giving"])
        if viewer is not None:
            for item in view.get("exchange", ()):
                if item["from"] == viewer:
                    fractions(item["cards"], parts["gave"])
                elif item["to"] == viewer:
                    fractions(item["cards"], parts["got"])
        parts["round"][0] = min(1.0, view["round"] / max(1, view["max_rounds"] or 20))
        if self.house:
            self._write_house(view, hand or [], parts)

    def _write_house(self, view: DaihinminView, hand: list[str], parts: dict[str, Vector]) -> None:
        """What the house rules add (D13–D18): rules, 11-back, lock, the fall, cards by suit."""
        on = view.get("house_rules", [])
        for i, name in enumerate(HOUSE_RULES):
            parts["rules"][i] = float(name in on)
        parts["back"][0] = float(bool(view.get("back")))
        for suit in view.get("lock", []):
            parts["lock"][SUITS.index(suit)] = 1.0
        fallen = view.get("fallen")
        if fallen is not None:
            parts["fallen"][relative(fallen, view.get("viewer"), self.num_players)] = 1.0
        parts["reversed"][0] = float(bool(view.get("reversed")))
        for passed in view.get("passed", ()):
            parts["passed"][relative(passed, view.get("viewer"), self.num_players)] = 1.0
        if view["pile"]:
            top = view["pile"][-1]
            parts["pile_run"][0] = PLAY_RUN[ACTION_IDS[top["play"]]] / NUM_LEVELS
            _cards(top["cards"], parts["pile_top_cards"])
        _cards(hand, parts["hand_cards"])
        _cards(view["played"], parts["played_cards"])

    # -- history --------------------------------------------------------------------------------
    def write_history(self, data: JSON, parts: dict[str, Vector]) -> None:
        """This round's public events: cards and passes per seat, and the latest events."""
        view = cast(DaihinminView, data)     # the game's own view: mypy checks every key
        n = self.num_players
        viewer = view.get("viewer")
        played = [[0] * LEVELS for _ in range(n)]
        passes = [0] * n
        recent: list[tuple[int, int, int, int]] = []
        for entry in view["log"]:
            if "n" not in entry:
                continue                      # a private event: already in the observation
            if entry["event"] == "round":
                played = [[0] * LEVELS for _ in range(n)]
                passes = [0] * n
                recent = []
                continue
            event = entry["event"]
            if event not in EVENTS:
                continue
            level, size = -1, -1
            if entry["event"] == "clear":
                who = entry["leader"]
            elif entry["event"] == "play":
                who = entry["player"]
                for lv, count in enumerate(level_counts(entry["cards"])):
                    played[relative(who, viewer, n)][lv] += count
                action = ACTION_IDS[entry["play"]]
                level, size = PLAY_LEVEL[action] + 1, min(PLAY_TOTAL[action], MAX_SET) - 1
            elif entry["event"] == "pass":
                who = entry["player"]
                passes[relative(who, viewer, n)] += 1
            elif entry["event"] == "out":
                who = entry["player"]
            else:
                continue
            row = relative(who, viewer, n)
            recent.append((row, EVENTS.index(event), level, size))
        for row in range(n):
            for lv in range(LEVELS):
                parts["played_by"][row, lv] = min(1.0, played[row][lv] / (2.0 if lv == JOKER else 4.0))
            parts["passes_by"][row] = saturate(passes[row], 8.0)
        out = parts["recent"]
        for i, (row, kind, level, size) in enumerate(reversed(recent[-RECENT:])):
            out[i, row] = 1.0
            out[i, n + kind] = 1.0
            if level >= 0:
                out[i, n + len(EVENTS) + level] = 1.0
                out[i, n + len(EVENTS) + LEVELS + size] = 1.0

    # -- text -----------------------------------------------------------------------------------
    def render(self, data: JSON) -> str:
        view = cast(DaihinminView, data)     # the game's own view: mypy checks every key
        head = f"Dai Hin Min, round {view['round']}, {view['phase']}"
        if view["turn"] is not None:
            head += f": player {view['turn']} to act"
        lines = [head + (" (revolution!)" if view["revolution"] else "")]
        lines.append("seats (" + view["direction"] + "): "
                     + " ".join(str(p) for p in view["seating"]))
        for p in range(self.num_players):
            title = view["titles"][p] or "-"
            lines.append(f"player {p}: {view['hand_sizes'][p]} cards, {view['scores'][p]} points, "
                         f"{title}" + (" (out)" if p in view["finished"] else ""))
        pile = " / ".join(" ".join(item["cards"]) for item in view["pile"]) or "empty"
        lines.append(f"pile: {pile}" + (f" ({view['passes']} passes)" if view["passes"] else ""))
        if "house_rules" in view:
            lines.append("house rules: " + (", ".join(view["house_rules"]))
                         + (" | 11-back" if view.get("back") else "")
                         + (" | locked to " + "".join(view.get("lock", [])) if view.get("lock")
                            else "")
                         + (f" | player {view.get('fallen')} fell" if view.get("fallen") is not None
                            else ""))
        if view.get("hand") is not None:
            lines.append(f"player {view['viewer']}'s hand: " + (" ".join(view["hand"]) or "-"))
        if view["phase"] == "over":
            lines.append("winners: " + ", ".join(f"player {p}" for p in view["winners"]))
        return "\n".join(lines)
