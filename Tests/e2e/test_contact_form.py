"""The add and edit form with every field, in both languages, on a phone and a desktop: more
phones and emails through "add …", a custom label, a company contact filed under its company,
and a stale save merged field by field."""

import pytest
from selenium.webdriver.support.ui import Select

from harness.app import (
    PASSWORD, digits, find, login, name_of, open_contact, open_new_contact, row_names, start_editing,
    wait_for, wait_for_list,
)
from harness.browser import by_name, click, fill, is_enabled, screenshot, wait_until
from harness.carddav import BOOK, dav_request, describe
from harness.strings import LANGS

VIEWPORTS = ("phone", "desktop")


@pytest.fixture(params=[(lang, viewport) for lang in LANGS for viewport in VIEWPORTS],
                ids=lambda p: f"{p[0]}-{p[1]}")
def browser(request, make_driver, server, account):
    """A logged-in browser in each language and size."""
    lang, viewport = request.param
    driver = make_driver(lang, viewport)
    driver.viewport = viewport
    login(driver, server.url, account)
    return driver


def numbered(driver, english: str, number: int) -> str:
    """A row's accessible name: "Phone", "Phone 2", … in the page's language."""
    name = name_of(driver, english)
    return name if number == 1 else f"{name} {number}"


def field(driver, english: str, number: int = 1):
    """The field of the `number`th row named `english`."""
    return find_named(driver, "field", numbered(driver, english, number))


def find_named(driver, role, name):
    """The element of `role` named `name`, a name already in the page's language."""
    return by_name(driver, role, name)


def submit(driver, english_button: str) -> None:
    """Clicks the button once the form lets it."""
    button = find(driver, "button", english_button)
    wait_until(driver, lambda: is_enabled(button), f"{english_button} to be enabled")
    click(driver, button)


def card_text(server, account, uid: str):
    """The card's address over CardDAV and its GET."""
    url = f"{server.url}/dav/addressbooks/{account}/{BOOK}/{uid}.vcf"
    return url, dav_request("GET", url, (account, PASSWORD))


def change_over_carddav(server, account, uid: str, old: str, new: str) -> None:
    """What a phone does while the page is open: GET the card, PUT it back with `old` made `new`."""
    url, fetched = card_text(server, account, uid)
    changed = fetched.text.replace(old, new)
    assert changed != fetched.text
    put = dav_request("PUT", url, (account, PASSWORD), body=changed,
                      headers={"If-Match": fetched.headers["ETag"], "Content-Type": "text/vcard; charset=utf-8"})
    assert put.status_code == 204, describe(put)


def test_add_a_second_phone_a_third_email_and_a_custom_label(server, account, browser):
    driver = browser
    open_new_contact(driver)
    fill(field(driver, "Name"), "Anna Li")
    fill(field(driver, "Phone"), "138 0013 8000")
    click(driver, find(driver, "button", "add phone"))
    fill(field(driver, "Phone", 2), "139 0000 0000")
    label = find_named(driver, "field", f"{numbered(driver, 'Phone', 2)} · {name_of(driver, 'Label')}")
    Select(label).select_by_visible_text(name_of(driver, "custom…"))
    fill(find_named(driver, "field", f"{numbered(driver, 'Phone', 2)} · {name_of(driver, 'custom…')}"), "Beeper")
    fill(field(driver, "Email"), "anna@home.example")
    for number in (2, 3):
        click(driver, find(driver, "button", "add email"))
        fill(field(driver, "Email", number), f"anna{number}@example.com")
    screenshot(driver, f"contact-form-rows-{driver.viewport}")
    submit(driver, "Add")
    wait_for_list(driver, account)

    [saved] = server.contacts(account)
    assert [digits(p) for p in saved["phones"]] == ["13800138000", "13900000000"]
    assert saved["phoneLabels"] == ["mobile", "Beeper"]
    assert saved["emails"] == ["anna@home.example", "anna2@example.com", "anna3@example.com"]


def test_a_removed_row_is_not_saved(server, account, browser):
    driver = browser
    contact_id = server.add_contact(account, "张三", "138 0013 8000", "--phone", "work:010-6666 0000")
    open_contact(driver, server.url, contact_id)
    save = start_editing(driver)
    click(driver, find_named(driver, "button", f"{name_of(driver, 'Remove')} {numbered(driver, 'Phone', 2)}"))
    wait_until(driver, lambda: is_enabled(save), "Save enabled after a removal")
    click(driver, save)
    wait_for(driver, "control", "Edit")
    [saved] = server.contacts(account)
    assert [digits(p) for p in saved["phones"]] == ["13800138000"]


def test_a_company_contact_without_a_name_is_filed_under_its_company(server, account, browser):
    driver = browser
    open_new_contact(driver)
    fill(field(driver, "Company"), "Zenith Tools")
    click(driver, find(driver, "switch", "Company contact"))
    screenshot(driver, f"contact-form-company-{driver.viewport}")
    submit(driver, "Add")
    wait_for_list(driver, account)
    wait_until(driver, lambda: row_names(driver, ["Zenith Tools"]) == ["Zenith Tools"], "the company in the list")
    [saved] = server.contacts(account)
    assert (saved["name"], saved["section"]) == ("Zenith Tools", "Z")


def test_a_stale_save_is_merged_field_by_field(server, account, browser):
    """The company is changed in the page while a phone adds a number: both kept. Then both
    change the company: the save is refused, the other company shown, nothing overwritten."""
    driver = browser
    contact_id = server.add_contact(account, "Anna Li", "138 0013 8000")
    [card] = server.contacts(account)
    open_contact(driver, server.url, contact_id)
    save = start_editing(driver)
    fill(field(driver, "Company"), "Acme Asia")
    change_over_carddav(server, account, card["uid"], "END:VCARD", "TEL;TYPE=WORK:010 6666 0000\r\nEND:VCARD")
    click(driver, save)
    wait_for(driver, "control", "Edit")
    [saved] = server.contacts(account)
    assert [digits(p) for p in saved["phones"]] == ["13800138000", "01066660000"]
    assert "ORG:Acme Asia" in card_text(server, account, card["uid"])[1].text

    save = start_editing(driver)
    fill(field(driver, "Company"), "Acme Europe")
    change_over_carddav(server, account, card["uid"], "ORG:Acme Asia", "ORG:Acme Americas")
    click(driver, save)
    error = wait_for(driver, "alert", "This contact was changed on another device", exact=False)
    colon = "：" if driver.lang == "zh" else ": "
    assert f"{name_of(driver, 'Company')}{colon}Acme Americas" in error.text
    assert field(driver, "Company").get_attribute("value") == "Acme Europe", "the edit is still there"
    assert "ORG:Acme Americas" in card_text(server, account, card["uid"])[1].text


def test_a_structured_address_and_a_name_from_its_parts(server, account, browser):
    """The address in its parts, the street on two lines; a name typed in its parts alone."""
    driver = browser
    open_new_contact(driver)
    summary = driver.find_element("css selector", "#contact-form summary")
    assert summary.text == name_of(driver, "More name fields")
    click(driver, summary)
    fill(field(driver, "First name"), "Anna")
    fill(field(driver, "Last name"), "Li")
    street = field(driver, "Address")
    fill(street, "1 Main St")
    street.send_keys("\nFlat 2")
    fill(field(driver, "City"), "Springfield")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", street)
    screenshot(driver, f"contact-form-address-{driver.viewport}")
    submit(driver, "Add")
    wait_for_list(driver, account)
    # On a desktop the list's heading is on the form's page too: wait for the save itself.
    [saved] = wait_until(driver, lambda: server.contacts(account), "the contact saved")
    assert (saved["name"], saved["address"]) == ("Anna Li", "1 Main St, Flat 2, Springfield")
