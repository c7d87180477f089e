"""Per-game result files: JSON Lines (one game a line), gzipped JSON Lines (``.jsonl.gz``) or
Parquet, chosen by the file's suffix.

A Parquet file keeps plain values as native columns (``returns`` is a list of doubles, ``bots`` a
list of strings, ``titles`` a list of lists of strings) and stores a column Arrow cannot type
(``befriended`` mixes names and player numbers; ``options`` may be empty) as JSON text, naming
such columns in the schema metadata so that reading the file gives back the results written.

>>> import tempfile, pathlib
>>> rows = [{"index": 0, "bots": ["greedy"], "returns": [1.0], "befriended": [["Kyo", "human", 0]]}]
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = pathlib.Path(tmp) / "games.parquet"
...     write_results(path, rows)
...     read_results(path) == rows
True
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from furuba.core.errors import FurubaError
from furuba.sim.runner import GameResult
from furuba.text import _

JSON_COLUMNS_KEY = b"furuba.json_columns"


class ResultsFileError(FurubaError, ValueError):
    """A results file that cannot be read: missing, malformed or of the wrong kind."""


def is_parquet(path: Path) -> bool:
    """Whether ``path`` names a Parquet file (by its suffix)."""
    return path.suffix.lower() == ".parquet"


def is_gzip(path: Path) -> bool:
    """Whether ``path`` names a gzipped file (by its suffix)."""
    return path.suffix.lower() == ".gz"


def _pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:  # pragma: no cover - depends on the installed extras
        raise ResultsFileError(_("Parquet needs pyarrow: pip install 'furuba[sim]'")) from None
    return pa, pq


# -- writing -----------------------------------------------------------------------------------
def write_results(path: Path, results: Iterable[GameResult]) -> None:
    """Write ``results`` to ``path`` (Parquet when it ends in ``.parquet``, else JSON Lines,
    gzipped when it ends in ``.gz``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if is_parquet(path):
        _write_parquet(path, list(results))
        return
    with (gzip.open(path, "wt", encoding="utf-8") if is_gzip(path)
          else path.open("w", encoding="utf-8")) as sink:
        for result in results:
            sink.write(json.dumps(result) + "\n")


def _plain_type(pa: Any, t: Any) -> bool:
    """Whether Arrow type ``t`` round-trips as is (no null type, no struct without fields)."""
    if pa.types.is_null(t) or (pa.types.is_struct(t) and t.num_fields == 0):
        return False
    if pa.types.is_struct(t):
        return all(_plain_type(pa, t.field(i).type) for i in range(t.num_fields))
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return bool(_plain_type(pa, t.value_type))
    return not pa.types.is_map(t)


def _column(pa: Any, values: list[Any]) -> tuple[Any, bool]:
    """An Arrow array of ``values`` and whether it had to be stored as JSON text."""
    try:
        array = pa.array(values)
    except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError, OverflowError):
        array = None
    if array is not None and _plain_type(pa, array.type):
        return array, False
    return pa.array([None if v is None else json.dumps(v) for v in values], pa.string()), True


def _write_parquet(path: Path, results: list[GameResult]) -> None:
    pa, pq = _pyarrow()
    keys: list[str] = []
    for r in results:
        keys.extend(k for k in r if k not in keys)
    arrays, as_json = [], []
    for key in keys:
        array, encoded = _column(pa, [r.get(key) for r in results])
        arrays.append(array)
        if encoded:
            as_json.append(key)
    table = pa.Table.from_arrays(arrays, names=keys)
    table = table.replace_schema_metadata({JSON_COLUMNS_KEY: json.dumps(as_json).encode()})
    pq.write_table(table, path)


# -- reading -----------------------------------------------------------------------------------
def read_results(path: Path) -> list[GameResult]:
    """The per-game results in ``path``; a clear :class:`ResultsFileError` when it cannot be read."""
    if not path.is_file():
        raise ResultsFileError(_("cannot read {path}: no such file").format(path=path))
    rows = _read_parquet(path) if is_parquet(path) else _read_json_lines(path)
    if not rows:
        raise ResultsFileError(_("{path} holds no games").format(path=path))
    return rows


def _gzipped_lines(path: Path) -> list[str]:
    """The lines of a gzipped file. A file whose writer was killed ends without gzip's trailer;
    every line flushed before that is kept, as in a plain file (:func:`open_sink` flushes each)."""
    lines: list[str] = []
    with gzip.open(path, "rt", encoding="utf-8") as source:
        try:
            for line in source:
                lines.append(line)
        except EOFError:
            pass
    return lines


def open_sink(path: Path) -> TextIO:
    """A text file to write one game a line into as games finish (gzipped for ``.gz``), each
    line readable on disk once it is written and flushed."""
    if is_gzip(path):
        return gzip.open(path, "wt", encoding="utf-8")
    return path.open("w", encoding="utf-8", buffering=1)


def _read_json_lines(path: Path) -> list[GameResult]:
    rows: list[GameResult] = []
    try:
        lines = (_gzipped_lines(path) if is_gzip(path)
                 else path.read_text(encoding="utf-8").splitlines())
    except (OSError, UnicodeDecodeError, zlib.error) as exc:
        raise ResultsFileError(_("cannot read {path}: {exc}").format(path=path, exc=exc)) from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ResultsFileError(_("{path}, line {number}: not JSON ({msg})").format(
                path=path, number=number, msg=exc.msg)) from None
        if not isinstance(row, dict):
            raise ResultsFileError(_("{path}, line {number}: expected one game's result "
                                     "(an object)").format(path=path, number=number))
        rows.append(row)
    return rows


def _read_parquet(path: Path) -> list[GameResult]:
    pa, pq = _pyarrow()
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowException) as exc:
        raise ResultsFileError(_("cannot read {path} as Parquet: {exc}").format(
            path=path, exc=exc)) from None
    metadata = table.schema.metadata or {}
    as_json = set(json.loads(metadata.get(JSON_COLUMNS_KEY, b"[]")))
    rows: list[GameResult] = []
    for record in table.to_pylist():
        row: GameResult = {}
        for key, value in record.items():
            if value is None:
                continue  # a key this game did not have
            row[key] = json.loads(value) if key in as_json else value
        rows.append(row)
    return rows
