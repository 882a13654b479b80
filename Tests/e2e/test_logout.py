"""Log out: the sheet, and what logging out ends (the session, auto login) and keeps (the account)."""

import pytest

from harness.app import find, login, open_logout_sheet, wait_for
from harness.browser import (
    all_by_name, by_name, click, is_enabled, path_of, saw_text, screenshot, wait_for_navigation,
    wait_gone, wait_still, watch_for_text,
)
from harness.http import http_session
from harness.strings import CONFIRM_LOG_OUT, list_heading_html, list_title, t


def test_log_out_asks_in_a_sheet_and_cancel_keeps_you_in(server, account, logged_in):
    sheet = open_logout_sheet(logged_in)
    assert t("en", "You won't see your contacts until you log in again") in sheet.text
    by_name(logged_in, "button", t("en", CONFIRM_LOG_OUT), within=sheet)
    click(logged_in, by_name(logged_in, "button", "Cancel", within=sheet))
    wait_gone(logged_in, "dialog", "Log out?")
    assert path_of(logged_in) == "/contacts"
    find(logged_in, "heading", list_title("en"))


def test_log_out_ends_the_session_and_auto_login_but_keeps_the_account(server, account, driver):
    login(driver, server.url, account, remember=True, auto=True)
    before = http_session(driver=driver)  # the cookies as they were, session and remember token

    sheet = open_logout_sheet(driver)
    click(driver, by_name(driver, "button", t("en", CONFIRM_LOG_OUT), within=sheet))
    button = wait_for(driver, "button", "Log in")
    assert find(driver, "field", "Account").get_attribute("value") == account
    assert not find(driver, "switch", "Auto login").is_selected()
    assert not is_enabled(button), "the remembered password is forgotten: Log in needs one again"

    # Opening the app again does not log in by itself.
    watch_for_text(driver, t("en", "Logging in..."))
    wait_for_navigation(driver, lambda: driver.get(server.url + "/"))
    wait_for(driver, "button", "Log in")
    assert find(driver, "field", "Account").get_attribute("value") == account
    assert not saw_text(driver), "no 'Logging in...' after logging out"
    assert not all_by_name(driver, "heading", list_title("en"))
    assert not all_by_name(driver, "control", "Log out")

    # The old session and remember cookies are dead on the server, not just dropped by the browser.
    replay = before.get(server.url + "/contacts", timeout=10)
    assert list_heading_html("en") not in replay.text


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_sheets_button_names_the_action(server, account, make_driver, lang, viewport):
    driver = make_driver(lang, viewport)
    login(driver, server.url, account)
    sheet = open_logout_sheet(driver)
    wait_still(driver, sheet)
    labels = [" ".join(b.get_attribute("textContent").split()) for b in sheet.find_elements("css selector", "button")]
    assert labels == [{"en": "Log out", "zh": "退出登录"}[lang], t(lang, "Cancel")], labels
    if viewport == "desktop":  # the phone's sheet is test_screens' logout-sheet
        screenshot(driver, "logout-desktop")
