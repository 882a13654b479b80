"""The app on the home screen: the manifest and its icons, the service worker's offline copy of
the list (and its end at logout), and the wide screen's two panes and keys."""

import itertools
import json
import struct

import pytest
import requests
import websocket
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from harness.app import PASSWORD, find, list_rows, login, open_logout_sheet, wait_for, wait_for_list
from harness.browser import (
    active_element, by_name, click, path_of, screenshot, visible_text, wait_until,
)
from harness.strings import ACCEPT_LANGUAGE, CONFIRM_LOG_OUT, LANGS, t

OFFLINE = ("You are offline: these are the contacts saved on this device. "
           "Nothing can be changed until the connection is back.")
SEEDED = [("Anna", "555 0101"), ("Bob", "555 0102"), ("Carol", "555 0103"), ("张三", "138 0013 8000")]


def seed(server, account):
    return {name: server.add_contact(account, name, phone) for name, phone in SEEDED}


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


# -- installable --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_manifest_parses_and_its_icons_have_their_declared_sizes(server, lang):
    headers = {"Accept-Language": ACCEPT_LANGUAGE[lang]}
    reply = requests.get(server.url + "/manifest.webmanifest", headers=headers, timeout=10)
    assert reply.status_code == 200
    assert reply.headers["Content-Type"] == "application/manifest+json"
    manifest = reply.json()
    assert manifest["name"] == t(lang, "Personal Contacts")
    assert manifest["short_name"] == t(lang, "Contacts")
    assert (manifest["display"], manifest["start_url"], manifest["scope"]) == ("standalone", "/contacts", "/")
    purposes = set()
    for icon in manifest["icons"]:
        image = requests.get(server.url + icon["src"], timeout=10)
        assert image.status_code == 200 and image.headers["Content-Type"] == icon["type"] == "image/png"
        width, height = png_size(image.content)
        assert f"{width}x{height}" == icon["sizes"], icon
        purposes.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
    page = requests.get(server.url + "/login", headers=headers, timeout=10).text
    touch_icon = page.split('<link rel="apple-touch-icon" href="')[1].split('"')[0]
    assert png_size(requests.get(server.url + touch_icon, timeout=10).content) == (180, 180)
    favicon = requests.get(server.url + "/favicon.ico", timeout=10)
    assert favicon.status_code == 200 and favicon.content[:4] == b"\x00\x00\x01\x00"


# -- offline ------------------------------------------------------------------------------------

# Every path the worker's caches hold, by cache name.
CACHED_PATHS_JS = """
const done = arguments[arguments.length - 1];
(async () => {
  const all = {};
  for (const name of await caches.keys()) {
    all[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
  }
  return all;
})().then(done, (error) => done({error: String(error)}));
"""


def cached_paths(driver) -> dict[str, list[str]]:
    return driver.execute_async_script(CACHED_PATHS_JS)


def kept_list(driver) -> bool:
    return any("/contacts" in paths for paths in cached_paths(driver).values())


def open_list_under_the_worker(driver, server, account):
    """Logs in, waits until the service worker controls the page, and reloads the list through it
    until the worker keeps it."""
    login(driver, server.url, account)
    wait_until(driver, lambda: driver.execute_script("return !!navigator.serviceWorker.controller"),
               "the service worker to control the page", timeout=20)
    driver.refresh()
    wait_for_list(driver, account)
    wait_until(driver, lambda: kept_list(driver), "the worker to keep the list")


class Offline:
    """No network for the page and for its service workers. DevTools' emulation of the page does
    not reach a worker's own fetches: each worker target gets it through a DevTools connection of
    its own, kept open while the emulation lasts."""

    def __init__(self, driver):
        self.driver = driver
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        url = requests.get(f"http://{address}/json/version", timeout=10).json()["webSocketDebuggerUrl"]
        self.socket = websocket.create_connection(url, timeout=10, suppress_origin=True)
        self.ids = itertools.count(1)
        self.sessions: dict[str, str] = {}  # worker target: its DevTools session

    def call(self, method, params=None, session=None):
        number = next(self.ids)
        self.socket.send(json.dumps({"id": number, "method": method, "params": params or {},
                                     **({"sessionId": session} if session else {})}))
        while (reply := json.loads(self.socket.recv())).get("id") != number:
            pass
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def set(self, offline: bool):
        conditions = {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        workers = [t for t in self.call("Target.getTargets")["targetInfos"] if t["type"] == "service_worker"]
        assert workers, "no service worker running"
        for worker in workers:
            target = worker["targetId"]
            if target not in self.sessions:
                self.sessions[target] = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
                self.call("Network.enable", session=self.sessions[target])
            session = self.sessions[target]
            self.call("Network.emulateNetworkConditions", conditions, session=session)
        self.driver.set_network_conditions(offline=offline, latency=0, download_throughput=-1, upload_throughput=-1)


@pytest.mark.parametrize("lang", LANGS)
def test_offline_the_kept_list_shows_read_only_with_the_banner(fresh_server, make_driver, lang):
    server, account = fresh_server, "offline" + lang
    server.add_user(account, PASSWORD)
    ids = seed(server, account)
    driver = make_driver(lang)
    open_list_under_the_worker(driver, server, account)
    paths = cached_paths(driver)
    shell = [name for name in paths if name.startswith("shell ")]
    assert len(shell) == 1 and any(p.endswith("/app.css") for p in paths[shell[0]]), paths
    assert not driver.find_element("id", "offline-banner").is_displayed()

    offline = Offline(driver)
    offline.set(True)
    driver.refresh()
    wait_for(driver, "status", OFFLINE)
    assert driver.execute_script("return 'offlineCopy' in document.documentElement.dataset")
    assert driver.execute_script("return navigator.onLine") is False
    assert {row.id for row in list_rows(driver)} == set(ids.values())
    assert "Bob" in visible_text(driver)
    add = find(driver, "control", "Add")
    assert add.get_attribute("aria-disabled") == "true"
    click(driver, add)
    assert path_of(driver) == "/contacts"
    wait_until(driver, lambda: "attention" in find(driver, "status", OFFLINE).get_attribute("class"),
               "the banner to draw attention")
    # A write submitted offline is refused on the page, not sent or queued.
    driver.execute_script("window.stillHere = true; document.querySelector('.row-delete').requestSubmit()")
    assert driver.execute_script("return window.stillHere === true") and path_of(driver) == "/contacts"
    screenshot(driver, "offline")

    offline.set(False)
    wait_until(driver, lambda: not driver.execute_script("return 'offlineCopy' in document.documentElement.dataset"),
               "the real list to replace the copy once online")
    assert not driver.find_element("id", "offline-banner").is_displayed()
    assert set(server.contact_names(account)) == {name for name, _ in SEEDED}


def test_after_logout_no_cache_holds_a_contact_page(server, account, driver):
    open_list_under_the_worker(driver, server, account)
    sheet = open_logout_sheet(driver)
    click(driver, find(driver, "button", CONFIRM_LOG_OUT, within=sheet))
    wait_for(driver, "button", "Log in")
    # The next person on this device: the worker (registered again by the login page) keeps no page.
    wait_until(driver, lambda: "/contacts" not in str(cached_paths(driver)), "the kept list to be gone")
    driver.get(server.url + "/login")
    wait_for(driver, "button", "Log in")
    paths = cached_paths(driver)
    assert not [p for names in paths.values() for p in names if p.startswith("/contacts")], paths


# -- wide screens -------------------------------------------------------------------------------

def rect(driver, selector):
    return driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left, r.right, r.width];",
        selector)


def press(driver, key):
    ActionChains(driver).send_keys(key).perform()


@pytest.mark.parametrize("lang", LANGS)
def test_desktop_shows_two_panes_and_answers_the_keys(server, account, make_driver, lang):
    ids = seed(server, account)
    driver = make_driver(lang, "desktop")
    login(driver, server.url, account)
    hint = t(lang, "Choose a contact to see it here")
    assert hint in visible_text(driver)
    left, right, _ = rect(driver, "main")
    assert left == 0 and right <= 420, "the list is the left pane"
    assert rect(driver, ".detail-placeholder")[0] >= right

    click(driver, by_name(driver, "link", "Bob", exact=False))
    wait_until(driver, lambda: path_of(driver) == f"/contacts/{ids['Bob']}", "Bob's page")
    wait_for(driver, "heading", "Contact")
    pane = driver.find_element("css selector", ".list-pane")
    assert pane.is_displayed() and rect(driver, ".list-pane")[1] <= rect(driver, "main")[0] + 1
    current = driver.find_element("css selector", '.list-pane [aria-current="page"]')
    assert current.get_attribute("href").endswith(f"/contacts/{ids['Bob']}")
    assert "Anna" in pane.text and "Carol" in pane.text
    screenshot(driver, "desktop")

    press(driver, Keys.ARROW_DOWN)
    wait_until(driver, lambda: path_of(driver) == f"/contacts/{ids['Carol']}", "↓ to open Carol")
    press(driver, Keys.ARROW_UP)
    wait_until(driver, lambda: path_of(driver) == f"/contacts/{ids['Bob']}", "↑ to open Bob again")
    wait_for(driver, "heading", "Contact")

    press(driver, "/")
    search = active_element(driver)
    assert search.get_attribute("type") == "search" and search.get_attribute("value") == ""
    # Typing in a field: the keys are text, not commands.
    press(driver, "n")
    press(driver, Keys.ARROW_DOWN)
    assert search.get_attribute("value") == "n" and path_of(driver) == f"/contacts/{ids['Bob']}"
    search.send_keys(Keys.BACKSPACE)
    driver.execute_script("document.activeElement.blur()")
    press(driver, "n")
    wait_for(driver, "heading", "New contact")
    assert path_of(driver) == "/contacts/new"
    assert by_name(driver, "field", t(lang, "Name")) == active_element(driver)


def test_a_phone_shows_one_column_without_the_pane(server, account, make_driver):
    ids = seed(server, account)
    driver = make_driver("en", "phone")
    login(driver, server.url, account)
    assert "Choose a contact to see it here" not in visible_text(driver)
    driver.get(f"{server.url}/contacts/{ids['Bob']}")
    wait_for(driver, "heading", "Contact")
    assert not driver.find_element("css selector", ".list-pane").is_displayed()
    width = driver.execute_script("return innerWidth")
    assert rect(driver, "main")[2] == width
    assert driver.execute_script("return document.documentElement.scrollWidth") == width
    press(driver, Keys.ARROW_DOWN)  # ↑/↓ belong to the two panes only
    assert path_of(driver) == f"/contacts/{ids['Bob']}"


STALE_JS = """
const done = arguments[arguments.length - 1];
(async () => {
  await (await caches.open('shell /static/old/')).put('/static/old/app.css', new Response('old'));
  await (await caches.open('pages /static/old/')).put('/contacts', new Response('old'));
})().then(() => done(null), (error) => done(String(error)));
"""


REGISTRATIONS_JS = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.getRegistrations().then((all) => done(all.length), () => done(-1));
"""


def test_a_new_worker_drops_the_copies_of_other_versions(server, account, driver):
    open_list_under_the_worker(driver, server, account)
    assert driver.execute_async_script(STALE_JS) is None
    assert "shell /static/old/" in cached_paths(driver)
    # A worker of another version than the caches' (here: the worker removed, then registered
    # afresh) keeps only its own. The browser may still hand the next page to the removed worker
    # for a moment: then it is removed and the page loaded again.

    def stale_gone():
        if not [name for name in cached_paths(driver) if "/static/old/" in name]:
            return True
        driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": server.url, "storageTypes": "service_workers"})
        wait_until(driver, lambda: driver.execute_async_script(REGISTRATIONS_JS) == 0, "the worker to be removed")
        driver.refresh()
        return False

    wait_until(driver, stale_gone, "the old version's caches to go", timeout=30)
    assert [name for name in cached_paths(driver) if name.startswith("shell ")]
