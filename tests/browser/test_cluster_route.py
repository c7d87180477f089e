"""The table page on several processes behind nginx: a socket that lands on a process that does
not drive the table follows ``welcome.route`` to the one that does (a second socket with
``?via=``), closes the relayed one, and plays on — clicked, in Chromium."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import httpx
import pytest
from playwright.sync_api import Page, WebSocket

from server.postgres import running_postgres, unavailable
from server.services import Cluster, running_cluster
from server.services import unavailable as missing

from .helpers import WAIT_MS, wait_ready, zodiac_turn

pytestmark = [pytest.mark.browser, pytest.mark.cluster]

LAND_ON = """(port) => {
  // The first table socket lands on the process on `port`, as nginx could have sent it there.
  const Real = window.WebSocket;
  let first = true;
  window.WebSocket = function (url, protocols) {
    if (first && url.includes('/ws/tables/') && !url.includes('via=')) {
      first = false;
      url += `?via=${port}`;
    }
    return new Real(url, protocols);
  };
  window.WebSocket.prototype = Real.prototype;
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
}"""


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    why = unavailable() or missing("redis-server") or missing("nginx")
    if why is not None:
        pytest.skip(why)
    with running_postgres() as postgres, running_cluster(2, database="browser_route",
                                                         postgres=postgres) as c:
        yield c


def wait_until(page: Page, check: Callable[[], bool], timeout_ms: float = WAIT_MS) -> None:
    """Until ``check()``, letting Playwright deliver the page's events meanwhile."""
    waited = 0.0
    while not check():
        assert waited < timeout_ms, "timed out"
        page.wait_for_timeout(50)
        waited += 50


def open_sockets(metrics_url: str) -> int:
    text = httpx.get(metrics_url, timeout=10).text
    found = re.search(r"^furuba_websockets_open\{[^}]*\} (\S+)$", text, re.MULTILINE)
    assert found is not None, text[:2000]
    return int(float(found.group(1)))


def test_the_table_page_moves_to_the_process_driving_the_table(page: Page, cluster: Cluster) -> None:
    owner, other = cluster.servers   # the table is made on the first: it drives it
    made = httpx.post(f"{owner.base}/api/tables", timeout=20, json={
        "game": "zodiac", "seats": ["human", "greedy", "greedy"], "seed": 3})
    assert made.status_code == 201, made.text
    table_id = made.json()["id"]
    joined = httpx.post(f"{owner.base}/api/tables/{table_id}/join", timeout=20,
                        json={"seat": 0, "name": "Ann"})
    assert joined.status_code == 200, joined.text
    sockets: list[WebSocket] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    page.add_init_script(script=f"({LAND_ON})({other.port})")
    page.goto(f"{cluster.base}/")   # this browser keeps Ann's token, as the join page would
    page.evaluate("([id, token]) => localStorage.setItem(`furuba:tokens:${id}`, "
                  "JSON.stringify({0: token}))", [table_id, joined.json()["token"]])
    page.goto(f"{cluster.base}/t/{table_id}")
    wait_ready(page)
    wait_until(page, lambda: len(sockets) >= 2 and sockets[0].is_closed())
    assert f"via={other.port}" in sockets[0].url
    assert f"via={owner.port}" in sockets[1].url and not sockets[1].is_closed()
    wait_until(page, lambda: (open_sockets(owner.metrics_url), open_sockets(other.metrics_url)) == (1, 0))
    seq = httpx.get(f"{owner.base}/api/tables/{table_id}", timeout=10).json()["seq"]
    zodiac_turn(page)   # the game goes on over the direct socket
    wait_until(page, lambda: httpx.get(f"{cluster.base}/api/tables/{table_id}",
                                 timeout=10).json()["seq"] > seq)
    assert len(sockets) == 2, [s.url for s in sockets]
