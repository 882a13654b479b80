"""Google Contacts' CSV through the web import page, and the book exported as CSV from the list's menu."""

from pathlib import Path
from urllib.parse import urlparse

import pytest

from harness.app import find, login, open_menu_item, wait_for, wait_for_list
from harness.browser import click, visible_text
from harness.http import http_session
from harness.strings import LANGS

FIXTURES = Path(__file__).resolve().parent.parent / "ContactCSVTests" / "Fixtures"
# The fixture with one more row whose fields are one too few (row 4).
RAGGED = {"en": "row 4: 1 field where the header has 40", "zh": "第 4 行：有 1 个字段，表头有 40 个"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_google_csv_imports_from_the_menu(server, account, make_driver, tmp_path, lang):
    driver = make_driver(lang)
    login(driver, server.url, account)
    upload = tmp_path / "google.csv"
    upload.write_bytes((FIXTURES / "google-contacts-bom.csv").read_bytes() + "Broken\r\n".encode())

    click(driver, open_menu_item(driver, "Import"))
    wait_for(driver, "heading", "Import")
    find(driver, "field", "vCard or CSV file", visible=False).send_keys(str(upload))
    click(driver, find(driver, "button", "Import"))

    wait_for(driver, "heading", "Import finished")
    counts = {key: driver.find_element("id", f"{key}-count").text for key in ("imported", "updated", "skipped", "failed")}
    assert counts == {"imported": "2", "updated": "0", "skipped": "0", "failed": "1"}
    assert RAGGED[lang] in visible_text(driver)
    assert sorted(server.contact_names(account)) == ["Dr. John Q Smith Jr.", "张伟"]

    click(driver, find(driver, "control", "Done"))
    wait_for_list(driver, account)
    text = visible_text(driver)  # Smith's birthday may show him above the list as well
    assert "Dr. John Q Smith Jr." in text and "张伟" in text


@pytest.mark.parametrize("item, path_query, file_name", [
    ("Export Google CSV", "format=google-csv", "google-contacts.csv"),
    ("Export Outlook CSV", "format=outlook-csv", "outlook-contacts.csv"),
])
def test_the_menu_exports_csv(server, account, logged_in, item, path_query, file_name):
    server.add_contact(account, "李四", "136 3333 4444")
    logged_in.refresh()
    wait_for_list(logged_in, account)
    href = open_menu_item(logged_in, item).get_attribute("href")
    assert urlparse(href).path == "/contacts/export.csv" and urlparse(href).query == path_query
    response = http_session(driver=logged_in).get(href, timeout=10)
    assert response.status_code == 200 and response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert response.headers["Content-Disposition"] == f'attachment; filename="{file_name}"'
    assert response.content.startswith(b"\xef\xbb\xbfFirst Name,")
    assert "\r\n四,,李,".encode() in response.content and "136 3333 4444".encode() in response.content
