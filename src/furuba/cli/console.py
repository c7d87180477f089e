"""The consoles of the ``furuba`` command and its one way of failing: a clear line, status 2."""

from __future__ import annotations

import typer
from rich.console import Console

from furuba.text import _

console = Console()
err = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    """Print ``message`` as the one error line of the command; ``raise`` what it returns."""
    err.print("[bold red]" + _("error:") + f"[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(2)
