"""The page language: from Accept-Language, switchable, the switch remembered."""

import pytest

from harness.app import PASSWORD, find, login, open_login, wait_for, wait_for_list
from harness.browser import by_name, click, wait_for_navigation
from harness.strings import LANGS, t


@pytest.mark.parametrize("lang", LANGS)
def test_login_page_follows_the_browser_language(server, make_driver, lang):
    driver = make_driver(lang)
    open_login(driver, server.url)  # finds the "Log in" button by its name in `lang`
    for label in ("Account", "Password"):
        find(driver, "field", label)
    for label in ("Remember password", "Auto login"):
        find(driver, "switch", label)
    assert t(lang, "Personal Contacts") in driver.title
    assert driver.find_element("tag name", "html").get_attribute("lang").startswith(lang)
    find(driver, "link", "中文")  # the switch names the other language


def test_the_language_switch_is_remembered(server, account, make_driver):
    driver = make_driver("zh")
    open_login(driver, server.url)
    wait_for_navigation(driver, lambda: click(driver, by_name(driver, "link", "English")))
    driver.lang = "en"
    wait_for(driver, "button", "Log in")

    open_login(driver, server.url)  # a new load, Accept-Language still zh
    login(driver, server.url, account, PASSWORD)
    wait_for_navigation(driver, lambda: click(driver, by_name(driver, "link", "中文")))
    driver.lang = "zh"
    wait_for_list(driver, account)
    find(driver, "control", "Log out")
