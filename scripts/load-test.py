#!/usr/bin/env python3
"""Sync clients against `contacts serve` nodes on one PostgreSQL database: the load test.

Started by scripts/load-test.sh, which seeds the accounts (load1…loadN, one password) and runs
the nodes. Each client is a thread with one keep-alive connection to one node (clients are
spread over the nodes in turn, and over the accounts evenly) and behaves as a phone does:

  1. an initial sync-collection of its address book (getetag), at a random moment within the
     first interval, so the clients do not all start in the same second;
  2. then every interval (with 20% jitter) an incremental sync-collection from its last token,
     and an addressbook-multiget of the cards it reports changed;
  3. one client in ten also PUTs a changed card each round (GET once to have its text, then
     PUT with If-Match; GET again only when a PUT's answer carries no ETag).

It runs for --seconds after the start, then reports per request kind the count, p50 and p99
latency and the errors (statuses other than 2xx and socket errors: any error makes the script
exit 1); the database's connections (pg_stat_activity, sampled each second, peak and median);
each node's peak RSS (VmHWM) and CPU; the machine's CPU; and the client's own CPU, which
must stay far from a core for the latencies to be the servers'. --json writes the figures too.
Only the standard library is used.
"""

import argparse
import base64
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

TOKEN = re.compile(r"<(?:\w+:)?sync-token>([^<]*)</(?:\w+:)?sync-token>")
RESPONSE = re.compile(r"<(?:\w+:)?response>(.*?)</(?:\w+:)?response>", re.S)
HREF = re.compile(r"<(?:\w+:)?href>([^<]*)</(?:\w+:)?href>")
SYNC = ('<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>{}</d:sync-token>'
        "<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>")
MULTIGET = ('<?xml version="1.0" encoding="utf-8"?><card:addressbook-multiget xmlns:d="DAV:" '
            'xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><card:address-data/></d:prop>{}'
            "</card:addressbook-multiget>")
XML_TYPE = "application/xml; charset=utf-8"


class Recorder:
    """Latencies and errors per request kind, from every client thread."""

    def __init__(self):
        self.lock = threading.Lock()
        self.latencies = {}
        self.errors = {}
        self.examples = []

    def record(self, kind, seconds, error=None):
        with self.lock:
            self.latencies.setdefault(kind, []).append(seconds)
            if error is not None:
                self.errors[kind] = self.errors.get(kind, 0) + 1
                if len(self.examples) < 10:
                    self.examples.append(f"{kind}: {error}")


class Client(threading.Thread):
    """One phone: its account, its node, its own connection."""

    def __init__(self, number, node, account, password, interval, writes, deadline, recorder):
        super().__init__(daemon=True)
        self.node = urllib.parse.urlsplit(node)
        self.book = f"/dav/addressbooks/{account}/contacts/"
        credentials = base64.b64encode(f"{account}:{password}".encode()).decode()
        self.auth = {"Authorization": "Basic " + credentials, "User-Agent": "load-test/1.0"}
        self.interval = interval
        self.writes = writes
        self.deadline = deadline
        self.recorder = recorder
        self.random = random.Random(number)
        self.connection = None
        self.token = ""
        self.card = None  # (href, text, etag) of the card this client changes
        self.round = 0

    def request(self, kind, method, path, body=b"", headers=None):
        """Sends one request, recording its latency; returns (status, headers, body) or None."""
        all_headers = dict(self.auth, **(headers or {}))
        start = time.monotonic()
        try:
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.node.hostname, self.node.port, timeout=60)
            self.connection.request(method, path, body=body, headers=all_headers)
            response = self.connection.getresponse()
            data = response.read()
            elapsed = time.monotonic() - start
            ok = 200 <= response.status < 300
            self.recorder.record(kind, elapsed, None if ok else f"{method} {path}: {response.status} {data[:200]!r}")
            if response.getheader("Connection", "").lower() == "close":
                self.close()
            return (response.status, response, data) if ok else None
        except (OSError, http.client.HTTPException) as error:
            self.recorder.record(kind, time.monotonic() - start, f"{method} {path}: {error!r}")
            self.close()
            return None

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def sync(self, kind):
        """A sync-collection from the client's token; returns the hrefs reported written."""
        answer = self.request(kind, "REPORT", self.book, SYNC.format(self.token).encode(),
                              {"Content-Type": XML_TYPE, "Depth": "0"})
        if answer is None:
            return []
        text = answer[2].decode("utf-8", "replace")
        tokens = TOKEN.findall(text)
        if tokens:
            self.token = tokens[-1]
        written = []
        for response in RESPONSE.findall(text):
            hrefs = HREF.findall(response)
            if hrefs and "404" not in response:
                written.append(hrefs[0])
        return written

    def fetch_card(self, href):
        answer = self.request("GET", "GET", href)
        if answer is not None:
            self.card = (href, answer[2].decode("utf-8"), answer[1].getheader("ETag"))

    def put_card(self):
        href, text, etag = self.card
        self.round += 1
        lines = [line for line in text.split("\r\n") if line and not line.startswith("NOTE:")]
        lines.insert(len(lines) - 1, f"NOTE:changed by the load test, round {self.round}")
        body = ("\r\n".join(lines) + "\r\n").encode()
        headers = {"Content-Type": "text/vcard; charset=utf-8"}
        if etag:
            headers["If-Match"] = etag
        answer = self.request("PUT", "PUT", href, body, headers)
        new_etag = answer[1].getheader("ETag") if answer else None
        self.card = (href, body.decode(), new_etag) if new_etag else None

    def multiget(self, hrefs):
        for start in range(0, len(hrefs), 100):
            body = "".join(f"<d:href>{href}</d:href>" for href in hrefs[start:start + 100])
            self.request("multiget", "REPORT", self.book, MULTIGET.format(body).encode(),
                         {"Content-Type": XML_TYPE, "Depth": "1"})

    def run(self):
        self.wait(self.random.uniform(0, self.interval))
        written = self.sync("sync initial")
        first = written[0] if written else None
        while self.wait(self.interval * self.random.uniform(0.8, 1.2)):
            if self.writes and first:
                if self.card is None:
                    self.fetch_card(first)
                if self.card is not None:
                    self.put_card()
            changed = self.sync("sync incremental")
            if changed:
                self.multiget(changed)
        self.close()

    def wait(self, seconds):
        """Sleeps, unless the run ends first; whether there is time left after."""
        remaining = self.deadline - time.monotonic()
        time.sleep(max(0, min(seconds, remaining)))
        return time.monotonic() + 0.5 < self.deadline


def process_figures(pid):
    """(VmRSS, VmHWM) in MiB and CPU seconds (user + system) of a process."""
    rss = hwm = 0.0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                hwm = int(line.split()[1]) / 1024
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return rss, hwm, (int(fields[11]) + int(fields[12])) / ticks


def machine_cpu():
    """(busy, total) jiffies of the machine."""
    with open("/proc/stat") as stat:
        values = [int(value) for value in stat.readline().split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


def connections(psql, url):
    try:
        output = subprocess.run([psql, "-Atq", url, "-c",
                                 "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"],
                                capture_output=True, text=True, timeout=10).stdout.strip()
        return int(output)
    except (subprocess.SubprocessError, ValueError):
        return None


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--node", action="append", required=True, help="base URL of a contacts serve (repeat)")
    parser.add_argument("--node-pid", action="append", type=int, required=True)
    parser.add_argument("--database", required=True, help="the PostgreSQL URL, for pg_stat_activity")
    parser.add_argument("--psql", default="psql")
    parser.add_argument("--accounts", type=int, default=1000)
    parser.add_argument("--password", required=True)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--interval", type=float, default=5.0, help="seconds between a client's syncs")
    parser.add_argument("--seconds", type=float, default=180.0)
    parser.add_argument("--json", help="also write the figures to this file")
    options = parser.parse_args()

    recorder = Recorder()
    start = time.monotonic()
    deadline = start + options.seconds
    stride = max(1, options.accounts // options.clients)
    clients = [Client(number, options.node[number % len(options.node)], f"load{number * stride % options.accounts + 1}",
                      options.password, options.interval, number % 10 == 0, deadline, recorder)
               for number in range(options.clients)]
    cpu_before = machine_cpu()
    nodes_before = [process_figures(pid)[2] for pid in options.node_pid]
    client_before = time.process_time()
    for client in clients:
        client.start()

    samples, rss = [], {pid: 0.0 for pid in options.node_pid}
    while time.monotonic() < deadline:
        count = connections(options.psql, options.database)
        if count is not None:
            samples.append(count)
        for pid in options.node_pid:
            rss[pid] = max(rss[pid], process_figures(pid)[0])
        time.sleep(1)
    for client in clients:
        client.join(timeout=90)
    elapsed = time.monotonic() - start
    client_cpu = (time.process_time() - client_before) / elapsed
    busy, total = (after - before for after, before in zip(machine_cpu(), cpu_before))
    nodes = [process_figures(pid) for pid in options.node_pid]
    node_cpu = [(figures[2] - before) / elapsed for figures, before in zip(nodes, nodes_before)]

    print(f"{options.clients} clients over {len(options.node)} nodes, {options.accounts} accounts, "
          f"a sync every {options.interval:g} s, {elapsed:.0f} s")
    print(f"{'request':<18}{'count':>8}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}")
    figures = {"requests": {}}
    errors = 0
    for kind in ["sync initial", "sync incremental", "multiget", "GET", "PUT"]:
        latencies = recorder.latencies.get(kind, [])
        failed = recorder.errors.get(kind, 0)
        errors += failed
        if not latencies:
            continue
        p50, p99 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000
        print(f"{kind:<18}{len(latencies):>8}{p50:>9.1f}{p99:>9.1f}{failed:>8}")
        figures["requests"][kind] = {"count": len(latencies), "p50_ms": round(p50, 2), "p99_ms": round(p99, 2), "errors": failed}
    requests = sum(len(values) for values in recorder.latencies.values())
    print(f"requests/s: {requests / elapsed:.1f}")
    if samples:
        print(f"database connections: peak {max(samples)}, median {statistics.median(samples):g}")
    for pid, figures_of_node, cpu in zip(options.node_pid, nodes, node_cpu):
        print(f"node {pid}: peak RSS {figures_of_node[1]:.0f} MiB (sampled {rss[pid]:.0f} MiB), CPU {cpu * 100:.0f}% of a core")
    print(f"machine CPU: {busy / total * 100:.0f}% of {os.cpu_count()} cores; the client: {client_cpu * 100:.0f}% of a core")
    figures.update(connections_peak=max(samples) if samples else None,
                   connections_median=statistics.median(samples) if samples else None,
                   node_peak_rss_mib=[round(node[1]) for node in nodes], node_cpu=[round(cpu, 3) for cpu in node_cpu],
                   machine_cpu=round(busy / total, 3), client_cpu=round(client_cpu, 3), requests_per_second=round(requests / elapsed, 1))
    if options.json:
        with open(options.json, "w") as output:
            json.dump(figures, output, indent=2)
    if errors:
        print(f"{errors} errors, for example:", file=sys.stderr)
        for example in recorder.examples:
            print("  " + example, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
