"""A walk through every screen in English and in Chinese, finding each control by its name in
that language and saving docs/screenshots/<lang>-<screen>.png on the way."""

import pytest

from harness.app import (
    PASSWORD, fill_login, find, list_rows, login, open_logout_sheet, open_new_contact, start_editing,
    wait_for, wait_for_list,
)
from harness.browser import (
    by_name, click, cut_off_labels, fill, hold_next_submit, release_held_submit, screenshot,
    visible_text, wait_gone, wait_until,
)
from harness.strings import CONFIRM_LOG_OUT, LANGS, contact_count, t

ACCOUNTS = {"en": "alice", "zh": "lihua"}
CONTACTS = [("张三", "138 0013 8000", "--email", "zs@example.com", "--sex", "male", "--age", "34"),
            ("单田芳", "139 1111 2222"), ("曾国藩", "137 2222 3333"), ("李四", "136 3333 4444"),
            ("王五", "135 4444 5555"), ("Émile Zola", "+33 6 12 34 56 78"), ("Anna Schmidt", "+49 30 1234567"),
            ("10086", "10086")]


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_in_each_language(fresh_server, make_driver, lang):
    driver, account = make_driver(lang), ACCOUNTS[lang]
    cut_off = {}  # screen: labels whose text doesn't fit, checked at the end

    def shoot(screen, browser=driver):
        screenshot(browser, screen)
        cut_off[screen] = cut_off_labels(browser)

    driver.get(fresh_server.setup_url())
    button = wait_for(driver, "button", "Create account")
    fill(find(driver, "field", "Account"), account)
    shoot("setup")
    fill(find(driver, "field", "Password"), PASSWORD)
    fill(find(driver, "field", "Repeat password"), PASSWORD)
    click(driver, button)
    wait_for_list(driver, account)
    assert t(lang, "No contacts yet — tap + to add one") in visible_text(driver)
    shoot("empty-list")

    ids = [fresh_server.add_contact(account, *c) for c in CONTACTS]
    driver.refresh()
    wait_until(driver, lambda: len(list_rows(driver)) == len(CONTACTS), "the seeded rows")
    assert contact_count(lang, len(CONTACTS)) in visible_text(driver)
    shoot("list")
    if lang == "en":
        desktop = make_driver(lang, "desktop")
        login(desktop, fresh_server.url, account)
        shoot("list-desktop", desktop)

    click(driver, find(driver, "control", "Edit"))
    done = wait_for(driver, "control", "Done")
    click(driver, by_name(driver, "checkbox", ("选择 " if lang == "zh" else "Select ") + "张三"))
    shoot("list-edit")
    click(driver, done)
    wait_for(driver, "control", "Edit")

    open_new_contact(driver)
    fill(find(driver, "field", "Name"), "孙悟空" if lang == "zh" else "Sun Wukong")
    fill(find(driver, "field", "Phone"), "131 0000 0000")
    shoot("new-contact")
    click(driver, find(driver, "control", "Back"))
    wait_for_list(driver, account)

    driver.get(f"{fresh_server.url}/contacts/{ids[0]}")
    wait_for(driver, "heading", "Contact")
    shoot("contact")
    start_editing(driver)
    fill(find(driver, "field", "Phone"), "139 9999 9999")
    click(driver, find(driver, "control", "Cancel"))
    prompt = wait_for(driver, "dialog", "Discard changes?")
    by_name(driver, "button", t(lang, "Keep editing"), within=prompt)
    shoot("contact-discard")
    click(driver, by_name(driver, "button", t(lang, "Discard"), within=prompt))
    click(driver, wait_for(driver, "control", "Back"))
    wait_for_list(driver, account)

    sheet = open_logout_sheet(driver)
    assert t(lang, "You won't see your contacts until you log in again") in sheet.text
    shoot("logout-sheet")
    click(driver, by_name(driver, "button", t(lang, CONFIRM_LOG_OUT), within=sheet))
    wait_gone(driver, "dialog", t(lang, "Log out?"))
    wait_for(driver, "button", "Log in")
    assert find(driver, "field", "Account").get_attribute("value") == account
    fill_login(driver, account, PASSWORD, remember=True, auto=True)
    shoot("login")

    hold_next_submit(driver)  # to see the spinner before the answer replaces the page
    click(driver, find(driver, "button", "Log in"))
    wait_until(driver, lambda: t(lang, "Logging in...") in visible_text(driver), "the spinner")
    shoot("login-spinner")
    release_held_submit(driver)
    wait_for_list(driver, account)
    assert {screen: labels for screen, labels in cut_off.items() if labels} == {}, "labels cut off"
