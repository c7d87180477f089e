"""The files users gave for tables (card sets from the editor), loaded, as this process holds them.

The server owns them: a file checked and kept (:mod:`furuba.server.editors.uploads`) is loaded
once by its option's editor and held here under its game, option and the SHA-256 of its text;
importing this module installs the store as the process's source of files
(:func:`furuba.core.files.install`), through which a table's options (``upload:<sha-256>``) turn
back into the file when its game starts or its record replays. A process that loads a table
from the database reads its file back first (:func:`~furuba.server.editors.uploads.register_stored`).

The store holds at most :data:`HELD` files, the least recently used leaving first; a table
whose file left is read back from the database the next time it is loaded.

"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from furuba.core import files
from furuba.core.errors import OptionsError
from furuba.spec import UPLOADED, GameSpec
from furuba.text import _

HELD = 1024
"""The most files a process holds loaded."""


class LoadedFiles:
    """Loaded files by ``(game, option, sha-256)``, least recently used first out; safe to use
    from the event loop and worker threads alike."""

    def __init__(self, limit: int = HELD) -> None:
        self._limit = limit
        self._held: OrderedDict[tuple[str, str, str], Any] = OrderedDict()
        self._lock = threading.Lock()

    def loaded(self, game: str, option: str, digest: str) -> Any:
        """The file as loaded, or ``None`` when this process does not hold it."""
        key = (game, option, digest)
        with self._lock:
            found = self._held.get(key)
            if found is not None:
                self._held.move_to_end(key)
            return found

    def holds(self, game: str, option: str, digest: str) -> bool:
        """Whether this process holds the file."""
        return self.loaded(game, option, digest) is not None

    def clear(self) -> None:
        """Forget every file (as a process that never saw them)."""
        with self._lock:
            self._held.clear()

    def keep(self, spec: GameSpec, name: str, text: str) -> str:
        """Check ``text`` as a file of ``spec``'s option ``name``, load it and hold it; the
        option's value naming it (``upload:<sha-256>``).

        Raises :class:`~furuba.core.errors.FileProblemsError` naming each fault of the file, or
        :class:`~furuba.core.errors.OptionsError` for an option that takes no file.
        """
        option = spec.option(name)
        if option.editor is None or option.check_text is None:
            raise OptionsError(_("option {name} takes no file").format(name=name))
        value = option.upload_value(text)
        digest = value.removeprefix(UPLOADED)
        if not self.holds(spec.name, name, digest):
            option.check_text(text)
            made = option.editor.load(text)
            with self._lock:
                self._held[(spec.name, name, digest)] = made
                while len(self._held) > self._limit:
                    self._held.popitem(last=False)
        return value


FILES = LoadedFiles()
"""This process's files."""
files.install(FILES)
