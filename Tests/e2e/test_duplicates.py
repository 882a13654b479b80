"""Possible duplicates: found from the list's menu with their count, compared side by side with
every field, merged with the name and the company the person picks, taken back with one Undo,
and dismissed for good."""

import pytest

from harness.app import find, login, wait_for
from harness.browser import by_name, click, screenshot, wait_until
from harness.strings import LANGS, t


def group_named(driver, member: str):
    """The duplicate group whose columns include `member`."""
    groups = driver.find_elements("css selector", ".duplicate-group")
    return next(group for group in groups if member in group.find_element("css selector", ".compare").text)


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("lang", LANGS)
def test_duplicates_are_merged_with_the_name_picked_and_undone(server, account, make_driver, lang, viewport):
    driver = make_driver(lang, viewport)
    server.add_contact(account, "Dad", "+86 138 0013 8000", "--email", "dad@example.com", "--note", "Home")
    server.add_contact(account, "王建国", "+86-138-0013-8000", "--email", "wang@example.com")
    server.add_contact(account, "Li Lei", "139 0013 9000")
    server.add_contact(account, "Li Lei", "137 0013 7000")
    server.add_contact(account, "Zhao Liu", "136 0013 6000")
    login(driver, server.url, account)

    click(driver, find(driver, "button", "Menu"))
    link = wait_for(driver, "link", "Possible duplicates", exact=False)
    badge = driver.find_element("css selector", "#duplicates-count")
    wait_until(driver, lambda: badge.text == "2", "the menu to count two groups")
    click(driver, link)
    wait_for(driver, "heading", "Possible duplicates")
    assert len(driver.find_elements("css selector", ".duplicate-group")) == 2
    assert "Zhao Liu" not in driver.find_element("css selector", "main").text
    screenshot(driver, "duplicates" if viewport == "phone" else "duplicates-desktop")

    family = group_named(driver, "Dad")
    click(driver, by_name(driver, "radio", "王建国", within=family))
    click(driver, find(driver, "button", "Merge", within=family))
    wait_until(driver, lambda: "王建国" in driver.find_element("css selector", "#toast").text, "the merge to be reported")
    names = server.contact_names(account)
    assert "王建国" in names and "Dad" not in names and len(names) == 4
    merged = next(contact for contact in server.contacts(account) if contact["name"] == "王建国")
    assert merged["emails"] == ["dad@example.com", "wang@example.com"]
    assert merged["note"] == "Home" and len(merged["phones"]) == 1, "one number however written"

    click(driver, find(driver, "button", "Undo"))
    wait_for(driver, "heading", "Contact")
    assert sorted(server.contact_names(account)) == sorted(["Dad", "王建国", "Li Lei", "Li Lei", "Zhao Liu"])

    driver.get(server.url + "/duplicates")
    click(driver, find(driver, "button", "Not duplicates", within=group_named(driver, "Li Lei")))
    wait_until(driver, lambda: t(lang, "Marked as different people.") in driver.find_element("css selector", "#toast").text,
               "the dismissal to be reported")
    assert len(driver.find_elements("css selector", ".duplicate-group")) == 1, "the Li Leis are not suggested again"


@pytest.mark.parametrize("lang", LANGS)
def test_a_shared_handle_shows_every_field_and_the_company_picked_is_kept(server, account, make_driver, lang):
    cards = ("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Pony Ma\r\nORG:Tencent\r\nTITLE:CEO\r\n"
             "IMPP;X-SERVICE-TYPE=WeChat:x-apple:ponyma\r\nEND:VCARD\r\n"
             "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:马化腾\r\nORG:Alibaba;Taobao\r\nX-WECHAT:PonyMa\r\nEND:VCARD\r\n")
    server.cli("import", "--user", account, "-", stdin=cards)
    driver = make_driver(lang, "desktop")
    login(driver, server.url, account)
    driver.get(server.url + "/duplicates")
    group = group_named(driver, "Pony Ma")
    assert "WECHAT" in group.find_element("css selector", ".group-heading").text.upper()
    compared = group.find_element("css selector", ".compare").text
    for shown in (t(lang, "Company"), "Tencent", t(lang, "Job title"), "CEO", "WeChat", "ponyma", "Alibaba", "Taobao"):
        assert shown in compared, shown

    click(driver, by_name(driver, "radio", "马化腾 · Alibaba · Taobao", within=group))
    click(driver, find(driver, "button", "Merge", within=group))
    wait_until(driver, lambda: driver.find_elements("css selector", "#toast"), "the merge to be reported")
    card = server.cli("export", "--user", account)
    assert card.count("BEGIN:VCARD") == 1
    assert "ORG:Alibaba;Taobao" in card and "TITLE:CEO" in card and "Tencent" not in card, card
    assert card.lower().count("ponyma") == 1, "one handle, however written"

