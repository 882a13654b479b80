"""PostgreSQL clusters of a test's own on 127.0.0.1 (ephemeral ports): a primary and a synchronous
streaming standby made from it with `pg_basebackup -R`, which `promote()` turns into the primary.

Run as the OS user scripts/with-postgres.sh runs its cluster as (CONTACTS_TEST_POSTGRES_OWNER):
PostgreSQL refuses root.
"""

from __future__ import annotations

import getpass
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from harness import postgres


def owner() -> str:
    return os.environ.get("CONTACTS_TEST_POSTGRES_OWNER") or getpass.getuser()


def missing() -> str | None:
    """Why clusters cannot be made here, or None if they can."""
    if postgres.bin_dir() is None or not (postgres.bin_dir() / "pg_basebackup").exists():
        return "PostgreSQL's server programs are not installed"
    if os.geteuid() == 0 and not os.environ.get("CONTACTS_TEST_POSTGRES_OWNER"):
        return "as root, CONTACTS_TEST_POSTGRES_OWNER must name the clusters' OS user (run under scripts/with-postgres.sh)"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def owned_directory(prefix: str) -> Path:
    """A new temporary directory only the clusters' OS user may enter."""
    directory = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    if os.geteuid() == 0:
        shutil.chown(directory, owner())
    directory.chmod(0o700)
    return directory


class Cluster:
    """One cluster: its data directory (in `directory`) and TCP port on 127.0.0.1."""

    def __init__(self, directory: Path, name: str, port: int):
        self.directory = directory
        self.name = name
        self.port = port
        self.data = directory / name

    def program(self, name: str, *args: str, timeout: float = 90) -> str:
        return postgres.run_as_owner([str(postgres.bin_dir() / name), *args], self.directory, timeout)

    def configure(self, **settings: str) -> None:
        with open(self.data / "postgresql.conf", "a") as conf:
            conf.writelines(f"{key} = {value}\n" for key, value in settings.items())

    def start(self) -> None:
        self.program("pg_ctl", "-D", str(self.data), "-l", str(self.directory / f"{self.name}.log"), "-w", "-t", "60", "start")

    def stop_immediately(self) -> None:
        """`pg_ctl stop -m immediate`: the server's processes end at once, as in a crash."""
        self.program("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def promote(self) -> None:
        self.program("pg_ctl", "-D", str(self.data), "-w", "-t", "60", "promote")

    def sql(self, statement: str, database: str = "postgres") -> str:
        return self.program("psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1",
                            "-p", str(self.port), "-U", owner(), "-d", database, "-c", statement)

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()


class PrimaryAndStandby:
    """A primary and its synchronous standby (`synchronous_standby_names`, `synchronous_commit = on`:
    a commit is acknowledged once the standby has it), with one database, `contacts`."""

    database = "contacts"

    def __init__(self):
        self.directory = owned_directory("contacts-failover.")
        self.primary = Cluster(self.directory, "primary", free_port())
        self.standby = Cluster(self.directory, "standby", free_port())

    def start(self) -> "PrimaryAndStandby":
        local = {"listen_addresses": "'127.0.0.1'", "unix_socket_directories": f"'{self.directory}'",
                 "fsync": "off", "max_connections": "100"}
        self.primary.program("initdb", "-D", str(self.primary.data), "--auth=trust", "--encoding=UTF8", "--locale=C")
        self.primary.configure(**local, port=str(self.primary.port), wal_level="replica", synchronous_commit="on")
        self.primary.start()
        self.primary.sql(f"CREATE DATABASE {self.database}")
        self.standby.program("pg_basebackup", "-h", "127.0.0.1", "-p", str(self.primary.port), "-U", owner(),
                             "-D", str(self.standby.data), "-R", "-X", "stream", "-c", "fast")
        # The standby names itself to the primary by its cluster_name. The primary waits for it
        # only from now on (set before, it would have waited for it to create the database, and
        # the standby, promoted, would wait for a standby of its own).
        self.standby.configure(port=str(self.standby.port), cluster_name="'standby'")
        self.standby.start()
        self.primary.sql("ALTER SYSTEM SET synchronous_standby_names = 'standby'")
        self.primary.sql("SELECT pg_reload_conf()")
        deadline = time.monotonic() + 60
        while self.primary.sql("SELECT sync_state FROM pg_stat_replication").strip() != "sync":
            if time.monotonic() > deadline:
                raise RuntimeError("the standby did not become synchronous within 60 s")
            time.sleep(0.1)
        return self

    def url(self) -> str:
        """A multi-host URL naming the standby first: the program must find the primary itself."""
        return (f"postgresql://{owner()}@127.0.0.1:{self.standby.port},127.0.0.1:{self.primary.port}/{self.database}"
                f"?connect_timeout=2")

    def remove(self) -> None:
        for cluster in (self.primary, self.standby):
            if cluster.running():
                try:
                    cluster.stop_immediately()
                except (RuntimeError, subprocess.TimeoutExpired):
                    pass
        shutil.rmtree(self.directory, ignore_errors=True)
