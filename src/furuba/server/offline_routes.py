"""The offline app's routes: its pages, the core it runs, and what a browser keeps of it.

``/offline/`` (start or resume a game in this browser), ``/offline/table.html?t=ID`` (the table
page, its table kept in the browser), ``/offline/replay.html?t=ID`` (the replay page of a game
finished there, with its review), ``/offline/core.zip`` (furuba's pure core, run by Pyodide
in a Web Worker) and ``/offline/manifest.json`` (what the offline app downloads, for its progress
bar and its cache). The same paths hold the same files in ``furuba build-static``'s folder, so the
pages never know which serves them. See :mod:`furuba.server.offline_app`.

What a request costs: the pages are files, as ``/static`` serves them. The core and the manifest
are made once per process, on a worker thread, never on the event loop (measured: 0.07 s and
0.02 s of CPU, 13.5 MB at the peak while the manifest hashes Pyodide's files), then kept in memory
(0.5 MB and a few KB) and answered from there, whatever the query string; no route reads a
parameter, so none can be made to do more work. Like ``/static``, they are not capped per address
in the app (a deployment's nginx serves and limits static answers).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response
from starlette.concurrency import run_in_threadpool

from furuba.server.offline_app import PAGES, core_bundle, offline_manifest, web_dir

REVALIDATE = {"Cache-Control": "no-cache"}
"""The offline files change with each release: a browser asks before it reuses one (the
offline cache is what keeps them for the train)."""


def add_offline(router: APIRouter) -> None:
    """Add the offline app's routes to ``router``."""
    web = web_dir()

    @router.get("/offline", include_in_schema=False)
    @router.get("/offline/", include_in_schema=False)
    async def offline_home() -> FileResponse:
        return FileResponse(web / PAGES["/offline/"])

    @router.get("/offline/table.html", include_in_schema=False)
    async def offline_table() -> FileResponse:
        return FileResponse(web / PAGES["/offline/table.html"])

    @router.get("/offline/replay.html", include_in_schema=False)
    async def offline_replay() -> FileResponse:
        return FileResponse(web / PAGES["/offline/replay.html"])

    @router.get("/offline/core.zip", include_in_schema=False)
    async def offline_core() -> Response:
        # Made once per process (about half a second), on a thread: never on the event loop.
        data = await run_in_threadpool(core_bundle)
        return Response(data, media_type="application/zip", headers=REVALIDATE)

    @router.get("/offline/manifest.json", include_in_schema=False)
    async def offline_files() -> dict[str, Any]:
        return await run_in_threadpool(offline_manifest)
