#!/usr/bin/env python3
"""CardDAV under load: PersonalContacts (`contacts serve`) against the previous release, Radicale and
Xandikos, same data, same run, with the bare libmicrohttpd server as the floor of the GET workload.

Started by scripts/bench-carddav.sh, which runs the servers and passes their addresses, process ids
and versions (--ours, --previous, --radicale, --xandikos, --bare; all but ours optional).
Generates 2,000 realistic vCard 3.0 cards (10% with a 20 KB JPEG-looking photo) and measures, on
every server:

  1. PUT of every card by 8 keep-alive clients (threads, one http.client connection each);
  2. PROPFIND Depth 1 of the address book (getetag): one request, median of 7;
  3. sync-collection from an empty token (getetag), then again from the collection's
     DAV:sync-token after 10 cards changed (10 PUTs): one request, median of 7;
     (2 and 3 begin once the disks have the PUTs (sync) and after 2 untimed requests each, and
     their 7 answers are checked after the last one: the server's steady time, not its first
     answer's or the client's parsing)
  4. addressbook-multiget of 100 cards (getetag + address-data), 4 connections, wrk for 10 s;
  5. GET of single cards, 8 connections, wrk for 10 s (on the bare server too, right after ours);

each workload on every server before the next workload starts, so the servers it compares are
measured minutes apart at most; workloads 4 and 5 run in two rounds (every server, then every
server again) and each server's better round counts, its errors from both, so a slow spell of
the machine in one of them does not decide a ratio;

and each server's peak RSS (VmHWM, and the VmRSS sampled while it ran). Every response is
checked: non-2xx statuses, socket errors and wrong answers (missing cards, etags, address data)
are counted per workload and reported; any of them makes the script exit 1 after the table.
Only the standard library is used on the client side.

One table compares them (WORKLOADS, PEERS and CHECKS below describe it): each workload's figure
on every server, how many times as fast ours is as each peer, the bare server's GET rate over
ours, peak RSS against Radicale's and ours' PROPFIND and initial sync in ms, each against its
target. --json-out writes every figure and ratio; scripts/bench-guard.py compares the ratios with
bench/baseline.json.

Given --pg (a `contacts serve` on a fresh PostgreSQL database holding the same user), the same
workloads run on it too, and a second table compares it with ours on SQLite (and with Radicale).
Given --pg2 as well (a second `contacts serve` on that database), a last workload runs the GET
load of workload 5 on both at once: two wrk processes side by side, each with half the
connections and aimed at one server, their requests/s added up.

With --scale N, ours alone: PROPFIND Depth 1 and the initial sync-collection at --cards cards and
again at N (the rest PUT in between), to show how their cost grows.
"""

import argparse
import base64
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import uuid
import xml.etree.ElementTree as ET

DAV = "{DAV:}"
CARDDAV = "{urn:ietf:params:xml:ns:carddav}"
XML_TYPE = "application/xml; charset=utf-8"
VCARD_TYPE = "text/vcard; charset=utf-8"


# ---------------------------------------------------------------------------------------------
# Data: realistic vCard 3.0 cards, deterministic for a seed.

SURNAMES = list("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢") + ["欧阳", "司马", "诸葛"]
GIVEN = list("伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂华玉萍红玲芬建国志海燕文俊晓东宇浩然轩涵诺欣怡桐思远嘉豪琪博佑")
FIRST = ["James", "Mary", "Émile", "Zoë", "Øyvind", "Chloé", "Liam", "Olivia", "Noah", "Emma", "Lucas", "Sofia",
         "Mateo", "Léa", "Björn", "Ana", "Hiroshi", "Yuki", "Ivan", "Nadia", "Priya", "Omar", "Grace", "Tomás"]
LAST = ["Smith", "Johnson", "Müller", "García", "Martin", "Dubois", "Rossi", "Nakamura", "Kowalski", "Silva",
        "Brown", "Nguyen", "O'Brien", "Schmidt", "Andersen", "Lopez", "Patel", "Okafor", "Haddad", "Larsen"]
ORGS = ["Example Trading Co.;Sales", "Acme Corporation", "Northwind Traders;Logistics", "Contoso Ltd.;Research",
        "上海某某科技有限公司;研发部", "City Hospital;Cardiology", "Fabrikam\\, Inc.", "Tailspin Toys;Marketing"]
TITLES = ["Account Manager", "Engineer", "Director", "Nurse", "Teacher", "工程师", "Consultant"]


def fold(line):
    """RFC 2425/6350 folding: lines of at most 75 octets, never splitting a UTF-8 sequence."""
    data = line.encode("utf-8")
    if len(data) <= 75:
        return data
    parts, start, limit = [], 0, 75
    while start < len(data):
        end = min(start + limit, len(data))
        while end < len(data) and (data[end] & 0xC0) == 0x80:
            end -= 1
        parts.append(data[start:end])
        start, limit = end, 74
    return b"\r\n ".join(parts)


def jpeg_like(rnd, size=20 * 1024):
    """20 KB that starts like a JFIF JPEG (FF D8 FF E0) and ends with EOI."""
    header = bytes([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    return header + rnd.randbytes(size - len(header) - 2) + bytes([0xFF, 0xD9])


class Card:
    def __init__(self, uid, lines):
        self.uid = uid
        self.name = uid + ".vcf"
        self.lines = lines

    def body(self, extra=()):
        lines = ["BEGIN:VCARD", "VERSION:3.0"] + self.lines + list(extra) + ["END:VCARD"]
        return b"".join(fold(line) + b"\r\n" for line in lines)


def make_cards(count, seed):
    rnd = random.Random(seed)
    cards = []
    for index in range(count):
        uid = str(uuid.UUID(int=rnd.getrandbits(128), version=4))
        lines = [f"UID:{uid}"]
        if rnd.random() < 0.8:
            surname = rnd.choice(SURNAMES)
            given = "".join(rnd.choice(GIVEN) for _ in range(rnd.choice((1, 2, 2))))
            lines += [f"FN:{surname}{given}", f"N:{surname};{given};;;"]
            email_name = f"user{rnd.randrange(1_000_000)}"
        else:
            first, last = rnd.choice(FIRST), rnd.choice(LAST)
            lines += [f"FN:{first} {last}", f"N:{last.replace(',', chr(92) + ',')};{first};;;"]
            email_name = f"{first}.{last}".lower().replace("'", "")
        lines.append(f"TEL;TYPE=CELL:+86 1{rnd.randint(30, 99)} {rnd.randrange(10000):04} {rnd.randrange(10000):04}")
        if rnd.random() < 0.3:
            lines.append(f"TEL;TYPE=WORK,VOICE:+1 555 {rnd.randrange(1000):03} {rnd.randrange(10000):04}")
        if rnd.random() < 0.5:
            lines.append(f"EMAIL;TYPE=INTERNET:{email_name}@example.com")
        if rnd.random() < 0.35:
            lines.append(f"ORG:{rnd.choice(ORGS)}")
            if rnd.random() < 0.5:
                lines.append(f"TITLE:{rnd.choice(TITLES)}")
        if rnd.random() < 0.1:
            lines.append(f"NOTE:Met at the conference in {rnd.choice(['Nanjing', 'Lyon', 'Austin'])}; call after 6 pm.")
        if index % 10 == 0:
            photo = base64.b64encode(jpeg_like(rnd)).decode("ascii")
            lines.append(f"PHOTO;ENCODING=b;TYPE=JPEG:{photo}")
        lines.append(f"REV:2024-{rnd.randint(1, 12):02}-{rnd.randint(1, 28):02}T10:00:00Z")
        cards.append(Card(uid, lines))
    return cards


# ---------------------------------------------------------------------------------------------
# Servers, requests and checks.

class Server:
    def __init__(self, label, url, pid, collection, user, password):
        self.label = label
        parsed = urllib.parse.urlsplit(url)
        self.url = f"{parsed.scheme}://{parsed.netloc}"
        self.host, self.port = parsed.hostname, parsed.port
        self.pid = pid
        self.collection = collection
        self.auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        self.results = {}          # workload key -> dict(value, p50, p99, errors, ...)
        self.problems = []         # human-readable lines about errors and wrong answers
        self.rss_samples_kib = []
        self.version = ""

    def connect(self):
        return http.client.HTTPConnection(self.host, self.port, timeout=300)

    def card_path(self, card):
        return self.collection + card.name

    def problem(self, workload, text):
        if sum(1 for p in self.problems if p.startswith(workload + ":")) < 5:
            self.problems.append(f"{workload}: {text}")


def request(conn, server, method, path, body=None, headers=None):
    """One request on a keep-alive connection: (status, headers, body, seconds)."""
    all_headers = {"Authorization": server.auth}
    all_headers.update(headers or {})
    started = time.perf_counter()
    conn.request(method, path, body=body, headers=all_headers)
    response = conn.getresponse()
    data = response.read()
    elapsed = time.perf_counter() - started
    return response.status, response.headers, data, elapsed


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def multistatus(data):
    """The responses of a 207 body: [(href, response status or None, {prop tag: (status, element)})] and the sync-token."""
    root = ET.fromstring(data)
    responses = []
    for response in root.findall(DAV + "response"):
        href = urllib.parse.unquote(response.findtext(DAV + "href", "").strip())
        status = response.findtext(DAV + "status")
        props = {}
        for propstat in response.findall(DAV + "propstat"):
            prop_status = propstat.findtext(DAV + "status", "")
            prop_element = propstat.find(DAV + "prop")
            for prop in (list(prop_element) if prop_element is not None else []):
                props[prop.tag] = (prop_status, prop)
        responses.append((href, status, props))
    return responses, root.findtext(DAV + "sync-token")


def ok_prop(props, tag):
    entry = props.get(tag)
    return entry is not None and " 200 " in entry[0] + " " and (entry[1].text or "").strip() != ""


def path_of(href):
    return urllib.parse.urlsplit(href).path if "://" in href else href


class RSSSampler(threading.Thread):
    """VmRSS of every server, every 100 ms, while the benchmark runs."""

    def __init__(self, servers):
        super().__init__(daemon=True)
        self.servers = servers
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.wait(0.1):
            for server in self.servers:
                value = proc_status_kib(server.pid, "VmRSS")
                if value is not None:
                    server.rss_samples_kib.append(value)


def proc_status_kib(pid, field):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


# ---------------------------------------------------------------------------------------------
# Workloads.

def propfind_depth0(server, conn, props):
    body = ('<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop>'
            + props + "</D:prop></D:propfind>")
    return request(conn, server, "PROPFIND", server.collection, body.encode(), {"Depth": "0", "Content-Type": XML_TYPE})


def prepare(server, create=False, discover=False):
    """Logs in once (so the password check is cached); for Radicale (`create`) makes the address
    book; for Xandikos (`discover`) finds the one its --defaults made, the way a client does: the
    current-user-principal, its addressbook-home-set, and the address book in that home."""
    conn = server.connect()
    if create:
        # Radicale makes the principal collection on the first authenticated request.
        status, _, data, _ = request(conn, server, "PROPFIND", "/", b"", {"Depth": "0"})
        if status // 100 != 2:
            raise SystemExit(f"{server.label}: PROPFIND / answered {status}: {data[:300]!r}")
        body = ('<?xml version="1.0" encoding="utf-8"?>'
                '<D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>'
                '<D:resourcetype><D:collection/><C:addressbook/></D:resourcetype>'
                '<D:displayname>Contacts</D:displayname></D:prop></D:set></D:mkcol>')
        status, _, data, _ = request(conn, server, "MKCOL", server.collection, body.encode(), {"Content-Type": XML_TYPE})
        if status != 201:
            raise SystemExit(f"{server.label}: MKCOL {server.collection} answered {status}: {data[:300]!r}")
    if discover:
        server.collection = discover_addressbook(server, conn)
        print(f"  the address book: {server.collection}", flush=True)
    status, _, data, _ = propfind_depth0(server, conn, "<D:resourcetype/>")
    conn.close()
    if status != 207 or b"addressbook" not in data:
        raise SystemExit(f"{server.label}: the address book {server.collection} is not there ({status}): {data[:300]!r}")


def discover_addressbook(server, conn):
    def find(path, depth, prop):
        body = ('<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:" '
                f'xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop>{prop}</D:prop></D:propfind>')
        status, _, data, _ = request(conn, server, "PROPFIND", path, body.encode(), {"Depth": depth, "Content-Type": XML_TYPE})
        if status != 207:
            raise SystemExit(f"{server.label}: PROPFIND {path} answered {status}: {data[:300]!r}")
        return multistatus(data)[0]

    def href_in(responses, tag):
        for _, _, props in responses:
            if tag in props and " 200 " in props[tag][0] + " ":
                href = props[tag][1].findtext(DAV + "href")
                if href:
                    return path_of(urllib.parse.unquote(href.strip()))
        raise SystemExit(f"{server.label}: no {tag} found")

    principal = href_in(find("/", "0", "<D:current-user-principal/>"), DAV + "current-user-principal")
    home = href_in(find(principal, "0", "<C:addressbook-home-set/>"), CARDDAV + "addressbook-home-set")
    for href, _, props in find(home, "1", "<D:resourcetype/>"):
        kind = props.get(DAV + "resourcetype")
        if kind is not None and kind[1].find(CARDDAV + "addressbook") is not None:
            return path_of(href).rstrip("/") + "/"
    raise SystemExit(f"{server.label}: no address book in {home}")


def put_all(server, cards, clients):
    key = "put"
    pending = list(enumerate(cards))
    lock = threading.Lock()
    latencies, statuses, etags, failures = [], {}, {}, []

    def worker():
        conn = server.connect()
        while True:
            with lock:
                if not pending:
                    break
                _, card = pending.pop()
            try:
                status, headers, data, elapsed = request(conn, server, "PUT", server.card_path(card), card.body(),
                                                         {"Content-Type": VCARD_TYPE, "If-None-Match": "*"})
            except (OSError, http.client.HTTPException) as error:
                conn.close()
                conn = server.connect()
                with lock:
                    failures.append(f"{card.name}: {error!r}")
                continue
            with lock:
                latencies.append(elapsed)
                statuses[status] = statuses.get(status, 0) + 1
                if status == 201:
                    etags[card.name] = headers.get("ETag")
                else:
                    failures.append(f"{card.name}: {status} {data[:200]!r}")
        conn.close()

    cpu_before = time.process_time()
    started = time.perf_counter()
    threads = [threading.Thread(target=worker) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    client_cpu = (time.process_time() - cpu_before) / wall
    for failure in failures:
        server.problem(key, failure)
    server.results[key] = dict(value=len(latencies) / wall, p50=percentile(latencies, 0.5) * 1000,
                               p99=percentile(latencies, 0.99) * 1000, errors=len(failures), wall=wall,
                               statuses=statuses, client_cpu=client_cpu,
                               without_etag=sum(1 for e in etags.values() if not e))
    print(f"  PUT: {len(cards)} cards in {wall:.2f} s, statuses {statuses}, client CPU {client_cpu:.0%} of a core", flush=True)


# Requests of a timed workload sent before its timed runs, their answers not timed.
WARM_UP_RUNS = 2


def timed_reports(server, key, method, body, headers, runs, check):
    """The same request `runs` times on one connection, back to back; each answer checked by
    `check(data) -> error or None` once all are in (parsing half a megabyte of XML between two
    requests evicted the server's working set from the shared CPU caches, and timed the client)."""
    conn = server.connect()
    times, answers = [], []
    for _ in range(WARM_UP_RUNS):  # untimed: caches filled, statements compiled, the first answer's buffers grown
        request(conn, server, method, server.collection, body, headers)
    for _ in range(runs):
        status, _, data, elapsed = request(conn, server, method, server.collection, body, headers)
        times.append(elapsed)
        answers.append((status, data))
    conn.close()
    errors, last = 0, answers[-1][1]
    for status, data in answers:
        problem = f"status {status}: {data[:200]!r}" if status != 207 else check(data)
        if problem:
            errors += 1
            server.problem(key, problem)
    server.results[key] = dict(value=statistics.median(times), p50=statistics.median(times) * 1000,
                               p99=percentile(times, 0.99) * 1000, errors=errors, runs=runs, size=len(last))
    print(f"  {key}: median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms over {runs}, "
          f"{len(last) / 1024:.0f} KiB", flush=True)


def check_listing(server, cards, expected_names, with_collection):
    """A checker for a multistatus that must list exactly `expected_names`, each with a getetag."""
    def check(data):
        responses, _ = multistatus(data)
        names = {}
        for href, status, props in responses:
            path = path_of(href)
            if path.rstrip("/") == server.collection.rstrip("/"):
                continue
            if not path.startswith(server.collection):
                return f"unexpected href {href}"
            names[path[len(server.collection):]] = ok_prop(props, DAV + "getetag")
        if set(names) != expected_names:
            return f"listed {len(names)} cards, expected {len(expected_names)}"
        missing = sum(1 for has in names.values() if not has)
        if missing:
            return f"{missing} cards without a getetag"
        if with_collection and len(responses) != len(names) + 1:
            return f"{len(responses)} responses for {len(names)} cards: the collection's own is missing"
        return None
    return check


def propfind_and_sync(server, cards, runs, changes=True):
    all_names = {card.name for card in cards}
    body = ('<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/>'
            '</D:prop></D:propfind>').encode()
    timed_reports(server, "propfind", "PROPFIND", body, {"Depth": "1", "Content-Type": XML_TYPE}, runs,
                  check_listing(server, cards, all_names, with_collection=True))

    def sync_body(token):
        return ('<?xml version="1.0" encoding="utf-8"?><D:sync-collection xmlns:D="DAV:">'
                f'<D:sync-token>{token}</D:sync-token><D:sync-level>1</D:sync-level>'
                '<D:prop><D:getetag/></D:prop></D:sync-collection>').encode()

    timed_reports(server, "sync_initial", "REPORT", sync_body(""), {"Content-Type": XML_TYPE}, runs,
                  check_listing(server, cards, all_names, with_collection=False))
    if not changes:
        return

    # The token a client holds: the collection's DAV:sync-token.
    conn = server.connect()
    status, _, data, _ = propfind_depth0(server, conn, "<D:sync-token/>")
    token = ""
    if status == 207:
        token = (ET.fromstring(data).findtext(f".//{DAV}sync-token") or "").strip()
    if not token:
        server.problem("sync_changes", f"no DAV:sync-token from PROPFIND ({status}): {data[:200]!r}")
    changed = cards[5::200][:10]
    for number, card in enumerate(changed):
        status, _, data, _ = request(conn, server, "PUT", server.card_path(card),
                                     card.body([f"NOTE:Changed in the benchmark ({number})."]),
                                     {"Content-Type": VCARD_TYPE})
        if status // 100 != 2:
            server.problem("sync_changes", f"PUT of a change answered {status}: {data[:200]!r}")
    conn.close()
    timed_reports(server, "sync_changes", "REPORT", sync_body(token), {"Content-Type": XML_TYPE}, runs,
                  check_listing(server, cards, {card.name for card in changed}, with_collection=False))


def lua_string(text):
    return "[==[" + text + "]==]"


def run_wrk(server, key, script, connections, seconds, expected_bytes=None):
    """Runs wrk with `script` (a Lua body without the shared header and footer) and records its figures."""
    return finish_wrk(start_wrk(server, key, script, connections, seconds, expected_bytes))


def start_wrk(server, key, script, connections, seconds, expected_bytes=None):
    """Starts wrk with `script` against `server`; `finish_wrk` waits for it and records its figures."""
    header = f"""
wrk.headers["Authorization"] = {lua_string(server.auth)}
local counter = 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end
"""
    footer = """
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests": %d, "bytes": %d, "duration_us": %d, "connect": %d, "read": %d, ' ..
    '"write": %d, "status": %d, "timeout": %d, "p50_us": %d, "p99_us": %d}\\n', summary.requests, summary.bytes,
    summary.duration, e.connect, e.read, e.write, e.status, e.timeout, latency:percentile(50), latency:percentile(99)))
end
"""
    path = os.path.join(ARGS.work, f"{server.label.lower().replace(' ', '-')}-{key}.lua")
    with open(path, "w") as file:
        file.write(header + script + footer)
    threads = min(2, connections)
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "60s", "-s", path, server.url]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return dict(server=server, key=key, process=process, seconds=seconds, expected_bytes=expected_bytes)


def finish_wrk(run):
    server, key, process, expected_bytes = run["server"], run["key"], run["process"], run["expected_bytes"]
    try:
        stdout, stderr = process.communicate(timeout=run["seconds"] + 120)
    except subprocess.TimeoutExpired:
        process.kill()
        stdout, stderr = process.communicate()
    line = next((l for l in stdout.splitlines() if l.startswith("WRK_JSON ")), None)
    if process.returncode != 0 or line is None:
        server.problem(key, f"wrk failed ({process.returncode}): {stdout[-500:]} {stderr[-500:]}")
        record_round(server, key, dict(value=float("nan"), p50=float("nan"), p99=float("nan"), errors=1))
        return
    figures = json.loads(line[len("WRK_JSON "):])
    errors = sum(figures[k] for k in ("connect", "read", "write", "status", "timeout"))
    if errors:
        server.problem(key, "wrk counted errors: " + ", ".join(f"{k} {figures[k]}" for k in
                                                                ("connect", "read", "write", "status", "timeout") if figures[k]))
    requests = figures["requests"]
    per_response = figures["bytes"] / requests if requests else 0
    if expected_bytes and requests and not (0.8 * expected_bytes <= per_response <= 1.2 * expected_bytes + 2048):
        errors += 1
        server.problem(key, f"responses averaged {per_response:.0f} bytes; a checked one had {expected_bytes}")
    rate = requests / (figures["duration_us"] / 1e6)
    record_round(server, key, dict(value=rate, p50=figures["p50_us"] / 1000, p99=figures["p99_us"] / 1000,
                               errors=errors, requests=requests, bytes_per_response=per_response,
                               status_errors=figures["status"],
                               socket_errors=sum(figures[k] for k in ("connect", "read", "write", "timeout"))))
    print(f"  {key}: {requests} requests, {rate:.1f}/s, p50 {figures['p50_us'] / 1000:.2f} ms, "
          f"p99 {figures['p99_us'] / 1000:.2f} ms, {per_response / 1024:.1f} KiB per response, errors {errors}", flush=True)


def record_round(server, key, result):
    """Keeps the round of a wrk workload with the higher rate as its figures, the errors of all rounds added up."""
    previous = server.results.get(key)
    if previous is None:
        server.results[key] = result
        return
    best = result if result["value"] > previous["value"] else dict(previous)
    for field in ("errors", "status_errors", "socket_errors"):
        best[field] = previous.get(field, 0) + result.get(field, 0)
    server.results[key] = best


def multiget(server, cards, connections, seconds):
    key = "multiget"
    groups = [cards[start:start + 100] for start in range(0, len(cards), 100)]
    bodies = []
    for group in groups:
        hrefs = "".join(f"<D:href>{server.card_path(card)}</D:href>" for card in group)
        bodies.append('<?xml version="1.0" encoding="utf-8"?>'
                      '<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">'
                      f'<D:prop><D:getetag/><C:address-data/></D:prop>{hrefs}</C:addressbook-multiget>')
    # One answer checked in full: 100 cards, each with its etag and its vCard.
    conn = server.connect()
    status, headers, data, _ = request(conn, server, "REPORT", server.collection, bodies[0].encode(),
                                       {"Content-Type": XML_TYPE})
    conn.close()
    size = len(data) + sum(len(k) + len(v) + 4 for k, v in headers.items()) + 20
    if status != 207:
        server.problem(key, f"status {status}: {data[:200]!r}")
    else:
        responses, _ = multistatus(data)
        good = sum(1 for href, _, props in responses
                   if ok_prop(props, DAV + "getetag") and ok_prop(props, CARDDAV + "address-data")
                   and props[CARDDAV + "address-data"][1].text.strip().startswith("BEGIN:VCARD"))
        if len(responses) != 100 or good != 100:
            server.problem(key, f"{len(responses)} responses, {good} with an etag and a vCard, expected 100")
    script = "local bodies = {\n" + ",\n".join(lua_string(body) for body in bodies) + "\n}\n" + f"""
local n = 0
function init(args) n = id * 7 end
function request()
  n = n + 1
  -- wrk.format leaves out wrk.headers when given headers of its own.
  return wrk.format("REPORT", {lua_string(server.collection)},
    {{["Content-Type"] = "{XML_TYPE}", ["Authorization"] = wrk.headers["Authorization"]}}, bodies[(n % #bodies) + 1])
end
"""
    run_wrk(server, key, script, connections, seconds, expected_bytes=size if status == 207 else None)
    if status != 207:
        server.results[key]["errors"] += 1


def check_gets(server, key, cards):
    """A few GETs checked in full: the card, its UID and an ETag."""
    conn = server.connect()
    for card in cards[:3] + cards[10:12]:
        status, headers, data, _ = request(conn, server, "GET", server.card_path(card))
        if status != 200 or not data.startswith(b"BEGIN:VCARD") or card.uid.encode() not in data or not headers.get("ETag"):
            server.problem(key, f"GET {card.name}: {status}, ETag {headers.get('ETag')!r}, {data[:100]!r}")
    conn.close()


def get_script(server, cards):
    """The wrk script of the GET workload: every card in turn, each connection from its own place."""
    return "local paths = {\n" + ",\n".join(lua_string(server.card_path(card)) for card in cards) + "\n}\n" + """
local n = 0
function init(args) n = id * 1000 end
function request()
  n = n + 1
  return wrk.format("GET", paths[(n % #paths) + 1])
end
"""


def get_cards(server, cards, connections, seconds):
    key = "get"
    check_gets(server, key, cards)
    run_wrk(server, key, get_script(server, cards), connections, seconds)


def get_bare(bare, cards, connections, seconds):
    """The GET workload, the same wrk script and settings, on the bare libmicrohttpd server
    (bench/bare-microhttpd.c), which answers every request with one fixed card."""
    key = "get"
    conn = bare.connect()
    status, headers, data, _ = request(conn, bare, "GET", bare.card_path(cards[1]))
    conn.close()
    if status != 200 or not data.startswith(b"BEGIN:VCARD") or not headers.get("ETag") \
            or not headers.get("Content-Type", "").startswith("text/vcard"):
        bare.problem(key, f"GET: {status}, {headers.get('Content-Type')!r}, {data[:100]!r}")
    size = len(data) + sum(len(k) + len(v) + 4 for k, v in headers.items()) + 20
    run_wrk(bare, key, get_script(bare, cards), connections, seconds, expected_bytes=size)


def get_cards_two_nodes(nodes, cards, connections, seconds):
    """The GET load of `get_cards` spread over `nodes` (servers on one database) at once: one wrk
    per node, started together, each with its share of the connections."""
    key = "get_two_nodes"
    for node in nodes:
        check_gets(node, key, cards)
    share = connections // len(nodes)
    runs = [start_wrk(node, key, get_script(node, cards), share, seconds) for node in nodes]
    for run in runs:
        finish_wrk(run)
    results = [node.results[key] for node in nodes]
    total = sum(result["value"] for result in results)
    print(f"  {key}: {total:.1f} requests/s over {len(nodes)} servers together", flush=True)
    return total


# ---------------------------------------------------------------------------------------------
# What is measured and compared: the one description the table, --json-out, scripts/bench-guard.py
# and bench/baseline.json all derive from.

# The workloads: key, label, unit ("s" for a single request's time, else a rate), higher is better.
WORKLOADS = [
    ("put", "PUT {cards:,} cards, 8 clients", "cards/s", True),
    ("propfind", "PROPFIND Depth 1 (getetag)", "s", False),
    ("sync_initial", "sync-collection, initial", "s", False),
    ("sync_changes", "sync-collection, 10 changes", "s", False),
    ("multiget", "multiget 100 cards, 4 conns", "req/s", True),
    ("get", "GET one card, 8 conns", "req/s", True),
]
# Peak RSS: the larger of VmHWM and the VmRSS sampled every 100 ms.
MEMORY = ("rss", "peak RSS", "MiB", False)
SPEED = tuple(workload[0] for workload in WORKLOADS)

# The servers of the main table: key (also the option --KEY URL, --KEY-pid, --KEY-version), label.
# Every workload runs on all but "bare", the libmicrohttpd floor, which runs the GET workload only.
PEERS = [("ours", "ours"), ("previous", "previous"), ("radicale", "Radicale"), ("xandikos", "Xandikos"),
         ("bare", "bare MHD")]


class Check:
    """A figure derived from one run, with its target. `how`:
    "faster"   how many times as fast `first` is as `second`: rates first/second, times second/first
               (higher is better);
    "quotient" first's figure / second's, as measured (lower is better: memory, the bare server's
               GET rate over ours);
    "ms"       first's median time in milliseconds (lower is better; not a ratio, so not in the baseline)."""

    def __init__(self, name, head, first, second, workloads, how, target):
        self.name, self.head, self.first, self.second = name, head, first, second
        self.workloads, self.how, self.target = workloads, how, target
        self.higher_is_better = how == "faster"
        self.is_ratio = how != "ms"


CHECKS = [
    Check("ours/Radicale", "ours/Rad.", "ours", "radicale", SPEED, "faster", 30),
    Check("ours/Radicale", "ours/Rad.", "ours", "radicale", ("rss",), "quotient", 1),
    Check("ours/Xandikos", "ours/Xand.", "ours", "xandikos", SPEED, "faster", 20),
    Check("ours/previous", "ours/prev.", "ours", "previous", SPEED, "faster", None),
    Check("bare/ours", "bare/ours", "bare", "ours", ("get",), "quotient", 3),
    Check("ours ms", "ours ms", "ours", None, ("propfind", "sync_initial"), "ms", 2),
]
HEADS = list(dict.fromkeys(check.head for check in CHECKS))


def unit_of(workload):
    return next(unit for key, _, unit, _ in WORKLOADS + [MEMORY] if key == workload)


def higher_of(workload):
    return next(higher for key, _, _, higher in WORKLOADS + [MEMORY] if key == workload)


def evaluate(servers):
    """Every check's figure for every workload it covers whose servers ran: a list of dicts."""
    figures = []
    for check in CHECKS:
        for workload in check.workloads:
            first = servers.get(check.first)
            second = servers.get(check.second) if check.second else None
            mine = first.results.get(workload) if first else None
            theirs = second.results.get(workload) if second else None
            if mine is None or (check.second and theirs is None):
                continue
            a, b = mine["value"], theirs["value"] if theirs else None
            if check.how == "ms":
                value = a * 1000
            elif check.how == "faster":
                value = (a / b if higher_of(workload) else b / a) if a and b else float("nan")
            else:
                value = a / b if b else float("nan")
            met = None
            if check.target is not None and value == value:
                met = value >= check.target if check.higher_is_better else value <= check.target
            elif check.target is not None:
                met = False
            figures.append(dict(id=f"{workload} {check.name}", workload=workload, check=check.name,
                                head=check.head, value=value, target=check.target,
                                higher_is_better=check.higher_is_better, ratio=check.is_ratio, met=met))
    return figures


def value_text(value, unit):
    if value != value:
        return "n/a"
    if unit == "s":
        return f"{value * 1000:.2f} ms" if value < 0.1 else f"{value * 1000:,.0f} ms"
    if unit == "MiB":
        return f"{value:.1f} MiB"
    return f"{value:,.1f}/s" if value < 100 else f"{value:,.0f}/s"


def ms_text(value):
    if value != value:
        return "n/a"
    return f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 100 else f"{value:.0f}"


def figure_text(figure):
    value = figure["value"]
    if value != value:
        return "n/a"
    if figure["check"] == "ours ms":
        return ms_text(value)
    return f"{value:.1f}×" if value >= 10 else f"{value:.2f}×"


def target_text(check):
    if check.target is None:
        return "none"
    if check.how == "ms":
        return f"≤ {check.target} ms"
    return f"{'≥' if check.higher_is_better else '≤'} {check.target}×"


def print_main_table(servers, figures, cards_count):
    versions = ", ".join(f"{label} {servers[key].version[:10] if key == 'previous' else servers[key].version}"
                         for key, label in PEERS[1:] if key in servers)
    print()
    print(f"CardDAV benchmark: {cards_count:,} cards, {os.cpu_count()} cores; ours ({servers['ours'].version}) "
          f"vs {versions or 'nothing else'}")
    print("(rates per second, higher is better; times: the median of the runs in ms, lower is better.\n"
          " ours/peer = how many times as fast ours is — rates ours ÷ peer, times peer ÷ ours — so higher is "
          "better\n for every workload; on the peak RSS row ours/Rad. = ours ÷ Radicale's MiB and bare/ours = the "
          "bare server's\n GET rate ÷ ours: lower is better. Targets: "
          + "; ".join(f"{check.head} {target_text(check)}"
                      + (" (RSS)" if check.workloads == ("rss",) else "")
                      for check in CHECKS if check.target is not None) + ")")
    by_cell = {(figure["workload"], figure["head"]): figure for figure in figures}
    label_width = 29
    head = f"{'workload':<{label_width}}" + "".join(f" {label:>10}" for _, label in PEERS) \
        + "".join(f" {h:>10}" for h in HEADS) + "  status"
    print(head)
    print("-" * (len(head) + 12))
    for workload, label, unit, _ in WORKLOADS + [MEMORY]:
        line = f"{label.format(cards=cards_count):<{label_width}}"
        for key, _ in PEERS:
            result = servers[key].results.get(workload) if key in servers else None
            line += f" {value_text(result['value'], unit) if result else '—':>10}"
        unmet, targeted = [], 0
        for h in HEADS:
            figure = by_cell.get((workload, h))
            line += f" {figure_text(figure) if figure else '':>10}"
            if figure and figure["met"] is not None:
                targeted += 1
                if not figure["met"]:
                    unmet.append(h)
        line += "  " + ("NOT MET: " + ", ".join(unmet) if unmet else "met" if targeted else "—")
        print(line)


def better_than(first, second, key, higher):
    """How many times `first` beats `second` on `key` (time rows inverted), and the plain ratio."""
    mine, theirs = first.results.get(key), second.results.get(key)
    if mine is None or theirs is None:
        return float("nan"), float("nan")
    ratio = mine["value"] / theirs["value"] if theirs["value"] else float("nan")
    return (ratio if higher else (1 / ratio if ratio else float("nan"))), ratio


def print_pg_table(title, note, pg, ours, radicale, cards_count, percent, versus_target):
    """One row per workload: PostgreSQL and SQLite with their latencies, PostgreSQL's figure as a % of
    SQLite's (time rows inverted, so that 100% is as fast) against `percent`, and how many times
    PostgreSQL beats Radicale against `versus_target`."""
    print()
    print(title)
    print(note)
    head = f"{'workload':<29} {'PostgreSQL':>15} {'p50':>7} {'p99':>7} {'SQLite':>15} {'p50':>7} {'p99':>7} " \
           f"{'PG/SQLite':>10} {'% of SQLite':>14}"
    if radicale:
        head += f" {'vs Radicale':>14}"
    head += f" {'errors':>7}"
    print(head)
    print("-" * len(head))
    for key, label, unit, higher in WORKLOADS:
        label = label.format(cards=cards_count)
        mine, theirs = pg.results.get(key), ours.results.get(key)
        if mine is None or theirs is None:
            print(f"{label:<29} (not measured)")
            continue
        better, ratio = better_than(pg, ours, key, higher)
        line = (f"{label:<29} {value_text(mine['value'], unit):>15} {ms_text(mine['p50']):>7} {ms_text(mine['p99']):>7} "
                f"{value_text(theirs['value'], unit):>15} {ms_text(theirs['p50']):>7} {ms_text(theirs['p99']):>7} "
                f"{ratio:>10.3g} {better * 100:>7.0f}% {'ok' if better * 100 >= percent else 'BELOW':>5}")
        if radicale:
            against, _ = better_than(pg, radicale, key, higher)
            line += f" {against:>7.1f}× {'ok' if against >= versus_target else 'BELOW':>5}"
        print(line + f" {mine['errors']:>3}/{theirs['errors']:<3}")
    for title, field in (("peak RSS (VmHWM)", "value"), ("max VmRSS (sampled /100 ms)", "sampled")):
        # VmHWM keeps any brief spike (an argon2id password check allocates its memory cost at once);
        # the samples show what the server holds while it works.
        mine_rss, theirs_rss = pg.results["rss"][field], ours.results["rss"][field]
        line = (f"{title:<29} {mine_rss:>11.1f} MiB {'':>15} {theirs_rss:>11.1f} MiB {'':>15} "
                f"{mine_rss / theirs_rss:>10.3g} {theirs_rss / mine_rss * 100:>7.0f}%")
        if radicale:
            line += f" {'':>6} {radicale.results['rss'][field] / mine_rss:>7.1f}×"
        print(line)


def plain(value):
    """`value` with NaN as None, for JSON."""
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def scale(ours, counts):
    """Ours alone: PROPFIND Depth 1 and the initial sync-collection at each card count in `counts`,
    the cards PUT in between; returns one dict per count."""
    cards = make_cards(max(counts), seed=6352)
    prepare(ours)
    rows, done = [], 0
    for count in sorted(counts):
        print(f"{ours.label}, {count:,} cards:", flush=True)
        put_all(ours, cards[done:count], clients=8)
        done = count
        propfind_and_sync(ours, cards[:count], ARGS.runs, changes=False)
        rows.append(dict(cards=count, **{key: dict(ours.results[key]) for key in ("put", "propfind", "sync_initial")}))
    print()
    print(f"Cost by size: ours alone, the median of {ARGS.runs} requests, {os.cpu_count()} cores")
    print(f"{'cards':>8} {'PROPFIND Depth 1':>17} {'per 1,000 cards':>16} {'sync initial':>13} {'per 1,000 cards':>16}"
          f" {'PROPFIND answer':>16}")
    for row in rows:
        propfind, sync = row["propfind"]["value"] * 1000, row["sync_initial"]["value"] * 1000
        print(f"{row['cards']:>8,} {propfind:>14.2f} ms {propfind / row['cards'] * 1000:>13.3f} ms {sync:>10.2f} ms "
              f"{sync / row['cards'] * 1000:>13.3f} ms {row['propfind']['size'] / 1024:>12.0f} KiB")
    first, last = rows[0], rows[-1]
    print(f"{last['cards'] / first['cards']:.0f}× the cards: PROPFIND "
          f"{last['propfind']['value'] / first['propfind']['value']:.1f}× the time, initial sync "
          f"{last['sync_initial']['value'] / first['sync_initial']['value']:.1f}×")
    return rows


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for key, label in PEERS:
        parser.add_argument(f"--{key}", required=key == "ours", help=f"base URL of {label}")
        parser.add_argument(f"--{key}-pid", type=int)
        parser.add_argument(f"--{key}-version", default="")
    parser.add_argument("--pg", help="base URL of contacts serve on a fresh PostgreSQL database with the same user")
    parser.add_argument("--pg-pid", type=int)
    parser.add_argument("--pg2", help="base URL of a second contacts serve on that database (two-node workload)")
    parser.add_argument("--pg2-pid", type=int)
    parser.add_argument("--pg-version", default="", help="the PostgreSQL server's version, for the title")
    parser.add_argument("--user", default="bench")
    parser.add_argument("--password", required=True)
    parser.add_argument("--work", required=True, help="a scratch directory for the wrk scripts")
    parser.add_argument("--cards", type=int, default=2000)
    parser.add_argument("--seconds", type=int, default=10, help="duration of each wrk run")
    parser.add_argument("--runs", type=int, default=7, help="repetitions of each single-request workload")
    parser.add_argument("--scale", type=int, help="ours alone: PROPFIND and initial sync at --cards and at this many cards")
    parser.add_argument("--json-out", help="also write every figure and ratio to this file")
    ARGS = parser.parse_args()

    ours_collection = f"/dav/addressbooks/{ARGS.user}/contacts/"
    collections = {"radicale": f"/{ARGS.user}/contacts/", "xandikos": None}  # Xandikos': found in prepare
    servers = {}
    for key, label in PEERS:
        if getattr(ARGS, key):
            server = Server(label, getattr(ARGS, key), getattr(ARGS, f"{key}_pid"),
                            collections.get(key, ours_collection), ARGS.user, ARGS.password)
            server.version = getattr(ARGS, f"{key}_version")
            servers[key] = server
    ours = servers["ours"]

    if ARGS.scale:
        sampler = RSSSampler([ours])
        sampler.start()
        rows = scale(ours, [ARGS.cards, ARGS.scale])
        sampler.stopping.set()
        errors = [f"{ours.label} {p}" for p in ours.problems]
        if ARGS.json_out:
            with open(ARGS.json_out, "w") as file:
                json.dump(plain(dict(scale=rows, runs=ARGS.runs, cores=os.cpu_count(), version=ours.version)), file, indent=2)
        return report(errors)

    cards = make_cards(ARGS.cards, seed=6352)
    photos = sum(1 for card in cards if any(line.startswith("PHOTO") for line in card.lines))
    total = sum(len(card.body()) for card in cards)
    print(f"{len(cards)} cards, {photos} with a 20 KB photo, {total / 1e6:.1f} MB of vCard", flush=True)

    pg = Server("PostgreSQL", ARGS.pg, ARGS.pg_pid, ours_collection, ARGS.user, ARGS.password) if ARGS.pg else None
    pg2 = Server("PostgreSQL node 2", ARGS.pg2, ARGS.pg2_pid, ours_collection, ARGS.user, ARGS.password) \
        if pg and ARGS.pg2 else None
    radicale, bare = servers.get("radicale"), servers.get("bare")
    # One workload on every server before the next, PostgreSQL right after SQLite: see the docstring.
    in_turn = [server for server in (ours, servers.get("previous"), pg, radicale, servers.get("xandikos")) if server]
    sampler = RSSSampler(in_turn + ([pg2] if pg2 else []))
    sampler.start()
    for server in in_turn:
        print(f"{server.label} ({server.url}):", flush=True)
        prepare(server, create=server is radicale, discover=server is servers.get("xandikos"))
        put_all(server, cards, clients=8)
    # What the PUTs left for the kernel to write goes to disk now, not during the timed requests.
    os.sync()
    for server in in_turn:
        print(f"{server.label}:", flush=True)
        propfind_and_sync(server, cards, ARGS.runs)
    for round in range(1, 3):
        for server in in_turn:
            print(f"{server.label}, round {round}:", flush=True)
            multiget(server, cards, connections=4, seconds=ARGS.seconds)
            get_cards(server, cards, connections=8, seconds=ARGS.seconds)
            if server is ours and bare:
                print(f"{bare.label} ({bare.url}), round {round}:", flush=True)
                get_bare(bare, cards, connections=8, seconds=ARGS.seconds)
    two_nodes = None
    if pg2:
        print(f"{pg.label} and {pg2.label} ({pg.url}, {pg2.url}), the same database:", flush=True)
        prepare(pg2)
        two_nodes = get_cards_two_nodes([pg, pg2], cards, connections=8, seconds=ARGS.seconds)
    sampler.stopping.set()
    sampler.join()
    for server in in_turn + ([pg2] if pg2 else []):
        hwm = proc_status_kib(server.pid, "VmHWM") or 0
        sampled = max(server.rss_samples_kib, default=0)
        server.results["rss"] = dict(value=max(hwm, sampled) / 1024, hwm=hwm / 1024, sampled=sampled / 1024)

    figures = evaluate(servers)
    print_main_table(servers, figures, len(cards))
    if pg:
        print_pg_table(f"PersonalContacts on PostgreSQL {ARGS.pg_version} vs on SQLite: {len(cards):,} cards, "
                       f"{os.cpu_count()} cores, the database server on the same machine",
                       "(latency p50/p99 in ms; '% of SQLite' = PostgreSQL's throughput as a % of SQLite's, time rows "
                       "inverted (target >= 50%);\n 'vs Radicale' = how many times PostgreSQL beats Radicale (target >= 20x); "
                       "RSS: the contacts serve process only, not PostgreSQL's)",
                       pg, ours, radicale, len(cards), percent=50, versus_target=20)
    if two_nodes is not None:
        single = pg.results["get"]["value"]
        print()
        print(f"Two nodes, one PostgreSQL database: GET one card, 8 conns split 4 + 4 over two contacts serve "
              f"processes at once ({ARGS.seconds} s)")
        for node in (pg, pg2):
            result = node.results["get_two_nodes"]
            print(f"  {node.label + ':':<19} {value_text(result['value'], 'req/s'):>12}, p50 {ms_text(result['p50'])} ms, "
                  f"p99 {ms_text(result['p99'])} ms, {result.get('requests', 0):,} requests, "
                  f"socket errors {result.get('socket_errors', 'n/a')}, non-2xx {result.get('status_errors', 'n/a')}, "
                  f"wrong answers {result['errors'] - result.get('socket_errors', 0) - result.get('status_errors', 0)}")
        errors = sum(node.results["get_two_nodes"]["errors"] for node in (pg, pg2))
        print(f"  {'total:':<19} {value_text(two_nodes, 'req/s'):>12} ({two_nodes / single:.2f}× one PostgreSQL node, "
              f"{two_nodes / ours.results['get']['value']:.2f}× SQLite's one node), {errors} errors / non-2xx")
    everyone = list(servers.values()) + [server for server in (pg, pg2) if server]
    for server in everyone:
        put = server.results.get("put", {})
        if put.get("without_etag"):
            print(f"note: {server.label}: {put['without_etag']} PUTs answered without an ETag (stored card differs from the sent one)")
        if put.get("client_cpu", 0) > 0.85:
            print(f"note: {server.label}: the PUT clients used {put['client_cpu']:.0%} of a core — the client may limit that figure")
    if ARGS.json_out:
        document = dict(
            cards=len(cards), seconds=ARGS.seconds, runs=ARGS.runs, cores=os.cpu_count(),
            servers={key: dict(label=server.label, version=server.version, results=server.results)
                     for key, server in servers.items()},
            checks=figures,
            postgresql={server.label: server.results for server in (pg, pg2) if server},
            two_nodes=two_nodes)
        with open(ARGS.json_out, "w") as file:
            json.dump(plain(document), file, indent=2)
    return report([f"{server.label} {p}" for server in everyone for p in server.problems])


def report(errors):
    if errors:
        print(f"\n{len(errors)} kinds of error or wrong answer (first few shown per workload):", file=sys.stderr)
        for line in errors:
            print("  " + line, file=sys.stderr)
        return 1
    print("every response was checked: no errors, no non-2xx statuses")
    return 0


if __name__ == "__main__":
    sys.exit(main())
