"""Fixtures: a `contacts serve` per module (or per test), users, and headless Chromium drivers.

With CONTACTS_E2E_ENGINE=postgresql (under scripts/with-postgres.sh) `server` and `fresh_server`
run on PostgreSQL, each on a fresh database of the test cluster, dropped afterwards; otherwise
(the default, `sqlite`) on a data directory. `pg_database` is a fresh database for any engine.

On a failure the report shows each live server's stdout/stderr, and the page of each open
browser is saved as .build/e2e-artifacts/<test>-<n>.png/.html.
"""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

import pytest

from harness.app import PASSWORD, login
from harness.browser import new_driver
from harness.postgres import Database, cluster_url
from harness.server import REPO, Server, binary_path

ARTIFACTS = REPO / ".build" / "e2e-artifacts"
ENGINE = os.environ.get("CONTACTS_E2E_ENGINE", "sqlite")

_open_drivers: list = []
_user_numbers = itertools.count(1)


def pytest_sessionstart(session):
    binary = binary_path()
    if not binary.exists():
        raise pytest.UsageError(f"{binary} is missing: run `swift build --product contacts` first")
    if ENGINE not in ("sqlite", "postgresql"):
        raise pytest.UsageError(f"CONTACTS_E2E_ENGINE={ENGINE!r}: must be sqlite or postgresql")
    if ENGINE == "postgresql" and not cluster_url():
        raise pytest.UsageError("CONTACTS_E2E_ENGINE=postgresql needs CONTACTS_TEST_POSTGRES: run under scripts/with-postgres.sh")


def pytest_report_header(config):
    return f"contacts engine: {ENGINE} (CONTACTS_E2E_ENGINE)"


# The database each PostgreSQL-backed fixture server was given, dropped when it stops.
_databases: dict[int, Database] = {}


def _start_server(tmp_dir: Path) -> Server:
    if ENGINE != "postgresql":
        return Server(tmp_dir / "data").start()
    db = Database()
    try:
        srv = Server(tmp_dir / "data", database_url=db.url).start()
    except BaseException:
        db.drop()
        raise
    _databases[id(srv)] = db
    return srv


def _stop_server(srv: Server) -> None:
    srv.stop()
    if db := _databases.pop(id(srv), None):
        db.drop()


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Server:
    """One server for the whole module, its data in a fresh temporary directory. Tests on it
    each make their own user (see `account`), so they don't see each other's contacts."""
    srv = _start_server(tmp_path_factory.mktemp("server"))
    yield srv
    _stop_server(srv)


@pytest.fixture
def fresh_server(tmp_path) -> Server:
    """A server of this test's own: no user yet, no login attempts counted."""
    srv = _start_server(tmp_path)
    yield srv
    _stop_server(srv)


@pytest.fixture
def pg_database() -> Database:
    """A fresh, empty database on the test PostgreSQL cluster (skips without one); dropped afterwards."""
    if not cluster_url():
        pytest.skip("no PostgreSQL: CONTACTS_TEST_POSTGRES is unset (run under scripts/with-postgres.sh)")
    db = Database()
    yield db
    db.drop()


@pytest.fixture
def two_servers(pg_database, tmp_path):
    """Two servers of this test's own on one fresh PostgreSQL database (skips without one), as an
    installation with many servers runs: a request may land on either."""
    first = Server(tmp_path / "node1", database_url=pg_database.url)
    second = Server(tmp_path / "node2", database_url=pg_database.url)
    try:
        first.start()
        second.start()
        yield first, second
    finally:
        first.stop()
        second.stop()


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
