"""A whole book rewound after a client deleted it, with real clients: vdirsyncer (with khard reading
its vdir) and Evolution's CardDAV backend each sync a book of cards, delete them all and sync that,
so the server's trash holds them. `contacts history` names the client and the moment before the
deletion (what the contact list's banner reads), `contacts rewind --to` that moment, and the
client's next ordinary sync brings every card back exactly as it had it before: found by comparing
ETags (vdirsyncer) or by the backend's own refresh (Evolution), with no upload, no deletion and
no fresh start. A recording proxy between client and server keeps every request, to show it.
"""

from __future__ import annotations

import json
import re
import time
from urllib.parse import unquote

import pytest

from harness.carddav import BOOK, DavClient, book_url
from harness.evolution import EvolutionClient, fields, missing
from harness.syncevolution import RecordingProxy

CARDS = 300
WRITES = ("PUT", "DELETE", "POST", "MOVE", "PROPPATCH", "MKCOL")


def book_vcf(count: int) -> str:
    """`count` cards of varied content: Latin and Chinese names, several phones and emails, some
    with an address, a birthday, a company, a note."""
    surnames = ["Zhang", "Müller", "O'Brien", "García", "Nakamura"]
    cards = []
    for n in range(1, count + 1):
        lines = ["BEGIN:VCARD", "VERSION:3.0", f"UID:rewind-{n:04d}"]
        if n % 3 == 0:
            name = f"测试{n:03d}"
            lines += [f"FN:{name}", f"N:{name};;;;"]
        else:
            family = surnames[n % len(surnames)]
            name = f"Person{n:03d} {family}"
            lines += [f"FN:{name}", f"N:{family};Person{n:03d};;;"]
        lines.append(f"TEL;TYPE=CELL:+86 138 {n:04d} {n * 7 % 10000:04d}")
        if n % 2:
            lines.append(f"TEL;TYPE=WORK:010-{n * 13 % 10000:04d}-{n:04d}")
        lines.append(f"EMAIL;TYPE=INTERNET,HOME:person{n}@example.org")
        if n % 5 == 0:
            lines.append(f"ADR;TYPE=HOME:;;{n} Hauptstraße;Berlin;;10115;Germany")
        if n % 7 == 0:
            lines.append(f"BDAY:19{n % 90 + 10:02d}-0{n % 9 + 1}-1{n % 9}")
        if n % 4 == 0:
            lines += ["ORG:Example GmbH;Research", "TITLE:Engineer"]
        if n % 6 == 0:
            lines.append(f"NOTE:Card {n}\\, kept as it was.")
        cards.append("\r\n".join(lines + ["END:VCARD"]) + "\r\n")
    return "".join(cards)


def seed(server, account, tmp_path, count: int = CARDS) -> None:
    path = tmp_path / "book.vcf"
    path.write_text(book_vcf(count), encoding="utf-8")
    server.cli("import", "--user", account, str(path))
    assert len(server.contacts(account)) == count


def book_history(server, account) -> dict:
    return json.loads(server.cli("history", "--user", account, "--json"))


def rewind_to_before_the_deletion(server, account, device: str, count: int) -> None:
    """Reads the mass deletion as the list's banner would (who, how many, the moment to go back
    to), rewinds the book to that moment and checks the plan: every deleted contact back."""
    deletion = book_history(server, account)["massDeletion"]
    assert deletion, f"no mass deletion in the book's history: {book_history(server, account)}"
    assert deletion["count"] == count and deletion["by"]["kind"] == "carddav" and deletion["by"]["name"] == device, deletion
    trashed = sorted(c["uid"] for c in json.loads(server.cli("trash", "--user", account, "--json")))
    plan = json.loads(server.cli("rewind", "--user", account, "--to", deletion["undoTo"], "--json"))
    assert plan["counts"] == {"broughtBack": count, "setBack": 0, "removed": 0}, plan
    assert sorted(c["uid"] for c in server.contacts(account)) == trashed
    assert book_history(server, account)["massDeletion"] is None


def multiget_hrefs(exchanges) -> list[str]:
    """The card hrefs the client asked for in addressbook-multiget REPORTs (RFC 6352 §8.7)."""
    hrefs = []
    for e in exchanges:
        if e.method == "REPORT" and b"addressbook-multiget" in e.request_body:
            hrefs += [unquote(h) for h in re.findall(r"<(?:\w+:)?href>([^<]+)</(?:\w+:)?href>", e.request_body.decode("utf-8"))]
    return hrefs


def requests_made(exchanges) -> str:
    return "\n".join(f"{e.method} {e.path} → {e.status}" for e in exchanges)


@pytest.fixture
def proxy(server):
    recording = RecordingProxy(server.url)
    yield recording
    recording.stop()


def test_vdirsyncer_gets_back_every_card_it_deleted_after_a_rewind_without_a_full_resync(server, account, proxy, tmp_path):
    """vdirsyncer syncs 300 cards, they are all deleted in its vdir and that is synced (300 DELETEs,
    300 contacts in the server's trash); after `contacts rewind`, vdirsyncer's next sync lists the
    book's ETags (PROPFIND), finds 300 it does not have and fetches exactly those (multiget): every
    file is byte for byte what it was, vdirsyncer's status is carried on, nothing is written back;
    and the sync after that finds nothing to fetch."""
    seed(server, account, tmp_path)
    device = "laptop"
    password = server.cli("user", "app-password", "add", account, device).strip().splitlines()[-1].strip()
    client = DavClient(tmp_path / "vdirsyncer", proxy.url + "/", account, password)
    client.discover()
    client.sync()
    before = client.card_files()
    assert len(before) == CARDS and len(client.status_items()) == CARDS
    assert len(client.khard_contacts()) == CARDS

    for path in client.book_dir.glob("*.vcf"):
        path.unlink()
    mark = proxy.mark()
    client.vdirsyncer("-v", "debug", "sync", "--force-delete")
    deletes = [e for e in proxy.since(mark) if e.method == "DELETE"]
    assert len(deletes) == CARDS and all(e.status in (200, 204) for e in deletes), requests_made(proxy.since(mark))
    assert all(e.request_headers.get("If-Match") for e in deletes), "vdirsyncer deleted without If-Match"
    assert server.contacts(account) == [] and len(server.trash_names(account)) == CARDS
    assert client.status_items() == [] and client.khard_contacts() == {}
    assert "vdirsyncer" in book_history(server, account)["massDeletion"]["by"]["userAgent"].lower()

    rewind_to_before_the_deletion(server, account, device, CARDS)

    mark = proxy.mark()
    run = client.sync()
    exchanges = proxy.since(mark)
    assert [e for e in exchanges if e.method in WRITES] == [], "the sync after the rewind wrote:\n" + requests_made(exchanges)
    assert {e.method for e in exchanges} <= {"PROPFIND", "REPORT", "GET"}, requests_made(exchanges)
    fetched = multiget_hrefs(exchanges) + [unquote(e.path) for e in exchanges if e.method == "GET"]
    book = f"/dav/addressbooks/{account}/{BOOK}/"
    assert sorted(fetched) == sorted(f"{book}{name}" for name in before), "not exactly the 300 cards were fetched"
    # vdirsyncer's log names each item it copies and the storage it copies to: all 300 went to the vdir.
    copied = re.findall(r"^Copying \(\w+\) item (\S+) to (\w+)/", run.output, re.M)
    assert sorted(copied) == sorted((f"rewind-{n:04d}", "local") for n in range(1, CARDS + 1)), run.describe()
    assert not re.search(r"^(Deleting|Updating) item", run.output, re.M), run.describe()
    after = client.card_files()
    assert after.keys() == before.keys()
    changed = [name for name in before if after[name] != before[name]]
    assert changed == [], f"{len(changed)} cards differ, e.g. {changed[:1]}:\n{before[changed[0]] if changed else ''}\n---\n{after[changed[0]] if changed else ''}"
    assert len(client.status_items()) == CARDS
    assert len(client.khard_contacts()) == CARDS

    mark = proxy.mark()
    client.sync()
    again = proxy.since(mark)
    assert multiget_hrefs(again) == [] and [e for e in again if e.method in WRITES + ("GET",)] == [], \
        "a sync with nothing changed fetched or wrote:\n" + requests_made(again)
    assert client.card_files() == before


EVOLUTION_CARDS = 300
WAIT = 120  # seconds Evolution's backend has, after a refresh, to show the 300 cards again


def evolution_view(cards: dict[str, str]) -> dict[str, list]:
    """{uid: the card's properties} without Evolution's X-EVOLUTION-* additions (its ETag among them)."""
    return {uid: fields(card) for uid, card in cards.items()}


def test_evolution_gets_back_every_card_it_deleted_after_a_rewind(server, account, proxy, tmp_path):
    """Evolution's CardDAV backend shows 300 cards, removes them all (300 DELETEs, 300 contacts in
    the server's trash); after `contacts rewind`, a refresh of its book brings all 300 back, each
    with the properties it had before, without Evolution writing anything to the server."""
    if reason := missing():
        pytest.fail(f"Evolution's backend is not installed: {reason} (scripts/install-deps.sh e2e installs it)")
    seed(server, account, tmp_path, EVOLUTION_CARDS)
    device = "evolution"
    password = server.cli("user", "app-password", "add", account, device).strip().splitlines()[-1].strip()
    evo = EvolutionClient(tmp_path / "evolution", timeout=180)
    try:
        found = evo.call("discover", url=proxy.url + "/", username=account, password=password)["books"]
        assert [b["href"] for b in found] == [book_url(proxy.url, account)], found
        evo.call("configure", url=found[0]["href"], username=account, password=password)
        evo.call("open")
        before = evolution_view(evo.cards())
        assert len(before) == EVOLUTION_CARDS

        mark = proxy.mark()
        evo.call("remove_all", uids=sorted(before))
        deletes = [e for e in proxy.since(mark) if e.method == "DELETE"]
        assert len(deletes) == EVOLUTION_CARDS and all(e.status in (200, 204) for e in deletes), requests_made(proxy.since(mark))
        assert evo.cards() == {} and server.contacts(account) == []

        rewind_to_before_the_deletion(server, account, device, EVOLUTION_CARDS)

        mark = proxy.mark()
        deadline = time.monotonic() + WAIT
        while True:
            evo.call("refresh")
            after = evolution_view(evo.cards())
            if len(after) == EVOLUTION_CARDS or time.monotonic() > deadline:
                break
            time.sleep(1)
        exchanges = proxy.since(mark)
        assert [e for e in exchanges if e.method in WRITES] == [], "Evolution wrote after the rewind:\n" + requests_made(exchanges)
        assert after.keys() == before.keys(), f"{len(after)} of {len(before)} cards back"
        changed = [uid for uid in before if after[uid] != before[uid]]
        assert changed == [], f"{len(changed)} cards differ, e.g. {changed[:1]}"
        # The backend saw the book's CTag change, listed the ETags and fetched just the cards it
        # lacked, once each.
        assert {e.method for e in exchanges} <= {"PROPFIND", "REPORT"}, requests_made(exchanges)
        assert any(b"getctag" in e.request_body for e in exchanges if e.method == "PROPFIND"), requests_made(exchanges)
        fetched = multiget_hrefs(exchanges)
        assert sorted(fetched) == sorted(f"/dav/addressbooks/{account}/{BOOK}/{uid}.vcf" for uid in before), requests_made(exchanges)

        mark = proxy.mark()
        evo.call("refresh")
        assert multiget_hrefs(proxy.since(mark)) == [] and [e for e in proxy.since(mark) if e.method in WRITES] == [], \
            "a refresh with nothing changed fetched or wrote:\n" + requests_made(proxy.since(mark))
        assert evolution_view(evo.cards()) == before
    finally:
        evo.close()
