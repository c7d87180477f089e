"""``furuba play``: a game in the terminal, against bots or hot-seat with friends.

The game-independent part lives here: who sits where (:func:`parse_seats`), the loop that lets
bots and humans take turns (:class:`Session`), the commands every game understands (``help``,
``board``, ``log``, ``rules``, ``save``, ``quit``), hot-seat hand-overs, and saving and resuming.
What a game looks like on screen comes from its :class:`Screen`
(:mod:`furuba.cli.play_zodiac`, :mod:`furuba.cli.play_daihinmin`).

Humans see the game only through ``state.view(player)``, so a human never sees another seat's
hidden cards; with two or more humans the screen is cleared and the keyboard handed over before a
hand is shown.

>>> [(s.name, s.human) for s in parse_seats("you,greedy,random", None)]
[('You', True), ('Greedy 2', False), ('Random 3', False)]
>>> [s.name for s in parse_seats("human:Ann,you,greedy", None)]
['Ann', 'Player 2', 'Greedy 3']
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.padding import Padding

from furuba import games
from furuba.bots.base import Bot
from furuba.bots.registry import make_bot, parse_spec
from furuba.core.errors import FurubaError, IllegalActionError, OptionsError, SaveFileError
from furuba.core.protocol import JSON, State
from furuba.core.record import GameRecord

SAVE_FORMAT = 1
DEFAULT_PLAYERS = 4
DEFAULT_BOT = "greedy"
HUMAN_WORDS = ("you", "human", "me")
LONG_MENU = 10
"""Menus longer than this are laid out in columns."""


# -- the setup ---------------------------------------------------------------------------------
@dataclass
class PlaySetup:
    """What ``furuba play`` was asked for (``None``: not given on the command line)."""

    game: str | None = None
    seats: str | None = None
    players: int | None = None
    seed: int | None = None
    cardset: Path | None = None
    variant: str | None = None
    sets: int | None = None
    target: int | None = None
    rounds: int | None = None
    save: Path | None = None
    resume: Path | None = None


@dataclass(frozen=True)
class Seat:
    """One seat at the table: a human at this keyboard, or a bot built from ``spec``."""

    spec: str
    name: str
    human: bool

    def saved_spec(self) -> str:
        """The spec written to a save file (humans keep their names)."""
        return f"human:{self.name}" if self.human else self.spec


def _is_human(spec: str) -> tuple[bool, str | None]:
    word, colon, name = spec.partition(":")
    if word.strip().lower() not in HUMAN_WORDS:
        return False, None
    name = name.strip()
    if colon and not name:
        raise OptionsError(f"seat {spec!r}: give a name after the colon, e.g. human:Ann")
    return True, name or None


def parse_seats(text: str | Sequence[str] | None, players: int | None) -> list[Seat]:
    """The seats named by ``text`` (``you,greedy,…``); by default you and greedy bots.

    Bot specs are checked by building each bot once; a bad one gets a clear error.
    """
    if text is None:
        count = DEFAULT_PLAYERS if players is None else players
        specs = ["you"] + [DEFAULT_BOT] * max(0, count - 1)
    else:
        specs = [s.strip() for s in text.split(",")] if isinstance(text, str) else list(text)
        if any(not s for s in specs):
            raise OptionsError(f"--seats {text!r} has an empty seat; "
                               "write e.g. --seats you,greedy,greedy,random")
        if players is not None and players != len(specs):
            raise OptionsError(f"--seats names {len(specs)} seats but --players is {players}; "
                               "give one seat per player")
    kinds = [_is_human(s) for s in specs]
    humans = sum(1 for human, _ in kinds if human)
    seats = []
    for i, (spec, (human, name)) in enumerate(zip(specs, kinds, strict=True)):
        if human:
            label = name or ("You" if humans == 1 else f"Player {i + 1}")
            seats.append(Seat(spec, label, True))
        else:
            make_bot(spec, 0)
            bot_name, _ = parse_spec(spec)
            seats.append(Seat(spec, f"{bot_name.capitalize()} {i + 1}", False))
    names = [s.name.lower() for s in seats]
    for s in seats:
        if names.count(s.name.lower()) > 1:
            raise OptionsError(f"two seats are called {s.name!r}; give each human its own name")
    return seats


# -- what a game must show ---------------------------------------------------------------------
Choice = tuple[int, str]
"""A menu line: the action id and how it reads."""


class Screen(Protocol):
    """How one game looks and reads in the terminal. Everything is drawn from views."""

    title: str
    rules_text: str

    def board(self, view: JSON, full: bool = True) -> list[RenderableType]:
        """The table as ``view``'s player sees it (their own hand included); ``full=False``:
        only what changes between two decisions of one turn."""
        ...

    def log_texts(self, view: JSON) -> list[str]:
        """Every log entry of ``view`` as one line, oldest first (names, not ids)."""
        ...

    def heading(self, view: JSON) -> str:
        """What the player must decide now, in a few words."""
        ...

    def menu(self, state: State, view: JSON) -> list[Choice]:
        """The legal actions, in menu order, with the text of each line."""
        ...

    def parse(self, state: State, text: str) -> int:
        """The legal action ``text`` names (raise :class:`FurubaError` with the reason)."""
        ...

    def after_action(self, session: Session, before: JSON, player: int) -> None:
        """Anything the player does after an action outside the rules (True Friends answers)."""
        ...

    def result(self, view: JSON) -> str:
        """The final result line of a finished game."""
        ...

    def commands(self) -> dict[str, tuple[str, Callable[[JSON, str], None]]]:
        """Extra commands of this game: name → (help line, handler(view, argument))."""
        ...


def name_players(text: str, names: Sequence[str]) -> str:
    """Replace ``player N`` in an engine text by the seat's name.

    >>> name_players("round 2: player 0's turn", ["You", "Greedy 2"])
    'round 2: your turn'
    >>> name_players("player 1 drew a card", ["You", "Greedy 2"])
    'Greedy 2 drew a card'
    """
    def possessive(m: re.Match[str]) -> str:
        name = _name(names, int(m.group(1)))
        return "your" if name == "You" else f"{name}'s"

    text = re.sub(r"\bplayer (\d+)'s\b", possessive, text)
    return re.sub(r"\bplayer (\d+)\b", lambda m: _name(names, int(m.group(1))), text)


def _name(names: Sequence[str], player: int) -> str:
    return names[player] if 0 <= player < len(names) else f"player {player}"


# -- the save file -----------------------------------------------------------------------------
def write_save(path: Path, game: str, seats: Sequence[Seat], record: GameRecord,
               state: State) -> None:
    """Write the save file atomically (a half-written save never replaces a good one)."""
    data = {"furuba_save": SAVE_FORMAT, "game": game,
            "seats": [s.saved_spec() for s in seats],
            "record": record.to_json(), "state": state.to_json()}
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise SaveFileError(f"cannot write the save file {path}: {exc.strerror or exc}") from None


@dataclass
class Loaded:
    """A save file read back."""

    game: str
    seats: list[Seat]
    record: GameRecord
    state: State
    warning: str | None = None


def read_save(path: Path) -> Loaded:
    """Read and check a save file; a broken one gets a :class:`SaveFileError` naming the fault."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SaveFileError(f"cannot read the save file {path}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveFileError(f"{path} is not a furuba save file (not JSON: {exc})") from None
    if not isinstance(data, dict) or data.get("furuba_save") != SAVE_FORMAT:
        raise SaveFileError(f"{path} is not a furuba save file (no 'furuba_save': {SAVE_FORMAT})")
    try:
        game = games.canonical_name(str(data["game"]))
        raw_seats = data["seats"]
        record = GameRecord.from_json(data["record"])
        state_data = data["state"]
    except KeyError as exc:
        raise SaveFileError(f"{path}: the save file has no {exc.args[0]!r}") from None
    except FurubaError as exc:
        raise SaveFileError(f"{path}: {exc}") from None
    if not isinstance(raw_seats, list) or not all(isinstance(s, str) for s in raw_seats):
        raise SaveFileError(f"{path}: 'seats' must be a list of seat names")
    if not isinstance(state_data, dict) or state_data.get("game", game) != game:
        raise SaveFileError(f"{path}: the saved state is not a {game} state")
    try:
        seats = parse_seats(raw_seats, None)
    except FurubaError as exc:
        raise SaveFileError(f"{path}: {exc}") from None
    if record.game != game:
        raise SaveFileError(f"{path}: the record is of {record.game!r}, the save of {game!r}")
    try:
        state = games.state_from_json({**state_data, "game": game})
        warning = _replay_warning(record, state)
    except FurubaError as exc:
        state, warning = _replay_instead(path, record, exc)
    if len(seats) != state.num_players:
        raise SaveFileError(f"{path}: {len(seats)} seats for a {state.num_players}-player game")
    return Loaded(game, seats, record, state, warning)


def _replay_instead(path: Path, record: GameRecord, problem: FurubaError) -> tuple[State, str]:
    """The state rebuilt from the record when the saved state cannot be read."""
    try:
        state = record.replay()
    except FurubaError:
        raise SaveFileError(f"{path}: {problem}") from None
    return state, (f"the saved state cannot be read ({problem}); it was rebuilt by replaying "
                   "the game record (True Friends answers are not in the record)")


def _comparable(data: JSON) -> JSON:
    """A state's JSON without what a replay cannot know (True Friends answers)."""
    out = dict(data)
    if isinstance(out.get("journal"), list):
        out["journal"] = [[*e[:-1], ""] if isinstance(e, list) and e else e
                          for e in out["journal"]]
    return out


def _replay_warning(record: GameRecord, state: State) -> str | None:
    try:
        replayed = record.replay()
    except FurubaError as exc:
        return f"the game record does not replay ({exc}); continuing from the saved state"
    if _comparable(replayed.to_json()) != _comparable(state.to_json()):
        return ("the game record does not replay to the saved state; "
                "continuing from the saved state")
    return None


# -- the loop ----------------------------------------------------------------------------------
class QuitGame(Exception):  # noqa: N818 - a signal, not an error
    """The player typed ``quit``."""


BASE_HELP = (
    ("a number", "choose that line of the menu"),
    ("an action name", "e.g. move, draw, play Trust, 7 7 joker, pass"),
    ("board", "show the table again"),
    ("log [N]", "the last N log entries (12 by default)"),
    ("rules", "a short summary of the rules"),
    ("save [FILE]", "save now, and after every action from then on"),
    ("hint [N]", "the N best actions (3 by default) with win chances and reasons"),
    ("help", "this list"),
    ("quit", "leave the game"),
)


@dataclass
class Session:
    """One game being played in the terminal."""

    console: Console
    game: str
    seats: list[Seat]
    state: State
    record: GameRecord
    screen: Screen
    save_path: Path | None = None
    seen: dict[int | None, int] = field(default_factory=dict)
    at_keyboard: int | None = None
    last_actor: int | None = None

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) >= 2

    # -- running ---------------------------------------------------------------------------
    def run(self) -> None:
        """Play until the game ends or a human quits."""
        try:
            while not self.state.is_terminal():
                player = self.state.current_player
                if self.seats[player].human:
                    self.human_decides(player)
                else:
                    self.bot_decides(player)
        except QuitGame:
            self.say_goodbye()
            return
        self.finish()

    def bot_for(self, player: int) -> Bot:
        """The bot of seat ``player`` for this decision.

        It is seeded from the game seed, the seat and the move number, so a bot's choice depends
        only on the game so far: a resumed game goes on exactly as it would have without a break.
        """
        seed = (self.record.seed * 1_000_003 + player * 7919 + len(self.record.actions)) % 2**63
        return make_bot(self.seats[player].spec, seed)

    def bot_decides(self, player: int) -> None:
        action = self.bot_for(player).choose(self.state)
        self.play(action)
        if not self.humans:
            self.narrate(None)

    def play(self, action: int) -> None:
        """Apply ``action``, record it and save."""
        self.last_actor = self.state.current_player
        self.record.play(self.state, action)
        self.autosave()

    def autosave(self) -> None:
        if self.save_path is not None:
            write_save(self.save_path, self.game, self.seats, self.record, self.state)

    # -- humans ----------------------------------------------------------------------------
    def hand_over(self, player: int) -> None:
        """Hot-seat: clear the screen and wait for ``player`` before showing their hand."""
        if not self.hot_seat or self.at_keyboard == player:
            self.at_keyboard = player
            return
        self.clear_screen()
        self.ask(f"[bold]Pass the keyboard to {escape(self.names[player])}[/] — press Enter ")
        self.at_keyboard = player

    def clear_screen(self) -> None:
        """Clear the screen and, where the terminal allows, its scrollback."""
        if self.console.is_terminal:
            self.console.file.write("\x1b[H\x1b[2J\x1b[3J")
            self.console.file.flush()
        self.console.print()

    def human_decides(self, player: int) -> None:
        self.hand_over(player)
        self.narrate(player)
        view = self.state.view(player)
        self.show_board(view, full=self.last_actor != player)
        menu = self.screen.menu(self.state, view)
        self.show_menu(view, menu)
        while True:
            text = self.ask(f"[bold]{escape(self.names[player])}[/] > ").strip()
            if not text:
                continue
            try:
                action = self.understand(text, view, menu)
            except FurubaError as exc:
                self.console.print(f"[red]{escape(str(exc))}[/]", highlight=False)
                continue
            if action is None:
                continue
            self.play(action)
            self.screen.after_action(self, view, player)
            return

    def understand(self, text: str, view: JSON, menu: list[Choice]) -> int | None:
        """The action ``text`` chooses, or ``None`` after running a command."""
        word, _, arg = text.partition(" ")
        if text.isdigit():
            k = int(text)
            if not 1 <= k <= len(menu):
                span = f"1 to {len(menu)}" if len(menu) > 1 else "1"
                raise IllegalActionError(f"there is no choice {k}: pick {span}, "
                                         "or type an action (help lists the commands)")
            return menu[k - 1][0]
        if self.command(word.lower(), arg.strip(), view, menu):
            return None
        return self.screen.parse(self.state, text)

    def command(self, word: str, arg: str, view: JSON, menu: list[Choice]) -> bool:
        """Run the command ``word``; ``False`` when it is not a command."""
        extra = self.screen.commands()
        if word in ("help", "?"):
            self.show_help(extra)
        elif word in ("board", "table"):
            self.show_board(view)
            self.show_menu(view, menu)
        elif word == "log":
            self.show_log(view, arg)
        elif word == "rules":
            self.console.print(self.screen.rules_text, highlight=False)
        elif word == "save":
            self.save_command(arg)
        elif word == "hint":
            self.hint_command(arg, menu)
        elif word in ("quit", "exit"):
            raise QuitGame
        elif word in extra:
            extra[word][1](view, arg)
        else:
            return False
        return True

    def show_help(self, extra: dict[str, tuple[str, Callable[[JSON, str], None]]]) -> None:
        lines = [*BASE_HELP, *((k, v[0]) for k, v in extra.items())]
        for key, text in lines:
            self.console.print(f"  [bold]{escape(key):<14}[/] {escape(text)}", highlight=False)

    def show_log(self, view: JSON, arg: str) -> None:
        if arg and not arg.isdigit():
            raise IllegalActionError(f"log takes a number of entries, not {arg!r}")
        count = int(arg) if arg else 12
        for line in self.screen.log_texts(view)[-count:] if count else []:
            self.print_log_line(line)

    def save_command(self, arg: str) -> None:
        if arg:
            self.save_path = Path(arg)
        if self.save_path is None:
            raise SaveFileError("no save file yet: type save FILE (or start with --save FILE)")
        self.autosave()
        self.console.print(f"saved to {escape(str(self.save_path))}; it is saved after every "
                           "action from now on", highlight=False, soft_wrap=True)

    def hint_command(self, arg: str, menu: list[Choice]) -> None:
        """Show the search bot's best actions for the player to move (from their view only)."""
        from furuba.bots.hint import hint

        if arg and not (arg.isdigit() and 1 <= int(arg) <= len(menu)):
            raise IllegalActionError(f"hint takes a number of actions from 1 to {len(menu)}, "
                                     f"not {arg!r}")
        count = int(arg) if arg else 3
        seed = (self.record.seed * 1_000_003 + len(self.record.actions)) % 2**63
        with self.console.status("thinking…"):
            hints = hint(self.state, self.state.current_player, count=count, seed=seed)
        lines = {action: (i, label) for i, (action, label) in enumerate(menu, 1)}
        for h in hints:
            number, label = lines.get(h.action, (0, escape(h.name)))
            reason = escape(name_players(h.reason, self.names))
            self.console.print(f"  [cyan]{number}[/] {label} — [bold]{h.win_chance:.0%}[/] "
                               f"to win: {reason}", highlight=False)

    def show_board(self, view: JSON, full: bool = True) -> None:
        for part in self.screen.board(view, full):
            self.console.print(part)

    def show_menu(self, view: JSON, menu: list[Choice]) -> None:
        self.console.print(f"[bold]{escape(self.screen.heading(view))}[/]", highlight=False)
        width = len(str(len(menu)))
        lines = [f"[cyan]{i:>{width}}[/] {label}" for i, (_, label) in enumerate(menu, 1)]
        if len(lines) > LONG_MENU:
            self.console.print(Padding(Columns(lines, column_first=True, padding=(0, 3)),
                                       (0, 0, 0, 2)), highlight=False)
            return
        for line in lines:
            self.console.print(f"  {line}", highlight=False)

    def ask(self, prompt: str) -> str:
        return self.console.input(prompt)

    # -- narration -------------------------------------------------------------------------
    def narrate(self, viewer: int | None) -> None:
        """Print what happened since ``viewer`` last looked (from ``viewer``'s own view)."""
        texts = self.screen.log_texts(self.state.view(viewer))
        start = self.seen.get(viewer, 0)
        for line in texts[start:]:
            self.print_log_line(line)
        self.seen[viewer] = len(texts)

    def print_log_line(self, line: str) -> None:
        if line.startswith("──"):
            self.console.print(f"[dim]{escape(line)}[/]", highlight=False)
        else:
            self.console.print(f"  {escape(line)}", highlight=False)

    def finish(self) -> None:
        """The game is over: what happened last, the whole table, and the result."""
        self.narrate(self.at_keyboard)
        view = self.state.view(self.at_keyboard)
        self.show_board(view)
        self.console.print(f"[bold green]{escape(self.screen.result(view))}[/]", highlight=False)
        if self.save_path is not None:
            self.console.print(f"[dim]the finished game is saved in {escape(str(self.save_path))}[/]",
                               highlight=False, soft_wrap=True)

    def say_goodbye(self) -> None:
        if self.save_path is not None:
            self.autosave()
            self.console.print(f"Saved. Resume with: furuba play --resume "
                               f"{escape(str(self.save_path))}", highlight=False, soft_wrap=True)
        else:
            self.console.print("bye (the game was not saved)", highlight=False)


# -- starting a game ---------------------------------------------------------------------------
def _game_options(game: str, setup: PlaySetup) -> dict[str, Any]:
    if game == "zodiac":
        from furuba.cli.play_zodiac import options_from_setup
    else:
        from furuba.cli.play_daihinmin import options_from_setup
    return options_from_setup(setup)


def make_screen(game: str, names: list[str], state: State, console: Console) -> Screen:
    """The screen of ``game``."""
    if game == "zodiac":
        from furuba.cli.play_zodiac import ZodiacScreen

        return ZodiacScreen(names, state, console)
    from furuba.cli.play_daihinmin import DaihinminScreen

    return DaihinminScreen(names, state, console)


def new_session(setup: PlaySetup, console: Console) -> Session:
    """A new game as ``setup`` asks, everything checked before the first card is dealt."""
    game = games.canonical_name(setup.game or "zodiac")
    seats = parse_seats(setup.seats, setup.players)
    options = _game_options(game, setup)
    options["players"] = len(seats)
    seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(1, 10**6)
    state = games.new_game(game, seed=seed, **options)
    record = GameRecord(game=game, options=options, seed=seed)
    session = Session(console, game, seats, state, record,
                      make_screen(game, [s.name for s in seats], state, console), setup.save)
    session.autosave()
    return session


def resume_session(setup: PlaySetup, console: Console) -> Session:
    """The game saved in ``setup.resume``; the command line may not change it."""
    assert setup.resume is not None
    given = [flag for flag, value in (("--seats", setup.seats), ("--players", setup.players),
                                      ("--seed", setup.seed), ("--cardset", setup.cardset),
                                      ("--variant", setup.variant), ("--sets", setup.sets),
                                      ("--target", setup.target), ("--rounds", setup.rounds))
             if value is not None]
    if given:
        raise OptionsError(f"--resume continues the saved game as it was; leave out {given[0]}")
    loaded = read_save(setup.resume)
    if setup.game is not None and games.canonical_name(setup.game) != loaded.game:
        raise OptionsError(f"{setup.resume} holds a {loaded.game} game, not {setup.game}")
    if loaded.warning:
        console.print(f"[yellow]warning:[/] {escape(loaded.warning)}", highlight=False)
    save = setup.save if setup.save is not None else setup.resume
    names = [s.name for s in loaded.seats]
    session = Session(console, loaded.game, loaded.seats, loaded.state, loaded.record,
                      make_screen(loaded.game, names, loaded.state, console), save)
    for viewer in [*session.humans, None]:
        session.seen[viewer] = len(session.screen.log_texts(loaded.state.view(viewer)))
    console.print(f"Resumed {escape(session.screen.title)} from {escape(str(setup.resume))} "
                  f"after {len(loaded.record.actions)} actions.", highlight=False, soft_wrap=True)
    return session


def run_play(setup: PlaySetup, console: Console) -> None:
    """Play the game ``setup`` describes, new or resumed, to its end (or until ``quit``)."""
    session = resume_session(setup, console) if setup.resume else new_session(setup, console)
    if not setup.resume:
        seats = ", ".join(s.name if s.human or s.name.lower().startswith(s.spec.lower())
                          else f"{s.name} ({s.spec})" for s in session.seats)
        console.print(f"[bold]{escape(session.screen.title)}[/] — seed {session.record.seed} — "
                      f"{escape(seats)}", highlight=False)
        if session.save_path is not None:
            console.print(f"[dim]saving to {escape(str(session.save_path))} after every action[/]",
                          highlight=False, soft_wrap=True)
        console.print("[dim]type help for the commands[/]", highlight=False)
    session.run()
