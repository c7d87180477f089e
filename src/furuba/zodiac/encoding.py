"""The Friends of the Zodiac encoder: a player's view → tensors (see
:mod:`furuba.integrations.encoding`).

Cards are counted by kind (the action table's card names), divided by the number of copies of
that kind in the game. Seats are relative to the observer; in Bestest Friends (co-op) the team
has one row of friendships.

>>> from furuba import games
>>> state = games.new_game("zodiac", players=3, seed=4)
>>> enc = ZodiacEncoder.for_state(state)
>>> parts = enc.observation_layout.split(enc.observation(state.view(1)))
>>> [round(float(x), 2) for x in parts["hand_sizes"]]
[0.6, 0.6, 0.6]
>>> int(parts["hand_symbols"].sum() * 5) <= 3, int(parts["turn"].argmax())   # player 0 is seat 2 of 1
(True, 2)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import cast

from furuba.core.deck import NUM_SOHMAS, SOHMA_NAMES
from furuba.core.protocol import JSON, TERMINAL, State
from furuba.integrations.encoding import Encoder, relative, saturate
from furuba.integrations.layout import Layout, Vector
from furuba.zodiac.state import GameState
from furuba.zodiac.text import condition_words
from furuba.zodiac.view_types import ZodiacView

PENDING_KINDS = ("action", "option", "move_to", "flip", "put_away", "take", "discard", "over")
"""What a view's ``pending.kind`` can say (the engine's decision kinds)."""
LOG_KINDS = ("turn", "draw", "play", "option", "move", "flip", "flip_tohru", "put_away", "take",
             "discard", "befriend")
"""The log entry kinds the history counts (per acting seat)."""
HAND_SCALE = 5.0
"""Hands and the center hold at most 4 cards between decisions (5 while one is pending)."""
ACTIONS_PER_TURN = 3
RECENT = 16
"""How many recent log entries the information state spells out."""
_LOG_INDEX = {kind: i for i, kind in enumerate(LOG_KINDS)}
_PLAY = _LOG_INDEX["play"]


@dataclass(frozen=True, slots=True)
class ZodiacConfig:
    """The public settings an encoder needs: players, teams, card kinds and their symbols."""

    players: int
    teams: int
    kind_names: tuple[str, ...]
    memory_symbol: tuple[int, ...]
    symbol_ids: tuple[str, ...]
    copies: tuple[int, ...]
    deck_size: int
    max_options: int
    num_actions: int


class ZodiacEncoder(Encoder):
    """Encodes Friends of the Zodiac views for one card set and player count."""

    game = "zodiac"

    def __init__(self, config: ZodiacConfig) -> None:
        c = self.config = config
        self.num_players = n = c.players
        self.num_actions = c.num_actions
        k, s, t = len(c.kind_names), len(c.symbol_ids), c.teams
        self._kind = {name: i for i, name in enumerate(c.kind_names)}
        self._symbol = {sid: i for i, sid in enumerate(c.symbol_ids)}
        self._sohma = {name: i for i, name in enumerate(SOHMA_NAMES)}
        self.observation_layout = Layout((
            ("hand", (k,)), ("hand_symbols", (s,)), ("center", (k,)), ("center_symbols", (s,)),
            ("discard", (k,)), ("event", (k,)), ("deck", (1,)), ("hand_sizes", (n,)),
            ("known", (n, k)), ("tohru", (NUM_SOHMAS,)), ("tohru_back", (1,)),
            ("sohma_animal", (NUM_SOHMAS,)), ("sohma_condition", (NUM_SOHMAS,)),
            ("needs", (NUM_SOHMAS, s)), ("missing_at_tohru", (s,)), ("stacks", (NUM_SOHMAS,)),
            ("friends", (t, NUM_SOHMAS)), ("friend_counts", (t,)), ("turn", (n,)),
            ("deciding", (n,)), ("actions_taken", (ACTIONS_PER_TURN,)),
            ("pending", (len(PENDING_KINDS),)), ("options", (c.max_options,)), ("round", (1,)),
            ("final_turns", (2,)), ("over", (1,)),
        ))
        e = len(LOG_KINDS)
        self.history_layout = Layout((
            ("log_counts", (n, e)), ("played_by", (n, k)), ("recent", (RECENT, n + e)),
        ))

    @classmethod
    def for_state(cls, state: State) -> ZodiacEncoder:
        """The encoder for the card set and options of ``state`` (public settings only)."""
        if not isinstance(state, GameState):
            raise TypeError(f"not a Friends of the Zodiac state: {type(state).__name__}")
        rules = state.rules
        opts = rules.options
        copies = Counter(rules.deck)
        return cls(ZodiacConfig(
            players=opts.players, teams=1 if opts.coop else opts.players,
            kind_names=tuple(rules.kind_names), memory_symbol=tuple(rules.memory_symbol),
            symbol_ids=tuple(rules.symbol_ids),
            copies=tuple(max(1, copies[i]) for i in range(len(rules.kind_names))),
            deck_size=len(rules.deck), max_options=rules.actions.max_options,
            num_actions=state.num_distinct_actions()))

    # -- observation ----------------------------------------------------------------------------
    def _cards(self, names: list[str] | None, out: Vector, symbols: Vector | None = None) -> None:
        """Count cards by kind (as a fraction of the copies), and memories by symbol."""
        if not names:
            return
        copies, memory_symbol = self.config.copies, self.config.memory_symbol
        for kind, count in Counter(self._kind[name] for name in names).items():
            out[kind] = min(1.0, count / copies[kind])
            if symbols is not None and kind < len(memory_symbol):
                symbols[memory_symbol[kind]] += count / HAND_SCALE

    def write_observation(self, data: JSON, parts: dict[str, Vector]) -> None:
        view = cast(ZodiacView, data)     # the game's own view: mypy checks every key
        c = self.config
        n = self.num_players
        viewer = view.get("viewer")

        def rel(p: int) -> int:
            return relative(p, viewer, n)

        self._cards(view.get("hand"), parts["hand"], parts["hand_symbols"])
        self._cards(view["center"], parts["center"], parts["center_symbols"])
        self._cards(view["discard"], parts["discard"])
        pending = view["pending"]
        if pending.get("event") in self._kind:
            parts["event"][self._kind[pending["event"]]] = 1.0
        parts["deck"][0] = min(1.0, view["deck_size"] / max(1, c.deck_size))
        for p, size in enumerate(view["hand_sizes"]):
            parts["hand_sizes"][rel(p)] = min(1.0, size / HAND_SCALE)
        for p, known in enumerate(view["known_cards"]):
            self._cards(known, parts["known"][rel(p)])
        tohru = view["tohru"]
        parts["tohru"][tohru["sohma"]] = 1.0
        parts["tohru_back"][0] = float(tohru["side"] == "back")
        m = len(c.memory_symbol)
        center_symbols = Counter(c.memory_symbol[kind] for kind in
                                 (self._kind[name] for name in view["center"]) if kind < m)
        for i, sohma in enumerate(view["sohmas"]):
            parts["sohma_animal"][i] = float(sohma["side"] == "animal")
            parts["sohma_condition"][i] = float(sohma["condition"] is not None)
            parts["stacks"][i] = min(1.0, sohma["stack"] / max(1, 4 * view["options"]["sets"]))
            needs = Counter(self._symbol[sym] for sym in sohma["needs"] if sym in self._symbol)
            for sym, count in needs.items():
                parts["needs"][i, sym] = min(1.0, count / 4.0)
                if i == tohru["sohma"]:
                    missing = max(0, count - center_symbols.get(sym, 0))
                    parts["missing_at_tohru"][sym] = min(1.0, missing / 4.0)
        target = max(1, int(view["options"]["target"]))
        for t, team in enumerate(view["friendships"]):
            row = rel(t) if c.teams > 1 else 0
            for friend in team:
                parts["friends"][row, self._sohma[friend["sohma"]]] = 1.0
            parts["friend_counts"][row] = min(1.0, len(team) / target)
        over = view["current_player"] == TERMINAL
        parts["over"][0] = float(over)
        if not over:
            parts["turn"][rel(view["turn"])] = 1.0
            parts["deciding"][rel(view["current_player"])] = 1.0
            parts["actions_taken"][min(view["actions_taken"], ACTIONS_PER_TURN - 1)] = 1.0
        if pending["kind"] in PENDING_KINDS:
            parts["pending"][PENDING_KINDS.index(pending["kind"])] = 1.0
        parts["options"][:min(len(pending.get("options", ())), c.max_options)] = 1.0
        parts["round"][0] = min(1.0, view["round"] / max(1, view["options"]["max_rounds"]))
        final = view.get("final_turns")
        if final:
            parts["final_turns"][0] = 1.0
            parts["final_turns"][1] = min(1.0, final.get("turns_left", 0) / n)

    # -- history --------------------------------------------------------------------------------
    def write_history(self, data: JSON, parts: dict[str, Vector]) -> None:
        view = cast(ZodiacView, data)     # the game's own view: mypy checks every key
        n, e = self.num_players, len(LOG_KINDS)
        viewer = view.get("viewer")
        kind_index = self._kind
        copies = self.config.copies
        counts = [[0.0] * e for _ in range(n)]
        played = [[0.0] * len(copies) for _ in range(n)]
        seen: list[tuple[int, int]] = []
        for entry in view["log"]:
            actor, col = entry.get("actor", -1), _LOG_INDEX.get(entry.get("kind", ""), -1)
            if col < 0 or not isinstance(actor, int) or not 0 <= actor < n:
                continue
            row = relative(actor, viewer, n)
            counts[row][col] += 1.0
            seen.append((row, col))
            if col == _PLAY:
                kind = kind_index.get(entry["args"].get("card", ""), -1)
                if kind >= 0:
                    played[row][kind] += 1.0 / copies[kind]
        parts["log_counts"][:] = [[saturate(c, 16.0) for c in row] for row in counts]
        parts["played_by"][:] = played
        parts["played_by"].clip(0.0, 1.0, out=parts["played_by"])
        recent = parts["recent"]
        for i, (row, col) in enumerate(reversed(seen[-RECENT:])):
            recent[i, row] = 1.0
            recent[i, n + col] = 1.0

    # -- text -----------------------------------------------------------------------------------
    def render(self, data: JSON) -> str:
        view = cast(ZodiacView, data)     # the game's own view: mypy checks every key
        tohru = view["tohru"]
        lines = [f"Friends of the Zodiac, round {view['round']}: "
                 + (f"player {view['turn']}'s turn, action {view['actions_taken'] + 1} of 3"
                    if view["current_player"] != TERMINAL else f"game over ({view['outcome']})")]
        lines.append(f"Tohru ({tohru['side']}) at {tohru['name']}; deck {view['deck_size']} cards")
        sohma = view["sohmas"][tohru["sohma"]]
        lines.append(f"{sohma['name']} ({sohma['side']}) needs {', '.join(sohma['needs'])}"
                     + (f" [{condition_words(sohma['condition'])}]" if sohma["condition"] else ""))
        lines.append("center: " + (", ".join(view["center"]) or "-"))
        lines.append("discard pile: " + (", ".join(view["discard"][-5:]) or "-"))
        for t, team in enumerate(view["friendships"]):
            who = "team" if self.config.teams == 1 else f"player {t}"
            names = ", ".join(f["sohma"] for f in team) or "-"
            lines.append(f"{who} friends ({len(team)}): {names}")
        sizes = ", ".join(f"{p}: {size}" for p, size in enumerate(view["hand_sizes"]))
        lines.append(f"hand sizes: {sizes}")
        hand = view.get("hand")
        if view.get("viewer") is not None and hand is not None:
            lines.append(f"player {view['viewer']}'s hand: " + ", ".join(hand))
        pending = view["pending"]
        if view["current_player"] != TERMINAL:
            lines.append(f"deciding: player {pending['player']} ({pending['kind']})"
                         + (f" for {pending['event']}" if pending.get("event") else ""))
        return "\n".join(lines)

    def truncated(self, data: JSON) -> bool:
        view = cast(ZodiacView, data)     # the game's own view: mypy checks every key
        return view.get("outcome") == "truncated"
