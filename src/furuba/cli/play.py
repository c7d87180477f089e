"""``furuba play``: a game in the terminal, against bots or hot-seat with friends.

This module starts a game — new (:func:`new_session`) or from a save file
(:func:`resume_session`) — and hands it to the loop (:mod:`furuba.cli.loop`). The game is
any registered one: its spec says its players and options, and its terminal game
(:class:`~furuba.cli.screen.TerminalGame`, the generic one when it has none) draws it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from furuba import games
from furuba.cli import loop
from furuba.cli.generic_screen import GenericTerminal
from furuba.cli.kit import TerminalKit
from furuba.cli.options import game_options
from furuba.cli.saves import read_save
from furuba.cli.screen import TerminalGame
from furuba.cli.seats import Seat, parse_seats
from furuba.cli.session import Session
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.core.record import GameRecord
from furuba.spec import GameSpec
from furuba.text import _, listing, ngettext


@dataclass
class PlaySetup:
    """What ``furuba play`` was asked for (``None``: not given on the command line)."""

    game: str | None = None
    seats: str | None = None
    players: int | None = None
    seed: int | None = None
    flags: dict[str, Any] = field(default_factory=dict)
    """The shorthand option flags (``{"target": 5, "rounds": None}``)."""
    options: list[str] = field(default_factory=list)
    """The ``-o key=value`` pairs."""
    save: Path | None = None
    resume: Path | None = None

    def given(self) -> list[str]:
        """The flags given that set up a new game (``--resume`` refuses them)."""
        out = [flag for flag, value in (("--seats", self.seats), ("--players", self.players),
                                        ("--seed", self.seed)) if value is not None]
        out += [f"--{flag}" for flag, value in self.flags.items() if value is not None]
        return out + [f"-o {pair}" for pair in self.options]


def terminal_game(spec: GameSpec) -> TerminalGame:
    """The terminal game of ``spec``: its own, or the generic one."""
    terminal = spec.kit_or(TerminalKit()).terminal
    return terminal() if terminal is not None else GenericTerminal(spec)


def start(console: Console, spec: GameSpec, seats: list[Seat], state: State,
          record: GameRecord, save: Path | None) -> Session:
    """A session of ``state`` with its screen."""
    terminal = terminal_game(spec)
    screen = terminal.screen([s.name for s in seats], state, console)
    return Session(console, spec, seats, state, record, screen, terminal.rules_text, save)


def preset_players(spec: GameSpec, options: dict[str, Any]) -> int | None:
    """The players a chosen preset asks for (an option whose choices stand for other options'
    values, such as Dai Hin Min's ``rules=uecda``), when it names a count."""
    for option in spec.options:
        chosen = options.get(option.name)
        if option.presets is not None and isinstance(chosen, str):
            players = option.presets.get(chosen, {}).get("players")
            if isinstance(players, int):
                return players
    return None


def new_session(setup: PlaySetup, console: Console) -> Session:
    """A new game as ``setup`` asks, everything checked before the first card is dealt."""
    spec = games.spec(setup.game or games.names()[0])
    options = game_options(spec, setup.flags, setup.options)
    seats = parse_seats(setup.seats, setup.players,
                        default_players=preset_players(spec, options) or spec.players.default)
    options["players"] = len(seats)
    seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(1, 10**6)
    state = spec.new_game(seed=seed, **options)
    record = GameRecord(game=spec.name, options=options, seed=seed)
    session = start(console, spec, seats, state, record, setup.save)
    session.autosave()
    return session


def resume_session(setup: PlaySetup, console: Console) -> Session:
    """The game saved in ``setup.resume``; the command line may not change it."""
    assert setup.resume is not None
    given = setup.given()
    if given:
        raise OptionsError(_("--resume continues the saved game as it was; leave out "
                             "{flag}").format(flag=given[0]))
    loaded = read_save(setup.resume)
    if setup.game is not None and games.canonical_name(setup.game) != loaded.game:
        raise OptionsError(_("{path} holds a {saved} game, not {game}").format(
            path=setup.resume, saved=loaded.game, game=setup.game))
    if loaded.warning:
        console.print("[yellow]" + _("warning:") + f"[/] {escape(loaded.warning)}", highlight=False)
    save = setup.save if setup.save is not None else setup.resume
    session = start(console, games.spec(loaded.game), loaded.seats, loaded.state, loaded.record,
                    save)
    for viewer in [*session.humans, None]:
        session.unread_log(viewer)
    spec = session.spec
    count = len(loaded.record.actions)
    console.print(ngettext("Resumed {game} from {path} after {count} action.",
                           "Resumed {game} from {path} after {count} actions.", count).format(
        game=escape(spec.gettext(spec.title)), path=escape(str(setup.resume)), count=count),
        highlight=False, soft_wrap=True)
    return session


def run_play(setup: PlaySetup, console: Console) -> None:
    """Play the game ``setup`` describes, new or resumed, to its end (or until ``quit``)."""
    session = resume_session(setup, console) if setup.resume else new_session(setup, console)
    if not setup.resume:
        spec = session.spec
        seats = listing([s.described() for s in session.seats])
        console.print(_("[bold]{game}[/] — seed {seed} — {seats}").format(
            game=escape(spec.gettext(spec.title)), seed=session.record.seed, seats=escape(seats)),
            highlight=False, soft_wrap=True)
        if session.save_path is not None:
            saving = _("saving to {path} after every action").format(
                path=escape(str(session.save_path)))
            console.print(f"[dim]{saving}[/]", highlight=False, soft_wrap=True)
        console.print("[dim]" + _("type help for the commands") + "[/]", highlight=False)
    loop.run(session)
