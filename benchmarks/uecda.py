"""furuba's bots against UECda programs, on the contest's standard server: points a game, with
intervals, and the time a decision takes.

Every match is five clients on one standard server (``-p PORT -g GAMES``), started in a fresh
folder; furuba's seats are ``furuba uecda client`` processes (``--bot`` a level or any bot
spec), the others the programs built from their public source. The server's own tally decides:
its totals after the last game, and each game's places (5–4–3–2–1 points) for the 95% interval
of the mean (1.96 standard errors). Nothing here is built or fetched: give the paths of what you
built; a match whose program is missing is skipped, and the run says so.

    python -m benchmarks.uecda --server PATH/out/server --default PATH/client \\
        [--fujigokoro PATH/out/client] [--games 1000] [--levels easy,normal,hard,expert]
        [--expert expert:sims=150] [--json out.json]

The matches (``--only`` picks some by name):

- ``LEVEL-vs-default``: one furuba seat against four ``default`` clients, per level;
- ``fujigokoro-vs-default``: FujiGokoro against four ``default`` clients;
- ``expert-fujigokoro-default``: furuba's expert, FujiGokoro and three ``default`` clients.

FujiGokoro's learned parameter files are Git LFS objects its repository does not hold: built
from source it plays its Monte Carlo search without them, and every figure of it says so.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

PLAYERS = 5
CLASSES = ("daihugou", "fugo", "heimin", "himmin", "daihinmin")
GAME = re.compile(r"^================ game (\d+)")
PLACE = re.compile(r"^(\w+)\s+(\d)\.")
DECISION = re.compile(r"([\d.]+) ms each")
PLAYER = re.compile(r"\(player (\d)\)")
LOGS = ("default_read.log", "default_write.log")
"""What the development kit's client writes in its folder."""


@dataclass
class Seat:
    """One client of a match: what it is and the command that starts it."""

    label: str
    argv: list[str]
    furuba: bool = False


@dataclass
class Result:
    """A finished match."""

    name: str
    games: int
    seats: list[str]
    points: list[float] = field(default_factory=list)
    """Points a game, per seat."""
    interval: list[float] = field(default_factory=list)
    """Half-width of the 95% interval of each mean."""
    ms_per_decision: dict[str, float] = field(default_factory=dict)
    seconds: float = 0.0
    by_game: list[str] = field(default_factory=list)
    """Each game's points, one digit a seat (``"51234"``): the raw data of the means."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def furuba_seat(spec: str, name: str, port: int, seed: int) -> Seat:
    return Seat(f"furuba {spec}", [sys.executable, "-m", "furuba", "uecda", "client", "--port",
                                   str(port), "--name", name, "--bot", spec, "--seed",
                                   str(seed)], furuba=True)


def play(name: str, server: Path, seats: list[Seat], games: int, port: int,
         seed: int) -> Result:
    """Run one match; the server's stdout says the places."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="uecda-") as folder:
        for log in LOGS:        # the dev kit's client logs every message: megabytes a game
            os.symlink(os.devnull, Path(folder) / log)
        env = {**os.environ, "UECDA_SEED": str(seed)}
        said_path = Path(folder) / "server.out"
        with open(said_path, "w", encoding="utf-8") as said_file:
            srv = subprocess.Popen([str(server), "-p", str(port), "-g", str(games)], cwd=folder,
                                   env=env, stdout=said_file, stderr=subprocess.STDOUT)
            clients = []
            for k, seat in enumerate(seats):     # their output to files: a pipe nobody reads
                with open(Path(folder) / f"client{k}.out", "w", encoding="utf-8") as out_file:
                    clients.append(subprocess.Popen(seat.argv, cwd=folder, stdout=out_file,
                                                    stderr=subprocess.STDOUT))
                _wait_accepted(said_path, k + 1)   # the connection order is the player number
            srv.wait()
            for client in clients:
                client.wait()
            said = [(Path(folder) / f"client{k}.out").read_text(encoding="utf-8",
                                                                 errors="replace")
                    for k in range(len(clients))]
        out = said_path.read_text(encoding="utf-8", errors="replace")
    per_game: list[list[int]] = []
    current: list[int] | None = None
    for line in out.splitlines():
        if GAME.match(line):
            current = [0] * PLAYERS
            per_game.append(current)
        elif current is not None and (m := PLACE.match(line)) and m.group(1) in CLASSES:
            current[int(m.group(2))] = PLAYERS - CLASSES.index(m.group(1))
    result = Result(name, len(per_game), [s.label for s in seats],
                    seconds=time.perf_counter() - started,
                    by_game=["".join(map(str, g)) for g in per_game])
    for p in range(PLAYERS):
        values = [g[p] for g in per_game]
        n = len(values)
        mean = sum(values) / n if n else 0.0
        var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        result.points.append(round(mean, 3))
        result.interval.append(round(1.96 * math.sqrt(var / n), 3) if n else 0.0)
    for number, (seat, text) in enumerate(zip(seats, said, strict=True)):
        if seat.furuba and (m := DECISION.search(text)):
            result.ms_per_decision[seat.label] = float(m.group(1))
        if seat.furuba and (m := PLAYER.search(text)) and int(m.group(1)) != number:
            raise SystemExit(f"{seat.label} played as player {m.group(1)}, not {number}")
    return result


def _wait_accepted(path: Path, count: int, seconds: float = 120.0) -> None:
    """Wait until the server says it accepted ``count`` clients: a client that starts slowly
    (Python) must not let the next one take its player number."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.read_text(encoding="utf-8", errors="replace").count("accepted from") >= count:
            return
        time.sleep(0.05)
    raise SystemExit(f"the server did not accept client {count} within {seconds:.0f} s")


def matches(args: argparse.Namespace, port: int) -> dict[str, list[Seat]]:
    """The matches that can be played with what was given."""
    default = [Seat("default", [str(args.default), "-h", "127.0.0.1", "-p", str(port), "-n",
                                f"default{k}"]) for k in range(1, 5)]
    out: dict[str, list[Seat]] = {}
    for level in args.levels.split(","):
        spec = args.expert if level == "expert" else level
        out[f"{level}-vs-default"] = [furuba_seat(spec, "furuba", port, args.seed), *default]
    if args.fujigokoro:
        fuji = Seat("FujiGokoro (no learned parameters)",
                    [str(args.fujigokoro), "-th", "1", "-s", str(args.seed), "-h",
                     "127.0.0.1", "-p", str(port)])
        out["fujigokoro-vs-default"] = [fuji, *default]
        out["expert-fujigokoro-default"] = [furuba_seat(args.expert, "furuba", port, args.seed),
                                            fuji, *default[:3]]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", type=Path, required=True, help="the standard server")
    parser.add_argument("--default", type=Path, required=True, help="the dev kit's client")
    parser.add_argument("--fujigokoro", type=Path, help="FujiGokoro's client (optional)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--levels", default="easy,normal,hard,expert")
    parser.add_argument("--expert", default="expert:sims=150",
                        help="the expert's spec (its simulations set for ≤ 0.1 s a decision)")
    parser.add_argument("--only", default="", help="match names, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    for what, path in (("server", args.server), ("default client", args.default),
                       ("FujiGokoro", args.fujigokoro)):
        if path is not None and not (path.is_file() and os.access(path, os.X_OK)):
            print(f"{what} not found or not executable: {path}; its matches are skipped",
                  file=sys.stderr)
            if what != "FujiGokoro":
                sys.exit(2)
            args.fujigokoro = None
    if args.fujigokoro is None:
        print("FujiGokoro not given: its matches are skipped", file=sys.stderr)
    only = set(filter(None, args.only.split(",")))
    results = []
    for name, _seats in matches(args, 0).items():
        if only and name not in only:
            continue
        port = free_port()
        seats = matches(args, port)[name]
        result = play(name, args.server, seats, args.games, port, args.seed)
        results.append(result)
        print(f"{name}: {result.games} games in {result.seconds:.0f} s", flush=True)
        for label, mean, half in zip(result.seats, result.points, result.interval, strict=True):
            ms = result.ms_per_decision.get(label)
            said = f", {ms:.1f} ms a decision" if ms is not None else ""
            print(f"  {label:<36} {mean:.3f} ± {half:.3f} points a game{said}", flush=True)
    if args.json is not None:
        args.json.write_text(json.dumps({"machine": os.uname().machine, "cores": os.cpu_count(),
                                         "date": time.strftime("%Y-%m-%d"),
                                         "server": "standard UECda server (protocol 20070)",
                                         "results": [asdict(r) for r in results]}, indent=1))


if __name__ == "__main__":
    main()
