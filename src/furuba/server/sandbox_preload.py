"""Imported by the ``forkserver`` of :mod:`furuba.server.sandbox` before it forks any child: it
loads every registered game and reads each game's first starting file once, so that every child
starts with the games, their file readers and what those import lazily already in memory (a job
then costs a fork rather than some 160 ms of imports). The objects loaded are then frozen for the
garbage collector (:func:`gc.freeze`), so that a child's collections neither walk them nor copy
the pages they share with the ``forkserver``.

Importing it anywhere else only loads the games (and reads a small file per option).
"""

from __future__ import annotations

import contextlib
import gc

from furuba import games


def warm() -> None:
    """Load the games and run each file reader once on the option's first starting file."""
    for spec in games.specs():
        for option in spec.options:
            editor = option.editor
            if editor is None or option.check_text is None:
                continue
            with contextlib.suppress(Exception):   # a reader that fails now fails in the job
                text = next(iter(editor.starts().values()))
                editor.read(text)
                option.check_text(text)
                editor.write(editor.read(text))


warm()
gc.freeze()   # a child's collections leave the loaded objects alone (and unshared pages)
