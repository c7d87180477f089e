"""Which options have an editor, by the word of their routes, and which one a request means."""

from __future__ import annotations

from fastapi import HTTPException

from furuba.server.file_checks import checked_options
from furuba.spec import GameSpec, Option
from furuba.text import _

Owners = list[tuple[GameSpec, Option]]
"""The games' options that one route serves (options of the same name in several games)."""


def editor_options() -> dict[str, Owners]:
    """The options with an editor, by the word of their routes (``"cardsets"``)."""
    out: dict[str, Owners] = {}
    for word, owners in checked_options().items():
        with_editor = [(spec, option) for spec, option in owners if option.editor is not None]
        if with_editor:
            out[word] = with_editor
    return out


def pick(owners: Owners, game: str | None) -> tuple[GameSpec, Option]:
    """The game's option (``?game=``), else the first; ``404`` for a game without one."""
    for spec, option in owners:
        if game is None or game == spec.name or game in spec.aliases:
            return spec, option
    raise HTTPException(404, _("no game {game!r} has this editor").format(game=game))
