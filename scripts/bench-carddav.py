#!/usr/bin/env python3
"""CardDAV under load: PersonalContacts (`contacts serve`) against Radicale, same data, same run.

Started by scripts/bench-carddav.sh, which runs both servers and passes their addresses and
process ids. Generates 2,000 realistic vCard 3.0 cards (10% with a 20 KB JPEG-looking photo) and
measures, on every server:

  1. PUT of every card by 8 keep-alive clients (threads, one http.client connection each);
  2. PROPFIND Depth 1 of the address book (getetag): one request, median of 7;
  3. sync-collection from an empty token (getetag), then again from the collection's
     DAV:sync-token after 10 cards changed (10 PUTs): one request, median of 7;
  4. addressbook-multiget of 100 cards (getetag + address-data), 4 connections, wrk for 10 s;
  5. GET of single cards, 8 connections, wrk for 10 s;

each workload on every server before the next workload starts, so the servers it compares are
measured minutes apart at most; workloads 4 and 5 run in two rounds (every server, then every
server again) and each server's better round counts, its errors from both, so a slow spell of
the machine in one of them does not decide a ratio;

and each server's peak RSS (VmHWM, and the VmRSS sampled while it ran). Every response is
checked: non-2xx statuses, socket errors and wrong answers (missing cards, etags, address data)
are counted per workload and reported; any of them makes the script exit 1 after the table.
Only the standard library is used on the client side.

Given --pg (a `contacts serve` on a fresh PostgreSQL database holding the same user), the same
workloads run on it too, and a second table compares it with ours on SQLite (and with Radicale).
Given --pg2 as well (a second `contacts serve` on that database), a last workload runs the GET
load of workload 5 on both at once: two wrk processes side by side, each with half the
connections and aimed at one server, their requests/s added up.
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


def prepare(server, create):
    """Logs in once (so the password check is cached) and, for Radicale, makes the address book."""
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
    status, _, data, _ = propfind_depth0(server, conn, "<D:resourcetype/>")
    conn.close()
    if status != 207 or b"addressbook" not in data:
        raise SystemExit(f"{server.label}: the address book {server.collection} is not there ({status}): {data[:300]!r}")


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


def timed_reports(server, key, method, body, headers, runs, check):
    """The same request `runs` times on one connection; each answer checked by `check(data) -> error or None`."""
    conn = server.connect()
    times, errors, last = [], 0, None
    for _ in range(runs):
        status, _, data, elapsed = request(conn, server, method, server.collection, body, headers)
        times.append(elapsed)
        problem = f"status {status}: {data[:200]!r}" if status != 207 else check(data)
        if problem:
            errors += 1
            server.problem(key, problem)
        last = data
    conn.close()
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


def propfind_and_sync(server, cards, runs):
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
# The table.

ROWS = [
    # key, label, unit, higher is better
    ("put", "PUT {cards:,} cards, 8 clients", "cards/s", True),
    ("propfind", "PROPFIND Depth 1 (getetag)", "s", False),
    ("sync_initial", "sync-collection, initial", "s", False),
    ("sync_changes", "sync-collection, 10 changes", "s", False),
    ("multiget", "multiget 100 cards, 4 conns", "req/s", True),
    ("get", "GET one card, 8 conns", "req/s", True),
]


def value_text(value, unit):
    if value != value:
        return "n/a"
    if unit == "s":
        return f"{value:.4f} s" if value < 0.1 else f"{value:.3f} s"
    return f"{value:,.1f} {unit}" if value < 100 else f"{value:,.0f} {unit}"


def ms_text(value):
    if value != value:
        return "n/a"
    return f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 100 else f"{value:.0f}"


def better_than(first, second, key, higher):
    """How many times `first` beats `second` on `key` (time rows inverted), and the plain ratio."""
    mine, theirs = first.results.get(key), second.results.get(key)
    if mine is None or theirs is None:
        return float("nan"), float("nan")
    ratio = mine["value"] / theirs["value"] if theirs["value"] else float("nan")
    return (ratio if higher else (1 / ratio if ratio else float("nan"))), ratio


def print_table(title, note, first, first_label, second, second_label, cards_count, percent=False, versus=None):
    """One row per workload: `first` and `second` with their latencies, first/second, how well
    `first` does against `second` (times better, or with `percent` as a % of `second`'s figure,
    time rows inverted so that 100% is as fast), and with `versus` = (server, label, target) a
    column of how many times `first` beats that server; `percent` = (target %) marks each row."""
    print()
    print(title)
    print(note)
    short = {"Radicale": "Rad.", "PostgreSQL": "PG"}
    ratio_head = short.get(first_label, first_label) + "/" + short.get(second_label, second_label)
    relation = f"% of {second_label}" if percent else "better"
    head = f"{'workload':<29} {first_label:>15} {'p50':>7} {'p99':>7} {second_label:>15} {'p50':>7} {'p99':>7} " \
           f"{ratio_head:>10} {relation:>{14 if percent else 8}}"
    if versus:
        head += f" {'vs ' + versus[1]:>14}"
    head += f" {'errors':>7}"
    print(head)
    print("-" * len(head))
    for key, label, unit, higher in ROWS:
        label = label.format(cards=cards_count)
        mine, theirs = first.results.get(key), second.results.get(key)
        if mine is None or theirs is None:
            print(f"{label:<29} (not measured)")
            continue
        better, ratio = better_than(first, second, key, higher)
        line = (f"{label:<29} {value_text(mine['value'], unit):>15} {ms_text(mine['p50']):>7} {ms_text(mine['p99']):>7} "
                f"{value_text(theirs['value'], unit):>15} {ms_text(theirs['p50']):>7} {ms_text(theirs['p99']):>7} "
                f"{ratio:>10.3g} ")
        if percent:
            line += f"{better * 100:>7.0f}% {'ok' if better * 100 >= percent else 'BELOW':>5}"
        else:
            line += f"{better:>7.1f}×"
        if versus:
            against, _ = better_than(first, versus[0], key, higher)
            line += f" {against:>7.1f}× {'ok' if against >= versus[2] else 'BELOW':>5}"
        print(line + f" {mine['errors']:>3}/{theirs['errors']:<3}")
    width = 14 if percent else 8
    for title, field in (("peak RSS (VmHWM)", "value"), ("max VmRSS (sampled /100 ms)", "sampled")):
        # VmHWM keeps any brief spike (an argon2id password check allocates its memory cost at once);
        # the samples show what the server holds while it works.
        mine_rss, theirs_rss = first.results["rss"][field], second.results["rss"][field]
        line = (f"{title:<29} {mine_rss:>11.1f} MiB {'':>15} {theirs_rss:>11.1f} MiB {'':>15} "
                f"{mine_rss / theirs_rss:>10.3g} ")
        line += f"{theirs_rss / mine_rss * 100:>7.0f}%" if percent else f"{theirs_rss / mine_rss:>7.1f}×"
        if versus:
            line += f" {'':>{width - 8}} {versus[0].results['rss'][field] / mine_rss:>7.1f}×"
        print(line)


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ours", required=True, help="base URL of contacts serve")
    parser.add_argument("--ours-pid", type=int, required=True)
    parser.add_argument("--radicale", help="base URL of Radicale (without it, ours on SQLite and on PostgreSQL only)")
    parser.add_argument("--radicale-pid", type=int)
    parser.add_argument("--radicale-version", default="3")
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
    parser.add_argument("--json", help="also write the figures to this file")
    ARGS = parser.parse_args()

    cards = make_cards(ARGS.cards, seed=6352)
    photos = sum(1 for card in cards if any(line.startswith("PHOTO") for line in card.lines))
    total = sum(len(card.body()) for card in cards)
    print(f"{len(cards)} cards, {photos} with a 20 KB photo, {total / 1e6:.1f} MB of vCard", flush=True)

    ours_collection = f"/dav/addressbooks/{ARGS.user}/contacts/"
    ours = Server("Ours", ARGS.ours, ARGS.ours_pid, ours_collection, ARGS.user, ARGS.password)
    radicale = Server("Radicale", ARGS.radicale, ARGS.radicale_pid, f"/{ARGS.user}/contacts/", ARGS.user, ARGS.password) \
        if ARGS.radicale else None
    pg = Server("PostgreSQL", ARGS.pg, ARGS.pg_pid, ours_collection, ARGS.user, ARGS.password) if ARGS.pg else None
    pg2 = Server("PostgreSQL node 2", ARGS.pg2, ARGS.pg2_pid, ours_collection, ARGS.user, ARGS.password) \
        if pg and ARGS.pg2 else None
    servers = [server for server in (ours, radicale, pg) if server]
    sampler = RSSSampler(servers + ([pg2] if pg2 else []))
    sampler.start()
    # One workload on every server before the next, PostgreSQL right after SQLite: see the docstring.
    in_turn = [server for server in (ours, pg, radicale) if server]
    for server in in_turn:
        print(f"{server.label} ({server.url}):", flush=True)
        prepare(server, server is radicale)
        put_all(server, cards, clients=8)
    for server in in_turn:
        print(f"{server.label}:", flush=True)
        propfind_and_sync(server, cards, ARGS.runs)
    for round in range(1, 3):
        for server in in_turn:
            print(f"{server.label}, round {round}:", flush=True)
            multiget(server, cards, connections=4, seconds=ARGS.seconds)
            get_cards(server, cards, connections=8, seconds=ARGS.seconds)
    two_nodes = None
    if pg2:
        print(f"{pg.label} and {pg2.label} ({pg.url}, {pg2.url}), the same database:", flush=True)
        prepare(pg2, False)
        two_nodes = get_cards_two_nodes([pg, pg2], cards, connections=8, seconds=ARGS.seconds)
    sampler.stopping.set()
    sampler.join()
    for server in servers + ([pg2] if pg2 else []):
        hwm = proc_status_kib(server.pid, "VmHWM") or 0
        sampled = max(server.rss_samples_kib, default=0)
        server.results["rss"] = dict(value=max(hwm, sampled) / 1024, hwm=hwm / 1024, sampled=sampled / 1024)

    if radicale:
        print_table(f"CardDAV benchmark: {len(cards):,} cards, PersonalContacts vs Radicale {ARGS.radicale_version}, "
                    f"{os.cpu_count()} cores",
                    "(latency p50/p99 in ms; single-request rows: median and p99 of the runs; "
                    "'better' = how many times ours beats Radicale)",
                    ours, "ours", radicale, "Radicale", len(cards))
    if pg:
        print_table(f"PersonalContacts on PostgreSQL {ARGS.pg_version} vs on SQLite: {len(cards):,} cards, "
                    f"{os.cpu_count()} cores, the database server on the same machine",
                    "(latency p50/p99 in ms; '% of SQLite' = PostgreSQL's throughput as a % of SQLite's, time rows "
                    "inverted (target >= 50%);\n 'vs Radicale' = how many times PostgreSQL beats Radicale (target >= 20x); "
                    "RSS: the contacts serve process only, not PostgreSQL's)",
                    pg, "PostgreSQL", ours, "SQLite", len(cards), percent=50,
                    versus=(radicale, "Radicale", 20) if radicale else None)
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
    notes = []
    for server in servers:
        put = server.results["put"]
        if put.get("without_etag"):
            notes.append(f"{server.label}: {put['without_etag']} PUTs answered without an ETag (stored card differs from the sent one)")
        if put.get("client_cpu", 0) > 0.85:
            notes.append(f"{server.label}: the PUT clients used {put['client_cpu']:.0%} of a core — the client may limit that figure")
    errors = [problem for server in servers + ([pg2] if pg2 else []) for problem in
              (f"{server.label} {p}" for p in server.problems)]
    for note in notes:
        print("note: " + note)
    if ARGS.json:
        with open(ARGS.json, "w") as file:
            json.dump({s.label: s.results for s in servers + ([pg2] if pg2 else [])}, file, indent=2)
    if errors:
        print(f"\n{len(errors)} kinds of error or wrong answer (first few shown per workload):", file=sys.stderr)
        for line in errors:
            print("  " + line, file=sys.stderr)
        return 1
    print("every response was checked: no errors, no non-2xx statuses")
    return 0


if __name__ == "__main__":
    sys.exit(main())
