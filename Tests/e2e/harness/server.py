"""The `contacts` binary: the web server process and the CLI used to seed data."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
DEFAULT_BINARY = REPO / ".build" / "debug" / "contacts"

LISTENING = re.compile(r"Listening on (http://127\.0\.0\.1:\d+)")
SETUP = re.compile(r"Setup: (http://\S+/setup\?code=\S+)")


def binary_path() -> Path:
    return Path(os.environ.get("CONTACTS_BIN", DEFAULT_BINARY))


class ServerError(RuntimeError):
    pass


class Server:
    """One `contacts serve` process on an ephemeral port, over its own data directory, or with
    `database_url` over that PostgreSQL database (`data_dir` then only holds the stderr log)."""

    #: Every server started in this pytest process, so a failure report can show their logs.
    started: list["Server"] = []

    def __init__(self, data_dir: Path, binary: Path | None = None, database_url: str | None = None):
        self.binary = binary or binary_path()
        self.data_dir = Path(data_dir)
        self.database_url = database_url
        if database_url:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        self.stdout_lines: list[str] = []
        self.url: str | None = None
        self._setup_url: str | None = None
        self._changed = threading.Condition()
        self._stderr_path = self.data_dir.parent / f"{self.data_dir.name}.server-stderr.log"
        self.proc: subprocess.Popen | None = None
        self.stopped = False  # by stop(), as opposed to by itself

    @property
    def localhost_url(self) -> str:
        """The server's address by the name `localhost`, not 127.0.0.1: a secure context whose
        host may be a WebAuthn RP ID (IP addresses may not), for the passkey tests."""
        assert self.url is not None, "the server has not started"
        return self.url.replace("://127.0.0.1:", "://localhost:", 1)

    @property
    def store_options(self) -> list[str]:
        """`--data DIR` or `--database URL`: where serve and the CLI keep everything."""
        return ["--database", self.database_url] if self.database_url else ["--data", str(self.data_dir)]

    # -- the CLI -----------------------------------------------------------------------------

    def cli(self, *args: str, stdin: str | None = None) -> str:
        """Runs `contacts --data DIR ARGS...` (or --database URL); returns stdout; raises with stderr on failure."""
        result = subprocess.run(
            [str(self.binary), *self.store_options, *args],
            input=stdin, capture_output=True, text=True, timeout=60,
        )
        if result.returncode != 0:
            raise ServerError(f"contacts {' '.join(args)} exited {result.returncode}: {result.stderr.strip()}")
        return result.stdout

    def add_user(self, name: str, password: str) -> None:
        self.cli("user", "add", name, "--password-stdin", stdin=password + "\n")

    def add_contact(self, user: str, name: str, phone: str, *extra: str) -> int:
        """Adds a contact through the CLI; returns its id. `extra`: more CLI options."""
        out = self.cli("add", "--user", user, "--name", name, "--phone", phone, *extra)
        match = re.search(r"\d+", out)
        if not match:
            raise ServerError(f"contacts add printed no id: {out!r}")
        return int(match.group())

    def contacts(self, user: str) -> list[dict]:
        """The user's contacts in display order (`contacts list --json`)."""
        return json.loads(self.cli("list", "--user", user, "--json"))

    def contact_names(self, user: str) -> list[str]:
        return [c["name"] for c in self.contacts(user)]

    def trash_names(self, user: str) -> list[str]:
        return [c["name"] for c in json.loads(self.cli("trash", "--user", user, "--json"))]

    # -- the server process ------------------------------------------------------------------

    def start(self, timeout: float = 30) -> "Server":
        self._stderr = open(self._stderr_path, "wb")
        self.proc = subprocess.Popen(
            [str(self.binary), *self.store_options, "serve", "--host", "127.0.0.1", "--port", "0"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self._stderr,
            text=True, encoding="utf-8", errors="replace",
        )
        Server.started.append(self)
        threading.Thread(target=self._read_stdout, daemon=True).start()
        with self._changed:
            self._changed.wait_for(lambda: self.url is not None or self.proc.poll() is not None, timeout)
        if self.url is None:
            exited = self.proc.poll()
            self.stop()
            raise ServerError(
                f"server printed no 'Listening on http://127.0.0.1:PORT' within {timeout}s "
                f"(exit status {exited}).\nstdout:\n{''.join(self.stdout_lines)}\nstderr:\n{self.stderr_text()}")
        return self

    def _read_stdout(self) -> None:
        for line in self.proc.stdout:
            with self._changed:
                self.stdout_lines.append(line)
                if self.url is None and (m := LISTENING.search(line)):
                    self.url = m.group(1)
                if self._setup_url is None and (m := SETUP.search(line)):
                    self._setup_url = m.group(1)
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def setup_url(self, timeout: float = 10) -> str:
        """The printed `Setup: http://…/setup?code=…` link (only printed while no user exists)."""
        with self._changed:
            self._changed.wait_for(lambda: self._setup_url is not None or self.proc.poll() is not None, timeout)
        if self._setup_url is None:
            raise ServerError(f"server printed no 'Setup: …/setup?code=CODE' line; stdout: {''.join(self.stdout_lines)!r}")
        return self._setup_url

    def stop(self) -> int | None:
        """SIGTERM, then SIGKILL after 10 s. Returns the exit status."""
        if self.proc is None:
            return None
        self.stopped = True
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._stderr.close()
        return self.proc.returncode

    def kill(self) -> None:
        """SIGKILL, as a crash would end it."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def killed_after_timeout(self) -> bool:
        return self.proc is not None and self.proc.returncode == -signal.SIGKILL

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stderr_text(self, limit: int = 6000) -> str:
        try:
            text = self._stderr_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""
        return text if len(text) <= limit else "…" + text[-limit:]

    def __repr__(self) -> str:
        where = f"database={self.database_url}" if self.database_url else f"data={self.data_dir}"
        return f"<Server {self.url} {where}>"
