"""Dai Hin Min's second round in the browser: the exchange (Rich Man, Poor Man) and the revolution.

Each test looks for a seed (``deals``) whose game, with the human playing a fixed way in round 1,
gives the wanted round 2; it then plays round 1 by clicking exactly those decisions and checks
what the screen shows against the rules (D9, D10), worked out here from the same seed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from . import deals
from .conftest import LiveServer
from .helpers import WAIT_MS, HeldSocket, daihinmin_turn, wait_ready
from .test_pages import seat_with_token

pytestmark = pytest.mark.browser

RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
NAMES = ["Ann", "Kaito", "Mio", "Ren"]


def rank(card: str) -> int:
    """D3 order; a joker counts as lowest when the Poor Man's best cards are taken (D9)."""
    return -1 if card.startswith("joker") else RANKS.index(card[:-1])


def open_table(browser: Browser, base_url: str, server: LiveServer, plan: deals.Plan,
               socket: Callable[[WebSocketRoute], None] | None = None) -> Page:
    """The plan's table with the human seated, open in a new page (its socket through ``socket``)."""
    table = server.create(game="daihinmin", seats=deals.SEATS, seed=plan.seed)
    assert table["table"]["options"] == deals.OPTIONS
    page = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900}).new_page()
    if socket is not None:
        page.route_web_socket(re.compile(r"/ws/tables/"), socket)
    seat_with_token(page, server, table["id"], deals.HUMAN, NAMES[0])
    page.goto(f"/t/{table['id']}")
    return page


def act_named(page: Page, name: str) -> None:
    """Take the named decision by clicking: a play through its chip in "All legal plays" and the
    Play button, anything else through its own button."""
    if name.startswith("play "):
        page.locator(".legal-plays summary").click()
        page.locator(f'.legal-plays .chip[data-text="{name}"]').click()
        expect(page.locator("#play-selected")).to_have_attribute("data-action", name)
        page.locator("#play-selected").click()
    else:
        page.locator(f'#game [data-action="{name}"]:not([disabled])').click()


def play_script(page: Page, script: list[str]) -> None:
    """The human's decisions of the plan, each when the page asks for one. After each, wait for
    the server's answer (a newer message on the screen), not only for the page to be ready: when
    an answer is very late the page offers the decision just taken again (after 20 s), and
    acting on that screen would be out of step with the plan."""
    for name in script:
        wait_ready(page)
        seen = page.locator("#game").get_attribute("data-seq")
        act_named(page, name)
        page.wait_for_function("seen => document.querySelector('#game')?.dataset.seq !== seen",
                               arg=seen, timeout=WAIT_MS)
    wait_ready(page)


def hand_on_screen(page: Page) -> list[str]:
    return [c.get_attribute("data-card") or "" for c in page.locator("#hand [data-card]").all()]


def log_lines(page: Page) -> list[str]:
    return page.locator(".log-list li").all_inner_texts()


def test_rich_man_chooses_his_gifts_and_gets_the_poor_mans_two_best(browser: Browser, base_url: str,
                                                                    live_server: LiveServer,
                                                                    shots: Path) -> None:
    plan = deals.find(deals.greedy, lambda p: deals.title(p) == "Rich Man" and p.state.phase == "exchange")
    titles = plan.state.view(None)["titles"]
    poor = titles.index("Poor Man")
    page = open_table(browser, base_url, live_server, plan)
    play_script(page, plan.script)

    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text(f"Exchange: choose 2 cards to give {NAMES[poor]}")
    dealt = deals.hand(plan)
    assert sorted(hand_on_screen(page)) == sorted(dealt)
    give = page.locator("#give-selected")
    expect(give).to_be_disabled()

    # Two cards of different ranks; clicking the highest suit of a rank marks that rank's lowest
    # card, the one a gift of that rank gives (suits do not matter, D9).
    low = dealt[0]
    same_rank = [c for c in dealt if c[:-1] == low[:-1]]
    other = next(c for c in dealt if rank(c) != rank(low) and not c.startswith("joker"))
    page.locator(f'.dhm-hand [data-card="{same_rank[-1]}"]').click()
    expect(page.locator(".dhm-hand .card-button.selected")).to_have_count(1)
    expect(page.locator(f'.dhm-hand [data-card="{low}"]')).to_have_class(re.compile(r"\bselected\b"))
    expect(give).to_be_disabled()
    page.locator(f'.dhm-hand [data-card="{other}"]').click()
    expect(give).to_be_enabled()
    expect(give).to_have_text(f"Give {low} {other}")
    shot = shots / "daihinmin-exchange.png"
    page.screenshot(path=shot)
    give.click()

    # What happens next, from the same seed: the gifts go to the Poor Man, and his two
    # highest-ranked cards (D9) to the Rich Man.
    best_ranks = sorted(rank(c) for c in deals.hand(plan, poor))[-2:]
    for name in (f"give {low[:-1]}", f"give {other[:-1]}"):
        plan.apply(plan.state.string_to_action(name))
    plan.bots_until_human()
    swap = {(e["from"], e["to"]): e["cards"] for e in plan.state.view(deals.HUMAN)["exchange"]}
    assert swap[(deals.HUMAN, poor)] == [low, other]
    best = swap[(poor, deals.HUMAN)]
    assert sorted(rank(c) for c in best) == best_ranks
    expected = deals.hand(plan)
    assert sorted(expected) == sorted([c for c in dealt if c not in (low, other)] + best)

    summary = page.locator("#exchange-summary")
    expect(summary).to_contain_text(f"You gave {low} {other} to {NAMES[poor]}.", timeout=WAIT_MS)
    expect(summary).to_contain_text(f"You got {' '.join(best)} from {NAMES[poor]}.")
    wait_ready(page)
    assert sorted(hand_on_screen(page)) == sorted(expected)
    for card in best:
        expect(page.locator(f'.dhm-hand [data-card="{card}"]')).to_have_class(re.compile(r"\breceived\b"))
    lines = log_lines(page)
    assert any(line.startswith("Exchange:") for line in lines)
    assert f"You gave {low} {other} to {NAMES[poor]} and got {' '.join(best)}." in lines
    expect(prompt).to_contain_text("Your turn: lead a new pile")   # the Rich Man leads (D8)
    page.context.close()


def test_the_second_gift_waits_until_the_server_has_taken_the_first(browser: Browser, base_url: str,
                                                                   live_server: LiveServer) -> None:
    """Two gifts confirmed with one Give go as two actions; when the first is answered late (after 3 s
    the page says it is waiting for the table), the second must still wait for it: sent
    early, the server would refuse it as stale and the Rich Man would have given one card."""
    plan = deals.find(deals.greedy, lambda p: deals.title(p) == "Rich Man" and p.state.phase == "exchange")
    poor = plan.state.view(None)["titles"].index("Poor Man")
    socket = HeldSocket()
    page = open_table(browser, base_url, live_server, plan, socket)
    play_script(page, plan.script)
    expect(page.locator("#prompt")).to_contain_text(f"Exchange: choose 2 cards to give {NAMES[poor]}")
    dealt = deals.hand(plan)
    low = dealt[0]
    other = next(c for c in dealt if rank(c) != rank(low) and not c.startswith("joker"))
    page.locator(f'.dhm-hand [data-card="{low}"]').click()
    page.locator(f'.dhm-hand [data-card="{other}"]').click()
    socket.holding = True
    page.locator("#give-selected").click()
    page.wait_for_timeout(4000)   # past the page's 3 s wait for an answer
    socket.release()
    summary = page.locator("#exchange-summary")
    expect(summary).to_contain_text(f"You gave {low} {other} to {NAMES[poor]}.", timeout=WAIT_MS)
    expect(page.locator(".toast-error")).to_have_count(0)
    page.context.close()


def test_poor_man_sees_what_was_taken_and_what_he_got(browser: Browser, base_url: str,
                                                      live_server: LiveServer) -> None:
    plan = deals.find(lambda seed: deals.passive,
                      lambda p: deals.title(p) == "Poor Man" and not deals.both_jokers(p))
    rich = plan.state.view(None)["titles"].index("Rich Man")
    page = open_table(browser, base_url, live_server, plan)
    play_script(page, plan.script)

    expect(page.locator("#prompt")).to_contain_text("You are the Poor Man.")
    expect(page.locator('#game [data-action="declare revolution"]')).to_have_count(0)
    dealt = deals.hand(plan)
    page.locator('#game [data-action="keep quiet"]').click()

    plan.apply(plan.state.string_to_action("keep quiet"))
    while plan.state.phase == "exchange":
        plan.bot_step()
    swap: dict[Any, list[str]] = {(e["from"], e["to"]): e["cards"]
                                  for e in plan.state.view(deals.HUMAN)["exchange"]}
    taken, got = swap[(deals.HUMAN, rich)], swap[(rich, deals.HUMAN)]
    assert sorted(rank(c) for c in taken) == sorted(rank(c) for c in dealt)[-2:], "his two best (D9)"

    summary = page.locator("#exchange-summary")
    expect(summary).to_contain_text(f"You gave {' '.join(taken)} to {NAMES[rich]}.", timeout=WAIT_MS)
    expect(summary).to_contain_text(f"You got {' '.join(got)} from {NAMES[rich]}.")
    expect(page.locator(".log-list")).to_contain_text(
        f"You gave {' '.join(taken)} to {NAMES[rich]} and got {' '.join(got)}.")
    hand = hand_on_screen(page)
    assert not set(taken) & set(hand), "the two best cards left the hand"
    assert set(got) <= set(hand), "the Rich Man's gift arrived"
    assert sorted(hand) == sorted([c for c in dealt if c not in taken] + got)
    page.context.close()


def test_poor_man_with_both_jokers_declares_a_revolution(browser: Browser, base_url: str,
                                                         live_server: LiveServer, shots: Path) -> None:
    plan = deals.find(lambda seed: deals.passive,
                      lambda p: deals.title(p) == "Poor Man" and deals.both_jokers(p))
    page = open_table(browser, base_url, live_server, plan)
    play_script(page, plan.script)

    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("You hold both jokers. Declare a revolution?")
    expect(page.locator("#direction")).to_contain_text("Play goes clockwise")
    page.locator('#game [data-action="declare revolution"]').click()

    plan.apply(plan.state.string_to_action("declare revolution"))
    seating = list(plan.state.view(None)["seating"])
    expect(page.locator(".revolution-banner")).to_contain_text("Revolution! Play goes counterclockwise",
                                                               timeout=WAIT_MS)
    expect(page.locator("#direction")).to_contain_text("counterclockwise")
    expect(page.locator(".dhm-seats")).to_have_attribute("data-direction", "counterclockwise")
    listed = [int(p.get_attribute("data-player") or -1) for p in page.locator(".dhm-seat").all()]
    assert listed == [seating[0], *reversed(seating[1:])], "the seats are listed in the order of play"
    expect(page.locator(".log-list")).to_contain_text("showed both jokers: Revolution! No exchange")
    expect(page.locator("#exchange-summary")).to_have_count(0)

    wait_ready(page)   # the Poor Man leads after a revolution (D10)
    expect(prompt).to_contain_text("Your turn: lead a new pile")
    page.screenshot(path=shots / "daihinmin-revolution.png")
    before = len(log_lines(page))
    daihinmin_turn(page)
    page.wait_for_selector("#game:not([aria-busy])", state="attached", timeout=WAIT_MS)
    wait_ready(page)   # the three others have acted (played or passed) before it is the human's turn again

    actors = []
    for line in log_lines(page)[before:]:
        m = re.match(r"^(You|Kaito|Mio|Ren) (played|passed)", line)
        if m:
            actors.append(NAMES[0] if m.group(1) == "You" else m.group(1))
    at = seating.index(deals.HUMAN)
    counterclockwise = [NAMES[seating[(at - k) % len(seating)]] for k in range(len(seating))]
    assert actors[:4] == counterclockwise, f"{actors} is not the counterclockwise order {counterclockwise}"
    page.context.close()


def test_second_richest_gives_one_card_and_gets_the_second_poorests_best(browser: Browser, base_url: str,
                                                                         live_server: LiveServer) -> None:
    plan = deals.find(deals.greedy,
                      lambda p: deals.title(p) == "Second Richest" and p.state.phase == "exchange")
    partner = plan.state.view(None)["titles"].index("Second Poorest")
    page = open_table(browser, base_url, live_server, plan)
    play_script(page, plan.script)

    expect(page.locator("#prompt")).to_contain_text(f"Exchange: choose 1 card to give {NAMES[partner]}")
    dealt = deals.hand(plan)
    assert sorted(hand_on_screen(page)) == sorted(dealt)
    gift = dealt[0]
    page.locator(f'.dhm-hand [data-card="{gift}"]').click()
    give = page.locator("#give-selected")
    expect(give).to_have_text(f"Give {gift}")
    give.click()

    best_rank = max(rank(c) for c in deals.hand(plan, partner))
    plan.apply(plan.state.string_to_action(f"give {gift[:-1]}"))
    while plan.state.phase == "exchange":
        plan.bot_step()
    swap = {(e["from"], e["to"]): e["cards"] for e in plan.state.view(deals.HUMAN)["exchange"]}
    assert swap[(deals.HUMAN, partner)] == [gift]
    got = swap[(partner, deals.HUMAN)]
    assert [rank(c) for c in got] == [best_rank], "the Second Poorest gives his highest card (D9)"

    summary = page.locator("#exchange-summary")
    expect(summary).to_contain_text(f"You gave {gift} to {NAMES[partner]}.", timeout=WAIT_MS)
    expect(summary).to_contain_text(f"You got {got[0]} from {NAMES[partner]}.")
    log = page.locator(".log-list")
    expect(log).to_contain_text(f"You gave {gift} to {NAMES[partner]} and got {got[0]}.")
    expect(page.locator(f'.dhm-hand [data-card="{got[0]}"]')).to_have_count(1)
    expect(page.locator(f'.dhm-hand [data-card="{gift}"]')).to_have_count(0)
    page.context.close()
