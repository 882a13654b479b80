"""CardDAV with a second real client: SyncEvolution (Debian's `syncevolution` 2.0, its WebDAV
backend) syncing the server's address book with a local file-based address book, headless
(`--daemon=no`, no D-Bus, no keyring; see harness/syncevolution.py).

Where vdirsyncer keeps each card byte for byte, SyncEvolution parses every card into its engine's
fields and writes a card of its own (PRODID and REV of the Synthesis engine, a UID it chooses), so
these tests check what a contact means on both sides (name and phone numbers: `contacts list
--json` against the local files) and, through a recording proxy between the two, that the server
stores and serves back exactly the bytes SyncEvolution PUT. After every sync both sides are
compared completely, and SyncEvolution's own change table must show exactly the expected
changes: no conflicts, no duplicates, nothing sent back that did not change.
"""

from __future__ import annotations

import pytest
import requests
import vobject

from harness.app import PASSWORD
from harness.carddav import digits, server_view
from harness.syncevolution import RecordingProxy, SyncEvolutionClient, SyncResult, program_path

NONE = {"NEW": 0, "MOD": 0, "DEL": 0, "ERR": 0}


def changes(**counts: int) -> dict[str, int]:
    return {**NONE, **counts}


def vcard(fn: str, n: str, phones: list[str], uid: str) -> str:
    lines = ["BEGIN:VCARD", "VERSION:3.0", f"UID:{uid}", f"N:{n}", f"FN:{fn}"]
    lines += [f"TEL;TYPE=CELL:{p}" for p in phones]
    return "\r\n".join(lines + ["END:VCARD"]) + "\r\n"


def local_view(client: SyncEvolutionClient) -> dict[str, list[str]]:
    """{FN: sorted phone digits} of the local address book's files."""
    view: dict[str, list[str]] = {}
    for name, data in client.card_files().items():
        card = vobject.readOne(data.decode("utf-8"))
        fn = card.fn.value
        assert fn not in view, f"two local files named {fn!r}"
        view[fn] = sorted(digits(t.value) for t in card.contents.get("tel", []) if digits(t.value))
    return view


def assert_in_sync(server, user: str, client: SyncEvolutionClient, expected: dict[str, list[str]]) -> None:
    expected = {name: sorted(digits(p) for p in phones) for name, phones in expected.items()}
    on_server, local = server_view(server, user), local_view(client)
    context = f"\nserver: {on_server}\nlocal: {local}\nlast commands:\n{client.transcript()}"
    assert on_server == expected, "the server does not hold what was expected" + context
    assert local == expected, "the local address book does not hold what the server holds" + context


def assert_changes(result: SyncResult, local: dict | None = None, remote: dict | None = None) -> None:
    stats = result.stats
    context = f"\n{stats}\n{result.run.describe()}"
    assert stats.conflicts == 0, "SyncEvolution reported conflicts" + context
    assert stats.local == (local or NONE), "unexpected changes to the local address book" + context
    assert stats.remote == (remote or NONE), "unexpected changes sent to the server" + context


def assert_served_as_put(result: SyncResult, client: SyncEvolutionClient, path: str) -> bytes:
    """The card at `path` is served exactly as SyncEvolution last PUT it in `result`; returns it."""
    puts = [e for e in result.requests("PUT") if e.path == path]
    assert puts and 200 <= puts[-1].status < 300, "\n".join(e.describe() for e in result.exchanges)
    mark = client.proxy.mark()
    r = requests.get(client.url + path, auth=(client.username, client.password), timeout=30)
    assert r.status_code == 200, client.proxy.since(mark)
    assert r.content == puts[-1].request_body, (
        f"the server serves the card differently from how it was PUT:\nPUT:\n"
        f"{puts[-1].request_body.decode('utf-8', 'replace')}\nGET:\n{r.text}")
    if "ETag" in puts[-1].response_headers:
        assert r.headers.get("ETag") == puts[-1].response_headers["ETag"], (puts[-1].describe(), r.headers)
    return r.content


@pytest.fixture
def client(server, account, tmp_path):
    """SyncEvolution for `account`, through a recording proxy to the module's server."""
    if program_path() is None:
        pytest.fail("syncevolution is not installed (scripts/install-deps.sh e2e installs it)")
    proxy = RecordingProxy(server.url)
    try:
        yield SyncEvolutionClient(tmp_path / "syncevolution", proxy.url, account, PASSWORD, proxy)
    finally:
        proxy.stop()


# -- 1. local → server, and nothing comes back --------------------------------------------------------

def test_a_local_contact_is_uploaded_and_a_second_sync_changes_nothing(server, account, client):
    """RFC 6352 §6.3.2 (PUT of a new address object), §8.6/§8.7 (listing, fetching): a card
    made in the local file store reaches the server; the next sync finds nothing to do, sends
    nothing, and leaves both the local file and the server's card (bytes and ETag) as they were."""
    client.write_card("wang-wu.vcf", vcard("王五", "王;五;;;", ["13512345678"], "local-wang-wu"))
    first = client.sync()
    assert first.stats.mode == "slow", first.run.describe()  # a pair's first sync (see SyncEvolutionClient.sync)
    assert_changes(first, remote=changes(NEW=1))
    assert_in_sync(server, account, client, {"王五": ["13512345678"]})
    [put] = first.requests("PUT")
    assert put.request_headers.get("If-None-Match") == "*" and put.status == 201, put.describe()
    [contact] = server.contacts(account)
    path = f"/dav/addressbooks/{account}/contacts/{contact['uid']}.vcf"
    stored = assert_served_as_put(first, client, path)
    local_before = client.card_files()

    second = client.sync()
    assert second.stats.mode == "two-way", second.run.describe()
    assert_changes(second)
    assert not second.requests("PUT", "DELETE", "POST", "MOVE"), \
        "\n".join(e.describe() for e in second.exchanges)
    assert client.card_files() == local_before, "the second sync rewrote the local file"
    assert_in_sync(server, account, client, {"王五": ["13512345678"]})
    r = requests.get(server.url + path, auth=(account, PASSWORD), timeout=30)
    assert r.status_code == 200 and r.content == stored, r.text
    assert server.contacts(account) == [contact], "the server's contact changed"


# -- 2. server → local --------------------------------------------------------------------------------

def test_a_contact_made_on_the_server_arrives_in_the_local_store(server, account, client):
    """RFC 6352 §8.6/§8.7: contacts made with the CLI (so with the server's own vCard) arrive in
    the local file store, one file each, and a second sync changes nothing."""
    server.add_contact(account, "李四", "13900001111")
    server.add_contact(account, "Wei Zhang", "13911112222", "--phone", "work:010-88886666")
    first = client.sync()
    assert_changes(first, local=changes(NEW=2))
    assert not first.requests("PUT", "DELETE"), "\n".join(e.describe() for e in first.exchanges)
    assert_in_sync(server, account, client, {"李四": ["13900001111"], "Wei Zhang": ["13911112222", "01088886666"]})
    assert len(client.card_files()) == 2, sorted(client.card_files())
    li = client.card_files()[client.file_with("FN:李四")].decode("utf-8")
    assert "N:李;四;;;" in li.splitlines(), li

    assert_changes(client.sync())
    assert_in_sync(server, account, client, {"李四": ["13900001111"], "Wei Zhang": ["13911112222", "01088886666"]})


# -- 3. a local edit before the next sync ---------------------------------------------------------------

LOCAL_EDIT_AGAIN = [
    pytest.param("Tom Li", "Li;Tom;;;", id="latin-name"),
    pytest.param("张伟", "张;伟;;;", id="chinese-surname-and-given-name"),
]


@pytest.mark.parametrize("fn,n", LOCAL_EDIT_AGAIN)
def test_a_local_contact_edited_again_before_the_next_sync_reaches_the_server(server, account, client, fn, n):
    """RFC 6352 §6.3.2 (PUT of a changed card), §6.3.2.3 (ETag): a card made locally, synced, then
    edited locally before the next sync (as khard edits before vdirsyncer's next run). The edit
    reaches the server as the same contact, nothing is lost or duplicated, no conflict; the
    server stores each card exactly as SyncEvolution sent it (no X-PHONETIC-* added to a Chinese
    name) and the sync after that changes nothing.

    SyncEvolution 2.0 GETs a card before it PUTs a change to it, and sends that PUT without
    If-Match; a new card goes up with If-None-Match: *."""
    file = client.write_card("new-card.vcf", vcard(fn, n, ["13500000005"], "local-edit-again"))
    first = client.sync()
    assert_changes(first, remote=changes(NEW=1))
    assert_in_sync(server, account, client, {fn: ["13500000005"]})
    [created] = server.contacts(account)
    path = f"/dav/addressbooks/{account}/contacts/{created['uid']}.vcf"
    assert_served_as_put(first, client, path)

    # Edited in the file store: a second number, the first one changed.
    client.write_card(file.name, vcard(fn, n, ["13500000055", "02166667777"], "local-edit-again"))
    second = client.sync()
    assert_changes(second, remote=changes(MOD=1))
    assert_in_sync(server, account, client, {fn: ["13500000055", "02166667777"]})
    [edited] = server.contacts(account)
    assert edited["id"] == created["id"] and edited["uid"] == created["uid"], (created, edited)
    assert [e.path for e in second.requests("PUT")] == [path], "\n".join(e.describe() for e in second.exchanges)
    stored = assert_served_as_put(second, client, path).decode("utf-8")
    lines = stored.splitlines()
    assert f"N:{n}" in lines and f"FN:{fn}" in lines, stored
    assert "X-PHONETIC" not in stored.upper(), stored
    assert client.file_with("13500000055") == file.name  # the local file is still the edited one

    third = client.sync()
    assert_changes(third)
    assert not third.requests("PUT", "DELETE"), "\n".join(e.describe() for e in third.exchanges)
    assert_in_sync(server, account, client, {fn: ["13500000055", "02166667777"]})
    assert server.trash_names(account) == []


# -- 4. both sides change different cards in the same interval -----------------------------------------

def test_a_server_edit_and_a_local_edit_of_different_cards_both_survive(server, account, client):
    """RFC 6352 §6.3.2, §8.7; RFC 6578 / getctag: between two syncs the server changes one card
    (the CLI) and the local store another; one sync brings each change to the other side, and
    neither is overwritten by the other side's older copy."""
    server_id = server.add_contact(account, "钱九", "13900000009")
    client.write_card("zhao-liu.vcf", vcard("赵六", "赵;六;;;", ["13687654321"], "local-zhao-liu"))
    first = client.sync()
    assert_changes(first, local=changes(NEW=1), remote=changes(NEW=1))
    assert_in_sync(server, account, client, {"钱九": ["13900000009"], "赵六": ["13687654321"]})

    server.cli("edit", "--user", account, str(server_id), "--name", "钱九一", "--phone", "13900000099",
               "--remove-phone", "13900000009")
    client.write_card("zhao-liu.vcf", vcard("赵六", "赵;六;;;", ["13600000002"], "local-zhao-liu"))
    second = client.sync()
    assert_changes(second, local=changes(MOD=1), remote=changes(MOD=1))
    expected = {"钱九一": ["13900000099"], "赵六": ["13600000002"]}
    assert_in_sync(server, account, client, expected)
    assert len(client.card_files()) == 2, sorted(client.card_files())

    assert_changes(client.sync())
    assert_in_sync(server, account, client, expected)
    assert server.trash_names(account) == []
