"""The language of the ``furuba`` command: ``--lang``, else the terminal's, chosen before the
command's help is built.

Typer builds a command's help from the strings its parameters hold when the command is made, so
``furuba`` chooses its language first (:func:`asked_language`, from the arguments and the
environment) and then builds its commands (:func:`furuba.cli.main.build_app`): their help, and
Typer's own words around it (:func:`typer_words`), are said in that language.

>>> asked_language(["--lang", "ja", "play"], {}), asked_language(["--lang=en"], {"LANG": "ja_JP"})
('ja', 'en')
>>> asked_language(["play", "--lang", "ja"], {"LANG": "ja_JP.UTF-8"})   # a command's argument
'ja'
>>> asked_language([], {"LC_ALL": "C"})
'en'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import typer
from typer import rich_utils

from furuba import i18n
from furuba.text import N_, _

TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}
"""The words Typer says around a command's help (its module's names for them)."""
HELP_OPTION = N_("Show this message and exit.")


def asked_language(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language asked for by ``--lang`` (before the command's name), else by the
    environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English by default."""
    args = list(argv)
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return i18n.supported(args[i + 1]) or i18n.DEFAULT
        if arg.startswith("--lang="):
            return i18n.supported(arg.partition("=")[2]) or i18n.DEFAULT
        if not arg.startswith("-"):
            break
    return i18n.from_environment(dict(environ) if environ is not None else None)


@contextmanager
def typer_words() -> Iterator[None]:
    """Typer's own words (panel titles, ``[default: …]``) in the context's language while the
    block runs; as they were after it."""
    before = {name: getattr(rich_utils, name) for name in TYPER_WORDS}
    try:
        for name, words in TYPER_WORDS.items():
            setattr(rich_utils, name, _(words))
        yield
    finally:
        for name, words in before.items():
            setattr(rich_utils, name, words)


def say_help_options(command: Any) -> None:
    """Give the ``--help`` of ``command`` and of every command under it its words in the
    context's language (Typer makes the option with English words)."""
    ctx = typer.Context(command)
    option = command.get_help_option(ctx)
    if option is not None:
        option.help = _(HELP_OPTION)
    for sub in getattr(command, "commands", {}).values():
        say_help_options(sub)
