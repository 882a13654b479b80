"""Devices: Connect a Device in the browser, in both languages: the password shown once with its
copy buttons, the configuration profile read by Python's plistlib against Apple's CardDAV
payload, the DAVx⁵ QR code decoded by zbarimg, a real CardDAV request with the new password,
its last use listed with the client's name, and Revoke, after which CardDAV refuses it. Then two
servers on one PostgreSQL database: a device revoked on one is refused by the other at once."""

from __future__ import annotations

import plistlib
import re
import subprocess
from pathlib import Path
from urllib.parse import urlparse

import pytest
import requests

from harness import postgres
from harness.app import PASSWORD, find, login, open_menu_item, wait_for
from harness.browser import by_name, click, fill, screenshot, visible_text, wait_for_navigation, wait_until
from harness.carddav import dav_request, describe
from harness.http import form_of, http_session, parse_forms, submit
from harness.strings import DEVICE_NAME, LANGS, t

DAVX5 = "DAVx5/4.3.9-ose (2023/10/20; dav4jvm; okhttp/4.12.0) Android/13"
PRINCIPAL = '<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>'
# The keys of Apple's CardDAV payload (Device Management reference, "CardDAV"), and of the profile around it.
ACCOUNT_KEYS = {"CardDAVAccountDescription", "CardDAVHostName", "CardDAVPort", "CardDAVPrincipalURL", "CardDAVUseSSL",
                "CardDAVUsername", "CardDAVPassword", "PayloadType", "PayloadIdentifier", "PayloadUUID", "PayloadVersion",
                "PayloadDisplayName"}
PROFILE_KEYS = {"PayloadContent", "PayloadType", "PayloadVersion", "PayloadIdentifier", "PayloadUUID", "PayloadDisplayName"}


def sync_status(base_url: str, account: str, password: str) -> int:
    """A CardDAV client's first request, as DAVx⁵ sends it: its status."""
    reply = dav_request("PROPFIND", base_url + "/dav/", (account, password), PRINCIPAL, depth="0", headers={"User-Agent": DAVX5})
    assert reply.status_code in (207, 401), describe(reply)
    return reply.status_code


def decode_qr(element, tmp_path: Path) -> str:
    """The text of the QR code `element` shows, read back from a screenshot of it by zbarimg."""
    picture = tmp_path / "qr.png"
    picture.write_bytes(element.screenshot_as_png)
    result = subprocess.run(["zbarimg", "--raw", "-q", str(picture)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def connect(driver, lang: str, name: str) -> None:
    """Connect a Device from the devices page, naming it `name`; waits for the page with its password."""
    click(driver, find(driver, "link", "Connect a Device"))
    fill(find(driver, "field", DEVICE_NAME), name)
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Create Password")))
    wait_for(driver, "field", "Password")


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", LANGS)
def test_a_device_connected_in_the_browser_syncs_and_is_revoked(server, account, make_driver, lang, tmp_path):
    driver = make_driver(lang)
    login(driver, server.url, account)
    wait_for_navigation(driver, lambda: click(driver, open_menu_item(driver, "Devices")))
    wait_for(driver, "heading", "Devices")
    assert t(lang, "No Devices") in visible_text(driver)
    screenshot(driver, "devices-empty")

    # A name the store refuses is said so on the form, in the page's language.
    click(driver, find(driver, "link", "Connect a Device"))
    # A tab, which a text field keeps (it drops only line breaks), as a script or paste could put there.
    driver.execute_script("arguments[0].value = arguments[1]", find(driver, "field", DEVICE_NAME), "Work\tPhone")
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Create Password")))
    assert t(lang, "Enter a name of 1 to 64 characters, without control characters.") in visible_text(driver)
    screenshot(driver, "devices-connect")
    driver.get(server.url + "/devices")

    name = "Anna's <Pixel> & 手机"
    connect(driver, lang, name)
    assert urlparse(driver.current_url).path == "/devices/connected"
    password = find(driver, "field", "Password").get_attribute("value")
    assert re.fullmatch(r"([0-9a-z]{5}-){5}[0-9a-z]{5}", password), password
    assert password not in driver.current_url
    address = find(driver, "field", "Server").get_attribute("value")
    assert address == server.url + "/dav/"
    assert find(driver, "field", "User Name").get_attribute("value") == account
    host = urlparse(server.url).netloc
    screenshot(driver, "devices-connected")

    # Each value is copied by its button.
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url,
                                                        "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    for label, value in (("Copy · Password", password), ("Copy · Server", address), ("Copy · User Name", account)):
        button = find(driver, "button", label)
        click(driver, button)
        wait_until(driver, lambda: button.text == t(lang, "Copied"), f"{label} to say it copied")
        assert driver.execute_async_script(
            "const done = arguments[0]; navigator.clipboard.readText().then(done, e => done('error: ' + e))") == value

    # DAVx⁵'s code and link: the address and the account, for its login form.
    expected = f"carddav://{account}@{host}/dav/"
    assert find(driver, "link", "Open in DAVx⁵").get_attribute("href") == expected
    qr = driver.find_element("css selector", "#davx5-qr svg")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", qr)
    assert decode_qr(qr, tmp_path) == expected

    # The profile, downloaded with the browser's cookies through the page's own form.
    session = http_session(lang, driver)
    reply = submit(session, form_of(driver, find(driver, "button", "Download Configuration Profile")))
    assert reply.status_code == 200, describe(reply)
    assert reply.headers["Content-Type"] == "application/x-apple-aspen-config"
    assert reply.headers["Content-Disposition"].startswith("attachment;")
    assert reply.headers["Cache-Control"] == "no-store"
    profile = plistlib.loads(reply.content)
    assert PROFILE_KEYS <= set(profile) and profile["PayloadType"] == "Configuration" and profile["PayloadVersion"] == 1
    [payload] = profile["PayloadContent"]
    assert set(payload) == ACCOUNT_KEYS
    assert payload["PayloadType"] == "com.apple.carddav.account" and payload["PayloadVersion"] == 1
    assert payload["CardDAVAccountDescription"] == name and payload["PayloadDisplayName"] == name
    assert payload["CardDAVHostName"] == urlparse(server.url).hostname
    assert payload["CardDAVPort"] == urlparse(server.url).port and isinstance(payload["CardDAVPort"], int)
    assert payload["CardDAVUseSSL"] is False
    assert payload["CardDAVPrincipalURL"] == f"{server.url}/dav/principals/{account}/"
    assert payload["CardDAVUsername"] == account and payload["CardDAVPassword"] == password
    assert payload["PayloadIdentifier"].startswith(profile["PayloadIdentifier"] + ".")
    # A wrong password gets no profile.
    forged = [("csrf", dict(form_of(driver, find(driver, "button", "Download Configuration Profile")).fields)["csrf"]),
              ("password", password[:-1] + ("a" if password[-1] != "a" else "b"))]
    assert session.post(server.url + "/devices/profile", data=forged, allow_redirects=False, timeout=30).status_code == 403

    # The password syncs; the principal is the one the profile names.
    assert sync_status(server.url, account, password) == 207
    assert sync_status(server.url, account, password.upper().replace("-", "")) == 207

    # Going back to the page shows the password no more: it leads to the list (reloading: below).
    driver.get(server.url + "/contacts")
    driver.back()
    wait_for(driver, "heading", "Devices")
    assert urlparse(driver.current_url).path == "/devices" and password not in driver.page_source
    row = driver.find_element("css selector", "#devices .device")
    assert name in row.text and t(lang, "DAVx⁵ on Android") in row.text and t(lang, "from") + " 127.0.0.1" in row.text
    screenshot(driver, "devices")

    # Revoke asks first, on the app's sheet, then the device is refused.
    click(driver, by_name(driver, "button", f"{t(lang, 'Revoke')} · {name}"))
    confirm = driver.find_element("css selector", "#confirm-button")
    wait_until(driver, confirm.is_displayed, "the confirm sheet")
    assert confirm.text == t(lang, "Revoke")
    screenshot(driver, "devices-revoke")
    wait_for_navigation(driver, lambda: click(driver, confirm))
    wait_until(driver, lambda: t(lang, "No Devices") in visible_text(driver), "the list to be empty")
    assert sync_status(server.url, account, password) == 401
    assert sync_status(server.url, account, PASSWORD) == 207, "the account's own password is untouched"


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", LANGS)
def test_the_devices_pages_on_a_wide_screen(server, account, make_driver, lang):
    driver = make_driver(lang, "desktop")
    login(driver, server.url, account)
    driver.get(server.url + "/devices")
    connect(driver, lang, "MacBook")
    screenshot(driver, "devices-connected-desktop")
    password = find(driver, "field", "Password").get_attribute("value")
    assert sync_status(server.url, account, password) == 207
    # Reloading the page shows the password no more: it leads to the list.
    driver.refresh()
    wait_for(driver, "heading", "Devices")
    assert urlparse(driver.current_url).path == "/devices" and password not in driver.page_source
    assert "MacBook" in visible_text(driver)
    screenshot(driver, "devices-desktop")


@pytest.mark.skipif(not postgres.cluster_url(), reason="needs PostgreSQL: run under scripts/with-postgres.sh")
def test_a_device_revoked_on_one_server_is_refused_by_the_other(two_servers):
    n1, n2 = two_servers
    n1.add_user("alice", PASSWORD)
    session = http_session()
    page = session.get(n1.url + "/login", timeout=30)
    [login_form] = [f for f in parse_forms(page.text, page.url) if f.action.endswith("/login")]
    assert submit(session, login_form.with_fields(account="alice", password=PASSWORD)).status_code == 303
    page = session.get(n1.url + "/devices/new", timeout=30)
    [new] = [f for f in parse_forms(page.text, page.url) if f.action.endswith("/devices")]
    made = submit(session, new.with_fields(device="iPhone"))
    assert made.status_code == 303 and made.headers["Location"] == "/devices/connected", describe(made)
    shown = session.get(n1.url + "/devices/connected", allow_redirects=False, timeout=30)
    password = re.search(r'id="device-password" readonly value="([^"]+)"', shown.text).group(1)
    # Both servers verify it, and keep it in their caches.
    assert sync_status(n1.url, "alice", password) == 207
    assert sync_status(n2.url, "alice", password) == 207
    page = session.get(n1.url + "/devices", timeout=30)
    [revoke] = [f for f in parse_forms(page.text, page.url) if f.action.endswith("/devices/revoke")]
    assert submit(session, revoke.with_fields(confirmed="1")).status_code == 303
    assert sync_status(n2.url, "alice", password) == 401
    assert sync_status(n1.url, "alice", password) == 401
    assert sync_status(n2.url, "alice", PASSWORD) == 207
