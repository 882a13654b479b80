"""Sharing a book: the owner shares it from the list's menu read-only, the other account opens it
with its write controls disabled, the owner lets it write and then stops sharing, in both languages."""

import pytest
from selenium.webdriver.support.select import Select

from harness.app import find, login, open_menu_item, wait_for
from harness.browser import by_name, click, fill, is_enabled, wait_name, wait_until
from harness.strings import LANGS, SHARE_BOOK, t


@pytest.mark.parametrize("lang", LANGS)
def test_a_book_is_shared_read_only_then_read_write_then_not(server, make_account, make_driver, lang):
    owner, other = make_account(), make_account()
    server.add_contact(owner, "Anna", "138 0013 8000")
    driver = make_driver(lang)
    login(driver, server.url, owner)
    click(driver, open_menu_item(driver, "Sharing"))
    wait_for(driver, "heading", "Sharing", exact=False)
    assert t(lang, "Not shared with anyone.") in driver.find_element("css selector", "main").text

    fill(find(driver, "field", "Account to share with"), "nobody-" + other)
    click(driver, find(driver, "button", SHARE_BOOK))
    alert = wait_name(driver, "alert", "nobody-" + other, exact=False)
    assert alert.text.count("nobody-" + other) == 1, "an unknown account is named in the refusal"

    fill(find(driver, "field", "Account to share with"), other)
    Select(find(driver, "field", "Access")).select_by_visible_text(t(lang, "Read-only"))
    click(driver, find(driver, "button", SHARE_BOOK))
    wait_until(driver, lambda: other in driver.find_element("css selector", "#shares").text, "the account to be listed")

    sharee = make_driver(lang)
    login(sharee, server.url, other)
    shared = f"{server.url}/contacts?book=~{owner}~contacts"
    sharee.get(shared)
    wait_until(sharee, lambda: "Anna" in sharee.find_element("css selector", "#list").text, "the shared contact")
    assert owner in sharee.find_element("css selector", "#shared-note").text
    assert not is_enabled(find(sharee, "control", "Add"))
    assert not is_enabled(find(sharee, "control", "Edit"))

    access = by_name(driver, "field", f"{t(lang, 'Access')} · {other}")
    Select(access).select_by_visible_text(t(lang, "Read and write"))
    click(driver, by_name(driver, "button", f"{t(lang, 'Change')} · {other}"))
    wait_until(driver, lambda: Select(by_name(driver, "field", f"{t(lang, 'Access')} · {other}"))
               .first_selected_option.text == t(lang, "Read and write"), "the access to change")
    sharee.get(shared)
    assert is_enabled(find(sharee, "control", "Add"))

    click(driver, by_name(driver, "button", f"{t(lang, 'Stop sharing')} · {other}"))
    wait_until(driver, lambda: t(lang, "Not shared with anyone.") in driver.find_element("css selector", "main").text,
               "the share to be gone")
    sharee.get(shared)
    assert "Anna" not in sharee.find_element("css selector", "body").text
