"""Settings → Signed-in browsers, in Chromium, in both languages: two browsers signed in to one
account are listed by device ("Chrome on Linux", "Safari on iPhone"), this one marked; Sign out
on the other sends it to the login page at its next request, remembered password and all; Sign
out everywhere else ends every login but this one; and on two servers sharing PostgreSQL, a
browser signed out on one is refused on the other. The page's labels fit on a 375 px phone;
screenshots of it on a phone and a desktop."""

from __future__ import annotations

import pytest

from harness import postgres
from harness.app import PASSWORD, find, login, open_menu_item, wait_for
from harness.browser import by_name, click, path_of, wait_for_navigation, wait_until
from harness.strings import LANGS, t
from test_settings_screens import shoot

# What the second and third browsers say they are; the first is the headless Chromium on Linux.
IPHONE_SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                 "Version/18.1 Mobile/15E148 Safari/604.1")
WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"


def browser_as(make_driver, lang: str, user_agent: str | None = None, viewport: str = "phone"):
    """A new Chromium, saying it is `user_agent` when given."""
    driver = make_driver(lang, viewport)
    if user_agent:
        driver.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": user_agent})
    return driver


def open_settings(driver, base_url: str) -> None:
    """Opens Settings from the list's ⋯ menu, its last item."""
    driver.get(base_url + "/contacts")
    item = open_menu_item(driver, "Settings")
    assert driver.execute_script("return arguments[0] === arguments[0].parentElement.lastElementChild", item)
    wait_for_navigation(driver, lambda: click(driver, item))
    wait_for(driver, "heading", "Settings")


def browser_rows(driver) -> list[tuple[str, str]]:
    """Each signed-in browser's row: its name, and its last line ("This browser" or when last active)."""
    return [(row.find_element("css selector", ".browser-name").text,
             row.find_elements("css selector", ".inset-detail")[-1].text)
            for row in driver.find_elements("css selector", ".browser-row")]


def sign_out_button(driver, english_device: str):
    return by_name(driver, "button", f"{t(driver.lang, 'Sign out')} · {t(driver.lang, english_device)}")


def assert_on_login_page(driver, base_url: str) -> None:
    """The browser's next page is the login page: it is signed out."""
    driver.get(base_url + "/contacts")
    wait_for(driver, "button", "Log in")
    assert path_of(driver) == "/login", driver.current_url


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", ("narrow-phone", "desktop"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_other_browser_is_listed_by_its_device_and_signed_out_from_here(server, account, make_driver, lang, viewport):
    mine = browser_as(make_driver, lang, viewport=viewport)
    login(mine, server.url, account, remember=True)
    phone = browser_as(make_driver, lang, IPHONE_SAFARI)
    login(phone, server.url, account, remember=True)

    open_settings(mine, server.url)
    assert mine.find_element("css selector", "#account-name").text == account
    # Each row names its page and says where the account stands: two-step verification off, no
    # passkeys or devices yet (a count shows once there are some).
    for english, href, status in (("Two-step verification", "/settings/two-step", "Off"),
                                  ("Passkeys", "/settings/passkeys", None), ("Devices", "/devices", None)):
        row = mine.find_element("css selector", f'#security-rows a[href="{href}"]')
        assert row.find_element("css selector", ".inset-title").text == t(lang, english)
        assert [value.text for value in row.find_elements("css selector", ".inset-value")] == ([t(lang, status)] if status else [])
    rows = browser_rows(mine)
    assert [name for name, _ in rows] == [t(lang, "Chrome on Linux"), t(lang, "Safari on iPhone")]
    assert rows[0][1] == t(lang, "This browser")
    assert rows[1][1].startswith("Last active" if lang == "en" else "上次活动：")
    assert len(mine.find_elements("css selector", ".browser-row button")) == 1, "no Sign out on this browser's own row"
    shoot(mine, "settings")

    wait_for_navigation(mine, lambda: click(mine, sign_out_button(mine, "Safari on iPhone")))
    wait_for(mine, "heading", "Settings")
    assert [name for name, _ in browser_rows(mine)] == [t(lang, "Chrome on Linux")]
    assert not mine.find_elements("css selector", "#sign-out-others")
    assert_on_login_page(phone, server.url)
    # Its remembered password went with it: the login page asks for the password again.
    assert find(phone, "field", "Password").get_attribute("value") == ""
    mine.get(server.url + "/contacts")
    wait_for(mine, "heading", "Contacts")


@pytest.mark.parametrize("lang", LANGS)
def test_sign_out_everywhere_else_keeps_only_this_browser(server, account, make_driver, lang):
    mine = browser_as(make_driver, lang)
    login(mine, server.url, account)
    others = [browser_as(make_driver, lang, agent) for agent in (IPHONE_SAFARI, WINDOWS_FIREFOX)]
    for other in others:
        login(other, server.url, account, remember=True)
    open_settings(mine, server.url)
    assert sorted(name for name, _ in browser_rows(mine)[1:]) == sorted(
        t(lang, device) for device in ("Safari on iPhone", "Firefox on Windows"))

    wait_for_navigation(mine, lambda: click(mine, find(mine, "button", "Sign out everywhere else")))
    wait_for(mine, "heading", "Settings")
    assert browser_rows(mine) == [(t(lang, "Chrome on Linux"), t(lang, "This browser"))]
    for other in others:
        assert_on_login_page(other, server.url)


@pytest.mark.skipif(not postgres.cluster_url(), reason="needs PostgreSQL (run under scripts/with-postgres.sh)")
@pytest.mark.parametrize("lang", LANGS)
def test_a_browser_signed_out_on_one_server_is_refused_on_the_other(two_servers, make_driver, lang):
    first, second = two_servers
    first.add_user("alice", PASSWORD)
    mine = browser_as(make_driver, lang)
    login(mine, first.url, "alice")
    phone = browser_as(make_driver, lang, IPHONE_SAFARI)
    login(phone, second.url, "alice", remember=True)

    # Each server lists the login the other made.
    open_settings(phone, second.url)
    assert [name for name, _ in browser_rows(phone)] == [t(lang, "Safari on iPhone"), t(lang, "Chrome on Linux")]
    open_settings(mine, first.url)
    wait_for_navigation(mine, lambda: click(mine, sign_out_button(mine, "Safari on iPhone")))
    wait_until(mine, lambda: len(browser_rows(mine)) == 1, "the phone's row to go")
    assert_on_login_page(phone, second.url)
    # This browser stays signed in, on either server.
    mine.get(second.url + "/settings")
    wait_for(mine, "heading", "Settings")
