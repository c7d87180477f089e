"""Hostile files: no upload stalls the server. Files are bounded before they are parsed, read in a
child process under limits of CPU time and memory, and take a turn among the file checks, a few
per address; a refusal is a sentence naming the limit, never a 500."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from importlib import resources

import httpx
import pytest

from furuba.server import sandbox

from .account_client import Browser, refused
from .harness import LiveServer

DEFAULT = (resources.files("furuba.zodiac") / "cardsets" / "default.toml").read_text("utf-8")
DEEP_KEY = "a." * 40_000 + "a = 1\n"
"""80 KB: one dotted key 40,000 levels deep (the standard parser takes half a minute and
gigabytes for it)."""
NESTED = {"arrays": "x = " + "[" * 20_000 + "]" * 20_000,
          "inline tables": "x = " + "{a = " * 5_000 + "1" + "}" * 5_000,
          "table headers": "[" + "t." * 20_000 + "t]\n"}
MANY_ITEMS = "a = [" + ",".join("[" + "1," * 4_999 + "]" for _ in range(25)) + "]\n"
"""Within every bound, and among the slowest files to read: 125,000 numbers."""
MANY_KEYS = "".join(f"k{i}=1\n" for i in range(19_999))
"""Within every bound; reading it takes some 20 MB."""


def post(live: LiveServer, path: str, text: str, **headers: str) -> httpx.Response:
    return live.http.post(path, content=text.encode(), headers=headers)


@pytest.mark.parametrize("path", ["/api/cardsets/check", "/api/cardsets/read"])
def test_a_key_40000_levels_deep_is_refused_naming_the_limit(live: LiveServer, path: str) -> None:
    r = post(live, path, DEEP_KEY)
    assert r.status_code == 400, r.text
    assert "a key of 40001 dotted parts: at most 16" in r.json()["detail"]


@pytest.mark.parametrize("shape", sorted(NESTED))
@pytest.mark.parametrize("path", ["/api/cardsets/check", "/api/cardsets/read"])
def test_deep_nesting_is_a_sentence_not_a_500(live: LiveServer, path: str, shape: str) -> None:
    r = post(live, path, NESTED[shape])
    assert r.status_code == 400, r.text
    assert "at most" in r.json()["detail"]


def test_a_deep_editor_document_is_refused_before_it_is_parsed(live: LiveServer) -> None:
    document = '{"name": ' + "[" * 100_000 + "]" * 100_000 + "}"
    r = post(live, "/api/cardsets/check", document, **{"content-type": "application/json"})
    assert r.status_code == 400, r.text
    assert "more than 32 deep" in r.json()["detail"]


def test_a_hostile_file_for_a_new_table_is_refused(live: LiveServer) -> None:
    for text in (DEEP_KEY, NESTED["arrays"]):
        r = live.http.post("/api/tables", json={"game": "zodiac", "files": {"cardset": text}})
        assert r.status_code == 400, r.text
        assert r.json()["detail"].startswith("files.cardset: ")


def test_a_hostile_file_is_not_kept(ann: Browser) -> None:
    refused(ann.post("/api/me/cardsets", {"name": "deep", "text": DEEP_KEY}), 400,
            "a key of 40001 dotted parts: at most 16")
    refused(ann.post("/api/me/cardsets", {"name": "nested", "text": NESTED["arrays"]}), 400,
            "nested 33 deep: at most 32")
    assert ann.get("/api/me/cardsets").json()["files"] == []


def test_a_file_beyond_the_memory_limit_is_refused_naming_it(db_url: str) -> None:
    with LiveServer(db_url, file_check_megabytes=4) as live:
        r = post(live, "/api/cardsets/check", MANY_KEYS)
        assert r.status_code == 413, r.text
        assert r.json()["detail"] == "the file needs more than 4 MB to read"
        r = live.http.post("/api/tables", json={"game": "zodiac", "files": {"cardset": MANY_KEYS}})
        assert (r.status_code, r.json()["detail"]) == (
            413, "files.cardset: the file needs more than 4 MB to read")
        assert post(live, "/api/cardsets/check", DEFAULT).status_code == 200
        r = live.http.post("/api/cardsets/measure", json={"text": MANY_KEYS, "games": 2})
        assert (r.status_code, r.json()["detail"]) == (
            413, "the file needs more than 4 MB to read"), "a measure's file is read in the sandbox"


def spin(seconds: float) -> None:
    """Burn CPU time for ``seconds`` on the clock (a job beyond any CPU limit)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def test_a_job_beyond_the_cpu_limit_is_stopped_naming_it() -> None:
    with pytest.raises(sandbox.FileRefusedError) as refused:
        asyncio.run(sandbox.run(sandbox.Limits(cpu_seconds=1), spin, 30.0))
    assert (refused.value.status, refused.value.detail) == (
        413, "the file took more than 1 s to read")
    with pytest.raises(sandbox.FileRefusedError) as refused:
        asyncio.run(sandbox.run(sandbox.Limits(cpu_seconds=1, wall_seconds=0.3), time.sleep, 30))
    assert refused.value.detail == "the file took more than 1 s to read"


def test_the_server_answers_while_hostile_files_are_read(db_url: str) -> None:
    """Health answers keep coming while two of the slowest files within the bounds are read
    (on today's code each read held the event loop)."""
    with LiveServer(db_url) as live:
        post(live, "/api/cardsets/check", DEFAULT)   # the children's forkserver is running
        answered: list[float] = []
        done = threading.Event()

        def poll() -> None:
            with httpx.Client(base_url=live.base, timeout=20) as client:
                while not done.is_set():
                    assert client.get("/api/health/live").status_code == 200
                    answered.append(time.monotonic())
                    time.sleep(0.02)

        with ThreadPoolExecutor(3) as pool:
            poller = pool.submit(poll)
            while not answered:
                time.sleep(0.01)
            started = time.monotonic()
            uploads = [pool.submit(post, live, "/api/cardsets/check", MANY_ITEMS)
                       for _ in range(2)]
            wait(uploads, return_when=FIRST_COMPLETED)
            finished = time.monotonic()
            results = [u.result() for u in uploads]
            done.set()
            poller.result()
        assert [r.status_code for r in results] == [400, 400]
        during = [t for t in answered if started < t < finished]
        assert len(during) >= 3, (len(during), finished - started)


async def hold_turns(live: LiveServer, address: str, count: int,
                     release: asyncio.Event) -> None:
    """Hold ``count`` of ``address``'s turns among the file checks until ``release`` is set."""
    work = live.app.state.work
    async with asyncio.TaskGroup() as group:
        for _ in range(count):
            async def one() -> None:
                async with work.file_checks.turn(address):
                    await release.wait()
            group.create_task(one())


def test_a_third_file_check_from_one_address_waits_for_its_turn(live: LiveServer) -> None:
    assert live.loop is not None
    release = asyncio.Event()
    held = asyncio.run_coroutine_threadsafe(hold_turns(live, "127.0.0.1", 2, release), live.loop)
    work = live.app.state.work
    while work.file_checks.running + work.file_checks.queued < 2:
        time.sleep(0.01)
    try:
        for r in (post(live, "/api/cardsets/check", DEFAULT),
                  post(live, "/api/cardsets/read", DEFAULT),
                  live.http.post("/api/tables", json={"game": "zodiac",
                                                      "files": {"cardset": DEFAULT}})):
            assert r.status_code == 429, r.text
            assert int(r.headers["Retry-After"]) >= 1
            assert "file checks" in r.json()["detail"]
    finally:
        live.loop.call_soon_threadsafe(release.set)
        held.result(timeout=10)
    assert post(live, "/api/cardsets/check", DEFAULT).status_code == 200


def test_a_job_stopped_by_a_limit_leaves_no_process_behind() -> None:
    before = set(multiprocessing.active_children())
    with pytest.raises(sandbox.FileRefusedError):
        asyncio.run(sandbox.run(sandbox.Limits(megabytes=8), bytes, 64 * 1024 * 1024))
    assert set(multiprocessing.active_children()) <= before
    assert asyncio.run(sandbox.run(sandbox.Limits(), sum, [1, 2, 3])) == 6
