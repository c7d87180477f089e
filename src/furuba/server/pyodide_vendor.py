"""Pyodide, vendored into the web app: the offline table runs furuba's Python in the browser.

Pyodide comes from the npm registry at a pinned version, checked against the registry's
``sha512`` integrity before anything is unpacked, and only the runtime's files are kept (the
CPython interpreter compiled to WebAssembly, its standard library, and the loader). They land in
``src/furuba/server/web/vendor/pyodide/`` (not committed; served at
``/static/vendor/pyodide/``), so the browser never fetches Python from a CDN at run time.

``make pyodide`` (run by ``make run`` and ``make test``: ``scripts/vendor-pyodide.py``) and
``furuba build-static`` call :func:`ensure`, which does nothing when the pinned version is
already there. Needs only the standard library.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import tarfile
import urllib.request
from collections.abc import Callable
from pathlib import Path

VERSION = "0.29.3"
"""Pyodide's version (CPython 3.13). A new version: change this and INTEGRITY together."""
INTEGRITY = ("sha512-22UBuhOJawj7vKUnS7/F3xK+515LJdjiMAHoCfuS6/PbHiOrSQVnYwDe+2sbVwiOZ3sMMexdXICew6"
             "NqOMQGgA==")
"""The registry's ``dist.integrity`` of that version's package (``npm view pyodide@V dist.integrity``)."""
URL = f"https://registry.npmjs.org/pyodide/-/pyodide-{VERSION}.tgz"
FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
         "pyodide-lock.json", "package.json")
"""What the offline table loads (package.json: the version and licence, MPL-2.0)."""
DEST = Path(__file__).resolve().parent / "web" / "vendor" / "pyodide"
STAMP = "furuba-vendored.json"


class VendorError(Exception):
    """Pyodide could not be vendored (a sentence for the user)."""


def vendored(dest: Path) -> bool:
    """Whether ``dest`` already holds the pinned version, whole."""
    try:
        stamp = json.loads((dest / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return stamp.get("version") == VERSION and all((dest / name).is_file() for name in FILES)


def download() -> bytes:
    """The package's tarball, checked against :data:`INTEGRITY`."""
    with urllib.request.urlopen(URL, timeout=120) as answer:
        data: bytes = answer.read()
    algorithm, _, expected = INTEGRITY.partition("-")
    got = base64.b64encode(hashlib.new(algorithm, data).digest()).decode()
    if got != expected:
        raise VendorError(f"pyodide {VERSION}: the download does not match its pinned integrity "
                         f"({algorithm} {got[:16]}… instead of {expected[:16]}…); nothing was written")
    return data


def unpack(data: bytes, dest: Path) -> None:
    """Write :data:`FILES` from the tarball into ``dest`` (and the stamp, last)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise VendorError(f"pyodide {VERSION}: the package has no {name}")
            (dest / name).write_bytes(member.read())
    (dest / STAMP).write_text(json.dumps({"version": VERSION, "integrity": INTEGRITY}) + "\n",
                              encoding="utf-8")


def ensure(dest: Path = DEST, say: Callable[[str], object] = print) -> bool:
    """Vendor the pinned Pyodide into ``dest`` unless it is there; whether it downloaded."""
    if vendored(dest):
        return False
    say(f"vendoring pyodide {VERSION} from the npm registry…")
    try:
        data = download()
    except OSError as error:
        raise VendorError(f"pyodide {VERSION} could not be downloaded from the npm registry "
                          f"({error})") from None
    unpack(data, dest)
    return True
