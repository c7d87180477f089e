"""Render the app's icons (web app manifest) from favicon.svg with Debian's Chromium.

    .venv/bin/python scripts/make-icons.py

Writes web/icons/icon-192.png and icon-512.png: the favicon drawn on a full square of the page's
background colour, inside the safe zone of a maskable icon (the middle 80%), so that launchers
may crop it to a circle or a rounded square.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

WEB = Path(__file__).resolve().parent.parent / "src" / "furuba" / "server" / "web"
BACKGROUND = "#fbf6ef"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]


def main() -> None:
    svg = (WEB / "favicon.svg").read_text()
    out = WEB / "icons"
    out.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for size in (192, 512):
            page = browser.new_page(viewport={"width": size, "height": size})
            inner = int(size * 0.72)
            sized = svg.replace("<svg ", f'<svg width="{inner}" height="{inner}" ', 1)
            page.set_content(
                f"<html><body style='margin:0;background:{BACKGROUND};display:grid;"
                f"place-items:center;width:{size}px;height:{size}px'>"
                f"<div style='width:{inner}px;height:{inner}px'>"
                f"{sized}"
                f"</div></body></html>")
            page.screenshot(path=str(out / f"icon-{size}.png"))
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
