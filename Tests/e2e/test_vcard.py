"""Import from the list's menu, export, and Share on a contact's page: vCard files in and out."""

from urllib.parse import urlparse

import pytest

from harness.app import find, login, open_contact, open_menu_item, start_editing, wait_for, wait_for_list, wait_rows
from harness.browser import all_by_name, click, screenshot, visible_text, wait_gone, wait_until
from harness.http import http_session
from harness.strings import LANGS, list_title, t

# Two good cards (one with a Chinese name) and one without the colon of a content line (line 10).
CARDS = ("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:e2e-1\r\nFN:张三\r\nTEL:138 0013 8000\r\nEND:VCARD\r\n"
         "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:e2e-2\r\nno colon here\r\nEND:VCARD\r\n"
         "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:e2e-3\r\nFN:Anna Schmidt\r\nTEL:+49 30 1234567\r\nEND:VCARD\r\n")
FAILURE = {"en": "vCard 2, line 10: content line has no colon", "zh": "第 2 张名片，第 10 行：这一行没有冒号"}
VCARD_TYPE = "text/vcard; charset=utf-8"


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", LANGS)
def test_import_from_the_menu_shows_the_summary_then_the_contacts(server, account, make_driver, tmp_path, lang):
    driver = make_driver(lang)
    login(driver, server.url, account)
    cards = tmp_path / "cards.vcf"
    cards.write_text(CARDS, encoding="utf-8")

    click(driver, open_menu_item(driver, "Import"))
    wait_for(driver, "heading", "Import")
    assert find(driver, "field", "vCard or CSV file", visible=False).get_attribute("accept") == ".vcf,text/vcard,text/x-vcard,.csv,text/csv"
    find(driver, "field", "vCard or CSV file", visible=False).send_keys(str(cards))
    click(driver, find(driver, "button", "Import"))

    wait_for(driver, "heading", "Import finished")
    text = visible_text(driver)
    assert t(lang, "Imported") in text and t(lang, "Not imported") in text
    assert FAILURE[lang] in text
    counts = {key: driver.find_element("id", f"{key}-count").text for key in ("imported", "updated", "skipped", "failed")}
    assert counts == {"imported": "2", "updated": "0", "skipped": "0", "failed": "1"}
    screenshot(driver, "import-summary")

    # The summary is a page of its own (post, redirect, get): reloading it imports nothing again.
    assert urlparse(driver.current_url).path == "/contacts/import/result"
    driver.refresh()
    wait_for(driver, "heading", "Import finished")
    assert driver.find_element("id", "imported-count").text == "2"
    assert server.contact_names(account) == ["Anna Schmidt", "张三"]

    click(driver, find(driver, "control", "Done"))
    wait_for_list(driver, account)
    wait_rows(driver, ["Anna Schmidt", "张三"], among=["Anna Schmidt", "张三"])
    assert server.contact_names(account) == ["Anna Schmidt", "张三"]


def test_importing_the_same_file_again_finds_it_already_there(server, account, logged_in, tmp_path):
    cards = tmp_path / "cards.vcf"
    cards.write_text(CARDS, encoding="utf-8")
    for choice, counted in (("update", "imported"), ("skip", "already-there")):
        click(logged_in, open_menu_item(logged_in, "Import"))
        wait_for(logged_in, "heading", "Import")
        click(logged_in, logged_in.find_element("css selector", f"input[name=on_conflict][value={choice}]"))
        find(logged_in, "field", "vCard or CSV file", visible=False).send_keys(str(cards))
        click(logged_in, find(logged_in, "button", "Import"))
        wait_for(logged_in, "heading", "Import finished")
        assert logged_in.find_element("id", f"{counted}-count").text == "2"
        click(logged_in, find(logged_in, "control", "Done"))
        wait_for_list(logged_in, account)
    assert server.contact_names(account) == ["Anna Schmidt", "张三"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_photo_chosen_by_mistake_is_refused_by_name(server, account, make_driver, tmp_path, lang):
    driver = make_driver(lang)
    login(driver, server.url, account)
    photo = tmp_path / "photo.png"
    photo.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    click(driver, open_menu_item(driver, "Import"))
    wait_for(driver, "heading", "Import")
    find(driver, "field", "vCard or CSV file", visible=False).send_keys(str(photo))
    click(driver, find(driver, "button", "Import"))
    error = wait_until(driver, lambda: driver.find_elements("id", "form-error") and driver.find_element("id", "form-error").text,
                       "the form's error")
    assert error.startswith({"en": "photo.png is a PNG image, not a vCard or CSV file.",
                             "zh": "photo.png 是 PNG 图片，不是 vCard 或 CSV 文件。"}[lang]), error
    assert server.contact_names(account) == []


def test_export_in_the_menu_is_every_card(server, account, logged_in):
    server.add_contact(account, "李四", "136 3333 4444")
    server.add_contact(account, "Émile Zola", "+33 6 12 34 56 78")
    logged_in.refresh()
    wait_for_list(logged_in, account)
    href = open_menu_item(logged_in, "Export vCard").get_attribute("href")
    assert urlparse(href).path == "/contacts/export.vcf"
    response = http_session(driver=logged_in).get(href, timeout=10)
    assert response.status_code == 200 and response.headers["Content-Type"] == VCARD_TYPE
    assert response.headers["Content-Disposition"] == 'attachment; filename="contacts.vcf"'
    body = response.content.decode("utf-8")
    assert body.count("BEGIN:VCARD") == 2 and "FN:李四" in body and "FN:Émile Zola" in body
    click(logged_in, find(logged_in, "link", "Export vCard"))  # a download: the page stays, the menu closes
    wait_gone(logged_in, "link", "Export vCard")
    find(logged_in, "heading", list_title("en"))


def test_share_on_a_contact_page_gives_its_card(server, account, logged_in):
    contact_id = server.add_contact(account, "张三", "138 0013 8000")
    open_contact(logged_in, server.url, contact_id)
    href = find(logged_in, "link", "Share").get_attribute("href")
    assert urlparse(href).path == f"/contacts/{contact_id}/vcard"
    response = http_session(driver=logged_in).get(href, timeout=10)
    assert response.status_code == 200 and response.headers["Content-Type"] == VCARD_TYPE
    assert response.headers["Content-Disposition"] == (
        "attachment; filename=\"contact.vcf\"; filename*=UTF-8''%E5%BC%A0%E4%B8%89.vcf")
    body = response.content.decode("utf-8")
    assert body.count("BEGIN:VCARD") == 1 and "FN:张三" in body

    start_editing(logged_in)
    assert not all_by_name(logged_in, "link", "Share"), "no Share while editing"
