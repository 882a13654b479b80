"""Passkeys in Chromium, through WebDriver's virtual authenticator (CTAP2, internal transport,
resident keys, user verification), in both languages: Settings → Passkeys → Add a passkey,
log out, Sign in with a passkey alone (no account name typed); Remove, and the same passkey
no longer signs in. WebAuthn refuses IP addresses as RP IDs, so the browser opens the app on
http://localhost:PORT (`Server.localhost_url`), a secure context."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import Protocol, Transport, VirtualAuthenticatorOptions

from harness.app import PASSWORD, fill_login, find, login, open_login, wait_for, wait_for_list
from harness.browser import by_name, click, fill, path_of, screenshot, visible_text, wait_name, wait_until
from harness.strings import CONFIRM_LOG_OUT, LANGS, t


def add_authenticator(driver) -> None:
    driver.add_virtual_authenticator(VirtualAuthenticatorOptions(
        protocol=Protocol.CTAP2, transport=Transport.INTERNAL, has_resident_key=True,
        has_user_verification=True, is_user_verified=True))


def log_out(driver, base: str) -> None:
    driver.get(base + "/logout")
    click(driver, find(driver, "button", CONFIRM_LOG_OUT))
    wait_for(driver, "button", "Log in")


def passkey_names(driver) -> list[str]:
    return [row.text for row in driver.find_elements(By.CSS_SELECTOR, "#passkey-list .passkey-name")]


def add_passkey(driver, base: str, name: str) -> None:
    """Settings → Passkeys → Add a passkey named `name`, and waits for it in the list."""
    driver.get(base + "/settings/passkeys")
    fill(driver.find_element(By.ID, "passkey-name"), name)
    click(driver, find(driver, "button", "Add a passkey"))
    wait_until(driver, lambda: name in passkey_names(driver), "the new passkey in the list")


@pytest.mark.parametrize("lang", LANGS)
def test_a_passkey_signs_in_alone_until_it_is_removed(server, account, make_driver, lang):
    driver = make_driver(lang)
    add_authenticator(driver)
    base = server.localhost_url
    login(driver, base, account)

    driver.get(base + "/settings/passkeys")
    wait_name(driver, "heading", t(lang, "Passkeys"))
    assert t(lang, "No passkeys yet") in visible_text(driver)
    name = "Pixel 通行密钥" if lang == "zh" else "Test phone"
    add_passkey(driver, base, name)
    assert passkey_names(driver) == [name]
    assert t(lang, "Never used") in visible_text(driver)
    assert len(driver.get_credentials()) == 1, "one resident credential in the authenticator"
    screenshot(driver, "passkeys")
    # The same authenticator again: the browser refuses it (excludeCredentials), and the page says why.
    fill(driver.find_element(By.ID, "passkey-name"), "Again")
    click(driver, find(driver, "button", "Add a passkey"))
    error = driver.find_element(By.ID, "passkey-error")
    wait_until(driver, lambda: error.is_displayed() and error.text == t(lang, "This passkey has already been added."),
               "why the same authenticator is not added twice")
    assert passkey_names(driver) == [name] and len(driver.get_credentials()) == 1

    log_out(driver, base)
    button = wait_for(driver, "button", "Sign in with a passkey")
    screenshot(driver, "login-passkey")
    click(driver, button)
    wait_for_list(driver, account)
    assert path_of(driver) == "/contacts"

    driver.get(base + "/settings/passkeys")
    wait_until(driver, lambda: t(lang, "Last used") in visible_text(driver), "when the passkey was last used")
    click(driver, by_name(driver, "button", f"{t(lang, 'Remove')} {name}"))
    sheet = driver.find_element(By.ID, "confirm-sheet")
    wait_until(driver, sheet.is_displayed, "the question before Remove")
    click(driver, sheet.find_element(By.ID, "confirm-button"))
    wait_until(driver, lambda: passkey_names(driver) == [], "the passkey removed")

    log_out(driver, base)
    click(driver, wait_for(driver, "button", "Sign in with a passkey"))
    error = driver.find_element(By.ID, "passkey-login-error")
    wait_until(driver, lambda: error.is_displayed() and t(lang, "That passkey didn’t work") in error.text,
               "the refusal of the removed passkey")
    assert path_of(driver) == "/login"


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_on_a_wide_screen(server, account, make_driver, lang):
    driver = make_driver(lang, "desktop")
    add_authenticator(driver)
    base = server.localhost_url
    open_login(driver, base)
    wait_for(driver, "button", "Sign in with a passkey")
    screenshot(driver, "login-passkey-desktop")
    fill_login(driver, account, PASSWORD)
    click(driver, find(driver, "button", "Log in"))
    wait_for_list(driver, account)
    add_passkey(driver, base, "MacBook")
    screenshot(driver, "passkeys-desktop")


def test_the_button_stays_hidden_without_webauthn(server, driver):
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                           {"source": "delete window.PublicKeyCredential;"})
    open_login(driver, server.localhost_url)
    assert not driver.find_element(By.ID, "passkey-login").is_displayed()


def test_a_passkey_added_on_one_server_signs_in_on_another(two_servers, make_driver):
    """Two servers on one PostgreSQL database: the passkey added through one signs in through the
    other, whose challenge it answers (the RP ID is `localhost` for both)."""
    nodes = two_servers
    nodes[0].add_user("alice", PASSWORD)
    driver = make_driver()
    add_authenticator(driver)
    login(driver, nodes[0].localhost_url, "alice")
    add_passkey(driver, nodes[0].localhost_url, "Laptop")
    log_out(driver, nodes[0].localhost_url)
    open_login(driver, nodes[1].localhost_url)
    click(driver, wait_for(driver, "button", "Sign in with a passkey"))
    wait_for_list(driver, "alice")
    driver.get(nodes[1].localhost_url + "/settings/passkeys")
    wait_until(driver, lambda: "Last used" in visible_text(driver), "the sign-in recorded for both servers")
