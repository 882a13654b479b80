"""A contact opened from low in the list: its page starts at its top (photo and name on screen),
on a phone and beside the list on a wide screen, where the list pane keeps the list's own bar
(Log out, the book's name, ⋯ and +) and the open contact's row in view."""

import pytest

from harness.app import find, login, open_menu_item, row_link, wait_for
from harness.browser import by_name, click, on_screen, screenshot, wait_for_navigation, wait_until
from harness.strings import list_title

PEOPLE = [f"Person {n:02d}" for n in range(40)]


@pytest.fixture
def forty(server, account):
    for n, name in enumerate(PEOPLE):
        server.add_contact(account, name, f"1380000{n:04d}")


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_contact_low_in_the_list_opens_at_its_top(server, account, forty, make_driver, lang, viewport):
    driver = make_driver(lang, viewport)
    login(driver, server.url, account)
    link = row_link(driver, "Person 37")
    driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", link)
    assert driver.execute_script("return scrollY") > 0, "the list is scrolled down to the row"
    wait_for_navigation(driver, lambda: click(driver, link))
    wait_for(driver, "heading", "Contact")
    name = driver.find_element("id", "card-name")
    photo = driver.find_element("css selector", "#contact-card .avatar")
    wait_until(driver, lambda: on_screen(driver, name) and on_screen(driver, photo), "the contact's photo and name on screen")
    assert driver.execute_script("return scrollY") == 0, "the page opens at its top"
    if viewport == "desktop":
        pane = driver.find_element("id", "list-pane")
        current = pane.find_element("css selector", "[aria-current='page']")
        assert "Person 37" in current.text and on_screen(driver, current), "the open contact's row in view in the pane"
        for role, english in [("control", "Log out"), ("button", "Menu"), ("control", "Add")]:
            assert on_screen(driver, find(driver, role, english, within=pane)), english
        assert on_screen(driver, by_name(driver, "heading", list_title(lang), within=pane))
        screenshot(driver, "contact-low-desktop")
        click(driver, open_menu_item(driver, "Recently Deleted"))  # the pane's ⋯ opens the list's menu
