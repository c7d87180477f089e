"""The app is installable: a web app manifest with icons, and a service worker that keeps the front
end and shows a clear offline page — checked in Chromium."""

from __future__ import annotations

import struct

from playwright.sync_api import BrowserContext, Page, expect

from furuba.server.routes import service_worker_text

from .conftest import LiveServer
from .helpers import WAIT_MS


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG image (from its IHDR chunk)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_names_the_app_and_its_icons_exist(live_server: LiveServer) -> None:
    answer = live_server.http.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["short_name"] == "furuba" and manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        got = live_server.http.get(icon["src"])
        assert got.status_code == 200, icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(got.content)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes      # what browsers ask of an installable app


def test_the_service_worker_knows_this_front_end() -> None:
    text = service_worker_text()
    assert "__VERSION__" not in text and "__ASSETS__" not in text
    assert "'/static/js/table.js'" in text and "'/static/js/install.js'" in text


def test_every_page_links_the_manifest(live_server: LiveServer) -> None:
    for path in ("/", "/t/anything", "/replay/anything"):
        assert 'rel="manifest" href="/manifest.webmanifest"' in live_server.http.get(path).text


def test_offline_the_front_end_comes_from_the_cache_and_pages_say_so(
        page: Page, context: BrowserContext, base_url: str) -> None:
    page.goto(base_url + "/")
    expect(page.locator("h1")).to_have_text("furuba", timeout=WAIT_MS)
    script = page.evaluate("""async () => {
        const reg = await navigator.serviceWorker.ready;
        return reg.active && reg.active.scriptURL;
    }""")
    assert script == base_url + "/sw.js"
    page.wait_for_function("""async () => {
        const keys = await caches.keys();
        if (!keys.some((k) => k.startsWith('furuba-'))) return false;
        const cache = await caches.open(keys.find((k) => k.startsWith('furuba-')));
        return !!(await cache.match('/static/offline.html')) && !!(await cache.match('/static/js/table.js'));
    }""", timeout=WAIT_MS)
    context.set_offline(True)
    try:
        # The front end's files still load (from the worker's cache)...
        ok = page.evaluate("""async () => {
            const css = await fetch('/static/css/furuba.css');
            const js = await fetch('/static/js/table.js');
            return css.ok && js.ok;
        }""")
        assert ok
        # ...and a page that needs the server says clearly that the network is gone.
        page.goto(base_url + "/t/some-table")
        expect(page.get_by_role("heading", name="You are offline")).to_be_visible(timeout=WAIT_MS)
        expect(page.get_by_role("button", name="Try again")).to_be_visible()
    finally:
        context.set_offline(False)
    page.get_by_role("button", name="Try again").click()
    expect(page.get_by_role("heading", name="You are offline")).to_have_count(0, timeout=WAIT_MS)
