"""The throwaway PostgreSQL cluster of scripts/with-postgres.sh: fresh databases on it for servers,
plain SQL through psql, and stopping/starting the whole cluster (for the fault tests).

with-postgres.sh exports CONTACTS_TEST_POSTGRES (a URL of the cluster's `postgres` database, over
a unix socket), and, when it made the cluster itself, CONTACTS_TEST_POSTGRES_BIN (its bin dir),
CONTACTS_TEST_POSTGRES_DATA (its data dir) and CONTACTS_TEST_POSTGRES_OWNER (the OS user it runs as).
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

_numbers = itertools.count(1)


def cluster_url() -> str | None:
    return os.environ.get("CONTACTS_TEST_POSTGRES") or None


def bin_dir() -> Path | None:
    if given := os.environ.get("CONTACTS_TEST_POSTGRES_BIN"):
        return Path(given)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: [int(x) for x in p.split("/")[4].split(".") if x.isdigit()])
    if found:
        return Path(found[-1])
    psql = shutil.which("psql")
    return Path(psql).parent if psql else None


def database_url(name: str, base: str | None = None) -> str:
    """The cluster URL with its database (the path) replaced by `name`."""
    parts = urlsplit(base or cluster_url())  # (urlunsplit would drop the empty host's "//")
    return f"{parts.scheme}://{parts.netloc}/{name}" + (f"?{parts.query}" if parts.query else "")


def socket_dir() -> str:
    return parse_qs(urlsplit(cluster_url()).query)["host"][0]


def psql(sql: str, database: str = "postgres", timeout: float = 60) -> str:
    """Runs `sql` with psql on `database` of the cluster; returns the unaligned, tuples-only output."""
    program = bin_dir() / "psql" if bin_dir() else "psql"
    result = subprocess.run(
        [str(program), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", database_url(database), "-c", sql],
        capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError(f"psql {sql!r} on {database} exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout


class Database:
    """A fresh, empty database on the test cluster; `drop()` removes it (closing its connections)."""

    def __init__(self, prefix: str = "e2e"):
        self.name = f"{prefix}_{os.getpid()}_{next(_numbers)}"
        psql(f'CREATE DATABASE "{self.name}"')
        self.url = database_url(self.name)

    def sql(self, statement: str) -> str:
        return psql(statement, self.name)

    def terminate_connections(self) -> int:
        """pg_terminate_backend of every connection to this database; returns how many."""
        out = psql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                   f"WHERE datname = '{self.name}' AND pid <> pg_backend_pid()")
        return sum(1 for line in out.splitlines() if line.strip() == "t")

    def drop(self) -> None:
        psql(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def __repr__(self) -> str:
        return f"<Database {self.name}>"


# -- the cluster itself ----------------------------------------------------------------------------

def control_missing() -> str | None:
    """Why the cluster cannot be stopped and started from here, or None if it can."""
    if not cluster_url():
        return "CONTACTS_TEST_POSTGRES is not set (run under scripts/with-postgres.sh)"
    for name in ("CONTACTS_TEST_POSTGRES_BIN", "CONTACTS_TEST_POSTGRES_DATA", "CONTACTS_TEST_POSTGRES_OWNER"):
        if not os.environ.get(name):
            return f"{name} is not set (a cluster not made by scripts/with-postgres.sh)"
    return None


def run_as_owner(argv: list[str], directory: Path, timeout: float = 90) -> str:
    """Runs `argv` as the test cluster's OS user (PostgreSQL and PgBouncer refuse root) in
    `directory`, which that user can read; returns stdout, raises with stderr on failure."""
    if os.geteuid() == 0:
        argv = ["runuser", "-u", os.environ["CONTACTS_TEST_POSTGRES_OWNER"], "--", *argv]
    result = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=directory)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {result.returncode}: {result.stderr.strip()} {result.stdout.strip()}")
    return result.stdout


def _pg_ctl(*args: str, timeout: float = 90) -> None:
    data = os.environ["CONTACTS_TEST_POSTGRES_DATA"]
    # postgres needs a working directory its owner can read: the cluster's own.
    run_as_owner([str(Path(os.environ["CONTACTS_TEST_POSTGRES_BIN"]) / "pg_ctl"), "-D", data, *args],
                 Path(data).parent, timeout)


def stop_cluster() -> None:
    _pg_ctl("-m", "fast", "-w", "stop")


def start_cluster() -> None:
    log = Path(os.environ["CONTACTS_TEST_POSTGRES_DATA"]).parent / "server.log"
    _pg_ctl("-l", str(log), "-w", "-t", "60", "start")


def cluster_running() -> bool:
    program = bin_dir() / "pg_isready"
    return subprocess.run([str(program), "-q", "-h", socket_dir(), "-t", "5"], timeout=30).returncode == 0
