"""Every page works under the site's Content-Security-Policy and Permissions-Policy (issue
finding 6): Chromium opens each one — home, a table against bots in each game, a replay and its
review, the leaderboard, a player's page, the account page with a passkey, the card-set editor, a
tutorial, the offline page, the moderators' page, the puzzles page with a puzzle answered — and
the test fails on any policy violation (a ``securitypolicyviolation`` event or a console line
about a policy) and on any page error."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from furuba.server.headers import CONTENT_SECURITY_POLICY
from furuba.server.moderation.actions import Actor, set_role
from furuba.server.moderation.store import CLI_ACTOR
from furuba.server.ratings.store import RatingStore

from .conftest import LiveServer
from .helpers import WAIT_MS, daihinmin_turn, home_ready, wait_ready, zodiac_turn
from .test_accounts import PASSWORD, signed_in_view
from .test_cardset_editor import open_default
from .test_pages import seat_with_token
from .test_puzzles import public_game_with_puzzles
from .test_ratings import add_players_and_games, run_db
from .test_tutorials import start

pytestmark = pytest.mark.browser

REPORT = """document.addEventListener('securitypolicyviolation', (e) => {
  window.reportViolation(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'}`
    + ` in ${e.sourceFile || location.pathname}:${e.lineNumber}`);
});"""
"""Runs in every document before its own scripts: each violation is reported to the test."""
POLICY_WORDS = ("Content Security Policy", "Content-Security-Policy", "Permissions-Policy",
                "Permissions policy", "permissions policy")


class Watch:
    """What went wrong in a page: policy violations, console lines about a policy, page errors."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.problems: list[str] = []
        page.expose_function("reportViolation", lambda text: self.problems.append(f"violation: {text}"))
        page.add_init_script(REPORT)
        page.on("console", self.console)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))

    def console(self, message: ConsoleMessage) -> None:
        if any(word in message.text for word in POLICY_WORDS):
            self.problems.append(f"console {message.type}: {message.text}")

    def clean(self, where: str) -> None:
        """Nothing went wrong so far (after the page's pending work has settled)."""
        self.page.wait_for_load_state("networkidle")
        assert self.problems == [], where


@pytest.fixture
def watch(page: Page) -> Iterator[Watch]:
    watched = Watch(page)
    yield watched
    watched.clean("at the end")


def test_the_pages_are_served_with_the_policy(page: Page) -> None:
    """The check below means something: the pages really carry the strict policy."""
    answer = page.goto("/")
    assert answer is not None
    assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "'unsafe-inline'" not in CONTENT_SECURITY_POLICY


def test_the_checker_sees_a_violation(page: Page, watch: Watch) -> None:
    """An inline script the policy blocks is reported, so a clean page is really clean."""
    page.goto("/")
    home_ready(page)
    page.evaluate("""() => {
        const script = document.createElement('script');
        script.textContent = 'window.ran = true';
        document.body.append(script);
    }""")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.ran === undefined")
    assert any("script-src" in p for p in watch.problems), watch.problems
    watch.problems.clear()


def test_home_leaderboard_player_and_offline_pages(page: Page, watch: Watch,
                                                  live_server: LiveServer) -> None:
    page.goto("/")
    home_ready(page)
    expect(page.locator("#learn button").first).to_be_visible(timeout=WAIT_MS)
    watch.clean("home")
    suffix = secrets.token_hex(3)
    names = [f"Csp{suffix}", f"Csq{suffix}", f"Csr{suffix}"]
    tables = [f"csp{suffix}{n}" for n in range(2)]
    run_db(live_server, add_players_and_games, names, tables)
    for table_id in tables:
        assert run_db(live_server, RatingStore.rate_table, table_id)
    page.goto("/leaderboard/zodiac")
    expect(page.locator("#leaderboard-table a", has_text=names[0])).to_be_visible(timeout=WAIT_MS)
    watch.clean("leaderboard")
    page.goto(f"/players/{names[0]}")
    expect(page.locator("svg.rating-plot")).to_have_count(1, timeout=WAIT_MS)
    watch.clean("player")
    page.goto("/static/offline.html")
    expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
    page.select_option("#language-switch", "ja")         # the page's own script answers
    expect(page.get_by_role("heading", name="オフラインです")).to_be_visible()
    page.select_option("#language-switch", "en")
    page.get_by_role("button", name="Try again").click()
    expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
    watch.clean("offline page")


def test_the_account_page_signs_up_and_adds_a_passkey(page: Page, watch: Watch,
                                                      live_server: LiveServer) -> None:
    """Passkeys need the Permissions-Policy to keep ``publickey-credentials-*`` for the site."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True, "automaticPresenceSimulation": True}})
    name = f"Csp {secrets.token_hex(3)}"
    page.goto(live_server.url.replace("://127.0.0.1:", "://localhost:") + "/account")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.press("#signup-password", "Enter")
    signed_in_view(page, name)
    page.fill("#passkey-name", "Test key")
    page.click("#add-passkey")
    expect(page.locator("#passkey-list .passkey-item")).to_have_count(1, timeout=WAIT_MS)
    watch.clean("account")
    cdp.send("WebAuthn.disable")


@pytest.mark.parametrize(("game", "seats", "turn"), [
    ("zodiac", ["human", "greedy", "greedy"], zodiac_turn),
    ("daihinmin", ["human", "greedy", "greedy", "greedy"], daihinmin_turn),
])
def test_a_table_against_bots(page: Page, watch: Watch, live_server: LiveServer, game: str,
                              seats: list[str], turn: Callable[[Page], str]) -> None:
    """The table page: its socket (``connect-src 'self'`` allows the same host's ``ws:``), the
    game's module, its cards and styles set through ``element.style``."""
    table_id = live_server.create(game=game, seats=seats, seed=4)["id"]
    seat_with_token(page, live_server, table_id, 0, "Ann")
    page.goto(f"/t/{table_id}")
    expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=WAIT_MS)
    for _ in range(3):
        wait_ready(page)
        if page.locator("#table-status").get_attribute("data-status") == "finished":
            break
        turn(page)
    wait_ready(page)
    watch.clean(f"{game} table")


def test_a_replay_and_its_review(page: Page, watch: Watch, live_server: LiveServer) -> None:
    table_id = live_server.create(game="daihinmin", seats=["greedy", "random", "greedy", "greedy"],
                                  seed=6, options={"max_rounds": 1})["id"]
    live_server.wait_finished(table_id)
    page.goto(f"/replay/{table_id}")
    expect(page.locator("#replay-status")).to_contain_text("Step 0 of", timeout=WAIT_MS)
    page.click("#replay-next")
    expect(page.locator("#replay-status")).to_contain_text("Step 1 of")
    watch.clean("replay")
    page.select_option("#review-seat", "1")
    page.click("#review-start")
    expect(page.locator("#review-graph")).to_be_visible(timeout=90_000)
    watch.clean("review")


def test_the_card_set_editor(page: Page, watch: Watch) -> None:
    open_default(page)
    page.locator("details.ed-card").first.locator("summary").click()
    watch.clean("editor")


def test_a_tutorial(page: Page, watch: Watch) -> None:
    table_id = start(page, "zodiac")
    assert re.fullmatch(r"[\w-]+", table_id)
    expect(page.locator("#coach-title")).to_have_text("Learning to play", timeout=WAIT_MS)
    watch.clean("tutorial")


def test_the_moderators_page(page: Page, watch: Watch, live_server: LiveServer) -> None:
    name = f"Mod {secrets.token_hex(3)}"
    made = page.request.post("/api/accounts", data={"name": name, "password": PASSWORD})
    assert made.status == 201, made.text()
    live_server.app.state.hub.db.call(
        lambda s: set_role(s, Actor(CLI_ACTOR, "admin"), name, "moderator"))
    page.goto("/moderation")
    expect(page.get_by_role("heading", name="Moderation", exact=True)).to_be_visible(timeout=WAIT_MS)
    watch.clean("moderation")


def test_the_puzzles_page_with_a_puzzle_answered(page: Page, watch: Watch,
                                                 live_server: LiveServer) -> None:
    public_game_with_puzzles(live_server)
    page.goto("/puzzles")
    daily = page.locator('#daily-list a[data-game="daihinmin"]')
    expect(daily).to_be_visible(timeout=WAIT_MS)
    watch.clean("puzzles")
    daily.click()
    page.locator("#puzzle-moves button").first.click()
    expect(page.locator("#puzzle-verdict")).to_be_visible(timeout=WAIT_MS)
    watch.clean("a puzzle answered")


def test_the_deals_and_tournaments_pages(page: Page, watch: Watch) -> None:
    for path, heading in (("/deals", "Deal of the day"), ("/tournaments", "Tournaments")):
        page.goto(path)
        expect(page.get_by_role("heading", name=heading, level=1)).to_be_visible(timeout=WAIT_MS)
        page.wait_for_load_state("networkidle")
        watch.clean(path)
