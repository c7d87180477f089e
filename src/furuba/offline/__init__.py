"""Offline play: one table's protocol in pure Python, for the browser (a Web Worker running
Pyodide) to play without a server — the same messages as the server's WebSocket
(``docs/WEB-API.md``), so the unchanged table page draws them.

It imports the standard library and furuba's core only — never ``furuba.server``, pydantic or
numpy, which Pyodide does not have. :class:`~furuba.offline.table.LocalTable` is one table (its
settings in :mod:`~furuba.offline.settings`, what the browser keeps of it in
:mod:`~furuba.offline.records`); :func:`~furuba.offline.catalog.games_catalog` is what the home
page's form reads.
"""

from furuba.offline.catalog import games_catalog
from furuba.offline.table import LocalTable

__all__ = ["LocalTable", "games_catalog"]
