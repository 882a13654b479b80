"""The screens around the list, in both languages, on a phone (375 px wide, the narrowest iPhone)
and a desktop: the address books page (one name asked for, the address made from it in pinyin,
a name another book has refused, the default book named in the account's language), the
sharing and groups pages' empty states, the import page's file picker and size limit, and the
birthday calendar's copy button and webcal:// link. Each screen's labels fit; screenshots of each."""

from pathlib import Path

import pytest

from harness.app import PASSWORD, find, login, wait_for, wait_for_list
from harness.browser import (
    by_name, click, cut_off_labels, fill, screenshot, visible_text, wait_for_navigation, wait_name, wait_until,
)
from harness.strings import BOOK_NAME, LANGS, SHARE_BOOK, t

VIEWPORTS = ("narrow-phone", "desktop")

# Every piece of text on the settings screens that could be cut: labels, headings, row text,
# buttons; each must show whole (no clipping, no ellipsis).
_OVERFLOWING_JS = """
return Array.from(document.querySelectorAll(
    'main label, main .field-label, main .group-label, main .inset-title, main .inset-detail, main .inset-value,'
    + ' main .inset-action, main .inset-empty, main .inset-footer, main button, main .wide, main .file-name, .bar-title'))
  .filter(e => e.checkVisibility() && (e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth + 1))
  .map(e => e.textContent.trim());
"""


def assert_fits(driver, screen: str) -> None:
    assert driver.execute_script(_OVERFLOWING_JS) == [], f"cut off on {screen}"
    assert cut_off_labels(driver) == [], f"labels cut off on {screen}"


def shoot(driver, screen: str) -> None:
    assert_fits(driver, screen)
    assert driver.execute_script("return document.documentElement.clientWidth") == (375 if driver.viewport == "narrow-phone" else 1280)
    screenshot(driver, screen if driver.viewport == "narrow-phone" else f"{screen}-desktop")


def top_fraction(driver, css: str) -> float:
    """Where the element's top is, as a fraction of the viewport's height."""
    return driver.execute_script("return arguments[0].getBoundingClientRect().top / innerHeight",
                                 driver.find_element("css selector", css))


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_book_is_made_from_its_name_alone_and_two_books_never_share_a_name(server, account, make_driver, lang, viewport):
    driver = make_driver(lang, viewport)
    login(driver, server.url, account)
    driver.get(server.url + "/books")
    wait_for(driver, "heading", "Address Books")
    assert not driver.find_elements("css selector", ".new-book input:not([type=hidden])")[1:], "one field: the name"
    name = "家人" if lang == "zh" else "Family"
    fill(find(driver, "field", BOOK_NAME), name)
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Create")))
    wait_name(driver, "heading", name)
    assert driver.current_url.endswith("/contacts?book=" + ("jiaren" if lang == "zh" else "family"))

    driver.get(server.url + "/books")
    row = next(r for r in driver.find_elements("css selector", ".book-row") if name in r.text)
    assert row.find_element("css selector", ".book-segment").text == ("jiaren" if lang == "zh" else "family")
    shoot(driver, "books")

    # The same name again, in another case and with spaces round it: refused, the name kept.
    again = f"  {name.upper()} "
    fill(find(driver, "field", BOOK_NAME), again)
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Create")))
    alert = wait_name(driver, "alert", name.upper(), exact=False)
    assert alert.text == (f"已有名为“{name}”的通讯录，请换一个名称" if lang == "zh"
                          else f'another address book is already called "{name.upper()}"; choose another name')
    assert find(driver, "field", BOOK_NAME).get_attribute("value") == name.upper()
    assert len(driver.find_elements("css selector", ".book-row")) == 2
    shoot(driver, "books-name-taken")

    # The book's own page: its name, and its CardDAV address as text, not a field.
    click(driver, by_name(driver, "link", f"{t(lang, 'Edit')} {name}"))
    wait_name(driver, "heading", name)
    slug = "jiaren" if lang == "zh" else "family"
    assert driver.find_element("css selector", "#book-address").text == f"/dav/addressbooks/{account}/{slug}/"
    fill(find(driver, "field", BOOK_NAME), "contacts")
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Save")))
    wait_name(driver, "alert", "contacts", exact=False)
    shoot(driver, "book-edit")


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", LANGS)
def test_the_default_book_is_named_in_the_language_the_account_was_made_in(fresh_server, make_driver, lang):
    driver = make_driver(lang)
    driver.get(fresh_server.setup_url())
    wait_for(driver, "button", "Create account")
    fill(find(driver, "field", "Account"), "first")
    fill(find(driver, "field", "Password"), PASSWORD)
    fill(find(driver, "field", "Repeat password"), PASSWORD)
    click(driver, find(driver, "button", "Create account"))
    wait_for_list(driver, "first")
    default = t(lang, "Contacts")
    driver.get(fresh_server.url + "/books")
    assert [e.text for e in driver.find_elements("css selector", "#my-books .book-title")] == [default]
    # The CLI and CardDAV read the same name.
    assert fresh_server.cli("book", "list", "--user", "first").split("\t")[:2] == ["contacts", default]
    # An account the CLI makes is named in the CLI's language.
    fresh_server.cli("user", "add", "second", "--password-stdin", stdin=PASSWORD + "\n")
    assert "\tContacts\t" in fresh_server.cli("book", "list", "--user", "second")


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("lang", LANGS)
def test_sharing_and_groups_show_their_empty_states_at_the_top(server, make_account, make_driver, lang, viewport):
    owner, other = make_account(), make_account()
    driver = make_driver(lang, viewport)
    login(driver, server.url, owner)

    driver.get(server.url + "/sharing")
    wait_for(driver, "heading", "Shared With")
    empty = driver.find_element("css selector", "#no-shares")
    assert empty.text == t(lang, "Not shared with anyone.")
    assert driver.execute_script("return !!arguments[0].closest('.inset-list')", empty), "a row of its group"
    assert top_fraction(driver, "#no-shares") < 0.3, "at the top, not floating mid-screen"
    shoot(driver, "sharing-empty")
    fill(find(driver, "field", "Account to share with"), other)
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", SHARE_BOOK)))
    wait_name(driver, "button", f"{t(lang, 'Stop sharing')} · {other}")
    shoot(driver, "sharing")

    driver.get(server.url + "/groups")
    wait_for(driver, "heading", "New group")
    assert driver.find_element("css selector", "#no-groups").text == t(lang, "No groups yet.")
    assert top_fraction(driver, "#no-groups") < 0.5
    shoot(driver, "groups-empty")
    fill(find(driver, "field", "New group"), "同学" if lang == "zh" else "Classmates")
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Add group")))
    driver.get(server.url + "/groups")
    assert not driver.find_elements("css selector", "#no-groups")
    shoot(driver, "groups-made")


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_import_page_names_the_chosen_file_and_the_size_limit(server, account, make_driver, lang, viewport, tmp_path):
    driver = make_driver(lang, viewport)
    login(driver, server.url, account)
    driver.get(server.url + "/contacts/import")
    button = wait_for(driver, "button", "Import")
    name = driver.find_element("css selector", "#file-name")
    assert name.text == t(lang, "No file chosen")
    assert driver.find_element("css selector", ".file-button").text == t(lang, "Choose File")
    limit = driver.find_element("css selector", "#import-limit").text
    assert "10 MB" in limit and "--max-upload-mb" in limit and "CONTACTS_MAX_UPLOAD_MB" in limit
    assert "contacts import" not in visible_text(driver)
    shoot(driver, "import")

    card = Path(tmp_path) / "朋友们.vcf"
    card.write_text("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Picked File\r\nTEL:13800138000\r\nEND:VCARD\r\n", encoding="utf-8")
    driver.find_element("css selector", "#file").send_keys(str(card))
    wait_until(driver, lambda: name.text == "朋友们.vcf", "the chosen file's name")
    shoot(driver, "import-chosen")
    wait_for_navigation(driver, lambda: click(driver, button))
    wait_for(driver, "heading", "Import finished")
    assert driver.find_element("css selector", "#imported-count").text == "1"
    shoot(driver, "import-done")


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", LANGS)
def test_the_birthday_calendars_address_is_copied_and_subscribed_to(server, account, make_driver, lang):
    driver = make_driver(lang, "narrow-phone")
    login(driver, server.url, account)
    driver.get(server.url + "/birthdays")
    wait_for_navigation(driver, lambda: click(driver, wait_for(driver, "button", "Turn on")))
    address = driver.find_element("css selector", "#feed-address").get_attribute("value")
    assert address.startswith(server.url + "/")
    subscribe = find(driver, "link", "Subscribe in Calendar")
    assert subscribe.get_attribute("href") == "webcal://" + address.split("://", 1)[1]

    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url,
                                                        "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    copy = find(driver, "button", "Copy Address")
    click(driver, copy)
    wait_until(driver, lambda: copy.text == t(lang, "Copied"), "the button to say it copied")
    assert driver.execute_async_script(
        "const done = arguments[0]; navigator.clipboard.readText().then(done, e => done('error: ' + e))") == address
    shoot(driver, "birthday-feed")


@pytest.mark.parametrize("lang", LANGS)
def test_without_the_clipboard_api_the_address_is_selected_and_copied(server, account, make_driver, lang):
    driver = make_driver(lang)
    # A page served over plain http to another host has no navigator.clipboard.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                           {"source": "Object.defineProperty(navigator, 'clipboard', {value: undefined});"})
    login(driver, server.url, account)
    driver.get(server.url + "/birthdays")
    wait_for_navigation(driver, lambda: click(driver, wait_for(driver, "button", "Turn on")))
    copy = find(driver, "button", "Copy Address")
    click(driver, copy)
    field = driver.find_element("css selector", "#feed-address")
    assert driver.execute_script(
        "const f = arguments[0]; return document.activeElement === f && f.selectionStart === 0 && f.selectionEnd === f.value.length",
        field), "the address selected, ready to copy by hand"
