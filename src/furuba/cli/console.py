"""The consoles of the ``furuba`` command and its one way of failing: a clear line, status 2."""

from __future__ import annotations

import typer
from rich.console import Console

console = Console()
err = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    """Print ``message`` as the one error line of the command; ``raise`` what it returns."""
    err.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(2)
