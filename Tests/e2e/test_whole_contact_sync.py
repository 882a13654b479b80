"""The whole contact over CardDAV with a real client: a contact made with the `contacts` CLI with
every kind of field (company, department, title, nickname, labelled emails, a work address, a
website, WeChat and QQ handles, an anniversary, a related name) is a card vdirsyncer fetches and
khard reads field by field, in Apple's forms (ORG, TITLE, `IMPP;X-SERVICE-TYPE=WeChat:x-apple:…`,
grouped `X-ABDATE` and `X-ABRELATEDNAMES` with their `X-ABLabel`); synced back without a change it
stays the same card on the server (same ETag, same text).
"""

from __future__ import annotations

import pytest

from harness.app import PASSWORD
from harness.carddav import BOOK, DavClient, dav_request, describe

RICH = ("--organization", "腾讯", "--department", "微信事业群", "--title", "董事会主席", "--nickname", "Pony",
        "--email", "work:pony@tencent.com", "--email", "home:pony@qq.com",
        "--address", "work:深圳市南山区科技中一路", "--url", "https://www.tencent.com",
        "--im", "wechat:ponyma", "--im", "qq:10001", "--date", "anniversary:1998-11-11",
        "--related", "friend:张志东")


def unfolded(card: str) -> str:
    return card.replace("\r\n ", "").replace("\n ", "")


@pytest.fixture
def client(tmp_path, server, account):
    made = DavClient(tmp_path / "client", server.url + "/", account, PASSWORD)
    made.discover()
    made.sync()
    return made


def test_a_whole_contact_made_with_the_cli_reaches_khard_and_comes_back_unchanged(server, account, client):
    server.add_contact(account, "马化腾", "13800138000", *RICH)
    [contact] = [c for c in server.contacts(account) if c["name"] == "马化腾"]
    uid = contact["uid"]
    url = f"{server.url}/dav/addressbooks/{account}/{BOOK}/{uid}.vcf"
    before = dav_request("GET", url, (account, PASSWORD))
    assert before.status_code == 200, describe(before)

    client.sync()
    card = unfolded(client.card_files()[f"{uid}.vcf"])
    for line in ("ORG:腾讯;微信事业群", "TITLE:董事会主席", "NICKNAME:Pony", "EMAIL;TYPE=WORK:pony@tencent.com",
                 "EMAIL;TYPE=HOME:pony@qq.com", "ADR;TYPE=WORK:;;深圳市南山区科技中一路;;;;", "URL:https://www.tencent.com",
                 "IMPP;X-SERVICE-TYPE=WeChat:x-apple:ponyma", "IMPP;X-SERVICE-TYPE=QQ:x-apple:10001",
                 ".X-ABLABEL:_$!<Anniversary>!$_", ".X-ABRELATEDNAMES:张志东", ".X-ABLABEL:_$!<Friend>!$_"):
        assert line in card, f"{line!r} not in the card vdirsyncer fetched:\n{card}"
    assert "X-ABDATE:1998-11-11" in card or "ANNIVERSARY:19981111" in card, card

    shown = client.khard("show", f"uid:{uid}").stdout
    for text in ("腾讯", "微信事业群", "董事会主席", "Pony", "pony@tencent.com", "pony@qq.com", "科技中一路",
                 "https://www.tencent.com"):
        assert text in shown, f"khard does not show {text!r}:\n{shown}"

    # Synced again with nothing changed on either side: the server keeps the very same card.
    client.sync()
    after = dav_request("GET", url, (account, PASSWORD))
    assert after.headers.get("ETag") == before.headers.get("ETag"), describe(after)
    assert after.content == before.content
    [again] = [c for c in server.contacts(account) if c["name"] == "马化腾"]
    assert again == contact
