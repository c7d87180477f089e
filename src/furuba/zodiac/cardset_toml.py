"""A card-set file as an editor's document and back: TOML read into JSON, JSON written as TOML.

The editor works on a *document*: the file as JSON, faults and all, so that a half-written set can
be shown, checked and saved. :func:`write_cardset` writes a document in the layout of
``docs/CARDSET.md`` — the set's own fields first, its translations as ``[ja]`` tables, then
``[[symbols]]``, ``[[memories]]`` and ``[[events]]`` with each effect as a list of inline tables,
the Sohmas as ``[sohmas.<Name>]`` with one inline table per side, and Tohru's sides as tables —
with tomlkit, so that what an owner downloads reads like a file written by hand.

>>> text = write_cardset({"name": "mine", "deck_size": 53, "ja": {"name": "わたしの"},
...                       "memories": [{"name": "Trust", "symbol": "star"}],
...                       "events": [{"name": "Lost", "effect": [{"op": "move", "steps": 1}]}]})
>>> print(text)
name = "mine"
deck_size = 53
<BLANKLINE>
[ja]
name = "わたしの"
<BLANKLINE>
[[memories]]
name = "Trust"
symbol = "star"
<BLANKLINE>
[[events]]
name = "Lost"
effect = [
    {op = "move", steps = 1},
]
<BLANKLINE>
>>> read_cardset(text)["events"][0]["effect"]
[{'op': 'move', 'steps': 1}]
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

import tomlkit
from tomlkit.items import AoT, Array, InlineTable, Table

from furuba.core import bounded_toml
from furuba.core.errors import FileProblemsError
from furuba.zodiac.cardset_words import is_language_code

JSON = dict[str, Any]


def read_cardset(text: str) -> JSON:
    """A card-set file's text as a document (JSON: TOML dates become text); a text that is not
    TOML, or whose top is not a table, raises :class:`FileProblemsError` at the whole file."""
    try:
        data = bounded_toml.loads(text)
    except bounded_toml.TOMLBoundsError as exc:
        raise FileProblemsError([("", str(exc))]) from None
    except tomllib.TOMLDecodeError as exc:
        raise FileProblemsError([("", f"not valid TOML: {exc}")]) from None
    document: JSON = json.loads(json.dumps(data, default=str))
    return document


def write_cardset(document: JSON) -> str:
    """A document as a card-set file (``null`` values are left out, as TOML has none)."""
    doc = tomlkit.document()
    tables: list[tuple[str, Any]] = []
    for key, value in document.items():
        if value is None:
            continue
        if isinstance(value, dict) or _is_list_of_tables(value):
            tables.append((key, value))
        else:
            doc.add(key, _inline(value))
    for key, value in tables:
        if isinstance(value, dict):
            doc.add(key, _table(value, depth=1))
        else:
            doc.add(key, _array_of_tables(value))
    return tomlkit.dumps(doc)


def _is_list_of_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _table(data: JSON, depth: int) -> Table:
    """A ``[table]``: its plain fields inline, then its translations — and, for the set's own
    tables (the Sohmas, Tohru), each entry — as tables of their own."""
    table = tomlkit.table(is_super_table=depth == 1 and bool(data)
                          and all(isinstance(v, dict) for v in data.values()))
    nested: list[tuple[str, JSON]] = []
    for key, value in data.items():
        if value is None:
            continue
        if isinstance(value, dict) and (depth == 1 or is_language_code(key)):
            nested.append((key, value))
        else:
            table.add(key, _inline(value))
    for key, value in nested:
        table.add(key, _table(value, depth + 1))
    return table


def _array_of_tables(items: list[JSON]) -> AoT:
    """``[[items]]``: each item's fields inline, its translations as sub-tables."""
    out = tomlkit.aot()
    for item in items:
        table = tomlkit.table()
        nested: list[tuple[str, JSON]] = []
        for key, value in item.items():
            if value is None:
                continue
            if isinstance(value, dict) and is_language_code(key):
                nested.append((key, value))
            else:
                table.add(key, _inline(value))
        for key, value in nested:
            table.add(key, _table(value, depth=2))
        out.append(table)
    return out


def _inline(value: Any) -> Any:
    """A value written on one line: tables inline, a list holding tables one per line."""
    if isinstance(value, dict):
        table: InlineTable = tomlkit.inline_table()
        for key, item in value.items():
            if item is not None:
                table.append(key, _inline(item))
        return table
    if isinstance(value, list):
        array: Array = tomlkit.array()
        for item in value:
            array.append(_inline(item))
        if any(isinstance(item, dict) for item in value):
            array.multiline(True)
        return array
    return value
