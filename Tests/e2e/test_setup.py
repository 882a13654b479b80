"""First run: the one-time setup link the server prints while no user exists."""

import pytest
import requests

from harness.app import PASSWORD, find, wait_for_list
from harness.browser import click, fill, is_enabled, visible_text, wait_until
from harness.http import form_of, http_session, submit
from harness.strings import t


def fill_setup(driver, account):
    fill(find(driver, "field", "Account"), account)
    fill(find(driver, "field", "Password"), PASSWORD)
    fill(find(driver, "field", "Repeat password"), PASSWORD)
    button = find(driver, "button", "Create account")
    wait_until(driver, lambda: is_enabled(button), "Create account to be enabled")
    return button


def test_setup_link_creates_the_account_and_logs_in(fresh_server, driver):
    driver.get(fresh_server.setup_url())
    click(driver, fill_setup(driver, "alice"))

    wait_for_list(driver, "alice")
    assert t("en", "No contacts yet — tap + to add one") in visible_text(driver)
    assert fresh_server.cli("user", "list").split() == ["alice"]


def test_setup_is_404_without_the_code_with_a_wrong_code_and_once_a_user_exists(fresh_server, driver):
    setup_url, base = fresh_server.setup_url(), fresh_server.url
    assert requests.get(base + "/setup", timeout=10).status_code == 404
    assert requests.get(base + "/setup?code=not-the-code", timeout=10).status_code == 404
    driver.get(setup_url)
    stale_form = form_of(driver, fill_setup(driver, "mallory"))

    fresh_server.add_user("alice", PASSWORD)

    assert requests.get(setup_url, timeout=10).status_code == 404
    # The form loaded while there was no user can't add a second account afterwards.
    assert submit(http_session(driver=driver), stale_form).status_code == 404
    assert fresh_server.cli("user", "list").split() == ["alice"]


def test_sigterm_stops_the_server(fresh_server):
    url = fresh_server.url
    assert requests.get(url + "/login", timeout=10).status_code == 200
    status = fresh_server.stop()
    assert not fresh_server.killed_after_timeout(), "still running 10 s after SIGTERM"
    assert status in (0, 143, -15), f"exit status {status} after SIGTERM"
    with pytest.raises(requests.ConnectionError):
        requests.get(url + "/login", timeout=5)
