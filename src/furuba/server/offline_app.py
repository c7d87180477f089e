"""The offline app: furuba's pure core as one archive for the browser, and the app as static files.

The offline table (``/offline/``) runs furuba's own Python in a Web Worker on Pyodide (vendored
by ``scripts/vendor-pyodide.py`` into ``web/vendor/pyodide``). What it runs is
:func:`core_bundle`: the ``furuba`` package without the parts no offline game calls, which need
more than the standard library (:data:`LEFT_OUT`: the server, the terminal, the adapters, the
lab): the engines, every registered game, the bots, hints and the review — built from the installed package,
so it is always the code the server itself runs. The archive is made once per process (about
half a second) and served at ``/offline/core.zip``.

:func:`build_static` writes the offline app as a folder of static files that any web server
serves from a site's root (``furuba build-static OUT/``): the front end, Pyodide, the archive, and
the offline pages, with nothing that needs a furuba server.

>>> names = zipfile.ZipFile(io.BytesIO(core_bundle())).namelist()
>>> "furuba/games.py" in names, any(n.startswith("furuba/server/") for n in names)
(True, False)
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import zipfile
from importlib import resources
from pathlib import Path

LEFT_OUT = frozenset({"server", "cli", "integrations", "sim"})
"""The parts of the ``furuba`` package the offline app leaves out: they need more than the
standard library, and nothing offline calls them. (``learn`` stays: the bots score actions with
its pure parts; training, which needs numpy, is never called.)"""
KITS = frozenset({"__init__.py", "kit.py"})
"""What the offline app keeps of a part it leaves out that has a kit: the package and its kit
(the games' specs register one for each consumer, :attr:`furuba.spec.GameSpec.kits`; a kit
imports nothing of its consumer when it runs)."""
SKIPPED_SUFFIXES = frozenset({".pyc", ".po", ".pot", ".so", ".pyd"})
"""Not in the archive: compiled bytecode, catalogues' sources, and the compiled engines
(``furuba.compiled``): the browser runs each compiled module from its source."""
PYODIDE = "vendor/pyodide"
"""Where Pyodide is vendored, under the web folder (``/static/vendor/pyodide``)."""
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
"""What a browser downloads to run Python (the offline pages cache exactly these)."""
PAGES = {"/offline/": "offline/index.html", "/offline/table.html": "table.html",
         "/offline/replay.html": "replay.html"}
"""The offline pages: their address (the same on the server and in the static app) → their file
in the web folder. The table and replay pages are the online ones: each shows itself as the
offline app's when its address is under ``/offline/`` (``js/page-home.js``)."""
STATIC_PAGES = frozenset({"offline.html"})
"""The online app's pages the static app keeps too (the service worker's page for a lost network)."""
_EPOCH = (1980, 1, 1, 0, 0, 0)


def web_dir() -> Path:
    """The web app's folder (pages, scripts, styles, the vendored Pyodide)."""
    return Path(str(resources.files("furuba.server") / "web"))


def _core_files() -> list[tuple[str, Path]]:
    """Each file of the core: its name in the archive and where it is."""
    root = Path(str(resources.files("furuba")))
    found: list[tuple[str, Path]] = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        left_out = rel.parts[0] in LEFT_OUT and not (
            len(rel.parts) == 2 and rel.name in KITS and (path.parent / "kit.py").is_file())
        if (not path.is_file() or left_out or "__pycache__" in rel.parts
                or path.suffix in SKIPPED_SUFFIXES):
            continue
        found.append(((Path("furuba") / rel).as_posix(), path))
    return found


@functools.cache
def core_bundle() -> bytes:
    """The pure core as a zip (the same bytes for the same files: fixed dates, sorted)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, path in _core_files():
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return out.getvalue()


@functools.cache
def core_digest() -> str:
    """A short hash of :func:`core_bundle` (what the service worker's version covers)."""
    return hashlib.sha256(core_bundle()).hexdigest()[:16]


def pyodide_ready() -> bool:
    """Whether Pyodide is vendored (``make pyodide``); without it the offline pages say so."""
    folder = web_dir() / PYODIDE
    return all((folder / name).is_file() for name in PYODIDE_FILES)


class StaticBuildError(Exception):
    """The static app cannot be built (a sentence for the user)."""


def build_static(out: Path, *, service_worker: str) -> list[Path]:
    """Write the offline app into ``out`` (made if missing); returns the files written.

    ``service_worker`` is the text of ``/sw.js`` (the server's, with its version filled in).
    ``out`` must be empty or missing: nothing of a user's is ever overwritten.
    """
    if not pyodide_ready():
        raise StaticBuildError("Pyodide is not vendored yet: run `make pyodide` "
                               "(or scripts/vendor-pyodide.py) first")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise StaticBuildError(f"{out} is not an empty folder: give a new or empty one")
    web = web_dir()
    written: list[Path] = []

    def put(rel: str, data: bytes) -> None:
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written.append(target)

    for url, data in offline_files():   # what a browser keeps, at the same paths
        put(url.strip("/") + ("/index.html" if url.endswith("/") else ""), data)
    for page in sorted(STATIC_PAGES):
        put(f"static/{page}", (web / page).read_bytes())
    put("offline/manifest.json", json.dumps(offline_manifest()).encode())
    put("sw.js", service_worker.encode())
    put("manifest.webmanifest", (web / "manifest.webmanifest").read_bytes())
    put("index.html", (web / "offline" / "root.html").read_bytes())
    return written


def offline_files() -> list[tuple[str, bytes]]:
    """What the offline app needs in a browser's cache: each path on the site and its bytes.

    The front end's scripts, styles, words and icons, Pyodide, the core and the offline pages.
    """
    web = web_dir()
    files: list[tuple[str, bytes]] = []
    for path in sorted(web.rglob("*")):
        rel = path.relative_to(web)
        if (path.is_file() and rel.parts[0] not in ("vendor", "offline") and path.suffix != ".html"
                and path.name != "sw.js"):
            files.append((f"/static/{rel.as_posix()}", path.read_bytes()))
    files += [(f"/static/{PYODIDE}/{name}", (web / PYODIDE / name).read_bytes())
              for name in PYODIDE_FILES]
    files += [(url, (web / page).read_bytes()) for url, page in PAGES.items()]
    files.append(("/offline/core.zip", core_bundle()))
    return files


@functools.cache
def offline_manifest() -> dict[str, object]:
    """``/offline/manifest.json``: the files (:func:`offline_files`) with their sizes, their
    total, and a version (a hash of every file) that changes whenever any of them does: the
    browser's offline cache is named after it, and an older one is dropped."""
    files = offline_files()
    digest = hashlib.sha256()
    for path, data in files:
        digest.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    return {"version": digest.hexdigest()[:16], "bytes": sum(len(data) for _, data in files),
            "files": [{"url": path, "bytes": len(data)} for path, data in files]}
