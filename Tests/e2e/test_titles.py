"""One rule for the titles: the book's name in the title bar (the default book's in the page's
language), and the group, when one is chosen, as a subtitle under it; on a phone and a desktop."""

import pytest

from harness.app import login, wait_for_list
from harness.browser import screenshot, wait_until
from harness.strings import list_title


def bar_titles(driver) -> tuple[str, str]:
    """The bar's title and subtitle ("" for none), as shown."""
    return tuple(driver.execute_script("""
        const bar = document.querySelector('body > .bar');
        const title = bar.querySelector('h1'), subtitle = bar.querySelector('.bar-subtitle');
        return [title.innerText.trim(), subtitle ? subtitle.innerText.trim() : ''];"""))


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_book_is_the_title_and_the_group_its_subtitle(server, account, make_driver, lang, viewport):
    server.add_contact(account, "张三", "138 0013 8000", "--group", "Family")
    server.cli("book", "add", "--user", account, "work", "--display-name", "Work & Co")
    driver = make_driver(lang, viewport)
    login(driver, server.url, account)
    assert bar_titles(driver) == (list_title(lang), "")
    assert driver.title.startswith(list_title(lang))

    driver.get(server.url + "/groups")
    family = wait_until(driver, lambda: driver.execute_script(
        "return Array.from(document.querySelectorAll('a[href*=\"group=\"]')).find(a => a.textContent.includes('Family'))?.href"),
        "the group's link")
    driver.get(family)
    wait_until(driver, lambda: bar_titles(driver) == (list_title(lang), "Family"), "the group as the subtitle")
    if viewport == "phone":
        screenshot(driver, "group-title")

    driver.get(f"{server.url}/contacts?book=work")
    wait_for_list(driver, account, book="Work & Co")
    assert bar_titles(driver) == ("Work & Co", "")
