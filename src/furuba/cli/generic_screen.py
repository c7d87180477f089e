"""Any game in the terminal, drawn from the protocol alone (a spec whose ``terminal`` is None).

It shows whose turn it is, the player's view as readable keys and values, the log, a numbered
menu of the legal actions by their text, and the scores and winners at the end. It reads the
state only for what the protocol makes public: whose turn it is, the legal actions and their
names, and — once the game is over — returns and scores (a game's points may depend on hidden
cards, so while the game runs the only points shown are those its view holds).

>>> from furuba import games
>>> from rich.console import Console
>>> state = games.new_game("daihinmin", players=4, seed=1)
>>> screen = GenericTerminal(games.spec("daihinmin")).screen(["Ann", "Bo", "Cy", "Di"],
...                                                          state, Console())
>>> screen.heading({}) == f"{'Ann Bo Cy Di'.split()[state.current_player]}: choose:"
True
>>> screen.entry_text({"n": 3, "player": 1, "event": "drew", "card": 4})
'Bo drew (card: 4)'
>>> render({"cards": ["7♠", "joker1"], "points": None, "out": True})
'cards: 7♠, joker1; points: —; out: yes'
>>> render([[1, 4], [6, 6]])
'1, 4 | 6, 6'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.table import Table

from furuba.cli.screen import Choice, Command, WrittenPrompt, name_players, player_name
from furuba.core.errors import FurubaError, IllegalActionError
from furuba.core.protocol import JSON, State
from furuba.spec import GameSpec
from furuba.text import _, is_you, listing, together

HIDDEN_KEYS = ("game", "log")
"""View keys the key/value table leaves out (the log has its own lines)."""
PLAYER_KEYS = ("player", "viewer", "turn", "current_player", "dealer", "leader")
"""View keys whose whole-number values are players (shown by name)."""


class GenericTerminal:
    """The terminal game of any spec: its title, description and options as the rules."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec

    @property
    def rules_text(self) -> str:
        spec = self.spec
        say = spec.gettext
        lines = [f"[bold]{escape(say(spec.title))}[/] — {escape(say(spec.description))}",
                 "• " + _("{low} to {high} players.").format(low=spec.players.low,
                                                             high=spec.players.high)]
        lines += ["• " + _("option {name} (default {default!r}): {help}").format(
                      name=escape(o.name), default=o.default, help=escape(say(o.help)))
                  for o in spec.options]
        return "\n".join(lines)

    def screen(self, names: Sequence[str], state: State, console: Console) -> GenericScreen:
        return GenericScreen(names, state, self.spec.gettext)


class GenericScreen:
    """Any game's terminal face (:class:`~furuba.cli.screen.Screen`), from its views.

    ``say`` is the game's catalog (its spec's ``gettext``): the view's keys are said through
    it, so a game gives them words in every language by putting them in its catalog.
    """

    def __init__(self, names: Sequence[str], state: State,
                 say: Callable[[str], str] = lambda text: text) -> None:
        self.names = list(names)
        self.state = state
        """The game's state (the session plays on this very object)."""
        self.say = say

    def who(self, player: int) -> str:
        return player_name(self.names, player)

    def board(self, view: JSON, full: bool = True) -> list[RenderableType]:
        table = Table(box=None, pad_edge=False, padding=(0, 1), show_header=False)
        table.add_column("key", style="bold", no_wrap=True)
        table.add_column("value", overflow="fold")
        for key, value in view.items():
            if key not in HIDDEN_KEYS:
                shown = self.who(value) if _is_player(key, value) else render(value)
                table.add_row(escape(self.say(key.replace("_", " "))), escape(shown))
        return [self.status(), table]

    def status(self) -> str:
        """Whose turn it is, or the scores once the game is over."""
        if not self.state.is_terminal():
            return _("[bold]{name}[/] to play").format(
                name=escape(self.who(self.state.current_player)))
        scores = " · ".join(f"{escape(self.who(p))} {s:g}"
                            for p, s in enumerate(self.state.scores()))
        return _("[bold]Game over[/] — scores: {scores}").format(scores=scores)

    def log_texts(self, view: JSON) -> list[str]:
        log = view.get("log")
        return [self.entry_text(e) for e in log if isinstance(e, dict)] \
            if isinstance(log, list) else []

    def entry_text(self, entry: JSON) -> str:
        """A log entry as one line: its text, or who did what and its details."""
        if isinstance(entry.get("text"), str):
            return name_players(entry["text"], self.names)
        rest = {k: v for k, v in entry.items() if k not in ("n", "after", "player", "event", "kind")}
        who = self.who(entry["player"]) if _is_player("player", entry.get("player")) else ""
        what = str(entry.get("event", entry.get("kind", "")))
        line = " ".join(part for part in (who, what) if part) or "—"
        return f"{line} ({render(rest)})" if rest else line

    def heading(self, view: JSON) -> str:
        return _("{name}: choose:").format(name=self.who(self.state.current_player))

    def menu(self, state: State, view: JSON) -> list[Choice]:
        return [(a, escape(state.action_to_string(a))) for a in state.legal_actions()]

    def parse(self, state: State, text: str) -> int:
        """The legal action named ``text`` as the menu writes it (any case)."""
        legal = {state.action_to_string(a).lower(): a for a in state.legal_actions()}
        wanted = " ".join(text.split()).lower()
        if wanted in legal:
            return legal[wanted]
        try:
            action = state.string_to_action(text.strip())
        except FurubaError:
            raise IllegalActionError(_("unknown command or action {text!r}; type a number from "
                                       "the menu, an action as the menu writes it, or "
                                       "help").format(text=text)) from None
        if action in legal.values():
            return action
        raise IllegalActionError(_("{action!r} is not possible now; choose a number from the "
                                   "menu").format(action=state.action_to_string(action)))

    def written_prompt(self, before: JSON, after: JSON, player: int) -> WrittenPrompt | None:
        return None

    def result(self, view: JSON) -> str:
        returns = self.state.returns()
        winners = [self.who(p) for p, r in enumerate(returns) if r > 0]
        scores = listing([f"{self.who(p)} {s:g}" for p, s in enumerate(self.state.scores())])
        if not winners:
            return _("Game over: no one wins (scores: {scores}).").format(scores=scores)
        if len(winners) == 1:
            if is_you(winners[0]):
                return _("Game over: you win (scores: {scores}).").format(scores=scores)
            return _("Game over: {name} wins (scores: {scores}).").format(name=winners[0],
                                                                         scores=scores)
        return _("Game over: {names} win together (scores: {scores}).").format(
            names=together(winners), scores=scores)

    def commands(self) -> dict[str, Command]:
        return {}


def _is_player(key: str, value: Any) -> bool:
    return (key in PLAYER_KEYS or key.endswith("_player")) and isinstance(value, int) \
        and not isinstance(value, bool)


def render(value: Any) -> str:
    """A view value as readable text: lists by commas, mappings as ``key: value``."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, dict):
        return "; ".join(f"{str(k).replace('_', ' ')}: {render(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        if any(isinstance(v, dict | list | tuple) for v in value):
            return " | ".join(render(v) for v in value) or _("none")
        return listing([render(v) for v in value]) or _("none")
    return str(value)
