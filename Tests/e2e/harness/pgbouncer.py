"""PgBouncer in transaction pooling mode in front of the test cluster (scripts/with-postgres.sh):
listening on an ephemeral port of 127.0.0.1, passing every database on to the cluster's unix
socket, with a small pool per database and user, so that the clients' transactions share a
few server sessions and each may run in another one than the last.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from urllib.parse import quote

from harness import postgres, replication

PROGRAM = "/usr/sbin/pgbouncer"


def missing() -> str | None:
    """Why PgBouncer cannot run here, or None if it can."""
    if not Path(PROGRAM).exists():
        return "PgBouncer is not installed (apt-get install pgbouncer)"
    if not postgres.cluster_url():
        return "CONTACTS_TEST_POSTGRES is unset (run under scripts/with-postgres.sh)"
    return replication.missing()


class PgBouncer:
    def __init__(self, pool_size: int = 2):
        self.directory = replication.owned_directory("contacts-pgbouncer.")
        self.port = replication.free_port()
        self.user = replication.owner()
        (self.directory / "users.txt").write_text(f'"{self.user}" ""\n')
        (self.directory / "pgbouncer.ini").write_text(f"""\
[databases]
* = host={postgres.socket_dir()}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {self.port}
unix_socket_dir =
auth_type = trust
auth_file = {self.directory}/users.txt
pool_mode = transaction
default_pool_size = {pool_size}
max_client_conn = 200
; a server that went away is tried again after a second, and a client waits at most 5 s for it
server_login_retry = 1
query_wait_timeout = 5
logfile = {self.directory}/pgbouncer.log
""")
        if os.geteuid() == 0:
            for name in ("users.txt", "pgbouncer.ini"):
                shutil.chown(self.directory / name, self.user)
        self.process: subprocess.Popen | None = None

    def start(self) -> "PgBouncer":
        argv = [PROGRAM, str(self.directory / "pgbouncer.ini")]
        if os.geteuid() == 0:
            argv = ["runuser", "-u", self.user, "--", *argv]
        self.process = subprocess.Popen(argv, cwd=self.directory, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"PgBouncer did not start: {self.log()}")
                time.sleep(0.05)

    def url(self, database: str) -> str:
        """The URL of `database` through PgBouncer, telling the program it pools transactions."""
        return f"postgresql://{quote(self.user)}@127.0.0.1:{self.port}/{database}?pool_mode=transaction"

    def log(self) -> str:
        try:
            return (self.directory / "pgbouncer.log").read_text(errors="replace")[-4000:]
        except FileNotFoundError:
            return ""

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)  # its own session: runuser and PgBouncer
            self.process.wait(30)
        shutil.rmtree(self.directory, ignore_errors=True)
