"""Request smuggling: requests whose body length could be read two ways (RFC 9112 §6.1, §6.3), sent
straight to `contacts serve` and through an nginx reverse proxy that keeps its upstream connections
alive. Each carries a second request hidden in its body; that one must never reach the app.

nginx runs as a throwaway process of this module (`daemon off; master_process off;`), everything of
its own under a temporary directory. Whether the app saw a request is read from its access log.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
from itertools import count
from pathlib import Path

import pytest

_numbers = count(1)


def _nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(path, os.X_OK)), None)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _host_port(url: str) -> tuple[str, int]:
    host, port = url.removeprefix("http://").rsplit(":", 1)
    return host, int(port)


NGINX_CONF = """\
{user}daemon off;
master_process off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log info;
events {{ worker_connections 64; }}
http {{
    access_log {dir}/access.log;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    upstream contacts {{
        server {upstream};
        keepalive 4;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://contacts;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
        }}
    }}
}}
"""


class Nginx:
    def __init__(self, binary: str, directory: Path, upstream: str):
        self.directory = directory
        self.port = _free_port()
        conf = directory / "nginx.conf"
        # As root, nginx would otherwise look up the user "nobody"; with no master process it never switches.
        user = "user root;\n" if os.geteuid() == 0 else ""
        conf.write_text(NGINX_CONF.format(user=user, dir=directory, upstream=upstream, port=self.port))
        self.proc = subprocess.Popen(
            [binary, "-p", str(directory), "-c", str(conf), "-e", str(directory / "error.log")],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(directory / "stderr.log", "wb"))
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"nginx did not start listening on 127.0.0.1:{self.port}:\n{self.errors()}")

    def errors(self) -> str:
        return "".join(path.read_text(errors="replace") for path in (self.directory / "stderr.log", self.directory / "error.log")
                       if path.exists())

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


@pytest.fixture(scope="module")
def nginx(server, tmp_path_factory):
    binary = _nginx_binary()
    if binary is None:
        pytest.skip("nginx is not installed (scripts/install-deps.sh e2e installs nginx-light)")
    proxy = Nginx(binary, tmp_path_factory.mktemp("nginx"), "%s:%d" % _host_port(server.url))
    yield proxy
    proxy.stop()


@pytest.fixture(params=["direct", "nginx"])
def target(request, server) -> tuple[str, tuple[str, int]]:
    """Where requests go: (name, (host, port)) of the app itself or of nginx in front of it."""
    if request.param == "direct":
        return "direct", _host_port(server.url)
    return "nginx", ("127.0.0.1", request.getfixturevalue("nginx").port)


def exchange(address: tuple[str, int], raw: bytes, timeout: float = 5) -> tuple[bytes, bool]:
    """Sends raw bytes on a new connection and reads until the peer closes it or `timeout` passes.
    Returns what came back and whether the peer closed the connection."""
    with socket.create_connection(address, timeout=timeout) as connection:
        connection.sendall(raw)
        received = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = connection.recv(65536)
            except socket.timeout:
                break
            except ConnectionResetError:
                return received, True
            if not chunk:
                return received, True
            received += chunk
        return received, False


def statuses(data: bytes) -> list[int]:
    """The status of every response read in turn, each body skipped by its Content-Length."""
    found = []
    while (match := re.match(rb"HTTP/1\.[01] (\d{3}) [^\r\n]*\r\n(.*?)\r\n\r\n", data, re.DOTALL)):
        found.append(int(match.group(1)))
        length = re.search(rb"(?:^|\r\n)content-length: *(\d+)", match.group(2), re.IGNORECASE)
        data = data[match.end() + (int(length.group(1)) if length else 0):]
    return found


def status_lines_anywhere(data: bytes) -> list[int]:
    """Every status found anywhere in the bytes, however the responses are framed."""
    return [int(status) for status in re.findall(rb"HTTP/1\.[01] (\d{3}) ", data)]


def access_log_paths(server) -> list[str]:
    """The request paths in the app's access log (`time client METHOD PATH STATUS BYTES DURATION`)."""
    paths = []
    for line in server.stderr_text(limit=10**8).splitlines():
        fields = line.split(" ")
        if len(fields) == 7 and re.fullmatch(r"\d{3}", fields[4]):
            paths.append(fields[3])
    return paths


def wait_for_logged(server, path: str, seconds: float = 5) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path in access_log_paths(server):
            return True
        time.sleep(0.05)
    return False


def smuggled(path: str) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: t\r\n\r\n".encode()


# (id, header lines, body before the hidden request, HTTP version)
AMBIGUOUS = [
    ("length-and-chunked", "Content-Length: 5\r\nTransfer-Encoding: chunked", "0\r\n\r\n", "HTTP/1.1"),
    ("chunked-and-length", "Transfer-Encoding: chunked\r\nContent-Length: 60", "0\r\n\r\n", "HTTP/1.1"),
    ("two-lengths", "Content-Length: 0\r\nContent-Length: 40", "", "HTTP/1.1"),
    ("same-length-twice", "Content-Length: 3\r\nContent-Length: 3", "abc", "HTTP/1.1"),
    ("length-in-two-cases", "content-length: 3\r\nCONTENT-LENGTH: 0", "abc", "HTTP/1.1"),
    ("signed-length", "Content-Length: +5", "abcde", "HTTP/1.1"),
    ("length-list", "Content-Length: 5, 6", "abcde", "HTTP/1.1"),
    ("hex-length", "Content-Length: 0x10", "abcde", "HTTP/1.1"),
    ("chunked-then-identity", "Transfer-Encoding: chunked, identity", "0\r\n\r\n", "HTTP/1.1"),
    ("gzip-then-chunked", "Transfer-Encoding: gzip, chunked", "0\r\n\r\n", "HTTP/1.1"),
    ("not-quite-chunked", "Transfer-Encoding: xchunked", "0\r\n\r\n", "HTTP/1.1"),
    ("chunked-twice", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked", "0\r\n\r\n", "HTTP/1.1"),
    ("space-before-colon", "Content-Length : 5", "abcde", "HTTP/1.1"),
    ("folded-length", "Content-Length:\r\n 5", "abcde", "HTTP/1.1"),
    ("chunked-in-http-1.0", "Connection: keep-alive\r\nTransfer-Encoding: chunked", "0\r\n\r\n", "HTTP/1.0"),
]


@pytest.mark.parametrize("case, head, body, version", AMBIGUOUS, ids=[case[0] for case in AMBIGUOUS])
def test_a_request_hidden_in_an_ambiguous_body_never_reaches_the_app(server, target, case, head, body, version):
    via, address = target
    number = next(_numbers)
    hidden = f"/smuggled-{via}-{case}-{number}"
    raw = f"POST /framing-{number} {version}\r\nHost: t\r\n{head}\r\n\r\n{body}".encode() + smuggled(hidden)

    data, closed = exchange(address, raw)

    answered = status_lines_anywhere(data)
    assert answered, f"no response at all: {data!r}"
    # nginx refuses these itself: 400, or 501 for a transfer coding it does not know.
    assert answered[0] in ((400, 501) if via == "nginx" else (400,)), data.decode("latin-1")
    # (libmicrohttpd 0.9.75 sends the head of its own 400 twice, so count distinct statuses, not responses.)
    assert set(answered) == {answered[0]}, f"a second response came back: {data.decode('latin-1')}"
    assert closed, "the connection stayed open after the refusal"
    # A well-formed request after it, on a connection of its own, is logged; by then the hidden one would be too.
    control = f"/control-{number}"
    exchange(address, smuggled(control).replace(b"Host: t\r\n", b"Host: t\r\nConnection: close\r\n"))
    assert wait_for_logged(server, control), f"the control request is not in the access log:\n{server.stderr_text()}"
    assert hidden not in access_log_paths(server), f"the hidden request reached the app:\n{server.stderr_text()}"


def test_the_app_refuses_an_ambiguous_request_with_a_readable_400(server):
    data, closed = exchange(_host_port(server.url),
                            b"POST /framing HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                            b"0\r\n\r\n" + smuggled("/smuggled-direct"))
    head, _, text = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 "), data
    assert re.search(rb"\r\nConnection: close\r\n", head, re.IGNORECASE), head
    assert text == b"The request's length is ambiguous: it has both Content-Length and Transfer-Encoding.\n"
    assert closed
    assert wait_for_logged(server, "/framing"), "the refusal has no access-log line"


def test_well_formed_pipelined_requests_are_all_answered(server, target):
    via, address = target
    number = next(_numbers)
    paths = [f"/pipelined-{via}-{number}-{n}" for n in range(3)]
    raw = (f"POST {paths[0]} HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello"
           f"POST {paths[1]} HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
           f"GET {paths[2]} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").encode()

    data, closed = exchange(address, raw)

    assert len(statuses(data)) == 3, data.decode("latin-1")
    assert 400 not in status_lines_anywhere(data)
    assert closed, "Connection: close on the last request"
    for path in paths:
        assert wait_for_logged(server, path), f"{path} is not in the access log:\n{server.stderr_text()}"
