"""Every change can be taken back: a contact's History (what each version changed, and Restore
this version, which asks first), Undo changes from the list's ⋯ menu (a preview, then the
rewind), and the banner after a CardDAV client deleted many contacts, whose Undo brings them back."""

import pytest

from harness.app import confirmation_closed, digits, find, login, open_confirmation, open_contact, open_menu_item, set_field, start_editing, wait_for, wait_for_list
from harness.browser import by_name, click, cut_off_labels, screenshot, visible_text, wait_for_navigation, wait_until
from harness.carddav import book_url, dav_request, put_card, simple_card
from harness.strings import contact_count, t

# What the history and the banner say, by language (Catalogue+EnglishHistory.swift, +ChineseHistory.swift).
SAYS = {
    "en": {"renamed": "Name: Ann Lee → Anna Lee", "note": "Note added: Met in Hangzhou", "browser": "Chrome on Linux",
           "created": "Created", "restored": "Restored", "removed": "This removes 3 contacts added since.",
           "banner": "Your iPhone deleted 60 contacts at", "brings back": "This brings back 60 deleted contacts."},
    "zh": {"renamed": "姓名：Ann Lee → Anna Lee", "note": "添加了备注：Met in Hangzhou", "browser": "Linux 上的 Chrome",
           "created": "创建", "restored": "恢复", "removed": "这将移除之后添加的 3 个联系人。",
           "banner": "你的 iPhone 在", "brings back": "这将恢复 60 个已删除的联系人。"},
}


def version_rows(driver):
    return driver.find_elements("css selector", ".version-row")


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_contacts_history_shows_what_each_version_changed_and_restores_one(server, account, make_driver, lang):
    contact_id = server.add_contact(account, "Ann Lee", "13800138000")
    driver = make_driver(lang)
    login(driver, server.url, account)
    open_contact(driver, server.url, contact_id)
    start_editing(driver)
    set_field(driver, "Name", "Anna Lee")
    set_field(driver, "Note", "Met in Hangzhou")
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Save")))
    wait_for(driver, "heading", "Contact")

    wait_for_navigation(driver, lambda: click(driver, find(driver, "link", "History")))
    wait_for(driver, "heading", "History")
    says = SAYS[lang]
    rows = version_rows(driver)
    assert len(rows) == 2, "the command line's creation, then the browser's edit"
    newest, oldest = rows[0].text, rows[1].text
    assert says["renamed"] in newest and says["note"] in newest and says["browser"] in newest
    assert t(lang, "Current") in newest and t(lang, "Restore this version") not in newest
    assert says["created"] in oldest and "13800138000" in digits(oldest)
    screenshot(driver, "history")
    assert not cut_off_labels(driver)

    restore = by_name(driver, "button", t(lang, "Restore this version"), within=rows[1])
    click(driver, restore)
    sheet, text = open_confirmation(driver)
    assert t(lang, "Restore this version") in text
    screenshot(driver, "history-restore-confirm")
    click(driver, by_name(driver, "button", t(lang, "Cancel"), within=sheet))
    wait_until(driver, lambda: confirmation_closed(driver), "the sheet to close")
    assert server.contact_names(account) == ["Anna Lee"], "Cancel restores nothing"

    click(driver, restore)
    sheet, _ = open_confirmation(driver)
    wait_for_navigation(driver, lambda: click(driver, by_name(driver, "button", t(lang, "Restore this version"), within=sheet)))
    wait_for(driver, "heading", "Contact")
    assert "Ann Lee" in visible_text(driver) and "Met in Hangzhou" not in visible_text(driver)
    assert server.contact_names(account) == ["Ann Lee"]

    wait_for_navigation(driver, lambda: click(driver, find(driver, "link", "History")))
    rows = version_rows(driver)
    assert len(rows) == 3 and says["restored"] in rows[0].text
    assert t(lang, "Current") in rows[0].text


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_undo_changes_previews_then_takes_the_book_back(server, account, make_driver, lang):
    for n, name in enumerate(["Ann", "Bea", "Cy"]):
        server.add_contact(account, name, f"1380000000{n}")
    driver = make_driver(lang)
    login(driver, server.url, account)
    wait_for_navigation(driver, lambda: click(driver, open_menu_item(driver, "Undo changes")))
    wait_for(driver, "heading", "Undo changes")
    for choice in ("10 minutes ago", "1 hour ago", "Yesterday", "1 week ago"):
        find(driver, "link", choice)
    find(driver, "field", "Date and time")
    screenshot(driver, "undo-changes")
    assert not cut_off_labels(driver)

    wait_for_navigation(driver, lambda: click(driver, find(driver, "link", "10 minutes ago")))
    assert SAYS[lang]["removed"] in visible_text(driver), "every contact was added in the last 10 minutes"
    assert server.contact_names(account) == ["Ann", "Bea", "Cy"], "the preview changes nothing"
    screenshot(driver, "undo-changes-preview")
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Undo changes")))
    wait_for_list(driver, account)
    assert server.contact_names(account) == [] and sorted(server.trash_names(account)) == ["Ann", "Bea", "Cy"]
    assert driver.find_element("css selector", "#undo-notice").is_displayed()

    # A chosen time in the future is out of reach: the choices again, saying why.
    driver.get(f"{server.url}/contacts/undo")
    field = find(driver, "field", "Date and time")
    driver.execute_script("arguments[0].value = '2999-01-01T00:00'", field)
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Continue")))
    assert driver.find_element("css selector", "#form-error").is_displayed()
    wait_for(driver, "heading", "Undo changes")


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_clients_mass_deletion_shows_a_banner_whose_undo_brings_everything_back(server, account, make_driver, lang):
    password = server.cli("user", "app-password", "add", account, "iPhone").strip().splitlines()[-1].strip()
    auth = (account, password)
    url = book_url(server.url, account)
    for n in range(60):
        assert put_card(f"{url}card-{n}.vcf", auth, simple_card(f"card-{n}", f"Person {n:02}")).status_code == 201
    for n in range(60):
        assert dav_request("DELETE", f"{url}card-{n}.vcf", auth).status_code == 204
    assert server.contact_names(account) == []

    driver = make_driver(lang)
    login(driver, server.url, account)
    banner = driver.find_element("css selector", "#deletion-banner")
    assert SAYS[lang]["banner"] in banner.text
    find(driver, "button", "Dismiss")
    screenshot(driver, "mass-deletion-banner")
    assert not cut_off_labels(driver)

    wait_for_navigation(driver, lambda: click(driver, by_name(driver, "link", t(lang, "Undo"), within=banner)))
    wait_for(driver, "heading", "Undo changes")
    assert SAYS[lang]["brings back"] in visible_text(driver)
    screenshot(driver, "mass-deletion-undo")
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Undo changes")))
    wait_for_list(driver, account)
    assert server.contact_names(account) == [f"Person {n:02}" for n in range(60)]
    assert contact_count(lang, 60) in visible_text(driver)
    assert not driver.find_elements("css selector", "#deletion-banner"), "nothing deleted any more"
