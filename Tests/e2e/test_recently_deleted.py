"""Recently Deleted, from the list's ⋯ menu: the book's contacts deleted in the last 30 days, each
with Restore and Delete Now (which asks first), and Restore All; an empty state when none are left."""

import pytest

from harness.app import confirmation_closed, find, login, open_confirmation, open_menu_item, wait_for
from harness.browser import by_name, click, cut_off_labels, screenshot, visible_text, wait_for_navigation, wait_until
from harness.strings import t


def deleted(server, account, *names: str) -> dict[str, int]:
    """Adds the contacts and deletes them through the CLI; returns {name: id}."""
    ids = {name: server.add_contact(account, name, "1380000000" + str(n)) for n, name in enumerate(names)}
    for contact_id in ids.values():
        server.cli("delete", "--user", account, str(contact_id))
    return ids


def row_of(driver, name: str):
    return next(row for row in driver.find_elements("css selector", ".trash-row") if name in row.text)


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_restore_delete_now_and_restore_all(server, account, make_driver, lang, viewport):
    server.add_contact(account, "Zoe", "13900000000")
    deleted(server, account, "Ann", "Bea", "Cy")
    driver = make_driver(lang, viewport)
    login(driver, server.url, account)
    wait_for_navigation(driver, lambda: click(driver, open_menu_item(driver, "Recently Deleted")))
    wait_for(driver, "heading", "Recently Deleted")
    assert [name for name in ("Cy", "Bea", "Ann") if name in visible_text(driver)] == ["Cy", "Bea", "Ann"]
    assert "Zoe" not in visible_text(driver)
    screenshot(driver, "recently-deleted" if viewport == "phone" else "recently-deleted-desktop")
    assert not cut_off_labels(driver)

    wait_for_navigation(driver, lambda: click(driver, by_name(driver, "button", t(lang, "Restore"), within=row_of(driver, "Ann"))))
    assert server.contact_names(account) == ["Ann", "Zoe"]
    assert sorted(server.trash_names(account)) == ["Bea", "Cy"]

    click(driver, by_name(driver, "button", t(lang, "Delete Now"), within=row_of(driver, "Bea")))
    sheet, text = open_confirmation(driver)
    assert "Bea" in text
    if viewport == "phone":
        screenshot(driver, "recently-deleted-confirm")
    click(driver, by_name(driver, "button", t(lang, "Cancel"), within=sheet))
    wait_until(driver, lambda: confirmation_closed(driver), "the sheet to close")
    assert sorted(server.trash_names(account)) == ["Bea", "Cy"], "Cancel deletes nothing"
    click(driver, by_name(driver, "button", t(lang, "Delete Now"), within=row_of(driver, "Bea")))
    sheet, _ = open_confirmation(driver)
    wait_for_navigation(driver, lambda: click(driver, by_name(driver, "button", t(lang, "Delete Now"), within=sheet)))
    assert server.trash_names(account) == ["Cy"] and "Bea" not in server.contact_names(account)
    assert "Bea" not in visible_text(driver)

    deleted(server, account, "Dee")
    driver.refresh()
    wait_for(driver, "heading", "Recently Deleted")
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Restore All")))
    assert server.contact_names(account) == ["Ann", "Cy", "Dee", "Zoe"] and server.trash_names(account) == []
    assert t(lang, "No Recently Deleted Contacts") in visible_text(driver)
    assert not find(driver, "button", "Restore All").is_enabled()
    screenshot(driver, "recently-deleted-empty" if viewport == "phone" else "recently-deleted-empty-desktop")
