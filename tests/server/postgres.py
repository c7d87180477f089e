"""A throwaway PostgreSQL server for the storage tests, on a free loopback port.

The installed version's binaries are found (Debian's ``/usr/lib/postgresql/<version>/bin``, or
``pg_config --bindir``, or the PATH). As root the server runs as the ``postgres`` user through
``runuser``; as anyone else, as that user. The tests skip only where this cannot work at all (not
Linux, or no binaries outside CI); under CI (``CI`` set) a missing server is a failure.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest


def bin_dir() -> Path | None:
    """The folder of the newest installed PostgreSQL server binaries."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: [int(x) if x.isdigit() else 0 for x in Path(p).parts[-3].split(".")])
    if found:
        return Path(found[-1]).parent
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=False)
        folder = Path(out.stdout.strip())
        if (folder / "initdb").exists():
            return folder
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def unavailable() -> str | None:
    """Why no server can be started here (``None``: it can)."""
    if not sys.platform.startswith("linux"):
        return "the PostgreSQL tests run on Linux"
    if bin_dir() is None:
        return "no PostgreSQL server installed (scripts/setup-services.sh installs Debian's)"
    if os.geteuid() == 0 and not shutil.which("runuser"):
        return "running as root without runuser"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Postgres:
    port: int
    folder: Path
    bindir: Path
    as_postgres: bool

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def _run(cmd: list[str], as_postgres: bool) -> None:
    full = ["runuser", "-u", "postgres", "--", *cmd] if as_postgres else cmd
    done = subprocess.run(full, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:2])} failed: {done.stdout}\n{done.stderr}")


@contextmanager
def running_postgres() -> Iterator[Postgres]:
    """Start a new cluster; stop it and delete it afterwards."""
    why = unavailable()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL tests cannot run in CI: {why}")
        pytest.skip(why)
    bindir = bin_dir()
    assert bindir is not None
    as_postgres = os.geteuid() == 0
    folder = Path(tempfile.mkdtemp(prefix="furuba-pg-"))
    data = folder / "data"
    if as_postgres:
        shutil.chown(folder, "postgres", "postgres")
    port = free_port()
    _run([str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
          "--encoding=UTF8", "--no-sync"], as_postgres)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    _run([str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"),
          "-w", "-t", "60", "start"], as_postgres)
    try:
        yield Postgres(port, folder, bindir, as_postgres)
    finally:
        try:
            _run([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"], as_postgres)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
