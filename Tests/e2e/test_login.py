"""The login page: the button, the switches, failures, throttling, remember/auto login, cookies, keyboard."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from harness.app import PASSWORD, fill_login, find, login, open_login, wait_for, wait_for_list
from harness.browser import (
    active_element, all_by_name, click, fill, is_enabled, path_of, saw_text, slow_network, visible_text,
    wait_for_navigation, wait_until, watch_for_text,
)
from harness.http import http_session, parse_forms, submit
from harness.strings import list_title, t

WRONG = "not the password"


def cookies_named(driver, part):
    """The browser's cookies whose name contains `part` (session, remember)."""
    found = [c for c in driver.get_cookies() if part in c["name"].lower()]
    assert found, f"no {part} cookie among {[c['name'] for c in driver.get_cookies()]}"
    return found


def session_cookies(driver):
    """The session cookie(s): deleting them is what closing the browser would do."""
    return cookies_named(driver, "session")


def forget_session(driver):
    for cookie in session_cookies(driver):
        driver.delete_cookie(cookie["name"])


def submit_login(driver, account, password):
    fill(find(driver, "field", "Account"), account)
    fill(find(driver, "field", "Password"), password)
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Log in")))


def wait_for_message(driver, text):
    return wait_until(driver, lambda: text in visible_text(driver), f"the message {text!r}")


def test_log_in_is_enabled_only_while_both_fields_have_text(server, account, driver):
    open_login(driver, server.url)
    account_field, password_field = find(driver, "field", "Account"), find(driver, "field", "Password")
    button = find(driver, "button", "Log in")
    assert not is_enabled(button)
    fill(account_field, account)
    assert not is_enabled(button)
    fill(password_field, PASSWORD)
    wait_until(driver, lambda: is_enabled(button), "Log in enabled with both fields filled")
    fill(account_field, "")
    wait_until(driver, lambda: not is_enabled(button), "Log in disabled again with the account emptied")


def test_auto_login_and_remember_password_switches_are_interlocked(server, driver):
    open_login(driver, server.url)
    remember, auto = find(driver, "switch", "Remember password"), find(driver, "switch", "Auto login")
    assert (remember.is_selected(), auto.is_selected()) == (False, False)

    click(driver, auto)
    wait_until(driver, lambda: remember.is_selected() and auto.is_selected(), "Auto login on ⇒ Remember on")

    click(driver, remember)
    wait_until(driver, lambda: not remember.is_selected() and not auto.is_selected(), "Remember off ⇒ Auto off")

    click(driver, remember)  # Remember alone leaves Auto login alone
    wait_until(driver, lambda: remember.is_selected(), "Remember on")
    assert not auto.is_selected()
    click(driver, auto)
    click(driver, auto)  # and Auto off leaves Remember on
    wait_until(driver, lambda: not auto.is_selected(), "Auto off")
    assert remember.is_selected()


def test_wrong_password_and_unknown_account_show_the_same_one_message(fresh_server, driver):
    fresh_server.add_user("alice", PASSWORD)
    message = t("en", "Wrong account or password")
    pages = []
    for account in ("alice", "nobody"):
        open_login(driver, fresh_server.url)
        submit_login(driver, account, WRONG)
        wait_for_message(driver, message)
        text = visible_text(driver)
        assert text.count(message) == 1, text
        assert not all_by_name(driver, "heading", list_title("en"))
        pages.append(text.replace(account, "ACCOUNT"))
    assert pages[0] == pages[1], "a wrong password and an unknown account must look the same"


def test_five_failures_throttle_even_the_right_password_with_429(fresh_server, driver):
    fresh_server.add_user("alice", PASSWORD)
    open_login(driver, fresh_server.url)
    for _ in range(5):
        submit_login(driver, "alice", WRONG)
        wait_for_message(driver, t("en", "Wrong account or password"))

    submit_login(driver, "alice", PASSWORD)
    wait_for_message(driver, "Too many")
    assert path_of(driver) != "/contacts"

    # The status code, and the Chinese message, over plain HTTP with the right password.
    names = {label: find(driver, "field", label).get_attribute("name") for label in ("Account", "Password")}
    for lang in ("en", "zh"):
        session = http_session(lang)
        page = session.get(fresh_server.url + "/login", timeout=10)
        [form] = [f for f in parse_forms(page.text, page.url) if f.method == "post"]
        response = submit(session, form.with_fields(**{names["Account"]: "alice", names["Password"]: PASSWORD}))
        assert response.status_code == 429
        assert t(lang, "Too many") in response.text


def test_log_in_shows_the_spinner_while_submitting(server, account, driver):
    watch_for_text(driver, t("en", "Logging in..."))
    open_login(driver, server.url)
    fill_login(driver, account, PASSWORD)
    slow_network(driver, 1000)
    try:
        click(driver, find(driver, "button", "Log in"))
        wait_for_list(driver, account)
    finally:
        slow_network(driver, 0)
    assert saw_text(driver), "no 'Logging in...' while the login request was under way"


def test_remember_and_auto_login_go_straight_to_the_list_on_a_fresh_load(server, account, driver):
    login(driver, server.url, account, remember=True, auto=True)
    remember_token = cookies_named(driver, "remember")[0]["value"]
    forget_session(driver)  # as if the browser had been closed

    driver.switch_to.new_window("tab")
    watch_for_text(driver, t("en", "Logging in..."))
    driver.get(server.url + "/")

    wait_for_list(driver, account)
    assert path_of(driver) == "/contacts"
    assert saw_text(driver), "the fresh load should show the 'Logging in...' spinner on the way"
    assert cookies_named(driver, "remember")[0]["value"] != remember_token, "the remember token rotates on use"


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_auto_login_and_a_login_end_on_the_page_asked_for(server, account, make_driver, lang, viewport):
    driver = make_driver(lang, viewport)
    login(driver, server.url, account, remember=True, auto=True)
    forget_session(driver)  # as if the browser had been closed
    watch_for_text(driver, t(lang, "Logging in..."))
    driver.get(server.url + "/contacts/new")
    wait_for(driver, "heading", "New contact")
    assert path_of(driver) == "/contacts/new", "auto login keeps the page asked for"
    assert saw_text(driver), "through the spinner"

    driver.delete_all_cookies()
    driver.get(server.url + "/birthdays?days=30")
    button = wait_for(driver, "button", "Log in")
    fill_login(driver, account, PASSWORD)
    wait_for_navigation(driver, lambda: click(driver, button))
    wait_for(driver, "heading", "Birthdays")
    assert driver.execute_script("return location.pathname + location.search") == "/birthdays?days=30"


def test_remember_without_auto_login_prefills_and_one_press_logs_in(server, account, driver):
    login(driver, server.url, account, remember=True, auto=False)
    forget_session(driver)

    driver.get(server.url + "/")
    button = wait_for(driver, "button", "Log in")
    assert path_of(driver) != "/contacts", "no auto login without the Auto login switch"
    assert find(driver, "field", "Account").get_attribute("value") == account
    assert find(driver, "switch", "Remember password").is_selected()
    assert not find(driver, "switch", "Auto login").is_selected()
    assert is_enabled(button), "with the password remembered, Log in is enabled"
    assert find(driver, "field", "Password").get_attribute("value") == "", "the password itself is never stored"

    click(driver, button)
    wait_for_list(driver, account)


def test_session_and_remember_cookies_are_httponly_and_samesite_lax(server, account, driver):
    login(driver, server.url, account, remember=True, auto=True)
    secrets = [c for c in driver.get_cookies() if len(c["value"]) >= 20]
    assert len(secrets) >= 2, f"expected a session and a remember token among {driver.get_cookies()}"
    page_cookies = driver.execute_script("return document.cookie")
    for cookie in secrets:
        assert cookie.get("httpOnly") is True, cookie
        assert cookie.get("sameSite") == "Lax", cookie
        assert cookie["value"] not in page_cookies


# Focus is visible when an outline or box-shadow appears on the focused element, or on the box
# around it (its label or field), as focus arrives: compared with the same boxes after a blur,
# transitions off.
FOCUS_RING_JS = r"""
const el = document.activeElement;
if (!el.matches(':focus-visible')) return 'not :focus-visible';
const boxes = [el, el.parentElement, el.parentElement && el.parentElement.parentElement,
               el.closest('label'), el.nextElementSibling].filter(Boolean);
const ring = e => { const s = getComputedStyle(e);
  return [s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 ? s.outline : '', s.boxShadow === 'none' ? '' : s.boxShadow]; };
// (Through the CSSOM: the page's Content-Security-Policy would block a <style> element.)
for (const b of boxes) { b.style.setProperty('transition', 'none', 'important'); b.style.setProperty('animation', 'none', 'important'); }
const focused = boxes.map(ring);
el.blur();
const blurred = boxes.map(ring);
el.focus();
for (const b of boxes) { b.style.removeProperty('transition'); b.style.removeProperty('animation'); }
const shown = focused.some((r, i) => (r[0] && r[0] !== blurred[i][0]) || (r[1] && r[1] !== blurred[i][1]));
return shown ? 'ring' : 'no outline or box-shadow comes with focus: ' + JSON.stringify(focused);
"""


def test_keyboard_alone_logs_in_with_focus_always_visible(server, account, driver):
    open_login(driver, server.url)
    keys = ActionChains(driver)
    driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")

    def tab_to(label, role):
        target = find(driver, role, label)
        for _ in range(8):
            keys.send_keys(Keys.TAB).perform()
            if active_element(driver) == target:
                assert driver.execute_script(FOCUS_RING_JS) == "ring", f"focus on {label!r} is not visible"
                return target
        raise AssertionError(f"Tab never reached {label!r}")

    tab_to("Account", "field")
    keys.send_keys(account).perform()
    tab_to("Password", "field")
    keys.send_keys(PASSWORD).perform()
    remember = tab_to("Remember password", "switch")
    keys.send_keys(Keys.SPACE).perform()
    wait_until(driver, remember.is_selected, "Space to turn Remember password on")
    tab_to("Auto login", "switch")
    tab_to("Log in", "button")
    keys.send_keys(Keys.ENTER).perform()
    wait_for_list(driver, account)
