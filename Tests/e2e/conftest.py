"""Fixtures: a `contacts serve` per module (or per test), users, and headless Chromium drivers.

On a failure the report shows each live server's stdout/stderr, and the page of each open
browser is saved as .build/e2e-artifacts/<test>-<n>.png/.html.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from harness.app import PASSWORD, login
from harness.browser import new_driver
from harness.server import REPO, Server, binary_path

ARTIFACTS = REPO / ".build" / "e2e-artifacts"

_open_drivers: list = []
_user_numbers = itertools.count(1)


def pytest_sessionstart(session):
    binary = binary_path()
    if not binary.exists():
        raise pytest.UsageError(f"{binary} is missing: run `swift build --product contacts` first")


def _start_server(tmp_dir: Path) -> Server:
    return Server(tmp_dir / "data").start()


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Server:
    """One server for the whole module, its data in a fresh temporary directory. Tests on it
    each make their own user (see `account`), so they don't see each other's contacts."""
    srv = _start_server(tmp_path_factory.mktemp("server"))
    yield srv
    srv.stop()


@pytest.fixture
def fresh_server(tmp_path) -> Server:
    """A server of this test's own: no user yet, no login attempts counted."""
    srv = _start_server(tmp_path)
    yield srv
    srv.stop()


@pytest.fixture
def make_account(server):
    """Factory: make_account() adds a new user to the module's server and returns the name
    (password harness.app.PASSWORD)."""
    def make() -> str:
        name = f"user{next(_user_numbers)}"
        server.add_user(name, PASSWORD)
        return name
    return make


@pytest.fixture
def account(make_account) -> str:
    """This test's own user on the module's server."""
    return make_account()


@pytest.fixture
def make_driver():
    """Factory: make_driver(lang='en'|'zh', viewport='phone'|'desktop'); all quit at teardown."""
    mine = []

    def make(lang: str = "en", viewport: str = "phone"):
        driver = new_driver(lang, viewport)
        mine.append(driver)
        _open_drivers.append(driver)
        return driver

    yield make
    for driver in mine:
        _open_drivers.remove(driver)
        driver.quit()


@pytest.fixture
def driver(make_driver):
    """An English phone-sized browser."""
    return make_driver()


@pytest.fixture
def logged_in(driver, server, account):
    """The English phone browser, logged in as `account`, on the (empty) contact list."""
    login(driver, server.url, account)
    return driver


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed and call.when in ("setup", "call"):
        for n, srv in enumerate(s for s in Server.started if not s.stopped):  # running, or crashed
            report.sections.append((f"server {n} {srv.url} stdout", "".join(srv.stdout_lines)[-4000:]))
            report.sections.append((f"server {n} {srv.url} stderr", srv.stderr_text()))
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        stem = re.sub(r"[^\w.-]+", "_", item.nodeid.split("::", 1)[-1])
        for n, driver in enumerate(_open_drivers):
            try:
                driver.save_screenshot(str(ARTIFACTS / f"{stem}-{n}.png"))
                (ARTIFACTS / f"{stem}-{n}.html").write_text(
                    f"<!-- {driver.current_url} -->\n{driver.page_source}", encoding="utf-8")
                report.sections.append((f"browser {n}", f"{driver.current_url} → {ARTIFACTS}/{stem}-{n}.png"))
            except Exception as e:  # an alert open, a crashed browser: report, don't mask the failure
                report.sections.append((f"browser {n}", f"could not save the page: {e}"))
    return report
