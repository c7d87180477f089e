"""The loop of ``furuba play``: bots and humans take turns until the game ends or a human quits.

With two or more humans at one keyboard (hot seat) the screen is cleared and the keyboard
handed over before a hand is shown. What happened since a player last looked is told from that
player's own view.
"""

from __future__ import annotations

from rich.markup import escape

from furuba.cli.commands import Commands, QuitGame
from furuba.cli.screen import WrittenPrompt
from furuba.cli.session import Session
from furuba.core.errors import FurubaError
from furuba.text import _


def run(session: Session) -> None:
    """Play until the game ends or a human quits."""
    try:
        while not session.state.is_terminal():
            player = session.state.current_player
            if session.seats[player].human:
                human_decides(session, player)
            else:
                bot_decides(session, player)
    except QuitGame:
        say_goodbye(session)
        return
    finish(session)


def bot_decides(session: Session, player: int) -> None:
    session.play(session.bot_for(player).choose(session.state))
    if not session.humans:
        narrate(session, None)


def human_decides(session: Session, player: int) -> None:
    """Show ``player`` the table and the menu; read lines until one is a legal action."""
    display = session.display
    hand_over(session, player)
    narrate(session, player)
    view = session.state.view(player)
    display.board(view, full=session.last_actor != player)
    menu = session.screen.menu(session.state, view)
    display.menu(view, menu)
    commands = Commands(session)
    while True:
        text = display.ask(f"[bold]{escape(session.names[player])}[/] > ").strip()
        if not text:
            continue
        try:
            action = commands.understand(text, view, menu)
        except FurubaError as exc:
            display.error(str(exc))
            continue
        if action is not None:
            break
    session.play(action)
    prompt = session.screen.written_prompt(view, session.state.view(player), player)
    if prompt is not None:
        ask_written(session, prompt, player)


def ask_written(session: Session, prompt: WrittenPrompt, player: int) -> None:
    """Ask ``player`` for the written input ``prompt`` (Enter skips it) and record it."""
    display = session.display
    display.written_prompt(prompt)
    while True:
        text = display.ask(_(prompt.ask)).strip()
        if not text:
            return
        try:
            session.write(player, prompt.name, text)
        except FurubaError as exc:
            display.error(str(exc))
            continue
        display.say(f"[dim]{escape(_(prompt.kept))}[/]")
        return


def hand_over(session: Session, player: int) -> None:
    """Hot seat: clear the screen and wait for ``player`` before showing their hand."""
    if not session.hot_seat or session.at_keyboard == player:
        session.at_keyboard = player
        return
    session.display.clear()
    words = _("Pass the keyboard to {name} — press Enter").format(
        name=escape(session.names[player]))
    session.display.ask(f"[bold]{words}[/] ")
    session.at_keyboard = player


def narrate(session: Session, viewer: int | None) -> None:
    """Print what happened since ``viewer`` last looked (from ``viewer``'s own view)."""
    for line in session.unread_log(viewer):
        session.display.log_line(line)


def finish(session: Session) -> None:
    """The game is over: what happened last, the whole table, and the result."""
    narrate(session, session.at_keyboard)
    view = session.state.view(session.at_keyboard)
    session.display.board(view)
    session.display.say(f"[bold green]{escape(session.screen.result(view))}[/]")
    if session.save_path is not None:
        session.display.say("[dim]" + _("the finished game is saved in {path}").format(
            path=escape(str(session.save_path))) + "[/]", soft_wrap=True)


def say_goodbye(session: Session) -> None:
    if session.save_path is not None:
        session.autosave()
        session.display.say(_("Saved. Resume with: furuba play --resume {path}").format(
            path=escape(str(session.save_path))), soft_wrap=True)
    else:
        session.display.say(_("bye (the game was not saved)"))

