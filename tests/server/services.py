"""Throwaway Redis, nginx and ``furuba serve`` processes on free loopback ports, for the deployment
tests and the load benchmark.

Each piece runs Debian's real binary (``scripts/setup-services.sh`` installs them) with its files in
a temporary folder, and is stopped and removed afterwards. nginx runs the project's own config,
``deploy/nginx/furuba.conf``, with only its upstream ports and its ``listen`` line rewritten, so the
config under test is the documented one. As with ``postgres.py``, a missing binary skips the test
(outside Linux, or not installed), except under CI (``CI`` set), where it is a failure.
"""

from __future__ import annotations

import grp
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from .postgres import Postgres, free_port, running_postgres

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "deploy" / "nginx" / "furuba.conf"

# -- finding binaries ---------------------------------------------------------------------------
def find_binary(name: str) -> Path | None:
    """``name`` on the PATH, or in the system folders a non-root PATH may lack."""
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin:/sbin")
    return Path(found) if found else None


def unavailable(name: str) -> str | None:
    """Why ``name`` cannot be started here (``None``: it can)."""
    if not sys.platform.startswith("linux"):
        return f"the {name} tests run on Linux"
    if find_binary(name) is None:
        return f"{name} is not installed (scripts/setup-services.sh installs Debian's)"
    return None


def require(name: str) -> Path:
    """The binary ``name``; skip the test without it (fail under CI)."""
    why = unavailable(name)
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is needed in CI: {why}")
        pytest.skip(why)
    found = find_binary(name)
    assert found is not None
    return found


def wait_for_port(port: int, proc: subprocess.Popen[bytes], what: str, timeout: float = 20.0) -> None:
    """Until something accepts connections on ``port``; fail early if ``proc`` ends."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on {port} within {timeout} s")


def stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM, timeout: float = 20.0) -> int:
    """Send ``sig`` and wait; SIGKILL if it does not end within ``timeout``. The exit code."""
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=timeout)
    return proc.returncode


# -- Redis --------------------------------------------------------------------------------------
@dataclass
class Redis:
    port: int
    folder: Path
    proc: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(64).startswith(b"+PONG")
        except OSError:
            return False

    def logs(self) -> str:
        return (self.folder / "redis.log").read_text(errors="replace")


@contextmanager
def running_redis() -> Iterator[Redis]:
    """A redis-server on a free loopback port, keeping nothing on disk (``--save ""``)."""
    binary = require("redis-server")
    folder = Path(tempfile.mkdtemp(prefix="furuba-redis-"))
    port = free_port()
    proc = subprocess.Popen(
        [str(binary), "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(folder), "--logfile", str(folder / "redis.log"), "--daemonize", "no"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    redis = Redis(port, folder, proc)
    try:
        wait_for_port(port, proc, "redis-server")
        deadline = time.monotonic() + 10
        while not redis.ping():
            if time.monotonic() > deadline:
                raise RuntimeError(f"redis-server does not answer PING:\n{redis.logs()}")
            time.sleep(0.05)
        yield redis
    finally:
        stop(proc)
        shutil.rmtree(folder, ignore_errors=True)


# -- nginx --------------------------------------------------------------------------------------
_UPSTREAM_SERVER = re.compile(r"^(\s*)server\s+\S+:\d+(\s[^;]*)?;\n", re.MULTILINE)
_LISTEN = re.compile(r"^(\s*)listen\s[^;]*;\n", re.MULTILINE)
_ROUTE = re.compile(r"^(\s*)\S+(\s+)127\.0\.0\.1:\d+;\n", re.MULTILINE)
"""A line of the map from a socket's ``via`` (a process's route: its port) to that process."""


def render_site(text: str, upstream_ports: Sequence[int], port: int) -> str:
    """The documented site config with its upstream servers on ``upstream_ports`` (each keeping the
    documented parameters), its map of routes naming the same ports (a process's route is its
    port), and its one server block listening on 127.0.0.1:``port``."""
    servers = list(_UPSTREAM_SERVER.finditer(text))
    listens = list(_LISTEN.finditer(text))
    if not servers or not listens:
        raise ValueError("the nginx config has no upstream server lines or no listen line")
    indent, params = servers[0].group(1), servers[0].group(2) or ""
    lines = "".join(f"{indent}server 127.0.0.1:{p}{params};\n" for p in upstream_ports)
    out = text[:servers[0].start()] + lines + text[servers[-1].end():]
    routes = list(_ROUTE.finditer(out))
    if routes:
        indent, gap = routes[0].group(1), routes[0].group(2)
        lines = "".join(f"{indent}{p}{gap}127.0.0.1:{p};\n" for p in upstream_ports)
        out = out[:routes[0].start()] + lines + out[routes[-1].end():]
    listens = list(_LISTEN.finditer(out))
    first = listens[0]
    head = out[:first.start()] + f"{first.group(1)}listen 127.0.0.1:{port};\n"
    return head + _LISTEN.sub("", out[first.end():])


def _worker_user() -> str:
    """The ``user`` line nginx needs when started as root (workers drop to an unprivileged user)."""
    if os.geteuid() != 0:
        return ""
    for name in ("www-data", "nobody"):
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        return f"user {name} {grp.getgrgid(entry.pw_gid).gr_name};\n"
    return "user root;\n"


def main_config(folder: Path, site: Path) -> str:
    """A main nginx.conf running in the foreground with every path in ``folder``."""
    temp = folder / "temp"
    temps = "".join(f"    {kind}_temp_path {temp / kind};\n"
                    for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return (f"daemon off;\nmaster_process on;\nworker_processes 1;\n{_worker_user()}"
            f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} notice;\n"
            "worker_rlimit_nofile 20000;\nevents {\n    worker_connections 8192;\n}\n"
            f"http {{\n    access_log {folder / 'access.log'};\n{temps}    include {site};\n}}\n")


@dataclass
class Nginx:
    port: int
    folder: Path
    proc: subprocess.Popen[bytes]

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def logs(self) -> str:
        parts = [(self.folder / name) for name in ("error.log", "access.log")]
        return "\n".join(p.read_text(errors="replace") for p in parts if p.exists())


@contextmanager
def running_nginx(upstream_ports: Sequence[int], port: int | None = None,
                  config: Path = NGINX_CONF) -> Iterator[Nginx]:
    """nginx in the foreground on a free loopback port, in front of ``upstream_ports``, running
    ``config`` (the documented one by default)."""
    binary = require("nginx")
    folder = Path(tempfile.mkdtemp(prefix="furuba-nginx-"))
    if os.geteuid() == 0:
        folder.chmod(0o755)  # the workers (an unprivileged user) reach their temp folders through it
    (folder / "temp").mkdir()
    port = port or free_port()
    site = folder / "furuba.conf"
    site.write_text(render_site(config.read_text(), upstream_ports, port))
    conf = folder / "nginx.conf"
    conf.write_text(main_config(folder, site))
    command = [str(binary), "-p", str(folder), "-c", str(conf), "-e", str(folder / "error.log")]
    check = subprocess.run([*command, "-t"], capture_output=True, text=True, check=False)
    if check.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"nginx -t refused the config:\n{check.stderr}")
    proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=(folder / "stderr.log").open("wb"))
    nginx = Nginx(port, folder, proc)
    try:
        wait_for_port(port, proc, "nginx")
        yield nginx
    finally:
        stop(proc)
        shutil.rmtree(folder, ignore_errors=True)


# -- furuba serve -------------------------------------------------------------------------------
@dataclass
class ServerProcess:
    """``furuba serve`` in a subprocess of this interpreter, on 127.0.0.1:``port``."""

    database_url: str
    folder: Path
    port: int = field(default_factory=free_port)
    redis_url: str | None = None
    name: str | None = None
    bot_delay: float = 0.05
    log_level: str = "info"
    metrics_port: int = field(default_factory=free_port)
    args: list[str] = field(default_factory=list)
    """More flags of ``furuba serve``."""
    proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def metrics_url(self) -> str:
        """Where Prometheus scrapes this process (its ``--metrics-port``, on loopback)."""
        return f"http://127.0.0.1:{self.metrics_port}/metrics"

    @property
    def pid(self) -> int:
        assert self.proc is not None, "not started"
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def command(self) -> list[str]:
        cmd = [sys.executable, "-m", "furuba", "serve", "--host", "127.0.0.1", "--port", str(self.port),
               "--database-url", self.database_url, "--bot-delay", str(self.bot_delay),
               "--log-level", self.log_level, "--metrics-port", str(self.metrics_port), *self.args]
        if self.redis_url:
            cmd += ["--redis-url", self.redis_url]
        if self.name:
            cmd += ["--process-name", self.name]
        if self.redis_url:
            cmd += ["--route", str(self.port)]   # as the documented units: a process's route is its port
        return cmd

    def log_path(self) -> Path:
        return self.folder / f"server-{self.name or self.port}.log"

    def start(self, timeout: float = 60.0) -> ServerProcess:
        """Start the process and wait until it says it is ready."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with self.log_path().open("ab") as log:
            self.proc = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL, stdout=log,
                                         stderr=subprocess.STDOUT, cwd=self.folder)
        self.wait_ready(timeout)
        return self

    def health(self) -> int:
        """The status of the readiness check (``/api/health/ready``; a server without it: the plain
        ``/api/health``); 0 when the process does not answer."""
        try:
            with httpx.Client(base_url=self.base, timeout=2) as http:
                status = http.get("/api/health/ready").status_code
                return http.get("/api/health").status_code if status == 404 else status
        except httpx.HTTPError:
            return 0

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while self.health() != 200:
            if not self.alive():
                raise RuntimeError(f"furuba serve exited:\n{self.logs()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"furuba serve not ready within {timeout} s:\n{self.logs()}")
            time.sleep(0.1)

    def terminate(self, timeout: float = 30.0) -> int:
        """SIGTERM (the process hands its tables over and closes its sockets), then wait."""
        assert self.proc is not None, "not started"
        return stop(self.proc, signal.SIGTERM, timeout)

    def kill(self) -> None:
        """SIGKILL: the process vanishes without a word."""
        assert self.proc is not None, "not started"
        stop(self.proc, signal.SIGKILL)

    def logs(self) -> str:
        path = self.log_path()
        return path.read_text(errors="replace") if path.exists() else ""

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        if self.alive():
            self.terminate(timeout=10)


# -- the whole worked example -------------------------------------------------------------------
@dataclass
class Cluster:
    """PostgreSQL, Redis, ``furuba serve`` processes sharing them, and nginx in front."""

    postgres: Postgres
    redis: Redis
    servers: list[ServerProcess]
    nginx: Nginx

    @property
    def base(self) -> str:
        return self.nginx.base

    @property
    def ws_base(self) -> str:
        return self.nginx.ws_base

    def logs(self) -> str:
        return "\n".join([*(f"--- {s.name}\n{s.logs()}" for s in self.servers),
                          f"--- nginx\n{self.nginx.logs()}", f"--- redis\n{self.redis.logs()}"])


@contextmanager
def running_cluster(processes: int, *, database: str = "furuba", bot_delay: float = 0.05,
                    log_level: str = "info", postgres: Postgres | None = None,
                    redis: Redis | None = None) -> Iterator[Cluster]:
    """The worked example of docs/DEPLOY.md on loopback: ``processes`` servers named s1, s2, …
    on one database and one Redis (new ones unless given), behind the documented nginx config."""
    with ExitStack() as stack:
        pg = postgres or stack.enter_context(running_postgres())
        rd = redis or stack.enter_context(running_redis())
        url = pg.create_database(database)
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="furuba-cluster-")))
        servers = [ServerProcess(url, folder, redis_url=rd.url, name=f"s{i + 1}", bot_delay=bot_delay,
                                 log_level=log_level) for i in range(processes)]
        for server in servers:
            stack.enter_context(server)
        nginx = stack.enter_context(running_nginx([s.port for s in servers]))
        yield Cluster(pg, rd, servers, nginx)
