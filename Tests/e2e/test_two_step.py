"""Two-step sign-in in Chromium, with pyotp as the authenticator app, in both languages: set up from
the QR code's secret read off the page, the recovery codes shown once, signing in with a code or a
recovery code, a replayed code refused, the lockout after five wrong codes, Remember password and
Auto login after the second step, and two servers on one PostgreSQL database. Screenshots of the
set-up, the recovery codes and the second step, on a phone and a desktop."""

from __future__ import annotations

import re
import time
from urllib.parse import unquote

import pyotp
import pytest

from harness import postgres
from harness.app import PASSWORD, fill_login, find, login, open_login, open_logout_sheet, wait_for, wait_for_list
from harness.browser import (
    by_name, click, fill, is_enabled, path_of, screenshot, visible_text, wait_for_navigation, wait_until,
)
from harness.strings import CONFIRM_LOG_OUT, LANGS, t

SETTINGS = "/settings/two-step"
SECOND_STEP = "/login/two-step"
RECOVERY_CODE = re.compile(r"^[a-z2-7]{4}-[a-z2-7]{4}$")


def later_code(totp: pyotp.TOTP) -> str:
    """The code of the next 30-second step: one step of drift is allowed, and it is always later
    than any code used before now (a code works only after the last one accepted)."""
    return totp.at(time.time() + 30)


def submit(driver, english: str) -> None:
    """Clicks the button named `english` (in the page's language) and waits for the next page."""
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", english)))


def set_up(driver, base_url: str, shots: str | None = None) -> tuple[pyotp.TOTP, list[str]]:
    """Turns two-step verification on from its settings page, as a person would: the password,
    the key read off the page into the authenticator, a current code; returns the authenticator
    and the recovery codes the page showed. With `shots`, screenshots of each page."""
    driver.get(base_url + SETTINGS)
    wait_for(driver, "heading", "Two-step verification")
    assert driver.find_element("id", "two-step-status").text == t(driver.lang, "Off")
    fill(find(driver, "field", "Password"), PASSWORD)
    submit(driver, "Turn On Two-Step Verification")
    key = driver.find_element("id", "setup-key").text
    link = driver.find_element("id", "setup-link").text
    assert re.fullmatch(r"([A-Z2-7]{4} ){7}[A-Z2-7]{4}", key), key
    secret = key.replace(" ", "")
    # The link is plain text on the page, as an authenticator takes it pasted; pyotp reads it too.
    parsed = pyotp.parse_uri(link)
    assert parsed.secret == secret and parsed.issuer == "PersonalContacts" and parsed.digits == 6 and parsed.interval == 30
    assert link.startswith("otpauth://totp/PersonalContacts:")
    assert driver.find_element("css selector", "#two-step-qr svg").get_attribute("aria-label")
    totp = pyotp.TOTP(secret)
    if shots is not None:
        screenshot(driver, f"two-step-setup{shots}")
    fill(find(driver, "field", "Code"), totp.now())
    submit(driver, "Verify")
    codes = [element.text for element in driver.find_elements("css selector", "#recovery-codes code")]
    assert len(codes) == 10 and len(set(codes)) == 10 and all(RECOVERY_CODE.match(code) for code in codes), codes
    download = find(driver, "link", "Download (.txt)")
    assert download.get_attribute("download") == "personalcontacts-recovery-codes.txt"
    text = unquote(download.get_attribute("href").split(",", 1)[1])
    assert all(code in text for code in codes)
    if shots is not None:
        screenshot(driver, f"two-step-recovery-codes{shots}")
    wait_for_navigation(driver, lambda: click(driver, find(driver, "link", "Done")))
    assert driver.find_element("id", "two-step-status").text == t(driver.lang, "On")
    assert driver.find_element("id", "recovery-codes-left").text == t(driver.lang, "10 left")
    assert not any(code in visible_text(driver) for code in codes), "the codes are shown once"
    if shots is not None:
        screenshot(driver, f"two-step-on{shots}")
    return totp, codes


def log_out(driver, base_url: str) -> None:
    driver.get(base_url + "/contacts")
    sheet = open_logout_sheet(driver)
    click(driver, by_name(driver, "button", t(driver.lang, CONFIRM_LOG_OUT), within=sheet))
    wait_for(driver, "button", "Log in")


def password_step(driver, base_url: str, account: str, remember: bool = False, auto: bool = False) -> None:
    """The login page with the right password: on to the second step, no session yet."""
    open_login(driver, base_url)
    fill_login(driver, account, PASSWORD, remember, auto)
    button = find(driver, "button", "Log in")
    wait_until(driver, lambda: is_enabled(button), "Log in to be enabled")
    wait_for_navigation(driver, lambda: click(driver, button))
    wait_until(driver, lambda: path_of(driver) == SECOND_STEP, "the second step")
    field = find(driver, "field", "Code")
    assert field.get_attribute("inputmode") == "numeric" and field.get_attribute("autocomplete") == "one-time-code"
    assert not [c for c in driver.get_cookies() if c["name"] in ("pc_session", "pc_remember")], "no session before the code"


def second_step(driver, code: str) -> None:
    fill(find(driver, "field", "Code"), code)
    submit(driver, "Verify")


def signed_out_with_two_step(server, account: str, driver, remember: bool = False, auto: bool = False):
    """`account` with two-step verification turned on in `driver`, signed out, then through the
    password step again; the driver, the account and the authenticator."""
    login(driver, server.url, account)
    totp, _ = set_up(driver, server.url)
    log_out(driver, server.url)
    password_step(driver, server.url, account, remember, auto)
    return driver, account, totp


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("lang", LANGS)
def test_set_up_then_sign_in_with_a_code_or_a_recovery_code_and_a_replay_is_refused(server, make_account, make_driver,
                                                                                  lang, viewport):
    account = make_account()
    driver = make_driver(lang, viewport)
    suffix = "" if viewport == "phone" else "-desktop"
    login(driver, server.url, account)
    totp, codes = set_up(driver, server.url, shots=suffix)
    log_out(driver, server.url)

    password_step(driver, server.url, account)
    assert t(lang, "You have 10 recovery codes left.") in visible_text(driver)
    screenshot(driver, f"two-step-second-step{suffix}")
    code = later_code(totp)
    second_step(driver, code)
    wait_for_list(driver, account)

    # The same code again, in its 30 seconds: refused.
    log_out(driver, server.url)
    password_step(driver, server.url, account)
    second_step(driver, code)
    wait_until(driver, lambda: t(lang, "Wrong code") in visible_text(driver), "the replay refused")
    assert path_of(driver) == SECOND_STEP
    if viewport == "phone":
        screenshot(driver, "two-step-wrong-code")

    # A recovery code instead: on to the settings, one fewer left; it works once.
    second_step(driver, codes[0])
    wait_until(driver, lambda: path_of(driver) == SETTINGS, "the settings after a recovery code")
    assert driver.find_element("id", "recovery-codes-left").text == t(lang, "9 left")
    log_out(driver, server.url)
    password_step(driver, server.url, account)
    second_step(driver, codes[0])
    wait_until(driver, lambda: t(lang, "Wrong code") in visible_text(driver), "a spent recovery code refused")


@pytest.mark.parametrize("lang", LANGS)
def test_five_wrong_codes_lock_the_second_step(server, make_account, make_driver, lang):
    driver, _, totp = signed_out_with_two_step(server, make_account(), make_driver(lang))
    right = later_code(totp)
    wrong = [f"{(int(right) + n) % 1_000_000:06d}" for n in range(1, 6)]
    for guess in wrong:
        second_step(driver, guess)
        wait_until(driver, lambda: t(lang, "Wrong code") in visible_text(driver), "a wrong code refused")
    second_step(driver, right)
    wait_until(driver, lambda: t(lang, "Too many") in visible_text(driver), "the lockout, even for the right code")
    assert "15" in driver.find_element("id", "form-error").text, "the page says when to try again"
    assert not [c for c in driver.get_cookies() if c["name"] == "pc_session"]


@pytest.mark.parametrize("lang", LANGS)
def test_remember_password_and_auto_login_after_the_second_step_need_no_new_code(server, make_account, make_driver, lang):
    driver, account, totp = signed_out_with_two_step(server, make_account(), make_driver(lang), remember=True, auto=True)
    second_step(driver, later_code(totp))
    wait_for_list(driver, account)
    assert [c for c in driver.get_cookies() if c["name"] == "pc_remember"], "remembered after the second step"
    # The browser closed and opened again: its session gone, the remember token kept.
    driver.delete_cookie("pc_session")
    driver.get(server.url + "/")
    wait_for_list(driver, account)
    assert path_of(driver) == "/contacts", "auto login went straight in, without a code"


@pytest.mark.skipif(not postgres.cluster_url(),
                    reason="needs PostgreSQL: CONTACTS_TEST_POSTGRES is unset (run under scripts/with-postgres.sh)")
@pytest.mark.parametrize("lang", LANGS)
def test_set_up_on_one_server_and_sign_in_on_the_other(two_servers, make_driver, lang):
    first, second = two_servers
    first.add_user("alice", PASSWORD)
    setup = make_driver(lang)
    login(setup, first.url, "alice")
    totp, _ = set_up(setup, first.url)
    assert second.cli("user", "two-step", "status", "alice").splitlines()[0] == "on"

    # Another browser: the password on node 2, the code on node 1 (the waiting login is in
    # the database), then it is signed in on both.
    browser = make_driver(lang)
    password_step(browser, second.url, "alice")
    browser.get(first.url + SECOND_STEP)
    wait_for(browser, "field", "Code")
    second_step(browser, later_code(totp))
    wait_for_list(browser, "alice")
    browser.get(second.url + "/contacts")
    wait_for_list(browser, "alice")

    # The operator turns it off for a lost phone on node 2: node 1 signs the browser out,
    # and the password alone signs in again.
    assert "alice" in second.cli("user", "two-step", "off", "alice")
    browser.get(first.url + "/contacts")
    wait_for(browser, "button", "Log in")
    login(browser, first.url, "alice")
