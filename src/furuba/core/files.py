"""Files users gave for an option (a card set from the editor), as this process holds them.

A table started from such a file keeps, in its options, the value ``upload:<sha-256>`` of the
file's text (:data:`furuba.spec.UPLOADED`); its record replays wherever that value can be turned
back into the loaded file. Whoever hosts such tables (the web server,
:mod:`furuba.server.editors.loaded`) owns the files and installs, once, the source that finds
them (:func:`install`); :meth:`furuba.spec.GameSpec.game_kwargs` asks it. A process that hosts
none (the terminal, the simulator, the adapters) has no source, and a value naming a file is
refused with a sentence.

>>> class One:
...     def loaded(self, game: str, option: str, digest: str) -> object:
...         return "the set" if digest == "ab" else None
>>> install(One())
>>> loaded("zodiac", "cardset", "ab"), loaded("zodiac", "cardset", "cd")
('the set', None)
>>> install(None)
"""

from __future__ import annotations

from typing import Any, Protocol


class FileSource(Protocol):
    """Finds a loaded file by its game, option and the SHA-256 of its text."""

    def loaded(self, game: str, option: str, digest: str) -> Any:
        """The file as its option's editor loaded it, or ``None`` when not held."""


_source: FileSource | None = None


def install(source: FileSource | None) -> None:
    """Make ``source`` the process's source of files (``None``: none)."""
    global _source
    _source = source


def loaded(game: str, option: str, digest: str) -> Any:
    """The file the process's source holds, or ``None`` (also when there is no source)."""
    return None if _source is None else _source.loaded(game, option, digest)
