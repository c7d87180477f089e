"""Security headers (issue finding 6): a strict Content-Security-Policy and its companions on every
answer, ``Cache-Control: no-store`` on every private one, the API docs and the metrics off the
public app unless asked for, and no ``server`` banner from ``furuba serve``."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path
from typing import Any

import httpx
import pytest

from furuba.server.headers import CONTENT_SECURITY_POLICY, DOCS_POLICY, is_private
from furuba.server.metrics import Metrics
from furuba.server.metrics_port import MetricsPort

from .account_client import Browser
from .harness import LiveServer, run_coroutine
from .postgres import free_port
from .services import ServerProcess

WEB = Path(str(resources.files("furuba.server") / "web"))
DEFAULT_CARDSET = (resources.files("furuba.zodiac") / "cardsets" / "default.toml").read_text("utf-8")
EVERY_ANSWER = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
}


def directives(policy: str) -> dict[str, list[str]]:
    """A Content-Security-Policy as ``{directive: [sources]}``."""
    out: dict[str, list[str]] = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def assert_secured(r: httpx.Response, policy: str = CONTENT_SECURITY_POLICY) -> None:
    """``r`` carries every header each answer must carry."""
    for name, value in EVERY_ANSWER.items():
        assert r.headers.get(name) == value, (r.request.url, name, r.headers)
    assert r.headers.get("content-security-policy") == policy, r.request.url
    features = r.headers["permissions-policy"]
    for off in ("camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"):
        assert off in features
    for kept in ("publickey-credentials-get=(self)", "publickey-credentials-create=(self)"):
        assert kept in features


@pytest.fixture
def strict(db_url: str) -> Iterator[LiveServer]:
    """A live server with the production limit on new tables (a second one at once is 429)."""
    with LiveServer(db_url, tables_burst=1, tables_per_minute=0.001) as server:
        yield server


# -- every answer -------------------------------------------------------------------------------
ANSWERS = [
    ("GET", "/", 200), ("GET", "/t/abc", 200), ("GET", "/replay/abc", 200), ("GET", "/account", 200),
    ("GET", "/leaderboard", 200), ("GET", "/players/Ann", 200), ("GET", "/cardsets", 200),
    ("GET", "/static/offline.html", 200), ("GET", "/static/js/table.js", 200),
    ("GET", "/static/css/furuba.css", 200), ("GET", "/static/favicon.svg", 200),
    ("GET", "/sw.js", 200), ("GET", "/manifest.webmanifest", 200),
    ("GET", "/api/games", 200), ("GET", "/api/health/live", 200),
    ("GET", "/api/tables/no-such-table", 404), ("GET", "/no/such/page", 404),
    ("GET", "/static/js/no-such-file.js", 404), ("DELETE", "/api/games", 405),
]
"""Pages, static files, API answers and errors: (method, path, status)."""


def test_every_answer_carries_the_security_headers(live: LiveServer) -> None:
    """Finding 6: pages, static files, API answers and errors had no CSP, no ``frame-ancestors``
    or ``X-Frame-Options`` (the table page could be framed), no ``nosniff``, no
    ``Referrer-Policy``."""
    for method, path, status in ANSWERS:
        r = live.http.request(method, path)
        assert r.status_code == status, (method, path, r.text)
        assert_secured(r)


def test_refusals_carry_the_headers_too(strict: LiveServer) -> None:
    """A 400 (bad body), a 403 (the CSRF guard, before any route) and a 429 (a throttle)."""
    bad = strict.http.post("/api/tables", json={"game": 5})
    assert bad.status_code == 400, bad.text
    assert_secured(bad)
    foreign = strict.http.post("/api/tables", json={"game": "zodiac", "seats": ["human", "greedy"]},
                               headers={"Origin": "https://evil.example"})
    assert foreign.status_code == 403, foreign.text
    assert_secured(foreign)
    strict.create(game="zodiac", seats=["human", "greedy"])
    throttled = strict.http.post("/api/tables", json={"game": "zodiac", "seats": ["human", "greedy"]})
    assert throttled.status_code == 429, throttled.text
    assert_secured(throttled)


def test_the_policy_allows_no_inline_script_and_no_framing() -> None:
    policy = directives(CONTENT_SECURITY_POLICY)
    assert policy["default-src"] == ["'self'"]
    # WebAssembly from this site's files (Python on Pyodide, offline); never JavaScript's eval.
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'"], \
        "no 'unsafe-inline', no 'unsafe-eval', no host"
    assert policy["style-src"] == ["'self'"], "no 'unsafe-inline': styles only through element.style"
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["connect-src"] == ["'self'"]
    assert policy["worker-src"] == ["'self'"] and policy["manifest-src"] == ["'self'"]


class InlineCode(HTMLParser):
    """Finds what a policy without ``'unsafe-inline'`` would block in a page: ``<script>`` without
    ``src``, ``on…=`` handlers, ``style`` attributes and ``<style>`` elements."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self.found.append("<script> without src")
        if tag == "style":
            self.found.append("<style>")
        self.found += [f"{name}= on <{tag}>" for name in names if name.startswith("on") or name == "style"]


@pytest.mark.parametrize("page", sorted(p.name for p in WEB.glob("*.html")))
def test_no_page_holds_inline_script_or_style(page: str) -> None:
    """Finding 6: the offline page ran an inline script and inline ``onclick`` handlers, which a
    strict policy blocks."""
    parser = InlineCode()
    parser.feed((WEB / page).read_text(encoding="utf-8"))
    assert parser.found == [], page


# -- no-store -----------------------------------------------------------------------------------
def assert_no_store(r: httpx.Response, status: int) -> None:
    assert r.status_code == status, (r.request.url, r.text)
    assert r.headers.get("cache-control") == "no-store", (r.request.method, r.request.url)
    assert_secured(r)


def test_private_answers_are_never_stored(site: LiveServer, ann: Browser) -> None:
    """Finding 6: ``/api/me`` (it carries the CSRF token), ``/api/me/games`` and
    ``/api/me/cardsets/{id}`` had no ``Cache-Control: no-store``; neither had the answers that
    hand out a seat's token."""
    me = ann.get("/api/me")
    assert_no_store(me, 200)
    assert me.json()["csrf"], "the answer carries the CSRF token"
    assert_no_store(ann.get("/api/me/games"), 200)
    saved = ann.post("/api/me/cardsets", {"name": "Mine", "text": DEFAULT_CARDSET})
    assert_no_store(saved, 201)
    assert_no_store(ann.get("/api/me/cardsets"), 200)
    assert_no_store(ann.get(f"/api/me/cardsets/{saved.json()['id']}"), 200)
    assert_no_store(ann.get("/api/me/passkeys"), 200)
    with ann.http.stream("GET", "/api/me/events") as events:
        assert_no_store(events, 200)
    assert_no_store(ann.post("/api/passkeys/register/options", {}), 200)
    assert_no_store(ann.post("/api/session", {"name": "Ann", "password": "correct horse battery"}), 200)
    made = ann.post("/api/tables", {"game": "zodiac", "seats": ["human", "greedy"]})
    assert_no_store(made, 201)
    joined = ann.post(f"/api/tables/{made.json()['id']}/join", {"seat": 0})
    assert_no_store(joined, 200)
    assert joined.json()["token"]
    assert_no_store(ann.post("/api/lobby/play", {"game": "zodiac", "name": "Ann"}), 200)
    tutorial = next(g["name"] for g in site.http.get("/api/games").json()["games"] if g.get("tutorial"))
    assert_no_store(ann.post(f"/api/tutorials/{tutorial}", {"name": "Ann"}), 201)
    assert_no_store(ann.get("/api/cardsets/measure/no-such-measure"), 404)
    assert_no_store(ann.delete("/api/session"), 204)
    with Browser(site) as guest:
        assert_no_store(guest.get("/api/me"), 200)
        assert_no_store(guest.get("/api/me/games"), 401)
        assert_no_store(guest.post("/api/accounts", {"name": "Bob", "password": "correct horse battery"}),
                        201)
        assert_no_store(guest.post("/api/session", {"name": "Bob", "password": "wrong horse battery"}),
                        401)
        assert_no_store(guest.post("/api/passkeys/signin/options", {}), 200)


def holds_a_secret(schema: Any, components: dict[str, Any], seen: frozenset[str] = frozenset()) -> bool:
    """Whether an answer's schema (``$ref``s followed) has a token or the CSRF token among its fields."""
    if isinstance(schema, list):
        return any(holds_a_secret(item, components, seen) for item in schema)
    if not isinstance(schema, dict):
        return False
    ref = schema.get("$ref")
    if isinstance(ref, str):
        name = ref.rsplit("/", 1)[1]
        return name not in seen and holds_a_secret(components[name], components, seen | {name})
    if any("token" in field or field == "csrf" for field in schema.get("properties", {})):
        return True
    return any(holds_a_secret(value, components, seen) for value in schema.values())


def test_every_route_whose_answer_holds_a_secret_is_private(live: LiveServer) -> None:
    """Found from the app's own schema, so a route added later is held to the rule too."""
    schema = live.app.openapi()
    components = schema["components"]["schemas"]
    secret = [(method.upper(), path) for path, operations in schema["paths"].items()
              for method, operation in operations.items()
              for status, answer in operation.get("responses", {}).items()
              if status.startswith("2") and holds_a_secret(answer.get("content", {}), components)]
    assert ("POST", "/api/tables/{table_id}/join") in secret and ("GET", "/api/me") in secret
    assert [route for route in secret if not is_private(*route)] == []
    changing = [(method.upper(), path) for path, operations in schema["paths"].items()
                for method in operations if method.upper() not in ("GET", "HEAD", "OPTIONS")]
    assert changing and all(is_private(*route) for route in changing)


def test_public_answers_may_be_cached(live: LiveServer) -> None:
    """The rule is aimed: what anyone may read is not marked private."""
    table_id = live.create(game="zodiac", seats=["human", "greedy"])["id"]
    for path in ("/", "/api/games", f"/api/tables/{table_id}", "/static/js/table.js"):
        r = live.http.get(path)
        assert r.status_code == 200 and "no-store" not in r.headers.get("cache-control", ""), path


# -- docs and metrics ---------------------------------------------------------------------------
def test_docs_schema_and_metrics_are_off_the_public_app_by_default(live: LiveServer) -> None:
    """Finding 6: ``/api/docs``, ``/openapi.json`` and ``/metrics`` were served to anyone."""
    for path in ("/api/docs", "/openapi.json", "/metrics", "/docs/oauth2-redirect"):
        r = live.http.get(path)
        assert r.status_code == 404, path
        assert_secured(r)
    assert live.app.state.metrics_port is None
    assert "/api/tables" in live.app.openapi()["paths"], "the schema stays reachable in-process"


def test_the_api_docs_when_asked_for(db_url: str) -> None:
    with LiveServer(db_url, api_docs=True) as server:
        docs = server.http.get("/api/docs")
        assert docs.status_code == 200 and docs.headers["content-type"].startswith("text/html")
        assert_secured(docs, DOCS_POLICY)
        assert "frame-ancestors 'none'" in DOCS_POLICY
        schema = server.http.get("/openapi.json")
        assert schema.status_code == 200 and "/api/tables" in schema.json()["paths"]
        assert_secured(schema)
        assert server.http.get("/metrics").status_code == 404


def test_metrics_on_their_own_loopback_port(db_url: str) -> None:
    with LiveServer(db_url, metrics_port=0, process_name="web-9") as server:
        port = server.app.state.metrics_port.port
        listening = server.app.state.metrics_port.server.servers[0].sockets[0].getsockname()
        assert listening == ("127.0.0.1", port)
        server.create(game="zodiac", seats=["human", "greedy"])
        scraped = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10)
        assert scraped.status_code == 200
        assert scraped.headers["content-type"].startswith("text/plain; version=")
        assert 'furuba_tables{process="web-9"} 1.0' in scraped.text
        assert "server" not in scraped.headers
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 404
        assert httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=10).status_code == 404
        assert server.http.get("/metrics").status_code == 404, "never on the public app"
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=2)


def test_a_taken_metrics_port_is_named() -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        with pytest.raises(OSError, match=f"the metrics port 127.0.0.1:{port} cannot be listened on"):
            run_coroutine(MetricsPort(Metrics("x"), "127.0.0.1", port).start())


# -- furuba serve -------------------------------------------------------------------------------
def test_furuba_serve_sends_no_banner_and_serves_metrics_and_docs_only_as_told(tmp_path: Path) -> None:
    """Finding 6: every answer of ``furuba serve`` said ``server: uvicorn``."""
    metrics = free_port()
    server = ServerProcess(f"sqlite:///{tmp_path / 'furuba.sqlite3'}", tmp_path, metrics_port=metrics,
                           args=["--api-docs"])
    with server, httpx.Client(base_url=server.base, timeout=10) as http:
        for path in ("/", "/api/games", "/static/js/table.js", "/no/such/page"):
            r = http.get(path)
            assert "server" not in r.headers, path
            assert_secured(r)
        assert http.get("/api/docs").status_code == 200
        assert http.get("/metrics").status_code == 404
        scraped = httpx.get(f"http://127.0.0.1:{metrics}/metrics", timeout=10)
        assert scraped.status_code == 200 and "furuba_websockets_open" in scraped.text
        assert "server" not in scraped.headers
        assert f"http://127.0.0.1:{metrics}/metrics" in server.logs()
        assert '"GET /api/games HTTP/1.1" 200' in server.logs(), "the app's access log still runs"
