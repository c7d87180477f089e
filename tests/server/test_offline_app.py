"""The offline app as the server gives it, and as ``furuba build-static`` writes it: its pages, the
pure core for Pyodide, the list of what a browser keeps, and a folder that a plain static file
server serves with no furuba server anywhere."""

from __future__ import annotations

import functools
import http.server
import io
import subprocess
import sys
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from unittest.mock import patch

import httpx
import pytest
from typer.testing import CliRunner

from furuba.cli.main import app
from furuba.compiled import MODULES
from furuba.server.offline_app import (
    KITS,
    LEFT_OUT,
    PYODIDE_FILES,
    StaticBuildError,
    build_static,
    core_bundle,
    offline_manifest,
    pyodide_ready,
)
from furuba.server.pyodide_vendor import INTEGRITY, VERSION, ensure
from furuba.server.routes import service_worker_text

from .harness import LiveServer


@pytest.fixture(scope="module", autouse=True)
def vendored() -> None:
    """Pyodide in the web folder (``make test`` vendors it first; this does it when run alone)."""
    ensure()
    assert pyodide_ready()


def test_the_core_is_the_package_without_the_parts_offline_never_calls() -> None:
    names = zipfile.ZipFile(io.BytesIO(core_bundle())).namelist()
    assert "furuba/games.py" in names and "furuba/offline/bridge.py" in names
    assert "furuba/bots/ismcts.py" in names and "furuba/review/analysis.py" in names
    for part in LEFT_OUT:
        kept = {n for n in names if n.startswith(f"furuba/{part}/")}
        assert kept <= {f"furuba/{part}/{name}" for name in KITS}, part
    assert not any(n.startswith("furuba/server/") for n in names)
    assert not any("__pycache__" in n or n.endswith((".pyc", ".po", ".so")) for n in names)
    assert all(f"{m.replace('.', '/')}.py" in names for m in MODULES), "compiled, or not: sources"
    assert any(n.endswith(".mo") for n in names), "the Japanese words travel with the core"


def test_the_core_alone_registers_every_game_with_its_kits(tmp_path: Path) -> None:
    """The archive is enough to load every game's spec and kits, with no site-packages."""
    zipfile.ZipFile(io.BytesIO(core_bundle())).extractall(tmp_path)
    script = ("import sys; sys.path.insert(0, sys.argv[1]); from furuba import games; "
              "print(sorted((s.name, len(s.kits)) for s in games.specs()))")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", script, str(tmp_path)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    from furuba import games

    assert done.stdout.strip() == str(sorted((s.name, len(s.kits)) for s in games.specs()))


def test_the_core_is_the_same_bytes_every_time() -> None:
    core_bundle.cache_clear()
    first = core_bundle()
    core_bundle.cache_clear()
    assert core_bundle() == first


def test_the_offline_pages_and_files_are_served(live: LiveServer) -> None:
    home = live.http.get("/offline/")
    assert home.status_code == 200 and 'src="/static/js/offline-home.js"' in home.text
    table = live.http.get("/offline/table.html", params={"t": "anything"})
    assert table.status_code == 200 and 'src="/static/js/table.js"' in table.text
    replay = live.http.get("/offline/replay.html", params={"t": "anything"})
    assert replay.status_code == 200 and 'src="/static/js/replay.js"' in replay.text
    # The same pages as online, each showing itself as the offline app's under /offline/.
    assert table.text == live.http.get("/t/anything").text
    assert replay.text == live.http.get("/replay/anything").text
    core = live.http.get("/offline/core.zip")
    assert core.status_code == 200 and core.headers["content-type"] == "application/zip"
    assert core.content == core_bundle()


def test_the_manifest_lists_every_file_with_its_size(live: LiveServer) -> None:
    manifest = live.http.get("/offline/manifest.json").json()
    urls = [f["url"] for f in manifest["files"]]
    for name in PYODIDE_FILES:
        assert f"/static/vendor/pyodide/{name}" in urls
    assert {"/offline/", "/offline/table.html", "/offline/replay.html", "/offline/core.zip",
            "/static/js/table.js", "/static/js/replay.js", "/static/js/replay-backend.js",
            "/static/js/offline-worker.js", "/static/i18n/ja.json"} <= set(urls)
    for entry in manifest["files"]:
        answer = live.http.get(entry["url"])
        assert answer.status_code == 200, entry["url"]
        assert len(answer.content) == entry["bytes"], entry["url"]
    assert manifest["bytes"] == sum(f["bytes"] for f in manifest["files"])
    assert manifest["bytes"] < 15_000_000, "the first visit downloads at most 15 MB"


def test_the_vendored_pyodide_is_the_pinned_one() -> None:
    folder = Path(__file__).resolve().parents[2] / "src" / "furuba" / "server" / "web" / "vendor"
    stamp = (folder / "pyodide" / "furuba-vendored.json").read_text()
    assert VERSION in stamp and INTEGRITY in stamp
    assert '"version": "' + VERSION + '"' in (folder / "pyodide" / "package.json").read_text()


def test_the_manifest_version_changes_with_any_file() -> None:
    before = offline_manifest()["version"]
    offline_manifest.cache_clear()
    core_bundle.cache_clear()
    assert offline_manifest()["version"] == before, "the same files, the same version"
    changed = core_bundle() + b"x"
    try:
        core_bundle.cache_clear()
        offline_manifest.cache_clear()
        with patch("furuba.server.offline_app.core_bundle", lambda: changed):
            assert offline_manifest()["version"] != before
    finally:
        offline_manifest.cache_clear()


@pytest.fixture
def static_folder(tmp_path: Path) -> Path:
    out = tmp_path / "site"
    build_static(out, service_worker=service_worker_text())
    return out


@pytest.fixture
def static_server(static_folder: Path) -> Iterator[str]:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(static_folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_a_static_folder_serves_everything_the_offline_app_keeps(static_server: str) -> None:
    with httpx.Client(base_url=static_server, timeout=20) as http:
        manifest = http.get("/offline/manifest.json").json()
        for entry in manifest["files"]:
            answer = http.get(entry["url"])
            assert answer.status_code == 200, entry["url"]
            assert len(answer.content) == entry["bytes"], entry["url"]
        worker = http.get("/sw.js")
        assert worker.status_code == 200 and "__VERSION__" not in worker.text
        for shell in ("/", "/static/offline.html", "/manifest.webmanifest"):
            assert http.get(shell).status_code == 200, shell
        assert "/offline/" in http.get("/").text


def test_a_static_build_never_overwrites_a_folder_in_use(tmp_path: Path) -> None:
    used = tmp_path / "mine"
    used.mkdir()
    (used / "notes.txt").write_text("keep me")
    with pytest.raises(StaticBuildError, match="not an empty folder"):
        build_static(used, service_worker="")
    assert [p.name for p in used.iterdir()] == ["notes.txt"]


def test_furuba_build_static_writes_the_folder_and_says_how_to_serve_it(tmp_path: Path) -> None:
    out = tmp_path / "site"
    result = CliRunner().invoke(app, ["build-static", str(out)])
    assert result.exit_code == 0, result.output
    assert "http.server" in result.output
    assert (out / "offline" / "core.zip").read_bytes() == core_bundle()
    again = CliRunner().invoke(app, ["build-static", str(out)])
    assert again.exit_code != 0 and "not an empty folder" in again.output
    assert "Traceback" not in again.output


def test_hostile_requests_to_the_offline_routes_cost_nothing_more(live: LiveServer) -> None:
    core = core_bundle()
    manifest = live.http.get("/offline/manifest.json").json()
    for query in ({"t": "x" * 4000}, {"t": "../../etc/passwd"}, {"t": "\u0000"}, {"v": ["1"] * 200}):
        for path in ("/offline/", "/offline/table.html", "/offline/replay.html"):
            answer = live.http.get(path, params=query)
            assert answer.status_code == 200 and answer.text.startswith("<!doctype html>"), path
        assert live.http.get("/offline/core.zip", params=query).content == core
        assert live.http.get("/offline/manifest.json", params=query).json() == manifest
    for path in ("/offline/nothing", "/offline/table.html/x", "/offline/../sw.js.bak"):
        assert live.http.get(path).status_code == 404, path
    refused = live.http.post("/offline/core.zip", content=b"x" * 1000)
    assert refused.status_code == 405 and "Traceback" not in refused.text
