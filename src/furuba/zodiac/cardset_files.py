"""The card sets a table may choose by name: the ones shipped with furuba and the server's own.

``furuba serve --cardsets DIR`` checks every ``*.toml`` in DIR and names the folders in the
``FURUBA_CARDSETS`` environment variable; clients then choose a set by its name, never by path.

>>> bundled_cardsets()["default"]
'default'
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

CARDSET_DIRS_ENV = "FURUBA_CARDSETS"
"""Folders of extra card-set files the server offers (``os.pathsep``-separated)."""


def bundled_cardsets() -> dict[str, str]:
    """Card sets a table may use: name → file path (``default`` is always there).

    The sets shipped with furuba, plus every ``*.toml`` in the folders named by
    :data:`CARDSET_DIRS_ENV`.
    """
    folder = resources.files("furuba.zodiac") / "cardsets"
    out = {"default": "default"}
    for entry in folder.iterdir():
        if entry.name.endswith(".toml") and entry.name != "default.toml":
            out[entry.name.removesuffix(".toml")] = str(entry)
    for extra in filter(None, os.environ.get(CARDSET_DIRS_ENV, "").split(os.pathsep)):
        for path in sorted(Path(extra).glob("*.toml")):
            out.setdefault(path.stem, str(path))
    return out


def add_cardset_folder(folder: Path) -> None:
    """Check every card-set file (``*.toml``) in ``folder`` and offer them by name: the folder
    joins those named by :data:`CARDSET_DIRS_ENV`, which this process and its children read.

    Raises :class:`~furuba.core.errors.CardSetError` naming the first bad file.
    """
    from furuba.zodiac.cardset import load_cardset

    for path in sorted(folder.glob("*.toml")):
        load_cardset(path)
    folders = [f for f in os.environ.get(CARDSET_DIRS_ENV, "").split(os.pathsep) if f]
    resolved = str(folder.resolve())
    if resolved not in folders:
        os.environ[CARDSET_DIRS_ENV] = os.pathsep.join([*folders, resolved])


def check_cardset_text(text: str) -> dict[str, object]:
    """Check a card-set file's text (as a user uploads it) and summarise it: its name, its
    counts, symbols and languages. Raises :class:`~furuba.core.errors.FileProblemsError` naming
    every faulty field.

    >>> text = (resources.files("furuba.zodiac") / "cardsets" / "default.toml").read_text("utf-8")
    >>> summary = check_cardset_text(text)
    >>> summary["name"], summary["memories"], summary["events"], summary["languages"]
    ('furuba original', 37, 16, ['en', 'ja'])
    >>> check_cardset_text('name = "mine"\\n[[symbols]]\\nid = 3')
    Traceback (most recent call last):
    ...
    furuba.core.errors.FileProblemsError: symbols[0].id: should be text in quotes; ...
    """
    from furuba.core.errors import FileProblemsError
    from furuba.zodiac.cardset import cardset_problems

    cs, problems = cardset_problems(text)
    if cs is None:
        raise FileProblemsError(problems)
    total = len(cs.texts())
    return {"name": cs.name, "description": cs.description, "deck_size": cs.deck_size,
            "memories": sum(m.count for m in cs.memories),
            "events": sum(e.count for e in cs.events),
            "symbols": [s.id for s in cs.symbols], "languages": list(cs.languages()),
            "texts": total,
            "translated": {lang: len(texts) for lang, texts in cs.translations().items()}}
