"""Headless Chromium, and finding controls the way a screen reader names them."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from selenium import webdriver
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    JavascriptException,
    NoSuchElementException,
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from .strings import ACCEPT_LANGUAGE

CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("E2E_CHROMEDRIVER", "/usr/bin/chromedriver")
DEVICE_PIXEL_RATIO = float(os.environ.get("E2E_DPR", "1"))
WAIT = float(os.environ.get("E2E_WAIT", "10"))

VIEWPORTS = {
    "phone": {"width": 390, "height": 844, "mobile": True, "touch": True},
    # The narrowest phone labels must fit on (iPhone SE, mini).
    "narrow-phone": {"width": 375, "height": 812, "mobile": True, "touch": True},
    "desktop": {"width": 1280, "height": 800, "mobile": False, "touch": False},
}


def new_driver(lang: str = "en", viewport: str = "phone") -> WebDriver:
    """A headless Chromium whose Accept-Language is `lang` (en/zh) at a phone or desktop size."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--no-first-run", "--disable-extensions", "--hide-scrollbars",
                f"--lang={ACCEPT_LANGUAGE[lang].split(',')[0]}",
                f"--accept-lang={ACCEPT_LANGUAGE[lang]}"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"intl.accept_languages": ACCEPT_LANGUAGE[lang],
                                              "credentials_enable_service": False,
                                              "profile.password_manager_enabled": False})
    metrics = dict(VIEWPORTS[viewport], pixelRatio=DEVICE_PIXEL_RATIO)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    # Leave alert() dialogs open so the XSS tests can see them.
    options.set_capability("unhandledPromptBehavior", "ignore")
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.lang = lang
    driver.viewport = viewport
    return driver


# --------------------------------------------------------------------------------------------
# Accessible names

# Which elements count as each role.
ROLE_SELECTORS = {
    "button": "button, input[type=submit], input[type=button], input[type=reset], [role=button]",
    "link": "a[href], [role=link]",
    # a button or a link: for controls whose element the contract leaves open ("Add", "Edit")
    "control": "button, input[type=submit], input[type=button], [role=button], a[href], [role=link]",
    "field": ("input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit])"
              ":not([type=button]):not([type=reset]), select, textarea, [role=textbox], [role=searchbox],"
              " [role=combobox]"),
    "switch": "[role=switch]",
    "checkbox": "input[type=checkbox], [role=checkbox], [role=switch]",
    "radio": "input[type=radio], [role=radio]",
    "dialog": "dialog, [role=dialog], [role=alertdialog]",
    "heading": "h1, h2, h3, h4, h5, h6, [role=heading]",
    "alert": "[role=alert]",
    "status": "[role=status]",
}

# A simplified accessible-name computation (aria-labelledby, aria-label, <label>s — both `for=`
# and wrapping — input values, then content, title, placeholder), run in the page in one call.
# In-page helpers, prepended to the scripts below: `text` (what a screen reader reads: no
# aria-hidden parts, unaffected by content-visibility), `nameOf` (a simplified accessible-name
# computation: aria-labelledby, aria-label, <label>s both `for=` and wrapping, button values,
# then content, title, placeholder) and `visible` (rendered: not display:none, not
# visibility:hidden, not in a closed <dialog>).
LIB_JS = r"""
const norm = s => (s || '').replace(/\s+/g, ' ').trim();
function text(node, skipControls) {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  if (node.getAttribute('aria-hidden') === 'true' || node.hidden) return '';
  const tag = node.tagName;
  if (['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(tag)) return '';
  if (skipControls && ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(tag)) return '';
  if (node.hasAttribute('aria-label') && norm(node.getAttribute('aria-label'))) return ' ' + node.getAttribute('aria-label') + ' ';
  if (tag === 'IMG') return ' ' + (node.getAttribute('alt') || '') + ' ';
  let s = '';
  for (const child of node.childNodes) s += text(child, skipControls);
  return getComputedStyle(node).display.startsWith('inline') ? s : ' ' + s + ' ';
}
function nameOf(el, role) {
  const by = el.getAttribute('aria-labelledby');
  if (by) {
    const s = norm(by.split(/\s+/).map(id => { const r = document.getElementById(id); return r ? text(r, true) : ''; }).join(' '));
    if (s) return s;
  }
  const label = el.getAttribute('aria-label');
  if (label && norm(label)) return norm(label);
  if (el.labels && el.labels.length) {
    const s = norm(Array.from(el.labels).map(l => text(l, true)).join(' '));
    if (s) return s;
  }
  if (el.tagName === 'INPUT' && ['submit', 'button', 'reset'].includes(el.type)) return norm(el.value);
  const isField = ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName);
  if (!isField && role !== 'dialog') { const s = norm(text(el, false)); if (s) return s; }
  return norm(el.getAttribute('title') || el.getAttribute('placeholder') || '');
}
function visible(el) {
  if (!el.checkVisibility({checkVisibilityCSS: true})) return false;
  const d = el.closest('dialog');
  return !d || d.open;
}
"""

_FIND_JS = LIB_JS + r"""
const [selector, role, wanted, scope, visibleOnly, exact] = arguments;
const all = Array.from((scope || document).querySelectorAll(selector)).filter(el => !visibleOnly || visible(el));
const names = all.map(el => nameOf(el, role));
const hits = all.filter((el, i) => exact ? names[i] === wanted : names[i].includes(wanted));
return [hits, names];
"""


def _query(driver, role, name, within, visible, exact):
    if role not in ROLE_SELECTORS:
        raise ValueError(f"unknown role {role!r}; one of {sorted(ROLE_SELECTORS)}")
    return driver.execute_script(_FIND_JS, ROLE_SELECTORS[role], role, name, within, visible, exact)


def all_by_name(driver: WebDriver, role: str, name: str, *, within: WebElement | None = None,
                visible: bool = True, exact: bool = True) -> list[WebElement]:
    """Every element of `role` whose accessible name is `name` (visible ones only by default)."""
    hits, _ = _query(driver, role, name, within, visible, exact)
    return hits


def by_name(driver: WebDriver, role: str, name: str, *, within: WebElement | None = None,
            visible: bool = True, exact: bool = True) -> WebElement:
    """The first element of `role` (button, link, control, field, switch, dialog, heading, …) whose
    accessible name — aria-label(ledby), its <label>, or its text — is `name`. Raises
    NoSuchElementException listing the names that are there."""
    hits, names = _query(driver, role, name, within, visible, exact)
    if not hits:
        shown = "visible " if visible else ""
        raise NoSuchElementException(
            f"no {shown}{role} named {name!r} on {driver.current_url}; {shown}{role}s there: {names}")
    return hits[0]


def wait_name(driver: WebDriver, role: str, name: str, timeout: float = WAIT, **kw) -> WebElement:
    """by_name, retried until it finds the element or `timeout` passes."""
    last: list[Exception] = []

    def attempt(_):
        try:
            return by_name(driver, role, name, **kw)
        except WebDriverException as e:
            if not (isinstance(e, (NoSuchElementException, JavascriptException)) or is_gone(e)):
                raise
            last[:] = [e]
            return False

    try:
        return WebDriverWait(driver, timeout).until(attempt)
    except TimeoutException:
        raise TimeoutException(f"after {timeout}s: {last[0] if last else ''}") from None


def wait_gone(driver: WebDriver, role: str, name: str, timeout: float = WAIT, **kw) -> None:
    """Waits until no visible element of `role` is named `name`."""
    wait_until(driver, lambda: not all_by_name(driver, role, name, **kw),
               f"the {role} {name!r} to go away", timeout)


def is_gone(error: WebDriverException) -> bool:
    """The element belonged to a page that has been replaced (chromedriver says so two ways)."""
    return isinstance(error, StaleElementReferenceException) or "does not belong to the document" in str(error)


def wait_until(driver: WebDriver, condition: Callable[[], object], what: str, timeout: float = WAIT):
    """Waits until `condition()` is truthy (stale elements count as not yet); returns its value."""
    def attempt(_):
        try:
            return condition()
        except WebDriverException as e:
            if is_gone(e) or isinstance(e, NoSuchElementException):
                return False
            raise

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1).until(attempt)
    except TimeoutException:
        raise TimeoutException(f"waited {timeout}s for {what} on {driver.current_url}") from None


# --------------------------------------------------------------------------------------------
# Acting like a person

def fill(field: WebElement, value: str) -> None:
    """Replaces a field's text by typing, so the page's input events fire."""
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    if value:
        field.send_keys(value)


_RECT_JS = "const r = arguments[0].getBoundingClientRect(); return [r.x, r.y, r.width, r.height];"


def wait_still(driver: WebDriver, element: WebElement) -> None:
    """Waits until the element has stopped moving (a sheet sliding in, a row sliding over)."""
    last = [None]

    def still():
        rect = driver.execute_script(_RECT_JS, element)
        moved, last[0] = rect != last[0], rect
        return not moved

    wait_until(driver, still, "the element to stop moving")


def click(driver: WebDriver, element: WebElement) -> None:
    """Clicks an element once it stands still; a control hidden under its styled <label> (a
    switch) is clicked there."""
    wait_still(driver, element)
    try:
        element.click()
    except (ElementClickInterceptedException, ElementNotInteractableException):
        label = driver.execute_script(
            "const e = arguments[0]; return (e.labels && e.labels[0]) || e.closest('label');", element)
        if label is None:
            raise
        label.click()


def set_switch(driver: WebDriver, switch: WebElement, on: bool) -> None:
    if switch.is_selected() != on:
        click(driver, switch)
        wait_until(driver, lambda: switch.is_selected() == on, f"the switch to turn {'on' if on else 'off'}")


def is_enabled(element: WebElement) -> bool:
    return element.is_enabled() and element.get_attribute("aria-disabled") != "true"


def active_element(driver: WebDriver) -> WebElement:
    return driver.switch_to.active_element


def visible_text(driver: WebDriver) -> str:
    """The page's rendered text (innerText: what is shown, not hidden parts or field values)."""
    return driver.execute_script("return document.body.innerText")


def on_screen(driver: WebDriver, element: WebElement) -> bool:
    """The element's centre is inside the viewport and a click there would reach it."""
    return driver.execute_script("""
        const el = arguments[0], r = el.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        if (r.width < 1 || r.height < 1 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
        const hit = document.elementFromPoint(x, y);
        return !!hit && (hit === el || el.contains(hit));""", element)


def path_of(driver: WebDriver) -> str:
    return driver.execute_script("return location.pathname")


def alert_text(driver: WebDriver) -> str | None:
    """The text of an open alert()/confirm() dialog, or None."""
    try:
        return driver.switch_to.alert.text
    except Exception:
        return None


# Records, across page loads in this tab, whether some visible text ever contained a string
# (used to catch the short-lived "Logging in..." spinner).
_WATCH_JS = r"""
(() => {
  const wanted = %s;
  const check = () => {
    if (document.body && document.body.innerText.includes(wanted)) sessionStorage.setItem('e2e-saw', '1');
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  document.addEventListener('DOMContentLoaded', check);
})();
"""


def watch_for_text(driver: WebDriver, text: str) -> None:
    """From the next page load on, remember whether `text` was ever shown (see saw_text)."""
    import json
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _WATCH_JS % json.dumps(text)})


def saw_text(driver: WebDriver) -> bool:
    return driver.execute_script("return sessionStorage.getItem('e2e-saw') === '1'")


def hold_next_submit(driver: WebDriver) -> None:
    """Lets the page's own submit handling run (a spinner, say) on the next form submission but
    keeps the browser from sending it, until release_held_submit()."""
    driver.execute_script("""
        addEventListener('submit', e => { e.preventDefault(); window.e2eHeld = e.target; }, {once: true});""")


def release_held_submit(driver: WebDriver) -> None:
    wait_for_navigation(driver, lambda: driver.execute_script("window.e2eHeld.submit()"))


def slow_network(driver: WebDriver, latency_ms: int) -> None:
    """Delays every request by `latency_ms` (0 = back to normal)."""
    driver.set_network_conditions(offline=False, latency=latency_ms,
                                  download_throughput=-1 if not latency_ms else 10_000_000,
                                  upload_throughput=-1 if not latency_ms else 10_000_000)


# --------------------------------------------------------------------------------------------
# Screenshots

SCREENSHOTS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"


def screenshot(driver: WebDriver, name: str) -> Path:
    """Saves the viewport as docs/screenshots/<lang>-<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{driver.lang}-{name}.png"
    # Let CSS transitions (sheets, toasts, switches) settle; no caret blinking into the picture.
    driver.execute_script(
        "return new Promise(r => requestAnimationFrame(() => setTimeout(r, 350)))")
    if not driver.save_screenshot(str(path)):
        raise RuntimeError(f"could not save {path}")
    return path


def wait_for_navigation(driver: WebDriver, action: Callable[[], object], timeout: float = WAIT) -> None:
    """Runs `action` (a click that submits or follows a link) and waits for the next page to load."""
    old = driver.find_element("tag name", "html")
    action()

    def replaced(_):
        try:
            old.tag_name
            return False
        except WebDriverException as e:
            if not is_gone(e):
                raise
            return driver.execute_script("return document.readyState") == "complete"

    WebDriverWait(driver, timeout, poll_frequency=0.1).until(replaced, "the next page to load")


def cut_off_labels(driver: WebDriver) -> list[str]:
    """Visible labels and buttons whose text doesn't fit (clipped or ellipsized)."""
    return driver.execute_script(LIB_JS + r"""
        return Array.from(document.querySelectorAll('label, label *, button, [role=button], h1'))
          .filter(e => visible(e) && getComputedStyle(e).overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1)
          .map(e => norm(e.textContent));""")
