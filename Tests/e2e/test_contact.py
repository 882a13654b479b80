"""New contact, and one contact's page: read-only view, edit, cancel, save, the discard prompt."""

import struct
import zlib

import pytest

from harness.app import (
    PASSWORD,
    add_contact, digits, find, login, open_contact, open_new_contact, row_names, start_editing,
    wait_for, wait_for_list,
)
from harness.browser import (
    active_element, all_by_name, by_name, click, fill, is_enabled, path_of, visible_text,
    wait_gone, wait_until,
)
from harness.carddav import BOOK, dav_request, describe
from harness.http import form_of, http_session, submit
from harness.strings import t


def png(width=64, height=64):
    """A small valid RGB PNG."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\xd0\x60\x40" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


# -- New contact ------------------------------------------------------------------------------

def test_add_is_enabled_only_with_a_name_or_a_company_and_name_has_focus(server, account, logged_in):
    open_new_contact(logged_in)
    name, company, add = (find(logged_in, "field", "Name"), find(logged_in, "field", "Company"),
                          find(logged_in, "button", "Add"))
    wait_until(logged_in, lambda: active_element(logged_in) == name, "the Name field to have focus")
    assert not is_enabled(add)
    fill(find(logged_in, "field", "Phone"), "138 0013 8000")
    assert not is_enabled(add), "a phone alone names nobody"
    fill(name, "张三")
    wait_until(logged_in, lambda: is_enabled(add), "Add enabled with a Name")
    fill(name, "")
    wait_until(logged_in, lambda: not is_enabled(add), "Add disabled without a Name")
    fill(company, "Acme")
    wait_until(logged_in, lambda: is_enabled(add), "Add enabled with a Company")

    for label in ("Age", "Address", "Email", "Note"):
        find(logged_in, "field", label)
    assert find(logged_in, "field", "Photo", visible=False).get_attribute("type") == "file"
    options = find(logged_in, "field", "Sex").find_elements("css selector", "option")
    assert sorted(o.text.strip() for o in options) == sorted(["Male", "Female", "Other", "Not set"])


def test_new_contact_form_saves_every_field(server, account, logged_in):
    add_contact(logged_in, account, "张三", "138 0013 8000", Sex="Male", Age="34", Address="北京市海淀区",
                Email="zs@example.com", Note="老同学")
    [saved] = server.contacts(account)
    assert (saved["name"], digits(saved["phones"][0]), saved["sex"], saved["age"], saved["address"],
            saved["emails"], saved["note"]) == ("张三", "13800138000", "male", 34, "北京市海淀区",
                                                ["zs@example.com"], "老同学")


INVALID = [("Name", "", None, "Enter a name or a company"),
           ("Age", "151", None, "Age must be 0–150"),
           ("Age", "-1", None, "Age must be 0–150"),
           ("Photo", None, ("notes.png", b"this is not an image", "image/png"), "Unsupported image")]


def test_server_rejects_invalid_contacts_with_the_same_messages(server, account, logged_in):
    open_new_contact(logged_in)
    fill(find(logged_in, "field", "Name"), "张三")
    fill(find(logged_in, "field", "Phone"), "138 0013 8000")
    names = {label: find(logged_in, "field", label, visible=False).get_attribute("name")
             for label in ("Name", "Phone", "Age", "Photo")}
    form = form_of(logged_in, find(logged_in, "button", "Add"))
    session = http_session(driver=logged_in)

    for label, value, upload, message in INVALID:
        bad = form.with_fields(**{names[label]: value}) if value is not None else form
        response = submit(session, bad, files={names[label]: upload} if upload else None)
        assert 400 <= response.status_code < 500, f"{label}={value!r}: HTTP {response.status_code}"
        assert message in response.text, f"{label}={value!r} should say {message!r}"
    assert server.contacts(account) == [], "nothing half-saved"

    # The same form, valid and with a real photo, goes through: the refusals above were the server's.
    response = submit(session, form, files={names["Photo"]: ("me.png", png(), "image/png")})
    assert response.status_code in (200, 201, 302, 303), response.status_code
    [saved] = server.contacts(account)
    assert saved["name"] == "张三" and saved["hasPhoto"] is True


def test_server_message_shows_in_the_form_keeping_the_input(server, account, logged_in):
    open_new_contact(logged_in)
    fill(find(logged_in, "field", "Name"), "张三")
    fill(find(logged_in, "field", "Phone"), "138 0013 8000")
    fill(find(logged_in, "field", "Age"), "200")
    add = find(logged_in, "button", "Add")
    logged_in.execute_script("""  // get past the browser's own checks, to reach the server
        const form = arguments[0].form; form.noValidate = true;
        for (const el of form.elements) { el.removeAttribute('max'); el.removeAttribute('min');
          el.removeAttribute('pattern'); if (el.type === 'number') el.type = 'text'; }
        arguments[0].disabled = false;""", add)
    click(logged_in, add)
    wait_until(logged_in, lambda: t("en", "Age must be 0–150") in visible_text(logged_in), "the age message")
    assert find(logged_in, "field", "Name").get_attribute("value") == "张三"
    assert server.contacts(account) == []


# -- One contact ------------------------------------------------------------------------------

def seed_zhang(server, account):
    return server.add_contact(account, "张三", "138 0013 8000", "--phone", "work:010-6666 0000",
                              "--email", "zs@example.com", "--note", "老同学")


def editable_fields(driver):
    """The contact's own fields that take input (the groups panel and the move form are forms of their own)."""
    return [e for e in driver.find_elements("css selector", "#contact-form input, #contact-form textarea, #contact-form select")
            if e.is_displayed() and e.is_enabled() and e.get_attribute("readonly") is None
            and e.get_attribute("type") not in ("hidden", "file", "search")]


def test_contact_opens_read_only_with_tel_and_mailto_links(server, account, logged_in):
    open_contact(logged_in, server.url, seed_zhang(server, account))
    tel = [digits(a.get_attribute("href")) for a in logged_in.find_elements("css selector", "a[href^='tel:']")
           if a.is_displayed()]
    assert sorted(set(tel)) == ["01066660000", "13800138000"]
    mail = [a.get_attribute("href") for a in logged_in.find_elements("css selector", "a[href^='mailto:']")
            if a.is_displayed()]
    assert set(mail) == {"mailto:zs@example.com"}
    assert editable_fields(logged_in) == [], "the contact opens read-only"
    assert not all_by_name(logged_in, "button", "Save")
    find(logged_in, "control", "Edit")
    find(logged_in, "button", "Delete contact")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_viewing_shows_only_the_fields_a_contact_has(server, account, make_driver, lang):
    """As the phone's Contacts app: a contact with a name and a phone shows the name and that one
    row; Edit opens the form with every field, Cancel comes back to the card."""
    driver = make_driver(lang)
    login(driver, server.url, account)
    open_contact(driver, server.url, server.add_contact(account, "李四", "139 1234 5678"))

    assert driver.find_element("id", "card-name").text == "李四"
    shown = driver.find_elements("css selector", ".card-row")
    assert [row.get_attribute("class") for row in shown] == ["card-row phone-row"]
    assert digits(shown[0].text) == "13912345678"

    start_editing(driver)
    for field in ["Sex", "Age", "Address", "Email", "Note"]:
        find(driver, "field", field)
    for part in ["Year", "Month", "Day"]:
        by_name(driver, "field", f"{t(lang, 'Birthday')} · {t(lang, part)}")
    assert driver.find_element("css selector", ".lunar-field").is_displayed()

    click(driver, find(driver, "control", "Cancel"))
    wait_for(driver, "control", "Edit")
    assert len(driver.find_elements("css selector", ".card-row")) == 1


def test_a_contact_with_every_field_shows_every_field(server, account, logged_in):
    open_contact(logged_in, server.url, server.add_contact(
        account, "王五", "138 0000 0000", "--sex", "female", "--birthday", "1990-05-17", "--address", "北京",
        "--email", "ww@example.com", "--note", "朋友"))
    shown = {row.find_element("css selector", ".row-label").text: row.find_element("css selector", ".row-value").text
             for row in logged_in.find_elements("css selector", ".card-row")}
    assert shown.pop("Birthday").startswith("May 17, 1990\nTurns "), "with the age the birthday gives"
    assert shown == {"mobile": "138 0000 0000", "Sex": "Female", "home": "北京", "other": "ww@example.com", "Note": "朋友"}


def test_edit_and_cancel_restores(server, account, logged_in):
    contact_id = seed_zhang(server, account)
    open_contact(logged_in, server.url, contact_id)
    save = start_editing(logged_in)
    phone = find(logged_in, "field", "Phone")
    assert not is_enabled(save), "nothing changed yet"

    fill(phone, "139 9999 9999")
    wait_until(logged_in, lambda: is_enabled(save), "Save enabled after a change")
    name = find(logged_in, "field", "Name")
    fill(name, "")
    wait_until(logged_in, lambda: not is_enabled(save), "Save disabled without a name")
    fill(name, "张三")
    wait_until(logged_in, lambda: is_enabled(save), "Save enabled again")

    click(logged_in, find(logged_in, "control", "Cancel"))
    if all_by_name(logged_in, "dialog", t("en", "Discard changes?")):  # allowed, not required
        click(logged_in, by_name(logged_in, "button", "Discard"))
    wait_for(logged_in, "control", "Edit")
    wait_until(logged_in, lambda: editable_fields(logged_in) == [], "read-only again")
    assert "13999999999" not in digits(visible_text(logged_in))
    assert "13800138000" in digits(visible_text(logged_in))
    assert digits(server.contacts(account)[0]["phones"][0]) == "13800138000"


def test_save_stores_the_change(server, account, logged_in):
    contact_id = seed_zhang(server, account)
    open_contact(logged_in, server.url, contact_id)
    save = start_editing(logged_in)
    fill(find(logged_in, "field", "Phone"), "139 9999 9999")
    wait_until(logged_in, lambda: is_enabled(save), "Save enabled")
    click(logged_in, save)

    wait_for(logged_in, "control", "Edit")
    wait_until(logged_in, lambda: any(digits(a.get_attribute("href")) == "13999999999" for a in
                                      logged_in.find_elements("css selector", "a[href^='tel:']")),
               "the new number as a tel: link")
    [saved] = server.contacts(account)
    assert digits(saved["phones"][0]) == "13999999999"
    assert saved["emails"] == ["zs@example.com"] and saved["note"] == "老同学", "other fields kept"


def change_note_over_carddav(server, account, note):
    """What a phone does while the page is open: GET the card, PUT it back changed, with If-Match."""
    [card] = server.contacts(account)
    url, auth = f"{server.url}/dav/addressbooks/{account}/{BOOK}/{card['uid']}.vcf", (account, PASSWORD)
    fetched = dav_request("GET", url, auth)
    changed = fetched.text.replace("NOTE:老同学", f"NOTE:{note}")
    assert changed != fetched.text
    put = dav_request("PUT", url, auth, body=changed,
                      headers={"If-Match": fetched.headers["ETag"], "Content-Type": "text/vcard; charset=utf-8"})
    assert put.status_code == 204, describe(put)


def test_a_save_after_a_phone_changed_another_field_keeps_both(server, account, logged_in):
    contact_id = seed_zhang(server, account)
    open_contact(logged_in, server.url, contact_id)
    save = start_editing(logged_in)
    fill(find(logged_in, "field", "Phone"), "139 9999 9999")
    change_note_over_carddav(server, account, "from the phone")

    click(logged_in, save)
    wait_for(logged_in, "control", "Edit")
    [saved] = server.contacts(account)
    assert digits(saved["phones"][0]) == "13999999999" and saved["note"] == "from the phone"


def test_a_save_over_a_field_a_phone_changed_shows_both_and_overwrites_nothing(server, account, logged_in):
    """The note is changed over CardDAV while the page edits it too: Save is refused with the
    other version's note shown, nothing is overwritten, and a second Save keeps the edit knowingly."""
    contact_id = seed_zhang(server, account)
    open_contact(logged_in, server.url, contact_id)
    save = start_editing(logged_in)
    fill(find(logged_in, "field", "Phone"), "139 9999 9999")
    fill(find(logged_in, "field", "Note"), "from the web")
    change_note_over_carddav(server, account, "from the phone")

    click(logged_in, save)
    error = wait_for(logged_in, "alert", "This contact was changed on another device", exact=False)
    assert "Note: from the phone" in error.text and "Phone" not in error.text.split("has", 1)[-1]
    [kept] = server.contacts(account)
    assert digits(kept["phones"][0]) == "13800138000" and kept["note"] == "from the phone"
    assert digits(find(logged_in, "field", "Phone").get_attribute("value")) == "13999999999", "the edit is still there"
    assert find(logged_in, "field", "Note").get_attribute("value") == "from the web"

    save = find(logged_in, "button", "Save")
    wait_until(logged_in, lambda: is_enabled(save), "Save enabled for the edit not yet stored")
    click(logged_in, save)
    wait_for(logged_in, "control", "Edit")
    [saved] = server.contacts(account)
    assert digits(saved["phones"][0]) == "13999999999" and saved["note"] == "from the web"


def test_leaving_with_unsaved_changes_asks_to_discard(server, account, logged_in):
    contact_id = seed_zhang(server, account)
    open_contact(logged_in, server.url, contact_id)
    start_editing(logged_in)
    fill(find(logged_in, "field", "Phone"), "139 9999 9999")

    click(logged_in, find(logged_in, "control", "Cancel"))
    prompt = wait_for(logged_in, "dialog", "Discard changes?")
    click(logged_in, by_name(logged_in, "button", "Keep editing", within=prompt))
    wait_gone(logged_in, "dialog", "Discard changes?")
    assert path_of(logged_in) == f"/contacts/{contact_id}/edit"
    assert digits(find(logged_in, "field", "Phone").get_attribute("value")) == "13999999999"

    click(logged_in, find(logged_in, "control", "Cancel"))
    prompt = wait_for(logged_in, "dialog", "Discard changes?")
    click(logged_in, by_name(logged_in, "button", "Discard", within=prompt))
    wait_for(logged_in, "control", "Edit")
    assert path_of(logged_in) == f"/contacts/{contact_id}"
    assert digits(server.contacts(account)[0]["phones"][0]) == "13800138000"


def test_delete_contact_moves_it_to_the_trash(server, account, logged_in):
    contact_id = seed_zhang(server, account)
    open_contact(logged_in, server.url, contact_id)
    click(logged_in, find(logged_in, "button", "Delete contact"))
    confirm = all_by_name(logged_in, "dialog", "", exact=False)  # a confirmation is allowed
    if confirm:
        click(logged_in, next(b for b in all_by_name(logged_in, "button", "", exact=False, within=confirm[0])
                              if b.text.strip() in ("Delete", "Delete contact")))
    wait_for_list(logged_in, account)
    assert row_names(logged_in, ["张三"]) == []
    assert server.contacts(account) == [] and server.trash_names(account) == ["张三"]
