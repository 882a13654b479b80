"""The contact list: A–Z sections by pinyin, the index, counts, edit mode, a swipe's Delete with Undo, search."""

import re

import pytest
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput

from harness.app import (
    add_contact, digits, delete_button_for, find, list_rows, login, row_link, row_names, wait_for, wait_for_list,
    wait_rows,
)
from harness.browser import (
    all_by_name, by_name, click, fill, on_screen, path_of, visible_text, wait_name,
    wait_until,
)
from harness.http import form_of, http_session
from harness.strings import contact_count, t

THREE = [("张三", "138 0013 8000"), ("单田芳", "139 1111 2222"), ("Émile", "06 12 34 56 78")]
THREE_NAMES = [name for name, _ in THREE]


def seed(server, account, contacts):
    """Adds (name, phone[, extra CLI options…]) contacts through the CLI; returns {name: id}."""
    return {c[0]: server.add_contact(account, c[0], c[1], *c[2:]) for c in contacts}


def reload_list(driver, server, account):
    driver.get(server.url + "/contacts")
    wait_for_list(driver, account)


def test_three_added_contacts_are_filed_under_their_pinyin_letters(server, account, logged_in):
    for name, phone in THREE:
        add_contact(logged_in, account, name, phone)

    rows = list_rows(logged_in)
    filed = [(row.section, name) for row in rows for name in THREE_NAMES if name in row.text]
    assert filed == [("E", "Émile"), ("S", "单田芳"), ("Z", "张三")]  # 单 read as the surname Shan
    phones = dict(THREE)
    for row in rows:
        name = next(n for n in THREE_NAMES if n in row.text)
        assert digits(phones[name]) in digits(row.text), f"row {row.text!r} should show {phones[name]}"
    assert contact_count("en", 3) in visible_text(logged_in)
    assert server.contact_names(account) == ["Émile", "单田芳", "张三"]


# Surnames read as surnames (曾 Zeng, 单 Shan), digits under # at the end, fillers to scroll.
ORDERED = [("A", "Anna"), ("E", "Émile"), ("L", "李四"), ("S", "单田芳"), ("S", "宋江"), ("S", "孙悟空"),
           ("Z", "曾国藩"), ("Z", "张三"), ("#", "007 Bond")]
FILLERS = ["Bob", "Carol", "Dave", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory", "Niaj",
           "Olivia", "Peggy", "Rupert", "Trent", "Victor", "Walter"]


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_sections_run_a_to_z_then_hash_and_the_index_jumps(server, account, make_driver, viewport):
    ids = seed(server, account, [(name, "555 0100") for _, name in ORDERED] + [(n, "555 0199") for n in FILLERS])
    driver = make_driver("en", viewport)
    login(driver, server.url, account)

    rows = list_rows(driver)
    assert [row.id for row in rows] == [c["id"] for c in server.contacts(account)], "same order as the CLI"
    by_id = {row.id: row for row in rows}
    assert [(by_id[ids[name]].section, name) for _, name in ORDERED] == ORDERED
    positions = [rows.index(by_id[ids[name]]) for _, name in ORDERED]
    assert positions == sorted(positions), "rows out of order"
    sections = list(dict.fromkeys(row.section for row in rows))
    assert sections == sorted(sections[:-1]) + ["#"], sections
    assert contact_count("en", len(ids)) in visible_text(driver)

    for letter in sections:  # one index link per section letter, at least
        assert len(all_by_name(driver, "link", letter)) == 1, f"index link {letter!r}"
    for letter in ("S", "#", "A"):
        click(driver, by_name(driver, "link", letter))
        wait_until(driver, lambda: section_header_near_top(driver, letter), f"section {letter} scrolled to the top")


def section_header_near_top(driver, letter):
    """The section's header is at the top of the viewport (or as high as the page can scroll)."""
    return driver.execute_script(r"""
        const letter = arguments[0];
        const h = Array.from(document.querySelectorAll('main h1, main h2, main h3, main h4, main [role=heading]'))
          .find(e => e.innerText.trim() === letter);
        if (!h) return false;
        const top = h.getBoundingClientRect().top;
        const atBottom = scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
        return top >= -2 && (top < innerHeight / 3 || (atBottom && top < innerHeight - 40));
    """, letter)


def test_empty_list_invites_to_add_then_counts_contacts(server, account, logged_in):
    empty = t("en", "No contacts yet — tap + to add one")
    assert empty in visible_text(logged_in)
    server.add_contact(account, "张三", "138 0013 8000")
    reload_list(logged_in, server, account)
    text = visible_text(logged_in)
    assert empty not in text
    assert contact_count("en", 1) in text


def test_list_needs_a_login(server, driver):
    driver.get(server.url + "/contacts")
    wait_for(driver, "button", "Log in")
    assert not all_by_name(driver, "control", "Log out")


def test_rows_open_the_contact(server, account, logged_in):
    ids = seed(server, account, [("张三", "138 0013 8000")])
    reload_list(logged_in, server, account)
    click(logged_in, next(e for e in all_by_name(logged_in, "link", "张三", exact=False)))
    wait_for(logged_in, "heading", "Contact")
    assert path_of(logged_in) == f"/contacts/{ids['张三']}"
    assert logged_in.find_element("id", "card-name").text == "张三"


def swipe_left(driver, element) -> None:
    """A finger's swipe from the element's right part leftwards, as on a touch screen."""
    x, y, width, height = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.x, r.y, r.width, r.height];", element)
    start, middle = int(x + width * 0.8), int(y + height / 2)
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=finger)
    finger.create_pointer_move(x=start, y=middle)
    finger.create_pointer_down()
    for step in range(1, 7):
        finger.create_pointer_move(x=start - 25 * step, y=middle, duration=30)
    finger.create_pointer_up(0)
    actions.perform()


def test_edit_mode_deletes_nothing_in_one_tap_and_a_swipe_deletes_with_undo(server, account, logged_in):
    ids = seed(server, account, [("张三", "138 0013 8000"), ("李四", "139 0000 0000")])
    reload_list(logged_in, server, account)
    deletes = all_by_name(logged_in, "button", "Delete", visible=False)
    assert len(deletes) == 2 and not any(on_screen(logged_in, b) for b in deletes), "Delete shows only on a swipe"

    click(logged_in, find(logged_in, "control", "Edit"))
    wait_for(logged_in, "control", "Done")
    assert not any(on_screen(logged_in, b) for b in deletes), "edit mode selects rows: no Delete on them"
    click(logged_in, row_link(logged_in, "张三"))  # a tap on a row in edit mode selects it
    box = by_name(logged_in, "checkbox", "Select 张三")
    wait_until(logged_in, lambda: box.is_selected(), "the row selected")
    assert path_of(logged_in) == "/contacts" and server.contact_names(account) == ["李四", "张三"]
    click(logged_in, find(logged_in, "control", "Done"))
    wait_for(logged_in, "control", "Edit")

    swipe_left(logged_in, row_link(logged_in, "张三"))
    delete = wait_until(logged_in, lambda: delete_button_for(logged_in, ids["张三"]), "张三's Delete, swiped out")

    def tap_delete():
        # A tap at once after the swipe only ends it: tap again until the row goes, as a person would.
        if delete.is_enabled() and on_screen(logged_in, delete):
            delete.click()
        return row_names(logged_in, ["张三", "李四"]) == ["李四"]
    wait_until(logged_in, tap_delete, "张三's row deleted by its Delete")
    undo = wait_name(logged_in, "button", "Undo")
    assert t("en", "Deleted") in visible_text(logged_in)
    assert contact_count("en", 1) in visible_text(logged_in)
    click(logged_in, undo)
    wait_rows(logged_in, ["李四", "张三"], ["张三", "李四"])
    reload_list(logged_in, server, account)
    assert server.contact_names(account) == ["李四", "张三"]


def test_search_filters_live_by_initials(server, account, logged_in):
    seed(server, account, THREE)
    reload_list(logged_in, server, account)
    search = find(logged_in, "field", "Search")

    logged_in.execute_script("window.samePage = true")
    fill(search, "zs")
    wait_rows(logged_in, ["张三"], THREE_NAMES)
    assert logged_in.execute_script("return window.samePage === true"), "filtering should be live, no reload"
    fill(search, "")
    wait_rows(logged_in, ["Émile", "单田芳", "张三"], THREE_NAMES)


SEARCHES = {"zs": ["张三"], "zhangsan": ["张三"], "stf": ["单田芳"], "emile": ["Émile"],
            "0013": ["张三"], "example.org": ["单田芳"], "nobody": []}


def test_search_works_as_a_plain_get_form(server, account, logged_in):
    ids = seed(server, account, THREE[:1] + [THREE[1] + ("--email", "stf@example.org")] + THREE[2:])
    reload_list(logged_in, server, account)
    form = form_of(logged_in, find(logged_in, "field", "Search"))
    assert form.method == "get" and "q" in [name for name, _ in form.fields], form

    session = http_session(driver=logged_in)
    for query, expected in SEARCHES.items():
        page = session.get(server.url + "/contacts", params={"q": query}, timeout=10)
        assert page.status_code == 200
        shown = {int(i) for i in re.findall(r'href="[^"]*/contacts/(\d+)"', page.text)}
        assert shown == {ids[name] for name in expected}, f"?q={query}"
