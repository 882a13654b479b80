"""Two `contacts serve` processes on one PostgreSQL database: what one node writes or ends, the
other sees at once; sync tokens stay gap-free under writers on both; and database faults (the
cluster stopped, a node killed, its connections terminated) lose no acknowledged write. Every
test runs twice: the nodes connected to PostgreSQL directly, and through one PgBouncer in
transaction mode (harness.pgbouncer), where consecutive transactions run in other sessions.

Runs under scripts/with-postgres.sh (CONTACTS_TEST_POSTGRES); each test gets a fresh database.
Everything is plain HTTP (requests): web forms with their CSRF tokens, CardDAV with Basic auth.
"""

from __future__ import annotations

import random
import subprocess
import threading
import time
import uuid
from urllib.parse import urlparse

import pytest
import requests

from harness import pgbouncer, postgres
from harness.app import PASSWORD
from harness.carddav import (
    book_url, dav_request, describe, member_etags, put_card, simple_card, sync_collection,
)
from harness.http import http_session, parse_forms, submit
from harness.server import Server
from harness.strings import list_heading_html

pytestmark = pytest.mark.skipif(
    not postgres.cluster_url(),
    reason="needs PostgreSQL: CONTACTS_TEST_POSTGRES is unset (run under scripts/with-postgres.sh)")

USER = "alice"
AUTH = (USER, PASSWORD)
WRONG = "not the password"


@pytest.fixture(scope="module")
def transaction_pooler():
    """One PgBouncer in transaction mode for the module's tests (2 server sessions per database)."""
    if why := pgbouncer.missing():
        pytest.skip(why)
    bouncer = pgbouncer.PgBouncer(pool_size=2).start()
    yield bouncer
    bouncer.stop()


@pytest.fixture(params=["direct", "pgbouncer"])
def nodes(request, pg_database, tmp_path):
    """Two servers on one fresh database, reaching it directly or both through one PgBouncer in
    transaction mode, and the user alice made through node 1's CLI."""
    url = pg_database.url if request.param == "direct" else request.getfixturevalue("transaction_pooler").url(pg_database.name)
    n1 = Server(tmp_path / "node1", database_url=url)
    n2 = Server(tmp_path / "node2", database_url=url)
    try:
        n1.start()
        n2.start()
        n1.add_user(USER, PASSWORD)
        yield n1, n2
    finally:
        n1.stop()
        n2.stop()


# -- helpers -----------------------------------------------------------------------------------

def poll(what: str, check, timeout: float = 60, interval: float = 0.2):
    """Calls `check` until it returns something truthy; fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = check()
        if last:
            return last
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {what} (last: {last!r})")


def post_form(session: requests.Session, page_url: str, action_path: str, **fields: str) -> requests.Response:
    """Loads `page_url`, takes its POST form to `action_path` (with its CSRF token), submits it with `fields`."""
    page = session.get(page_url, timeout=30)
    assert page.status_code == 200, describe(page)
    forms = [f for f in parse_forms(page.text, page.url) if f.method == "post" and f.action.endswith(action_path)]
    assert forms, f"no POST form to {action_path} on {page_url}"
    return submit(session, forms[0].with_fields(**fields))


def web_login(base_url: str, password: str = PASSWORD, session: requests.Session | None = None):
    session = session or http_session()
    return session, post_form(session, base_url + "/login", "/login", account=USER, password=password)


def logged_in(base_url: str) -> requests.Session:
    session, r = web_login(base_url)
    assert r.status_code in (302, 303), describe(r)
    return session


def on_list_page(session: requests.Session, base_url: str) -> bool:
    r = session.get(base_url + "/contacts", allow_redirects=False, timeout=30)
    return r.status_code == 200 and list_heading_html("en") in r.text


def card_href(base_url: str, name: str) -> str:
    return book_url(base_url, USER) + name


def book_path() -> str:
    return f"/dav/addressbooks/{USER}/contacts/"


# -- sharing one database ------------------------------------------------------------------------

def test_a_contact_added_on_one_node_shows_at_once_on_the_other(nodes):
    n1, n2 = nodes
    web = logged_in(n1.url)
    r = post_form(web, n1.url + "/contacts/new", "/contacts", name="Webform Quokka", phone="+1 555 0101")
    assert r.status_code in (302, 303), describe(r)
    r = put_card(card_href(n1.url, "davput-1.vcf"), AUTH, simple_card("davput-1", "Davput Numbat"))
    assert r.status_code == 201, describe(r)

    # Node 2: the list page, its search, and a sync-collection from scratch — no waiting.
    web2 = http_session()
    web2.cookies.update(web.cookies)
    page = web2.get(n2.url + "/contacts", timeout=30)
    assert page.status_code == 200 and "Webform Quokka" in page.text and "Davput Numbat" in page.text, page.text[:3000]
    for query, hit, miss in (("quokka", "Webform Quokka", "Davput Numbat"), ("numbat", "Davput Numbat", "Webform Quokka")):
        found = web2.get(n2.url + "/contacts", params={"q": query}, timeout=30)
        assert found.status_code == 200 and hit in found.text and miss not in found.text, found.text[:3000]
    report = sync_collection(book_url(n2.url, USER), AUTH)
    assert book_path() + "davput-1.vcf" in report.changed
    assert len(report.changed) == 2, report.changed  # the web form's contact has a card too


def test_logging_out_on_one_node_ends_the_session_on_the_other(nodes):
    n1, n2 = nodes
    web = logged_in(n1.url)
    assert on_list_page(web, n2.url), "node 2 does not take node 1's session"
    cookies = dict(web.cookies)

    r = post_form(web, n1.url + "/logout", "/logout")
    assert r.status_code in (302, 303), describe(r)

    replay = http_session()
    replay.cookies.update(cookies)  # the session cookie as it was before logging out
    r = replay.get(n2.url + "/contacts", allow_redirects=False, timeout=30)
    assert r.status_code in (302, 303) and urlparse(r.headers["Location"]).path == "/login", describe(r)


def test_failed_logins_on_both_nodes_add_up_to_the_throttle(nodes):
    n1, n2 = nodes
    for node in (n1, n1, n1, n2, n2):
        _, r = web_login(node.url, WRONG)
        assert r.status_code == 401 and "Wrong account or password" in r.text, describe(r)
    for node in (n1, n2):
        _, r = web_login(node.url, PASSWORD)
        assert r.status_code == 429, describe(r)
        assert r.headers.get("Retry-After"), describe(r)


def test_an_app_password_revoked_on_one_node_fails_on_the_other(nodes):
    n1, n2 = nodes
    out = n1.cli("user", "app-password", "add", USER, "phone")
    password = out.strip().splitlines()[-1].strip()
    device = (USER, password)
    url = book_url(n2.url, USER)
    assert sync_collection(url, device).response.status_code == 207
    r = put_card(url + "app-1.vcf", device, simple_card("app-1", "Appword Wombat"))
    assert r.status_code == 201, describe(r)
    r = requests.get(url + "app-1.vcf", auth=device, timeout=30)
    assert r.status_code == 200 and "Appword Wombat" in r.text, describe(r)

    n1.cli("user", "app-password", "revoke", USER, "phone")
    # A GET checks credentials it verified before in the statement that reads the card.
    r = requests.get(url + "app-1.vcf", auth=device, timeout=30)
    assert r.status_code == 401, describe(r)
    r = requests.request("PROPFIND", url, auth=device, headers={"Depth": "0"}, timeout=30)
    assert r.status_code == 401, describe(r)
    r = put_card(url + "app-2.vcf", device, simple_card("app-2", "Appword Dingo"))
    assert r.status_code == 401, describe(r)
    assert sync_collection(url, AUTH).response.status_code == 207, "the account password still works"


# -- sync tokens under writers on both nodes -------------------------------------------------------

WRITES_PER_NODE = 150
POOL = [f"pool-{i:02d}.vcf" for i in range(40)]


@pytest.mark.parametrize("books", [("contacts", "contacts"), ("contacts", "work")], ids=["one book", "two books"])
def test_sync_tokens_never_skip_a_change_made_on_either_node(nodes, books):
    """Writers on both nodes, into one book (they take turns at its lock) or into two (they run
    side by side), while a client syncs each book from alternating nodes: every book's final
    state equals what its client assembled from the changes."""
    n1, n2 = nodes
    if books[1] != books[0]:
        n1.cli("book", "add", "--user", USER, books[1], "--display-name", "Work")
    errors: list[str] = []
    done = threading.Event()
    syncs = {book: 0 for book in books}

    def writer(node: Server, seed: int, book: str):
        rng = random.Random(seed)
        http = requests.Session()
        try:
            for i in range(WRITES_PER_NODE):
                if i % 25 == 0:  # let the syncer catch up mid-way, however fast the writes are
                    seen = syncs[book]
                    poll("a sync between writes", lambda: syncs[book] > seen or done.is_set(), timeout=120, interval=0.01)
                href = rng.choice(POOL)
                url = book_url(node.url, USER, book) + href
                if rng.random() < 0.15:
                    r = http.delete(url, auth=AUTH, timeout=30)
                    if r.status_code not in (204, 404):
                        errors.append(f"DELETE: {describe(r)}")
                else:
                    uid = href.removesuffix(".vcf")
                    r = put_card(url, AUTH, simple_card(uid, f"Pool {uid} v{seed}-{i}", f"+1 555 {i:04d}"), http)
                    if r.status_code not in (201, 204):
                        errors.append(f"PUT: {describe(r)}")
        except Exception as e:  # noqa: BLE001 — reported below
            errors.append(f"writer {seed}: {e!r}")

    local: dict[str, dict[str, str]] = {book: {} for book in books}
    tokens = {book: "" for book in books}

    def sync_once(node: Server, book: str):
        report = sync_collection(book_url(node.url, USER, book), AUTH, tokens[book])
        assert not report.other, [vars(e) for e in report.other]
        for href in report.removed:
            local[book].pop(href, None)
        local[book].update(report.changed)
        tokens[book] = report.token
        syncs[book] += 1

    def syncer(book: str):
        rng = random.Random(99)
        try:
            while not done.is_set():
                sync_once(rng.choice((n1, n2)), book)
        except Exception as e:  # noqa: BLE001
            errors.append(f"syncer of {book}: {e!r}")
            done.set()  # no writer waits for it any more

    threads = [threading.Thread(target=writer, args=(n1, 1, books[0])), threading.Thread(target=writer, args=(n2, 2, books[1]))]
    watchers = [threading.Thread(target=syncer, args=(book,)) for book in set(books)]
    for t in watchers + threads:
        t.start()
    for t in threads:
        t.join(600)
    done.set()
    for t in watchers:
        t.join(120)
    assert not errors, "\n\n".join(errors[:10])
    for book in set(books):
        sync_once(n1, book)
        real = member_etags(book_url(n2.url, USER, book), AUTH)
        assert real, f"the writers left no card at all in {book}"
        assert local[book] == real, (
            f"{book}: after {syncs[book]} syncs the client's view differs from the book:\n"
            f"missing {sorted(set(real) - set(local[book]))}\nextra {sorted(set(local[book]) - set(real))}\n"
            f"stale {sorted(h for h in real if h in local[book] and local[book][h] != real[h])}")


# -- one account's writes never wait for another's ------------------------------------------------

IMPORTED_CARDS = 30_000


def lock_waits_seen(database: postgres.Database, seconds: float) -> int:
    """How many of 10 ms samples over `seconds` found a transaction of the database waiting for a
    lock another holds: an advisory lock, a row, or another transaction's end (not the table locks
    the planner's statistics refresh and autovacuum take among themselves)."""
    samples = int(seconds * 100)
    return int(database.sql(f"""
        SELECT count(*) FILTER (WHERE waiting > 0) FROM (
            SELECT (SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                    WHERE NOT l.granted AND l.locktype IN ('advisory', 'tuple', 'transactionid')
                      AND a.datname = current_database() AND i = i) AS waiting,
                   pg_sleep(0.01)
            FROM generate_series(1, {samples}) AS i) AS samples
        """).strip())


def test_an_accounts_saves_never_wait_while_another_imports_or_is_deleted(nodes, pg_database, tmp_path):
    """Bob imports 30,000 cards through node 1's CLI, then is deleted; meanwhile alice saves
    card after card on node 2. Her saves never wait on a lock (sampled in pg_locks every 10 ms),
    and none takes long (a generous bound: this is a test, not a benchmark)."""
    n1, n2 = nodes
    n1.add_user("bob", PASSWORD)
    cards = tmp_path / "bob.vcf"
    cards.write_text("".join(simple_card(f"bob-{i}", f"Imported Person {i}", f"+1 555 {i % 10_000:04d}")
                             for i in range(IMPORTED_CARDS)), encoding="utf-8")
    latencies: list[float] = []
    errors: list[str] = []
    stop = threading.Event()

    def alice_saves():
        http = requests.Session()
        i = 0
        while not stop.is_set():
            started = time.monotonic()
            r = put_card(card_href(n2.url, f"alice-{i % 50}.vcf"), AUTH, simple_card(f"alice-{i % 50}", f"Alice Friend {i}"), http)
            latencies.append(time.monotonic() - started)
            if r.status_code not in (201, 204):
                errors.append(describe(r))
            i += 1

    waits: list[int] = []
    watching = threading.Event()

    def watch_locks():
        while not watching.is_set():
            waits.append(lock_waits_seen(pg_database, 1))

    saver, watcher = threading.Thread(target=alice_saves), threading.Thread(target=watch_locks)
    saver.start()
    watcher.start()
    try:
        for args in (("import", "--user", "bob", str(cards)), ("user", "delete", "bob")):
            started = time.monotonic()
            result = subprocess.run([str(n1.binary), *n1.store_options, *args], capture_output=True, text=True, timeout=900)
            assert result.returncode == 0, result.stderr
            print(f"bob's {args[0]}: {time.monotonic() - started:.1f} s")
    finally:
        stop.set()
        watching.set()
        saver.join(60)
        watcher.join(60)
    assert not errors, errors[:5]
    assert len(latencies) > 20, "alice saved too little to tell"
    ordered = sorted(latencies)
    print(f"alice's {len(ordered)} saves: median {ordered[len(ordered) // 2] * 1000:.1f} ms, "
          f"p99 {ordered[int(len(ordered) * 0.99)] * 1000:.1f} ms, slowest {ordered[-1] * 1000:.1f} ms; "
          f"lock waits seen in {sum(waits)} of {len(waits) * 100} samples")
    assert sum(waits) == 0, f"transactions waited for locks in {sum(waits)} samples"
    assert ordered[-1] < 5, f"a save took {ordered[-1]:.1f} s"


# -- faults ----------------------------------------------------------------------------------------

def retried(what: str, request, timeout: float = 60) -> requests.Response:
    """`request()` until it answers anything but 503 (503s must carry Retry-After)."""
    def attempt():
        r = request()
        if r.status_code == 503:
            assert r.headers.get("Retry-After"), describe(r)
            return None
        return r
    return poll(what, attempt, timeout)


def test_stopping_postgresql_gives_503_then_the_nodes_recover_with_every_acknowledged_write(nodes, pg_database):
    if why := postgres.control_missing():
        pytest.skip(why)
    n1, n2 = nodes
    acknowledged = []
    for i in range(10):
        r = put_card(card_href(n1.url, f"before-{i}.vcf"), AUTH, simple_card(f"before-{i}", f"Before {i}"))
        assert r.status_code in (201, 204), describe(r)
        acknowledged.append(book_path() + f"before-{i}.vcf")

    statuses: list[int] = []
    bad: list[str] = []
    stop = threading.Event()

    def client():
        http = requests.Session()
        n = 0
        while not stop.is_set():
            n += 1
            try:
                r = put_card(card_href(n1.url, f"during-{n}.vcf"), AUTH, simple_card(f"during-{n}", f"During {n}"), http)
            except requests.RequestException as e:
                bad.append(f"no answer: {e!r}")
                time.sleep(0.2)
                continue
            statuses.append(r.status_code)
            if r.status_code in (201, 204):
                acknowledged.append(book_path() + f"during-{n}.vcf")
            elif r.status_code != 503 or not r.headers.get("Retry-After"):
                bad.append(describe(r))
            time.sleep(0.05)

    thread = threading.Thread(target=client)
    thread.start()
    try:
        poll("a first write through node 1", lambda: any(s in (201, 204) for s in statuses))
        postgres.stop_cluster()
        try:
            poll("a 503 from node 1 while PostgreSQL is down", lambda: 503 in statuses, timeout=60)
            seen = len(statuses)
            poll("more answers from node 1 while PostgreSQL is down", lambda: len(statuses) >= seen + 5)
            assert n1.running and n2.running, "a node exited when the database went away"
            assert set(statuses[seen:]) == {503}, statuses[seen:]
        finally:
            if not postgres.cluster_running():
                postgres.start_cluster()
        recovered = len(statuses)
        poll("node 1 writing again after PostgreSQL is back",
             lambda: any(s in (201, 204) for s in statuses[recovered:]), timeout=60)
    finally:
        stop.set()
        thread.join(60)
    assert not bad, "\n\n".join(bad[:10])
    assert n1.running and n2.running

    r2 = retried("node 2 answering again", lambda: dav_request("PROPFIND", book_url(n2.url, USER), AUTH, depth="0"))
    assert r2.status_code == 207, describe(r2)
    present = member_etags(book_url(n2.url, USER), AUTH)
    missing = [h for h in acknowledged if h not in present]
    assert not missing, f"{len(missing)} of {len(acknowledged)} acknowledged cards are gone: {missing[:20]}"


def test_kill_9_of_a_node_loses_no_acknowledged_card(nodes):
    n1, n2 = nodes
    acknowledged: list[str] = []
    unexpected: list[str] = []
    killed = threading.Event()

    def client():
        http = requests.Session()
        n = 0
        while True:
            n += 1
            href = f"crash-{n}-{uuid.uuid4().hex[:8]}.vcf"
            try:
                r = put_card(card_href(n1.url, href), AUTH, simple_card(href[:-4], f"Crash {n}"), http)
            except requests.RequestException as e:
                if not killed.is_set():
                    unexpected.append(f"no answer before the kill: {e!r}")
                return
            if r.status_code in (201, 204):
                acknowledged.append(book_path() + href)
            else:
                unexpected.append(describe(r))

    thread = threading.Thread(target=client, daemon=True)
    thread.start()
    poll("30 acknowledged PUTs to node 1", lambda: len(acknowledged) >= 30 or not thread.is_alive())
    killed.set()
    n1.kill()
    thread.join(60)
    assert not thread.is_alive(), "the client still waits for the killed node"
    assert not unexpected, "\n\n".join(unexpected[:10])

    present = member_etags(book_url(n2.url, USER), AUTH)
    missing = [h for h in acknowledged if h not in present]
    assert not missing, f"{len(missing)} of {len(acknowledged)} acknowledged cards are gone: {missing[:20]}"
    # Node 2 writes too: no lock was left behind by the killed node.
    r = put_card(card_href(n2.url, "after-kill.vcf"), AUTH, simple_card("after-kill", "After Kill"))
    assert r.status_code == 201, describe(r)


def test_terminated_database_connections_are_replaced_by_themselves(nodes, pg_database):
    n1, n2 = nodes
    url = book_url(n1.url, USER)
    # Connections to terminate: both nodes have been serving.
    for node in (n1, n2):
        assert sync_collection(book_url(node.url, USER), AUTH).response.status_code == 207
    assert pg_database.terminate_connections() > 0, "no connection of the nodes to terminate"

    answers = []
    for i in range(5):
        def put(i=i):
            r = put_card(url + f"after-terminate-{i}.vcf", AUTH, simple_card(f"after-terminate-{i}", f"Terminate {i}"))
            answers.append(r.status_code)
            return r
        r = retried(f"PUT {i} to node 1 after its connections were terminated", put, timeout=30)
        assert r.status_code == 201, describe(r)
    assert set(answers) <= {201, 503}, answers
    assert n1.running
    r = retried("a PROPFIND on node 1", lambda: dav_request("PROPFIND", url, AUTH, depth="1"))
    assert r.status_code == 207, describe(r)
    present = member_etags(book_url(n2.url, USER), AUTH)
    assert all(book_path() + f"after-terminate-{i}.vcf" in present for i in range(5)), sorted(present)
