"""``furuba uecda bridge`` (D29): UECda programs hold seats at a table of the web app.

The web app runs in-process (uvicorn in a thread, SQLite in a temporary folder, bots without
delay); the bridge is a client of its public API only. Two of furuba's UECda clients — greedy
bots that track every message they are sent — play a whole table through it against three
greedy bots of the web app: neither ever has a play refused, each counts the games the table
played, and the points each counts are the table's final scores for its seat.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from tests.server.harness import LiveServer, run_coroutine
from typer.testing import CliRunner

from furuba.bots.registry import make_bot
from furuba.cli.main import app
from furuba.daihinmin.uecda.bridge import BridgeError, bridge, refusal, web_name
from furuba.daihinmin.uecda.bridge_frames import Frame, GiftWanted, SeatFrames, mask_of_names
from furuba.daihinmin.uecda.client import ClientSummary, play_match
from furuba.daihinmin.uecda.table import decode_int, encode_table, profile_table

SEATS = (1, 3)
GAMES = 2


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(f"sqlite:///{tmp_path / 'furuba.sqlite3'}", bot_delay=0.0) as server:
        yield server


def _uecda_table(live: LiveServer, seed: int) -> str:
    seats = ["human" if s in SEATS else "greedy" for s in range(5)]
    made = live.create(game="daihinmin", seats=seats, seed=seed, options={
        "players": 5, "rules": "uecda", "target": None, "max_rounds": GAMES})
    table_id: str = made["id"]
    return table_id


async def _play(url: str, table_id: str) -> tuple[list[Any], list[ClientSummary], list[str]]:
    said: list[str] = []
    opened: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(bridge(url, table_id, SEATS, "127.0.0.1", 0, timeout=30,
                                      say=said.append, listening=opened.set_result))
    port = await asyncio.wait_for(opened, 10)

    async def program(k: int, reader: asyncio.StreamReader,
                      writer: asyncio.StreamWriter) -> ClientSummary:
        try:
            return await play_match(reader, writer, f"prog{k}", make_bot("greedy", seed=k))
        finally:
            writer.close()

    # The seats go in connection order: each program connects once the one before it has.
    programs = []
    for k in range(len(SEATS)):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        programs.append(asyncio.create_task(program(k, reader, writer)))
    clients = await asyncio.wait_for(asyncio.gather(*programs), 60)
    results = await asyncio.wait_for(task, 30)
    return results, list(clients), said


@pytest.mark.parametrize("seed", [11, 12])
def test_ruling_d29_uecda_programs_play_a_web_table_through_the_bridge(
        live: LiveServer, seed: int) -> None:
    table_id = _uecda_table(live, seed)
    results, clients, said = run_coroutine(_play(live.base, table_id))
    table = live.table(table_id)
    assert table["status"] == "finished", said
    scores = table["result"]["scores"]
    for client, seat in zip(clients, SEATS, strict=True):
        assert client.player == seat
        assert client.games == GAMES
        assert client.refused == 0
        assert client.points == scores[seat]
    assert [r.seat for r in results] == list(SEATS)
    assert all(r.finished and r.refused == 0 for r in results)
    names = {s["seat"]: s["name"] for s in table["seats"]}
    assert (names[1], names[3]) == ("prog0", "prog1")


def test_a_table_of_other_rules_is_refused_with_a_sentence(live: LiveServer) -> None:
    made = live.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"],
                       options={"players": 4})
    with pytest.raises(BridgeError) as caught:
        run_coroutine(bridge(live.base, made["id"], [0], "127.0.0.1", 0, say=lambda _: None))
    message = str(caught.value)
    assert "UECda" in message and message.endswith(".") and "\n" not in message


def test_a_seat_that_is_a_bot_s_is_refused() -> None:
    table = {"id": "T", "game": "daihinmin", "players": 5, "status": "waiting",
             "options": {"players": 5, "rules": "uecda"},
             "seats": [{"seat": s, "kind": "bot" if s else "human", "claimed": bool(s)}
                       for s in range(5)]}
    assert refusal(table, [0]) is None
    assert "seat 2" in (refusal(table, [0, 2]) or "")
    assert "no seat 7" in (refusal(table, [7]) or "")


def test_a_uecda_name_becomes_a_name_the_web_app_takes() -> None:
    assert web_name("default", 1) == "default"
    assert web_name("Fuji@Gokoro!", 2) == "Fuji Gokoro"
    assert web_name("@@", 3) == "UECda 3"


def test_a_rich_player_may_give_back_the_card_he_was_given() -> None:
    """Under D24 the Poor's cards changed hands before the gifts: the swap only takes the Rich
    player's gifts away, even a card he was just given."""
    frames = SeatFrames(me=1)
    frames.titles = [4, 1, 2, 3, 0]
    dealt = ["3♦", "4♠", "5♣", "6♠", "6♣", "9♥", "10♠", "J♦", "J♣", "K♥"]
    log: list[dict[str, Any]] = [
        {"n": 1, "event": "round", "round": 2, "dealer": 1, "seating": [3, 2, 4, 1, 0]},
        {"after": 1, "to": 1, "event": "dealt", "player": 1, "cards": dealt},
        {"after": 1, "to": 1, "event": "taken", "player": 3, "receiver": 1, "cards": ["2♠"]}]
    dealt_table, wanted = frames.feed(log) + frames.flush()
    assert isinstance(dealt_table, Frame) and isinstance(wanted, GiftWanted)
    assert dealt_table.table[0][13] == 1 and dealt_table.table[5][:4] == [1, 1, 0, 6]
    assert wanted.count == 1 and not wanted.strict
    log += [{"after": 1, "to": 1, "event": "gift", "player": 1, "receiver": 3, "cards": ["2♠"]},
            {"n": 2, "event": "exchange", "rich_man": 0, "poor_man": 4, "second_richest": 1,
             "second_poorest": 3},
            {"after": 2, "to": 1, "event": "swap", "player": 1, "partner": 3, "gave": ["2♠"],
             "got": ["2♠"]}]
    assert frames.feed(log) + frames.flush() == []
    assert frames.hand == mask_of_names(dealt)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


MODELLED = "normal:sims=4,opp=best,oppweights=uecda_default"
"""A bot of several settings in the list of ``--bots``, leaning on weights the game ships."""


def test_the_command_makes_a_table_prints_its_address_and_bridges_it(live: LiveServer) -> None:
    port = _free_port()
    runner = CliRunner()
    args = ["uecda", "bridge", "--url", live.base, "--create", "--seat", "0", "--seat", "2",
            "--games", "1", "--bots", f"greedy,{MODELLED}", "--port", str(port)]
    with ThreadPoolExecutor(max_workers=1) as pool:
        running = pool.submit(runner.invoke, app, args)

        async def programs() -> list[ClientSummary]:
            # The bridge seats programs in the order it accepts them: the second connects only
            # once the first is connected, however long the command takes to start listening.
            connected = asyncio.Event()

            async def program(k: int) -> ClientSummary:
                if k:
                    await connected.wait()
                for _ in range(200):
                    try:
                        reader, writer = await asyncio.open_connection("127.0.0.1", port)
                        break
                    except OSError:
                        await asyncio.sleep(0.05)
                connected.set()
                try:
                    return await play_match(reader, writer, f"cli{k}", make_bot("greedy", k))
                finally:
                    writer.close()
            return list(await asyncio.gather(program(0), program(1)))

        clients = run_coroutine(asyncio.wait_for(programs(), 60))
        result = running.result(timeout=30)
    assert result.exit_code == 0, result.output
    table_id = result.output.split()[1].rstrip(":")
    assert f"{live.base}/t/{table_id}" in result.output
    table = live.table(table_id)
    assert table["status"] == "finished"
    assert [s.get("bot") for s in table["seats"]] == [None, "greedy", None, MODELLED, MODELLED]
    for client, seat in zip(clients, (0, 2), strict=True):
        assert (client.player, client.games, client.refused) == (seat, 1, 0)
        assert client.points == table["result"]["scores"][seat]


def test_the_command_refuses_a_table_of_other_rules_in_one_sentence(live: LiveServer) -> None:
    made = live.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy", "greedy"],
                       options={"players": 5})
    result = CliRunner().invoke(app, ["uecda", "bridge", "--url", live.base, "--table",
                                      made["id"], "--seat", "0", "--port", "0"])
    assert result.exit_code == 2
    assert "UECda" in result.output and len(result.output.strip().splitlines()) <= 3


def test_a_program_that_leaves_leaves_its_seat_to_the_table(live: LiveServer) -> None:
    """Its seat waits out the grace period, then a bot plays it (while another player is
    connected); the bridge says so in a sentence and goes on with the other program."""
    made = live.create(game="daihinmin", seats=["human", "greedy", "human", "greedy", "greedy"],
                       grace_seconds=1, options={"players": 5, "rules": "uecda",
                                                 "target": None, "max_rounds": 1})
    said: list[str] = []

    async def one_leaves() -> tuple[list[Any], ClientSummary]:
        opened: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(bridge(live.base, made["id"], [0, 2], "127.0.0.1", 0,
                                          timeout=10, say=said.append,
                                          listening=opened.set_result))
        port = await opened
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(encode_table(profile_table("quitter")))
        assert decode_int(await reader.readexactly(4)) == 0
        writer.close()
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            stays = await play_match(reader, writer, "stayer", make_bot("greedy", seed=3))
        finally:
            writer.close()
        return await asyncio.wait_for(task, 20), stays

    (left, stayed), stays = run_coroutine(asyncio.wait_for(one_leaves(), 60))
    assert not left.finished and stayed.finished
    assert any("left to the table" in line for line in said), said
    assert not any("Traceback" in line for line in said)
    table = live.table(made["id"])
    assert table["status"] == "finished"
    assert [s["name"] for s in table["seats"]][0:3:2] == ["quitter", "stayer"]
    assert (stays.games, stays.refused, stays.points) == (1, 0, table["result"]["scores"][2])
