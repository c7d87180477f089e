"""Shared helpers for driving ``furuba play`` end to end with scripted input."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from typer.testing import CliRunner, Result

from furuba.cli.main import app

Play = Callable[..., Result]


@pytest.fixture
def play() -> Play:
    """``play(args, lines)``: run ``furuba play *args`` typing ``lines`` (one per prompt)."""
    runner = CliRunner()

    def run(args: Sequence[str], lines: Sequence[str] = ()) -> Result:
        text = "".join(f"{line}\n" for line in lines)
        result = runner.invoke(app, ["play", *args], input=text)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result

    return run
