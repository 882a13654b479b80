"""Several address books: made from a name and renamed on its own page, switched between from the
list (the book is in the URL), a contact moved and copied from its page, a book deleted after a
confirmation and restored from Recently Deleted, and a search of all books that says which book
each match is in. Driven by accessible names in both languages, on a phone and a desktop."""

import pytest

from harness.app import find, login, wait_for
from harness.browser import by_name, click, fill, path_of, screenshot, wait_for_navigation, wait_name, wait_until
from harness.strings import BOOK_NAME, LANGS, contact_count, t


def book_row(driver, display_name: str):
    """The address books page's row of the book shown as `display_name`."""
    return next(row for row in driver.find_elements("css selector", ".book-row")
                if row.find_element("css selector", ".book-title").text == display_name)


def list_names(driver) -> list[str]:
    return [row.text for row in driver.find_elements("css selector", "#list .row-name")]


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("lang", LANGS)
def test_books_are_made_switched_moved_between_deleted_and_restored(server, account, make_driver, lang, viewport):
    driver = make_driver(lang, viewport)
    mover = server.add_contact(account, "Mover", "13800138001")
    server.add_contact(account, "Stays", "13800138002")
    login(driver, server.url, account)

    click(driver, find(driver, "button", "Menu"))
    click(driver, wait_for(driver, "link", "Address Books"))
    wait_for(driver, "heading", "Address Books")
    fill(find(driver, "field", BOOK_NAME, within=driver.find_element("css selector", ".new-book")), "Office")
    click(driver, find(driver, "button", "Create"))
    wait_name(driver, "heading", "Office")
    assert driver.current_url.endswith("/contacts?book=office")
    assert list_names(driver) == []

    driver.get(server.url + "/books")
    click(driver, by_name(driver, "link", f"{t(lang, 'Edit')} Office"))
    fill(wait_for(driver, "field", BOOK_NAME), "Work")
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Save")))
    assert book_row(driver, "Work").find_element("css selector", ".book-count").text == contact_count(lang, 0)
    assert book_row(driver, "Work").find_element("css selector", ".book-segment").text == "office", "the address stays"

    # The contact's page offers the other book; a copy keeps the original, a move takes it along.
    driver.get(server.url + f"/contacts/{mover}")
    wait_for(driver, "heading", "Contact")
    assert find(driver, "field", "Address book").get_attribute("value") == "office"
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Copy")))
    click(driver, find(driver, "control", "Back"))
    wait_name(driver, "heading", "Work")
    assert list_names(driver) == ["Mover"]
    nav = by_name(driver, "link", "Work", within=driver.find_element("css selector", "#book-switcher"))
    assert nav.get_attribute("aria-current") == "page"
    click(driver, by_name(driver, "link", t(lang, "Contacts"), within=driver.find_element("css selector", "#book-switcher")))
    wait_until(driver, lambda: sorted(list_names(driver)) == ["Mover", "Stays"], "the default book's list")
    driver.get(server.url + f"/contacts/{mover}")
    wait_for_navigation(driver, lambda: click(driver, wait_for(driver, "button", "Move")))
    assert sorted(c["name"] for c in server.contacts(account)) == ["Stays"]
    screenshot(driver, "books-move" if viewport == "phone" else "books-move-desktop")

    # Deleting asks first, then the book waits in Recently Deleted with its contacts.
    driver.get(server.url + "/books")
    click(driver, by_name(driver, "link", f"{t(lang, 'Edit')} Work"))
    click(driver, wait_for(driver, "control", "Delete Address Book"))
    dialog = wait_name(driver, "dialog", f"Delete Work and its {contact_count('en', 2)}?" if lang == "en"
                      else f"删除“Work”及其中的 {contact_count('zh', 2)}？")
    click(driver, find(driver, "button", "Delete Address Book", within=dialog))
    wait_for(driver, "heading", "Recently Deleted")
    assert "Work" not in driver.find_element("css selector", "#my-books").text
    click(driver, by_name(driver, "button", f"{t(lang, 'Restore')} Work"))
    wait_name(driver, "heading", "Work")
    assert sorted(list_names(driver)) == ["Mover", "Mover"]

    # A search of all books names each book that has matches.
    driver.get(server.url + "/books")
    field = find(driver, "field", "Search all address books")
    fill(field, "mover")
    field.submit()
    wait_until(driver, lambda: path_of(driver).startswith("/search"), "the search of all books")
    headings = [h.text for h in driver.find_elements("css selector", ".book-results > h2")]
    assert headings == [f"Work · {contact_count(lang, 2)}"], headings
