"""The list's edit mode acting on several contacts at once: rows selected with their round controls
(a shift-click selects a range on a desktop), then Delete Selected, which asks first naming how
many (an action sheet on a phone, a dialog on a desktop, a page without the script), with one Undo
for them all; Move to another book, and Export as one .vcf through the same form as a plain HTTP
client sends it, without the script."""

import json

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from harness.app import confirmation_closed, find, login, open_confirmation, wait_for, wait_for_list
from harness.browser import by_name, click, screenshot, wait_for_navigation, wait_until
from harness.http import form_of, http_session, parse_forms, submit
from harness.strings import t

SELECT = {"en": "Select {}", "zh": "选择 {}"}


def checkbox(driver, lang: str, name: str):
    """The edit-mode checkbox of the row of `name`."""
    return by_name(driver, "checkbox", SELECT[lang].format(name))


def checked(driver, lang: str, names: list[str]) -> list[bool]:
    return [checkbox(driver, lang, name).is_selected() for name in names]


@pytest.fixture
def four(server, account):
    for name, phone in [("Ann", "13800000001"), ("Bea", "13800000002"), ("Cy", "13800000003"), ("Dee", "13800000004")]:
        server.add_contact(account, name, phone)
    server.cli("book", "add", "--user", account, "work", "--display-name", "Work")


def editing(server, account, driver):
    """The browser logged in, on the list in edit mode."""
    login(driver, server.url, account)
    click(driver, find(driver, "control", "Edit"))
    wait_for(driver, "control", "Done")
    return driver


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_checked_rows_are_deleted_with_one_undo_and_moved_to_another_book(server, account, four, make_driver, lang, viewport):
    driver = editing(server, account, make_driver(lang, viewport))
    click(driver, checkbox(driver, lang, "Ann"))
    if viewport == "desktop":
        ActionChains(driver).key_down(Keys.SHIFT).click(checkbox(driver, lang, "Cy")).key_up(Keys.SHIFT).perform()
        assert checked(driver, lang, ["Ann", "Bea", "Cy", "Dee"]) == [True, True, True, False], "a shift-click checks the range"
        click(driver, checkbox(driver, lang, "Bea"))
    else:
        click(driver, checkbox(driver, lang, "Cy"))
    assert checked(driver, lang, ["Ann", "Bea", "Cy", "Dee"]) == [True, False, True, False]
    screenshot(driver, "bulk" if viewport == "phone" else "bulk-desktop")
    form = driver.find_element("css selector", "#bulk-form")
    click(driver, find(driver, "button", "Delete Selected", within=form))
    confirm = wait_for(driver, "button", "Delete 2 Contacts")
    wait_for_navigation(driver, lambda: click(driver, confirm))
    assert server.contact_names(account) == ["Bea", "Dee"]
    click(driver, wait_for(driver, "button", "Undo"))
    wait_until(driver, lambda: server.contact_names(account) == ["Ann", "Bea", "Cy", "Dee"], "one Undo to restore both")

    driver.get(server.url + "/contacts?edit=1")
    wait_for_list(driver, account)
    click(driver, checkbox(driver, lang, "Dee"))
    form = driver.find_element("css selector", "#bulk-form")
    assert find(driver, "field", "Address book", within=form).get_attribute("value") == "work"
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Move", within=form)))
    assert server.contact_names(account) == ["Ann", "Bea", "Cy"]
    work = json.loads(server.cli("list", "--user", account, "--book", "work", "--json"))
    assert [contact["name"] for contact in work] == ["Dee"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_form_exports_the_checked_rows_without_the_script(server, account, four, make_driver, lang):
    """The boxes belong to the form by their `form` attribute: what a browser without the script
    submits (the form's fields, the boxes checked, the button's action) exports those contacts."""
    driver = make_driver(lang, "phone")
    login(driver, server.url, account)
    driver.get(server.url + "/contacts?edit=1")
    wait_for_list(driver, account)
    click(driver, checkbox(driver, lang, "Ann"))
    click(driver, checkbox(driver, lang, "Cy"))
    form = form_of(driver, driver.find_element("css selector", "#bulk-form"))
    assert form.method == "post" and len([name for name, _ in form.fields if name == "ids"]) == 2, form
    form.fields.append(("operation", "export"))
    export = submit(http_session(lang, driver=driver), form)
    assert export.status_code == 200, export.text
    assert export.text.count("BEGIN:VCARD") == 2 and "FN:Ann" in export.text and "FN:Cy" in export.text


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_delete_asks_naming_how_many_and_cancel_deletes_nothing(server, account, four, make_driver, lang, viewport):
    driver = editing(server, account, make_driver(lang, viewport))
    form = driver.find_element("css selector", "#bulk-form")
    delete = find(driver, "button", "Delete Selected", within=form)
    assert not delete.is_enabled(), "nothing selected: nothing to delete"
    for name in ("Ann", "Bea", "Cy"):
        click(driver, checkbox(driver, lang, name))
    click(driver, delete)
    sheet, text = open_confirmation(driver)
    assert t(lang, "Delete 3 Contacts") in text and t(lang, "Recently Deleted") in text, text
    if viewport == "phone":
        assert driver.execute_script("return innerHeight - arguments[0].getBoundingClientRect().bottom", sheet) < 40, \
            "an action sheet at the bottom"
    else:
        top = driver.execute_script("return arguments[0].getBoundingClientRect().top", sheet)
        assert 100 < top < 500, f"a dialog in the middle of the screen, not a sheet at the bottom ({top})"
    screenshot(driver, "bulk-confirm" if viewport == "phone" else "bulk-confirm-desktop")
    click(driver, by_name(driver, "button", t(lang, "Cancel"), within=sheet))
    wait_until(driver, lambda: confirmation_closed(driver), "the sheet to close")
    assert server.contact_names(account) == ["Ann", "Bea", "Cy", "Dee"], "Cancel deletes nothing"
    assert checked(driver, lang, ["Ann", "Bea", "Cy", "Dee"]) == [True, True, True, False], "and keeps the selection"

    click(driver, checkbox(driver, lang, "Bea"))
    click(driver, delete)
    sheet, text = open_confirmation(driver)
    assert t(lang, "Delete 2 Contacts") in text
    wait_for_navigation(driver, lambda: click(driver, by_name(driver, "button", t(lang, "Delete 2 Contacts"), within=sheet)))
    assert server.contact_names(account) == ["Bea", "Dee"], "exactly the ones chosen"
    assert sorted(server.trash_names(account)) == ["Ann", "Cy"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_delete_without_the_script_asks_on_a_page(server, account, four, make_driver, lang):
    driver = make_driver(lang, "phone")
    login(driver, server.url, account)
    driver.get(server.url + "/contacts?edit=1")
    wait_for_list(driver, account)
    click(driver, checkbox(driver, lang, "Ann"))
    click(driver, checkbox(driver, lang, "Dee"))
    form = form_of(driver, driver.find_element("css selector", "#bulk-form"))
    form.fields.append(("operation", "delete"))
    session = http_session(lang, driver=driver)
    asked = submit(session, form)
    assert asked.status_code == 200 and t(lang, "Delete 2 Contacts") in asked.text
    assert server.contact_names(account) == ["Ann", "Bea", "Cy", "Dee"], "asking deletes nothing"
    [confirm] = [f for f in parse_forms(asked.text, server.url) if f.value("confirmed") == "1"]
    assert submit(session, confirm).status_code == 303
    assert server.contact_names(account) == ["Bea", "Cy"]
