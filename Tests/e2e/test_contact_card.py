"""A viewed contact, shaped like the phone's Contacts app: the name large with the company under it,
the quick actions (call, message, mail, map) for what the contact has, then a labelled row for
each thing it has — in both languages, at phone and desktop sizes, saving docs/screenshots/
<lang>-contact-card[-desktop].png and, scrolled to the rows below, <lang>-contact-card-rows[-desktop].png."""

from urllib.parse import quote

import pytest

from harness.app import login, open_contact
from harness.browser import click, screenshot, wait_until
from harness.strings import LANGS, t

# An iPhone's card of a company contact's person, as Apple writes it.
RICH = """BEGIN:VCARD
VERSION:3.0
N:马;化腾;;;
FN:马化腾
NICKNAME:Pony
ORG:腾讯;微信事业群
TITLE:董事会主席
TEL;type=CELL;type=VOICE;type=pref:+86 138 0013 8000
TEL;type=WORK;type=VOICE:0755-8601 3388
EMAIL;type=INTERNET;type=WORK;type=pref:pony@tencent.com
EMAIL;type=INTERNET;type=HOME:pony@qq.com
ADR;type=WORK;type=pref:;;科技中一路\\n腾讯大厦;深圳;广东;518057;中国
ADR;type=HOME:;;1 Infinite Loop;Cupertino;CA;95014;USA
URL;type=WORK:https://www.tencent.com
IMPP;X-SERVICE-TYPE=WeChat;type=HOME:x-apple:ponyma
IMPP;X-SERVICE-TYPE=QQ;type=WORK:x-apple:10001
BDAY:1971-10-29
item1.X-ABDATE;type=pref:1998-11-11
item1.X-ABLabel:_$!<Anniversary>!$_
item2.X-ABRELATEDNAMES;type=pref:陈一丹
item2.X-ABLabel:_$!<Friend>!$_
NOTE:QQ 之父
END:VCARD
"""


def import_card(server, account, card: str) -> int:
    """Imports one card for `account` (who has no other contact); returns its id."""
    server.cli("import", "--user", account, "-", stdin=card.replace("\n", "\r\n"))
    [contact] = server.contacts(account)
    return contact["id"]


def rows(driver, kind: str) -> list[tuple[str, str]]:
    """(label, value) of each row of one kind, as shown."""
    return [(row.find_element("css selector", ".row-label").text, row.find_element("css selector", ".row-value").text)
            for row in driver.find_elements("css selector", f".card-row.{kind}")]


def action(driver, name: str):
    return driver.find_element("id", f"{name}-action")


@pytest.mark.screenshots
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_rich_contact_is_shown_as_the_phones_contacts_app_shows_it(server, account, make_driver, lang, viewport):
    contact_id = import_card(server, account, RICH)
    driver = make_driver(lang, viewport)
    login(driver, server.url, account)
    open_contact(driver, server.url, contact_id)

    card = driver.find_element("id", "contact-card")
    assert card.find_element("id", "card-name").text == "马化腾"
    subtitles = [p.text for p in card.find_elements("css selector", ".card-subtitle")]
    assert subtitles == ["董事会主席 · 微信事业群", "腾讯"]
    assert not driver.find_elements("css selector", "#contact-form"), "not the edit form"

    assert [action(driver, n).text for n in ("call", "message", "mail", "map")] == \
        [t(lang, "call"), t(lang, "message"), t(lang, "mail"), t(lang, "map")]
    assert action(driver, "call").get_attribute("href") == "tel:+8613800138000"
    assert action(driver, "message").get_attribute("href") == "sms:+8613800138000"
    assert action(driver, "mail").get_attribute("href") == "mailto:pony@tencent.com"
    assert action(driver, "map").get_attribute("href") == \
        "https://maps.apple.com/?q=" + quote("科技中一路, 腾讯大厦, 深圳, 广东, 518057, 中国", safe="")

    assert rows(driver, "phone-row") == [(t(lang, "mobile"), "+86 138 0013 8000"), (t(lang, "work"), "0755-8601 3388")]
    assert rows(driver, "email-row") == [(t(lang, "work"), "pony@tencent.com"), (t(lang, "home"), "pony@qq.com")]
    assert rows(driver, "address-row") == [(t(lang, "work"), "科技中一路\n腾讯大厦\n深圳 广东 518057\n中国"),
                                           (t(lang, "home"), "1 Infinite Loop\nCupertino CA 95014\nUSA")]
    assert rows(driver, "website-row") == [(t(lang, "work"), "https://www.tencent.com")]
    website = driver.find_element("css selector", ".website-row a")
    assert website.get_attribute("rel") == "noopener noreferrer"
    handles = rows(driver, "handle-row")
    assert [label for label, _ in handles] == ["WeChat · " + t(lang, "home"), "QQ · " + t(lang, "work")]
    assert [value.split("\n")[0].removesuffix(t(lang, "Copy")).strip() for _, value in handles] == ["ponyma", "10001"]
    assert rows(driver, "related-row") == [(t(lang, "friend"), "陈一丹")]
    assert rows(driver, "date-row") == [(t(lang, "anniversary"), "November 11, 1998" if lang == "en" else "1998年11月11日")]
    assert rows(driver, "nickname-row") == [(t(lang, "Nickname"), "Pony")]
    assert rows(driver, "note-row") == [(t(lang, "Note"), "QQ 之父")]
    birthday = rows(driver, "birthday-row")
    assert birthday[0][0] == t(lang, "Birthday")
    assert birthday[0][1].startswith("October 29, 1971" if lang == "en" else "1971年10月29日")
    # No phone or email twice.
    text = card.text
    assert text.count("0755-8601 3388") == 1 and text.count("pony@qq.com") == 1

    suffix = "-desktop" if viewport == "desktop" else ""
    screenshot(driver, "contact-card" + suffix)
    # The rows below the first screen: addresses, dates, related names, handles, the note.
    driver.execute_script("document.querySelector('.address-row').scrollIntoView({block: 'start'});"
                          "scrollBy(0, -document.querySelector('.bar').offsetHeight - 8)")
    screenshot(driver, "contact-card-rows" + suffix)


def test_a_contact_without_a_phone_offers_no_call_or_message(server, account, make_driver):
    contact_id = import_card(server, account, "BEGIN:VCARD\nVERSION:3.0\nFN:Only Mail\nEMAIL:only@example.com\nEND:VCARD\n")
    driver = make_driver("en")
    login(driver, server.url, account)
    open_contact(driver, server.url, contact_id)
    for name in ("call", "message", "map"):
        tile = action(driver, name)
        assert tile.tag_name == "span" and tile.get_attribute("aria-disabled") == "true", name
    assert action(driver, "mail").get_attribute("href") == "mailto:only@example.com"
    assert not driver.find_elements("css selector", "a[href^='tel:'], a[href^='sms:']")


def test_a_wechat_id_is_copied_with_its_button(server, account, make_driver):
    contact_id = import_card(server, account, RICH)
    driver = make_driver("en")
    login(driver, server.url, account)
    open_contact(driver, server.url, contact_id)
    handle = driver.find_element("css selector", ".handle-row .handle")
    assert handle.value_of_css_property("user-select") == "all", "the ID selectable in one go without the script too"
    button = driver.find_element("css selector", ".handle-row .copy-button")
    assert button.is_displayed() and button.text == "Copy"
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    click(driver, button)
    wait_until(driver, lambda: button.text == "Copied", "the button to say the ID was copied")
    assert driver.execute_async_script("navigator.clipboard.readText().then(arguments[0])") == "ponyma"
