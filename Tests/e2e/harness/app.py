"""PersonalContacts' screens, driven by accessible names in the browser's language."""

from __future__ import annotations

import re
from dataclasses import dataclass

from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from .browser import (
    LIB_JS, all_by_name, by_name, click, fill, is_enabled, set_switch, visible_text, wait_name,
    wait_still, wait_until,
)
from .strings import list_title, t

PASSWORD = "correct horse battery"


def digits(text: str) -> str:
    """Only the digits: phone numbers compare this way, however they are spaced."""
    return re.sub(r"\D", "", text)


def name_of(driver: WebDriver, english: str) -> str:
    return t(driver.lang, english)


def find(driver: WebDriver, role: str, english: str, **kw):
    """by_name with the English contract name translated to the page's language."""
    return by_name(driver, role, name_of(driver, english), **kw)


def wait_for(driver: WebDriver, role: str, english: str, **kw):
    return wait_name(driver, role, name_of(driver, english), **kw)


# -- login ------------------------------------------------------------------------------------

def open_login(driver: WebDriver, base_url: str) -> None:
    driver.get(base_url + "/login")
    wait_for(driver, "button", "Log in")


def fill_login(driver: WebDriver, account: str, password: str, remember: bool = False,
               auto: bool = False) -> None:
    fill(find(driver, "field", "Account"), account)
    fill(find(driver, "field", "Password"), password)
    # Remember first: turning it off would also turn Auto login off.
    set_switch(driver, find(driver, "switch", "Remember password"), remember)
    set_switch(driver, find(driver, "switch", "Auto login"), auto)


def login(driver: WebDriver, base_url: str, account: str, password: str = PASSWORD,
          remember: bool = False, auto: bool = False) -> None:
    """Logs in through the login page and waits for the contact list."""
    open_login(driver, base_url)
    fill_login(driver, account, password, remember, auto)
    button = find(driver, "button", "Log in")
    wait_until(driver, lambda: is_enabled(button), "Log in to be enabled")
    click(driver, button)
    wait_for_list(driver, account)


def wait_for_list(driver: WebDriver, account: str | None = None, book: str = "Contacts"):
    """Waits for the list of `book` (titled with the book's name, whoever's `account` it is)."""
    return wait_name(driver, "heading", list_title(driver.lang, book))


# -- the contact list -------------------------------------------------------------------------

ROW_HREF = re.compile(r"/contacts/(\d+)$")


@dataclass
class Row:
    id: int
    text: str       # the row's visible text: name, first phone
    section: str    # the section header it sits under


def list_rows(driver: WebDriver, visible_only: bool = True) -> list[Row]:
    """The contact rows in page order, each with the section header above it.

    Rows are links to /contacts/<id>; section headers are headings whose text is one letter or #.
    """
    items = driver.execute_script(LIB_JS + r"""
        const visibleOnly = arguments[0];
        const out = [];
        const nodes = document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6, main [role=heading], main a[href]');
        for (const el of nodes) {
          if (visibleOnly && !visible(el)) continue;
          const t = norm(text(el, false));
          if (el.tagName === 'A' && /\/contacts\/\d+$/.test(new URL(el.href).pathname))
            out.push(['row', new URL(el.href).pathname, t]);
          else if (el.tagName !== 'A' && /^([A-Z]|#)$/.test(t))
            out.push(['section', '', t]);
        }
        return out;
    """, visible_only)
    rows, section = [], ""
    for kind, path, text in items:
        if kind == "section":
            section = text
        else:
            rows.append(Row(int(ROW_HREF.search(path).group(1)), text, section))
    return rows


def row_names(driver: WebDriver, names: list[str]) -> list[str]:
    """Which of `names` the visible rows show, in row order."""
    result = []
    for row in list_rows(driver):
        result += [n for n in names if n in row.text]
    return result


def row_link(driver: WebDriver, contact_name: str):
    for link in driver.find_elements("css selector", "main a[href*='/contacts/']"):
        if link.is_displayed() and contact_name in link.text and ROW_HREF.search(link.get_attribute("href")):
            return link
    raise AssertionError(f"no visible row for {contact_name!r}; rows: {[r.text for r in list_rows(driver)]}")


def wait_rows(driver: WebDriver, expected: list[str], among: list[str]) -> None:
    """Waits until the visible rows show exactly `expected` (in order) out of `among`."""
    wait_until(driver, lambda: row_names(driver, among) == expected,
               f"rows {expected} (showing {row_names(driver, among)})")


# -- new contact ------------------------------------------------------------------------------

def open_new_contact(driver: WebDriver) -> None:
    click(driver, find(driver, "control", "Add"))
    wait_for(driver, "heading", "New contact")


def set_field(driver: WebDriver, english_label: str, value: str) -> None:
    """Types into a field; for a <select>, picks the option named `value` (English, translated)."""
    field = find(driver, "field", english_label)
    if field.tag_name == "select":
        Select(field).select_by_visible_text(name_of(driver, value))
    else:
        fill(field, value)


def add_contact(driver: WebDriver, account: str, name: str, phone: str, **fields: str) -> None:
    """From the list: Add, fill the form (fields by English label, e.g. Email=…), Add, back on the list."""
    open_new_contact(driver)
    for label, value in {"Name": name, "Phone": phone, **fields}.items():
        set_field(driver, label, value)
    button = find(driver, "button", "Add")
    wait_until(driver, lambda: is_enabled(button), "Add to be enabled")
    click(driver, button)
    wait_for_list(driver, account)
    wait_until(driver, lambda: name in visible_text(driver), f"{name!r} in the list")


# -- one contact ------------------------------------------------------------------------------

def open_menu_item(driver: WebDriver, english: str):
    """Opens the list's ⋯ menu and returns its item named `english`."""
    click(driver, find(driver, "button", "Menu"))
    return wait_for(driver, "link", english)


def open_contact(driver: WebDriver, base_url: str, contact_id: int) -> None:
    driver.get(f"{base_url}/contacts/{contact_id}")
    wait_for(driver, "heading", "Contact")


def start_editing(driver: WebDriver):
    """Edit on the contact page; returns the Save button once the form is editable."""
    click(driver, find(driver, "control", "Edit"))
    return wait_for(driver, "button", "Save")


# -- log out ----------------------------------------------------------------------------------

def open_confirmation(driver: WebDriver):
    """The question a destructive button asks (an action sheet, or a dialog on a desktop) once it
    is open and still, with its text."""
    sheet = wait_until(driver, lambda: driver.execute_script(
        "const d = document.querySelector('#confirm-sheet'); return d && d.open ? d : null;"), "the confirmation to open")
    wait_still(driver, sheet)
    return sheet, wait_until(driver, lambda: " ".join(sheet.text.split()), "the confirmation's text to show")


def confirmation_closed(driver: WebDriver) -> bool:
    return not driver.execute_script("return document.querySelector('#confirm-sheet').open")


def open_logout_sheet(driver: WebDriver):
    click(driver, find(driver, "control", "Log out"))
    return wait_for(driver, "dialog", "Log out?")


def delete_button_for(driver: WebDriver, contact_id: int):
    """The visible row "Delete" button of the row that links to /contacts/<contact_id>."""
    buttons = all_by_name(driver, "button", name_of(driver, "Delete"))
    button = driver.execute_script(r"""
        const [buttons, id] = arguments;
        const isRow = a => new RegExp('/contacts/' + id + '$').test(new URL(a.href).pathname);
        for (const b of buttons) {
          for (let p = b.parentElement; p && p !== document.body; p = p.parentElement) {
            const links = Array.from(p.querySelectorAll('a[href]')).filter(a => /\/contacts\/\d+$/.test(new URL(a.href).pathname));
            if (links.length > 1) break;          // climbed past the row
            if (links.length === 1) { if (isRow(links[0])) return b; break; }
          }
        }
        return null;
    """, buttons, contact_id)
    if button is None:
        raise AssertionError(f"no visible Delete button in the row of contact {contact_id} ({len(buttons)} Delete buttons visible)")
    return button

