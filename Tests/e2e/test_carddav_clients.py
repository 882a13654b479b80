"""CardDAV with real clients: vdirsyncer syncing the server's address book with a local vdir, and
khard reading and editing that vdir, as someone who keeps contacts in a terminal would.

Each test configures both programs in its own temporary directory (VDIRSYNCER_CONFIG,
KHARD_CONFIG; see harness/carddav.py), starts vdirsyncer from the server's root URL only, and
after every `vdirsyncer sync` compares both sides completely: every contact's name and phone
numbers as `contacts list --json` shows them against what khard lists from the vdir (and the vdir
holds exactly one file per contact). Changes on the server are made with the `contacts` CLI.

khard creates contacts non-interactively with `khard new` reading its YAML template from stdin,
and edits them with `khard edit --input-file FILE` (the contact's own YAML with the phones
replaced, "yes" on stdin to confirm) — no editor, no .vcf written by hand.

The RFC sections each test checks are named in its docstring and next to the assertions.
"""

from __future__ import annotations

import json
import re

import pytest

from harness.app import PASSWORD
from harness.carddav import (
    BOOK, CARDDAV, DAV, DavClient, describe, dav_request, digits, multistatus, propfind_href,
    server_view, sync_collection, sync_token,
)


def by_name(server, user: str, name: str) -> dict:
    found = [c for c in server.contacts(user) if c["name"] == name]
    assert len(found) == 1, f"{len(found)} contacts named {name!r} on the server: {server.contact_names(user)}"
    return found[0]


def assert_in_sync(server, user: str, client: DavClient, expected: dict[str, list[str]]) -> None:
    """Both sides hold exactly `expected` ({name: phone digits}): the server, khard, and the vdir's
    file count."""
    on_server = server_view(server, user)
    in_khard = client.khard_contacts()
    expected = {name: sorted(digits(p) for p in phones) for name, phones in expected.items()}
    context = f"\nserver: {on_server}\nkhard: {in_khard}\nlast commands:\n{client.transcript(2)}"
    assert on_server == expected, "the server does not hold what was expected" + context
    assert in_khard == expected, "khard (the vdir) does not show what the server holds" + context
    files = client.card_files()
    assert len(files) == len(expected), f"{len(files)} files in the vdir: {sorted(files)}" + context


def logged_statuses(output: str) -> list[int]:
    """The HTTP statuses of the responses vdirsyncer received, from its `-v debug` log, where each
    one is a line of its own (matching bare numbers would also match the server's port)."""
    return [int(code) for code in re.findall(r"^debug: (\d{3})$", output, re.MULTILINE)]


def book_url(server, user: str) -> str:
    return f"{server.url}/dav/addressbooks/{user}/{BOOK}/"


def card_path(user: str, uid: str) -> str:
    return f"/dav/addressbooks/{user}/{BOOK}/{uid}.vcf"


@pytest.fixture
def make_client(tmp_path):
    """Factory: make_client(server, user, password=PASSWORD, url=<server root>/) → a DavClient
    configured in tmp_path."""
    count = iter(range(1, 100))

    def make(srv, user: str, password: str = PASSWORD, url: str | None = None, **kw) -> DavClient:
        return DavClient(tmp_path / f"client{next(count)}-{user}", url or srv.url + "/", user, password, **kw)
    return make


@pytest.fixture
def synced(account, make_client, server):
    """`account`'s client, discovered from the root URL and synced once (both sides empty)."""
    client = make_client(server, account)
    client.discover()
    client.sync()
    assert_in_sync(server, account, client, {})
    return client


# -- 1. discovery ------------------------------------------------------------------------------

def test_discovery_from_the_server_root_finds_the_contacts_address_book(server, account, make_client):
    """RFC 6764 §5 (well-known URI → redirect), §6 (bootstrapping: current-user-principal, then
    the home set), RFC 5397 §3, RFC 6352 §7.1.1 (addressbook-home-set), §5.2 (an address book
    collection's resourcetype); then vdirsyncer, given only http://127.0.0.1:PORT/, finds it."""
    auth = (account, PASSWORD)
    # RFC 6764 §5: /.well-known/carddav redirects to the DAV root.
    r = dav_request("GET", server.url + "/.well-known/carddav", auth)
    assert r.status_code in (301, 302, 303, 307, 308), describe(r)
    assert r.headers["Location"].rstrip("/").endswith("/dav"), describe(r)
    # RFC 6764 §6 / RFC 5397 §3: the root names the principal; RFC 6352 §7.1.1: it names the home.
    principal = propfind_href(server.url + "/dav/", auth, f"{DAV}current-user-principal")
    assert principal == f"{server.url}/dav/principals/{account}/"
    home = propfind_href(principal, auth, f"{CARDDAV}addressbook-home-set")
    assert home == f"{server.url}/dav/addressbooks/{account}/"
    # RFC 6352 §5.2: the home holds the `contacts` address book (resourcetype collection + addressbook).
    body = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/></d:prop></d:propfind>'
    entries, _ = multistatus(dav_request("PROPFIND", home, auth, body, "1"))
    books = [e.href for e in entries if "addressbook" in e.props.get(f"{DAV}resourcetype", "")]
    assert books == [f"/dav/addressbooks/{account}/{BOOK}/"], entries

    server.add_contact(account, "郑十", "13600000010")
    client = make_client(server, account)
    run = client.discover()
    collections = client.discovered_collections()
    assert list(collections) == [BOOK], f"discovered {collections}\n{run.describe()}"
    assert collections[BOOK]["url"] == book_url(server, account), collections
    assert client.book_dir.is_dir(), "discover did not create the vdir collection"
    client.sync()
    assert_in_sync(server, account, client, {"郑十": ["13600000010"]})


# -- 2. server → khard -------------------------------------------------------------------------

def test_contacts_made_on_the_server_reach_khard(server, account, synced):
    """RFC 6352 §8.7 (addressbook-multiget: vdirsyncer fetches new cards with it), RFC 4918 §9.1
    (PROPFIND Depth 1 lists the cards and their ETags); vCard 3.0 with a Chinese name."""
    server.add_contact(account, "张三", "13800138000")
    server.add_contact(account, "Wei Zhang", "13911112222", "--phone", "work:010-88886666")
    synced.sync()
    assert_in_sync(server, account, synced, {"张三": ["13800138000"],
                                             "Wei Zhang": ["13911112222", "01088886666"]})
    # Server-made cards are named <UID>.vcf on the server, and vdirsyncer keeps the name.
    uid = by_name(server, account, "张三")["uid"]
    assert f"{uid}.vcf" in synced.card_files(), sorted(synced.card_files())
    assert "FN:张三" in synced.card_files()[f"{uid}.vcf"]


# -- 3. khard → server -------------------------------------------------------------------------

def test_a_contact_made_with_khard_reaches_the_server(server, account, synced):
    """RFC 6352 §6.3.2 (PUT of a new address object resource, If-None-Match: *, the name chosen by
    the client) and §6.3.2.3 (its ETag)."""
    synced.khard_new("李四", {"cell": "139 0000 1111", "work": "021-6666 7777"}, first="四", last="李")
    assert synced.khard_contacts() == {"李四": ["02166667777", "13900001111"]}
    synced.sync()
    assert_in_sync(server, account, synced, {"李四": ["13900001111", "02166667777"]})
    uid = synced.khard_uid("李四")
    assert by_name(server, account, "李四")["uid"] == uid
    # vdirsyncer named the resource after the UID; GET returns it with an ETag.
    r = dav_request("GET", book_url(server, account) + f"{uid}.vcf", (account, PASSWORD))
    assert r.status_code == 200 and r.headers.get("ETag"), describe(r)
    assert "李四" in r.content.decode("utf-8"), describe(r)


# -- 4. changes and deletions on each side ----------------------------------------------------

def test_edits_and_deletions_on_either_side_reach_the_other(server, account, synced):
    """RFC 6352 §6.3.2 and RFC 9110 §13.1.1 (a changed card PUT with If-Match), RFC 4918 §9.6
    (DELETE; the server puts the contact in the trash), RFC 6352 §8.7 (updated cards fetched).
    钱九 stays throughout: vdirsyncer refuses to sync a side that was emptied completely."""
    server.add_contact(account, "钱九", "13900000009")
    server_id = server.add_contact(account, "王五", "13512345678")
    synced.khard_new("赵六", {"cell": "13687654321"}, first="六", last="赵")
    synced.sync()
    expected = {"钱九": ["13900000009"], "王五": ["13512345678"], "赵六": ["13687654321"]}
    assert_in_sync(server, account, synced, expected)

    # Server side: a new name and a new phone.
    server.cli("edit", "--user", account, str(server_id), "--name", "王五一", "--phone", "13500000001",
               "--remove-phone", "13512345678")
    synced.sync()
    expected = {"钱九": ["13900000009"], "王五一": ["13500000001"], "赵六": ["13687654321"]}
    assert_in_sync(server, account, synced, expected)

    # khard side: two phones instead of one.
    synced.khard_set_phones("赵六", {"cell": "13600000002", "home": "0755-12345678"})
    synced.sync()
    expected = {"钱九": ["13900000009"], "王五一": ["13500000001"], "赵六": ["13600000002", "075512345678"]}
    assert_in_sync(server, account, synced, expected)

    # Server side deletes → gone from the vdir.
    server.cli("delete", "--user", account, str(server_id))
    synced.sync()
    expected = {"钱九": ["13900000009"], "赵六": ["13600000002", "075512345678"]}
    assert_in_sync(server, account, synced, expected)

    # khard deletes → DELETE on the server → the contact is in the trash.
    synced.khard_remove("赵六")
    synced.sync()
    assert_in_sync(server, account, synced, {"钱九": ["13900000009"]})
    assert sorted(server.trash_names(account)) == sorted(["王五一", "赵六"])


# A card a client PUTs is stored and served back as sent, with its ETag in the PUT answer
# (RFC 6352 §6.3.2.3), Chinese names included: the server adds nothing to it (Apple's Contacts
# gets its phonetic names in a representation of its own). So vdirsyncer keeps the ETag, and an
# edit made in khard before the next sync goes up with If-Match instead of meeting a change the
# server made.
KHARD_EDIT_AGAIN = [
    pytest.param("Tom", "Li", id="latin-name"),
    pytest.param("二", "林", id="chinese-name"),
    pytest.param("伟", "张", id="chinese-surname-and-given-name"),
]


@pytest.mark.parametrize("first,last", KHARD_EDIT_AGAIN)
def test_a_khard_contact_edited_again_before_the_next_sync_reaches_the_server(server, account, synced, first, last):
    """RFC 6352 §6.3.2 (PUT, If-Match), §6.3.2.3 (the ETag in a PUT response): a contact made in
    khard, synced, then edited in khard again before the next sync."""
    name = f"{last}{first}" if not first.isascii() else f"{first} {last}"
    synced.khard_new(name, {"cell": "13500000005"}, first=first, last=last)
    synced.sync()
    assert_in_sync(server, account, synced, {name: ["13500000005"]})
    synced.khard_set_phones(name, {"cell": "13500000055"})
    run = synced.sync(check=False)
    assert run.returncode == 0, f"the second sync failed:\n{run.describe()}"
    assert_in_sync(server, account, synced, {name: ["13500000055"]})


# -- 6. a later run from the saved state; sync-collection ---------------------------------------

def test_a_later_sync_resumes_from_its_state_and_sync_collection_reports_the_changes(server, account, synced):
    """RFC 6578 §3.2 (sync-collection report), §3.4 (initial: every member), §3.5.1 (changed
    members since the token, with their ETags), §3.5.2 (removed members as 404), §4 (the
    DAV:sync-token property equals the report's token); vdirsyncer's second run starts from its
    saved status and fetches only what changed."""
    auth = (account, PASSWORD)
    url = book_url(server, account)
    ids = {name: server.add_contact(account, name, phone) for name, phone in
           [("陈一", "13300000001"), ("陈二", "13300000002"), ("陈三", "13300000003"), ("陈五", "13300000005")]}
    synced.khard_new("林一", {"cell": "13400000001"}, first="一", last="林")
    synced.sync()
    expected = {"陈一": ["13300000001"], "陈二": ["13300000002"], "陈三": ["13300000003"],
                "陈五": ["13300000005"], "林一": ["13400000001"]}
    assert_in_sync(server, account, synced, expected)
    uids = {name: by_name(server, account, name)["uid"] for name in expected}
    paths = {name: card_path(account, uid) for name, uid in uids.items()}

    # RFC 6578 §4, §3.4: the property and an initial report agree on the token; every card is in it.
    token = sync_token(url, auth)
    initial = sync_collection(url, auth, "")
    assert initial.token == token, describe(initial.response)
    assert set(initial.changed) == set(paths.values()), describe(initial.response)
    assert not initial.removed and not initial.other, describe(initial.response)

    # While no sync runs: the server changes one, deletes one, adds one; khard edits another.
    server.cli("edit", "--user", account, str(ids["陈一"]), "--phone", "13300000011", "--remove-phone", "13300000001")
    server.cli("delete", "--user", account, str(ids["陈二"]))
    server.add_contact(account, "陈四", "13300000004")
    uids["陈四"] = by_name(server, account, "陈四")["uid"]
    paths["陈四"] = card_path(account, uids["陈四"])
    synced.khard_set_phones("陈三", {"cell": "13300000033"})

    # RFC 6578 §3.5.1/§3.5.2: from the token, exactly the changed and the deleted hrefs.
    report = sync_collection(url, auth, token)
    assert set(report.changed) == {paths["陈一"], paths["陈四"]}, describe(report.response)
    assert all(report.changed.values()), f"changed members without DAV:getetag:\n{describe(report.response)}"
    assert report.removed == {paths["陈二"]}, describe(report.response)
    assert not report.other, describe(report.response)
    assert report.token != token

    # A new vdirsyncer process, from the status the first run saved.
    state = synced.status_items()
    assert len(state) == 5, f"vdirsyncer's saved status: {state}"
    run = synced.sync()
    expected = {"陈一": ["13300000011"], "陈三": ["13300000033"], "陈四": ["13300000004"],
                "陈五": ["13300000005"], "林一": ["13400000001"]}
    assert_in_sync(server, account, synced, expected)
    # Incremental: the unchanged server card was neither fetched (multiget, GET) nor copied again.
    fetches = [line for line in run.output.splitlines()
               if "addressbook-multiget" in line or re.match(r"(debug: (GET|PUT|DELETE) |Copying|Deleting)", line)]
    assert fetches and not [line for line in fetches if uids["陈五"] in line], \
        f"the unchanged card was fetched or copied again:\n{run.describe()}"

    # The upload of khard's edit is the only change since the last token.
    after = sync_collection(url, auth, report.token)
    assert set(after.changed) == {paths["陈三"]}, describe(after.response)
    assert not after.removed and not after.other, describe(after.response)
    assert after.token == sync_token(url, auth)
    idle = sync_collection(url, auth, after.token)
    assert not idle.changed and not idle.removed and idle.token == after.token, describe(idle.response)


# -- 7. credentials and other users ------------------------------------------------------------

def test_a_wrong_password_makes_vdirsyncer_fail_with_401(fresh_server, make_client):
    """RFC 7617 §2 / RFC 9110 §11.6.1, §15.5.2: a wrong Basic password gets 401 with a Basic
    challenge, and vdirsyncer fails without touching either side.

    On a server of its own: failed logins are throttled per client address (5 in 15 minutes, for
    every account), and these would count against the module's other tests. vdirsyncer's
    discovery cache is keyed by the password too, so the wrong-password client is one pointed at
    the address book itself with `collections = null`, whose `discover --no-list` sends nothing:
    its `sync` then makes exactly the two failed requests vdirsyncer's 401 loop makes."""
    fresh_server.add_user("carol", PASSWORD)
    fresh_server.add_contact("carol", "周七", "13700000007")
    book = book_url(fresh_server, "carol")

    wrong = make_client(fresh_server, "carol", password="not the password", url=book, collections="null")
    wrong.discover(list_collections=False)
    run = wrong.sync(check=False)
    assert run.returncode != 0, f"vdirsyncer succeeded with a wrong password:\n{run.describe()}"
    statuses = logged_statuses(run.output)
    assert 401 in statuses, f"vdirsyncer failed, but not with 401:\n{run.describe()}"
    assert 429 not in statuses, run.describe()
    assert not any(wrong.vdir.rglob("*.vcf")), "cards reached the vdir with a wrong password"
    assert server_view(fresh_server, "carol") == {"周七": ["13700000007"]}

    r = dav_request("PROPFIND", book, ("carol", "not the password"), depth="0")
    assert r.status_code == 401, describe(r)
    assert r.headers.get("WWW-Authenticate", "").lower().startswith("basic"), describe(r)
    r = dav_request("PROPFIND", book, None, depth="0")
    assert r.status_code == 401, describe(r)

    # The right password, from the root, works (3 failures are under the throttle's limit).
    client = make_client(fresh_server, "carol")
    client.discover()
    client.sync()
    assert_in_sync(fresh_server, "carol", client, {"周七": ["13700000007"]})


def test_a_user_never_sees_another_users_address_book(server, make_account, make_client):
    """RFC 6352 §7 (address book access control) and §13 (security considerations): bob's valid
    credentials on alice's principal, home, address book or cards get 404, through vdirsyncer
    and by hand, and bob's discovery finds only his own address book."""
    alice, bob = make_account(), make_account()
    server.add_contact(alice, "吴八", "13800000008")
    uid = by_name(server, alice, "吴八")["uid"]
    alice_book = book_url(server, alice)
    auth = (bob, PASSWORD)

    # vdirsyncer with bob's credentials, pointed straight at alice's address book.
    intruder = make_client(server, bob, url=alice_book, collections="null")
    intruder.discover(list_collections=False)
    run = intruder.sync(check=False)
    assert run.returncode != 0, f"bob synced alice's address book:\n{run.describe()}"
    assert 404 in logged_statuses(run.output), run.describe()
    assert not any(intruder.vdir.rglob("*.vcf")), "bob's vdir got cards"

    # By hand: every kind of resource of alice's, every method.
    card = alice_book + f"{uid}.vcf"
    propfind = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>'
    multiget = ('<?xml version="1.0"?><c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">'
                f'<d:prop><d:getetag/><c:address-data/></d:prop><d:href>{card_path(alice, uid)}</d:href></c:addressbook-multiget>')
    vcard = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bob-was-here\r\nFN:Bob\r\nN:;Bob;;;\r\nEND:VCARD\r\n"
    attempts = [
        ("PROPFIND", f"{server.url}/dav/principals/{alice}/", propfind, "0", {}),
        ("PROPFIND", f"{server.url}/dav/addressbooks/{alice}/", propfind, "1", {}),
        ("PROPFIND", alice_book, propfind, "1", {}),
        ("REPORT", alice_book, multiget, "1", {}),
        ("GET", card, None, None, {}),
        ("PUT", card, vcard, None, {"Content-Type": "text/vcard; charset=utf-8"}),
        ("PUT", alice_book + "new.vcf", vcard, None, {"Content-Type": "text/vcard; charset=utf-8", "If-None-Match": "*"}),
        ("DELETE", card, None, None, {}),
    ]
    for method, url, body, depth, headers in attempts:
        r = dav_request(method, url, auth, body, depth, headers)
        assert r.status_code == 404, describe(r)
        assert "吴八" not in r.text, describe(r)
    r = dav_request("REPORT", alice_book, auth,
                    '<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level>'
                    '<d:prop><d:getetag/></d:prop></d:sync-collection>', "0")
    assert r.status_code == 404, describe(r)
    assert server_view(server, alice) == {"吴八": ["13800000008"]}

    # Bob's own discovery from the root finds his address book only.
    own = make_client(server, bob)
    own.discover()
    assert {name: c["url"] for name, c in own.discovered_collections().items()} == {BOOK: book_url(server, bob)}
    own.sync()
    assert_in_sync(server, bob, own, {})


# -- several address books ---------------------------------------------------------------------

def test_vdirsyncer_syncs_two_books_at_once_and_a_move_between_them(server, account, make_client):
    """RFC 6352 §7.1.1 (every book in the home set is discovered), RFC 6578 §3.2 (a contact moved
    with `contacts move` is a removal in one collection's sync and a new member in the other's),
    RFC 4918 §9.6 (a deleted book leaves the home set, its URL 404)."""
    server.cli("book", "add", "--user", account, "work", "--display-name", "Work")
    server.add_contact(account, "钱九", "13600000009")
    server.add_contact(account, "Colleague", "13600000011", "--book", "work")
    moving = server.add_contact(account, "Mover", "13600000012")
    client = make_client(server, account)
    run = client.discover()
    assert sorted(client.discovered_collections()) == [BOOK, "work"], run.describe()
    client.sync()
    work_dir = client.vdir / "work"

    def names(directory) -> list[str]:
        return sorted(re.search(r"^FN:(.*)$", p.read_text(encoding="utf-8"), re.M).group(1).strip()
                      for p in directory.glob("*.vcf"))
    assert names(client.book_dir) == ["Mover", "钱九"], client.transcript(2)
    assert names(work_dir) == ["Colleague"], client.transcript(2)

    server.cli("move", "--user", account, str(moving), "--to-book", "work")
    uid = next(c["uid"] for c in json.loads(server.cli("list", "--user", account, "--book", "work", "--json"))
               if c["name"] == "Mover")
    client.sync()
    assert names(client.book_dir) == ["钱九"], client.transcript(2)
    assert names(work_dir) == ["Colleague", "Mover"], client.transcript(2)
    assert any(f"UID:{uid}" in p.read_text(encoding="utf-8") for p in work_dir.glob("*.vcf")), "the UID moved with it"

    # A deleted book leaves the home set (vdirsyncer's next discover would offer to make it
    # again from the local collection, as with any collection missing on one side).
    server.cli("book", "delete", "--user", account, "work")
    body = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/></d:prop></d:propfind>'
    entries, _ = multistatus(dav_request("PROPFIND", f"{server.url}/dav/addressbooks/{account}/", (account, PASSWORD), body, "1"))
    assert [e.href for e in entries if "addressbook" in e.props.get(f"{DAV}resourcetype", "")] == [
        f"/dav/addressbooks/{account}/{BOOK}/"], entries
    assert dav_request("PROPFIND", f"{server.url}/dav/addressbooks/{account}/work/", (account, PASSWORD), body, "0").status_code == 404
