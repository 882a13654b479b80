"""SyncEvolution (Debian's `syncevolution`, 2.0) as a second real CardDAV client: its WebDAV backend
syncing the server's address book with a local file-based address book, run headless.

A `SyncEvolutionClient` is one person's setup in a temporary directory: SyncEvolution's
configuration, data and logs under `<root>/xdg/{config,data,cache}` (XDG_CONFIG_HOME,
XDG_DATA_HOME, XDG_CACHE_HOME, HOME all point there), and the local address book in `<root>/book`,
one vCard 3.0 file per contact (SyncEvolution's `file` backend, format text/vcard). It is set up
the way SyncEvolution's documentation describes a CardDAV "local sync":

* the context `@dav` holds a `target-config` for the server (template WebDAV: the account's
  username and password, the server's root URL as syncURL, from which the address book is
  found by discovery);
* the context `@local` holds the config `server`, whose syncURL `local://@dav` makes SyncEvolution
  sync its `addressbook` datastore (the file store) with the target config's.

Every command runs with `--daemon=no` (no syncevo-dbus-server, no D-Bus session) and
`keyring=no` (the password is kept in the temporary config, not in a desktop keyring).

The client reaches the server through a `RecordingProxy`, a forwarding HTTP proxy of this harness
that keeps every request and response, so tests can compare what SyncEvolution PUT with what the
server serves back.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from harness.carddav import ClientError, Run

PROGRAM = "syncevolution"
TARGET = "target-config@dav"  # the server side: the WebDAV target config in context @dav
PEER = "server@local"         # the local side: the file store, synced with local://@dav
SOURCE = "addressbook"


def program_path() -> str | None:
    return shutil.which(PROGRAM)


# -- a recording proxy ------------------------------------------------------------------------------

@dataclass
class Exchange:
    method: str
    path: str
    request_headers: dict[str, str]
    request_body: bytes
    status: int
    response_headers: dict[str, str]
    response_body: bytes

    def describe(self) -> str:
        shown = {k: v for k, v in self.request_headers.items() if k.lower() != "authorization"}
        return (f"{self.method} {self.path} {shown}\n{self.request_body.decode('utf-8', 'replace')}"
                f"\n→ {self.status} {self.response_headers}")


_HOP_BY_HOP = {"connection", "keep-alive", "te", "trailers", "transfer-encoding", "upgrade",
               "proxy-authorization", "proxy-authenticate", "content-length"}


class RecordingProxy:
    """Forwards every HTTP request it gets on 127.0.0.1:<port> to `upstream` (http://host:port),
    unchanged apart from hop-by-hop headers, and records each exchange in `exchanges`."""

    def __init__(self, upstream: str):
        parts = urlsplit(upstream)
        self.upstream_host, self.upstream_port = parts.hostname, parts.port or 80
        self.exchanges: list[Exchange] = []
        self._lock = threading.Lock()
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as neon (SyncEvolution's HTTP library) expects
            disable_nagle_algorithm = True  # headers and body are written separately

            def log_message(self, *args):  # quiet
                pass

            def __getattr__(self, name: str):
                if name.startswith("do_"):
                    return self._forward
                raise AttributeError(name)

            def _forward(self):
                if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                    self.send_error(411, "the recording proxy needs Content-Length")
                    return
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                headers = {k: v for k, v in self.headers.items() if k.lower() not in _HOP_BY_HOP}
                upstream = http.client.HTTPConnection(proxy.upstream_host, proxy.upstream_port, timeout=30)
                try:
                    upstream.request(self.command, self.path, body=body or None, headers=headers)
                    response = upstream.getresponse()
                    response_body = b"" if self.command == "HEAD" else response.read()
                    response_headers = [(k, v) for k, v in response.getheaders() if k.lower() not in _HOP_BY_HOP]
                    status = response.status
                finally:
                    upstream.close()
                with proxy._lock:
                    proxy.exchanges.append(Exchange(self.command, self.path, dict(self.headers.items()), body,
                                                    status, dict(response_headers), response_body))
                self.send_response(status)
                for k, v in response_headers:
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(response_body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(response_body)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)
        self._thread.start()

    def mark(self) -> int:
        """The number of exchanges so far: pass it to `since` to see one sync's requests."""
        with self._lock:
            return len(self.exchanges)

    def since(self, mark: int) -> list[Exchange]:
        with self._lock:
            return list(self.exchanges[mark:])

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


# -- the sync statistics SyncEvolution prints ---------------------------------------------------------

@dataclass
class SyncStats:
    """One sync's "Changes applied during synchronization" table, from the local side's view."""
    mode: str                  # "slow" (the first sync), "two-way", ...
    local: dict[str, int]      # NEW, MOD, DEL, ERR applied to the file store
    remote: dict[str, int]     # NEW, MOD, DEL, ERR applied to the server
    conflicts: int

    @property
    def idle(self) -> bool:
        return not any(self.local.values()) and not any(self.remote.values()) and not self.conflicts


_SIDES = re.compile(r"^\|\s*\|\s*(@\w+)\s*\|\s*(@\w+)\s*\|")
_ROW = re.compile(rf"^\|\s*{SOURCE}\s*\|" + r"\s*(\d+)\s*\|" * 9)
_MODE = re.compile(r"^\|\s*([\w-]+),")


def parse_stats(output: str) -> SyncStats:
    """The table whose first column group is @local (SyncEvolution prints one per side)."""
    found, sides, lines = [], None, output.splitlines()
    for i, line in enumerate(lines):
        if m := _SIDES.match(line):
            sides = m.groups()
        elif (m := _ROW.match(line)) and sides:
            numbers = [int(n) for n in m.groups()]
            mode = _MODE.match(lines[i + 1]) if i + 1 < len(lines) else None
            first = dict(zip(("NEW", "MOD", "DEL", "ERR"), numbers[0:4]))
            second = dict(zip(("NEW", "MOD", "DEL", "ERR"), numbers[4:8]))
            if sides == ("@local", "@dav"):
                found.append(SyncStats(mode.group(1) if mode else "?", first, second, numbers[8]))
            sides = None
    if len(found) != 1:
        raise ClientError(f"expected one @local change table in SyncEvolution's output, found {len(found)}")
    return found[0]


@dataclass
class SyncResult:
    run: Run
    stats: SyncStats
    exchanges: list[Exchange] = field(default_factory=list)  # the HTTP requests of this sync

    def requests(self, *methods: str) -> list[Exchange]:
        return [e for e in self.exchanges if e.method in methods]


# -- the client ---------------------------------------------------------------------------------------

class SyncEvolutionClient:
    """SyncEvolution for one account, configured under `root`, talking to `url` (the proxy)."""

    def __init__(self, root: Path, url: str, username: str, password: str, proxy: RecordingProxy | None = None):
        self.root = Path(root)
        self.url, self.username, self.password, self.proxy = url, username, password, proxy
        self.xdg = self.root / "xdg"
        self.book = self.root / "book"
        self.runs: list[Run] = []
        self.synced = False
        for d in (self.xdg / "config", self.xdg / "data", self.xdg / "cache", self.book):
            d.mkdir(parents=True, exist_ok=True)
        self.configure()

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if k not in ("DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY")}
        env.update(HOME=str(self.root), XDG_CONFIG_HOME=str(self.xdg / "config"),
                   XDG_DATA_HOME=str(self.xdg / "data"), XDG_CACHE_HOME=str(self.xdg / "cache"),
                   LANG="C.UTF-8", LC_ALL="C.UTF-8")
        return env

    def run(self, *args: str, check: bool = True, timeout: float = 120) -> Run:
        argv = [PROGRAM, "--daemon=no", *args]
        try:
            result = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                    encoding="utf-8", errors="replace", env=self.env(), timeout=timeout,
                                    cwd=self.root)
        except subprocess.TimeoutExpired as e:
            raise ClientError(f"{' '.join(argv)} did not finish within {timeout}s:\n{e.stdout}\n{e.stderr}") from None
        run = Run(argv, result.returncode, result.stdout, result.stderr)
        self.runs.append(run)
        if check and (run.returncode != 0 or re.search(r"^\[ERROR", run.output, re.M)):
            raise ClientError(f"{PROGRAM} failed:\n{run.describe()}")
        return run

    def configure(self) -> None:
        # The server side: discovery from the root URL finds the account's address book.
        self.run("--configure", "--template", "webdav", "keyring=no",
                 f"username={self.username}", f"password={self.password}", f"syncURL={self.url}/",
                 TARGET, SOURCE)
        # The local side: the file store, synced with the target config. printChanges/dumpData off:
        # no database dumps before and after every sync.
        self.run("--configure", "--template", "SyncEvolution_Client", "keyring=no", "syncURL=local://@dav",
                 "printChanges=0", "dumpData=0",
                 f"{SOURCE}/backend=file", f"{SOURCE}/databaseFormat=text/vcard",
                 f"{SOURCE}/database=file://{self.book}", PEER, SOURCE)

    def sync(self) -> SyncResult:
        """One `syncevolution server@local addressbook`; fails unless SyncEvolution says it succeeded.

        The first one is run as `--sync slow`, as SyncEvolution's own error message advises: a
        pair's first sync is a slow one, and with preventSlowSync (on by default) SyncEvolution 2.0
        refuses it as "unexpected slow sync" (status 22000) when the server's address book already
        holds cards, unless it is asked for."""
        mark = self.proxy.mark() if self.proxy else 0
        first = ("--sync", "slow") if not self.synced else ()
        run = self.run(*first, PEER, SOURCE)
        self.synced = True
        if "Synchronization successful." not in run.stdout:
            raise ClientError(f"{PROGRAM} did not report a successful sync:\n{run.describe()}")
        return SyncResult(run, parse_stats(run.stdout), self.proxy.since(mark) if self.proxy else [])

    # -- the local file store ---------------------------------------------------------------------

    def card_files(self) -> dict[str, bytes]:
        """{file name: bytes} of the local address book."""
        return {p.name: p.read_bytes() for p in sorted(self.book.iterdir()) if p.is_file()}

    def write_card(self, name: str, text: str) -> Path:
        """Writes (or overwrites) a vCard file as an editor would. SyncEvolution's file backend
        notices a change by the file's modification time, so that is moved on by two seconds at
        least, whatever the file system's timestamp resolution and however soon after a sync."""
        path = self.book / name
        before = path.stat().st_mtime_ns if path.exists() else 0
        path.write_bytes(text.encode("utf-8"))
        mtime = max(time.time_ns(), before + 2_000_000_000)
        os.utime(path, ns=(mtime, mtime))
        return path

    def file_with(self, needle: str) -> str:
        """The name of the one local file whose text contains `needle`."""
        names = [n for n, data in self.card_files().items() if needle in data.decode("utf-8", "replace")]
        if len(names) != 1:
            raise ClientError(f"{len(names)} local files contain {needle!r}: {sorted(self.card_files())}")
        return names[0]

    def transcript(self, last: int = 2) -> str:
        return "\n\n".join(run.describe() for run in self.runs[-last:])
