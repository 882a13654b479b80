"""Groups in the web app: made from the list's menu, a contact put in one from its page, the
list filtered to a group (with its search), renamed and deleted, in both languages."""

import pytest
from selenium.webdriver.support.ui import Select

from harness.app import find, login, name_of, open_menu_item, row_link, wait_for, wait_for_list, wait_rows
from harness.browser import by_name, click, fill, screenshot, visible_text, wait_for_navigation, wait_name, wait_until

PEOPLE = ["张三", "李四", "王五"]


def groups_of(server, account, name):
    return next(contact["groups"] for contact in server.contacts(account) if contact["name"] == name)


def count_text(lang, n):
    return f"{n} 位联系人" if lang == "zh" else f"{n} contact" + ("" if n == 1 else "s")


def group_link(lang, name, n):
    return f"{name}，{count_text(lang, n)}" if lang == "zh" else f"{name}, {count_text(lang, n)}"


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_group_is_made_filled_filtered_renamed_and_deleted(server, account, make_driver, lang):
    driver = make_driver(lang, "phone")
    server.add_contact(account, "张三", "138 0013 8000", "--group", "Family")
    server.add_contact(account, "李四", "139 0013 9000")
    server.add_contact(account, "王五", "137 0013 7000", "--group", "Family")
    login(driver, server.url, account)

    click(driver, open_menu_item(driver, "Groups"))
    wait_for(driver, "heading", "Groups")
    fill(find(driver, "field", "New group"), "Classmates")
    click(driver, find(driver, "button", "Add group"))
    wait_for(driver, "link", "All contacts")
    wait_until(driver, lambda: "Classmates" in visible_text(driver), "the new group's list")

    # 李四 joins it from the contact page.
    click(driver, find(driver, "link", "All contacts"))
    wait_for_list(driver, account)
    click(driver, row_link(driver, "李四"))
    wait_for(driver, "heading", "Contact")
    click(driver, by_name(driver, "checkbox", "Classmates"))
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Save groups")))
    assert by_name(driver, "checkbox", "Classmates").is_selected(), "the page back with 李四 in the group"
    screenshot(driver, "contact-groups")
    assert groups_of(server, account, "李四") == ["Classmates"]

    # The groups page counts and opens each group's list; search stays within the group.
    driver.get(server.url + "/groups")
    screenshot(driver, "groups")
    click(driver, by_name(driver, "link", group_link(lang, "Family", 2)))
    wait_for(driver, "link", "All contacts")
    wait_rows(driver, ["王五", "张三"], PEOPLE)
    screenshot(driver, "group-list")
    fill(find(driver, "field", "Search"), "zs")
    wait_rows(driver, ["张三"], PEOPLE)
    fill(find(driver, "field", "Search"), "ls")
    wait_until(driver, lambda: not [n for n in PEOPLE if n in visible_text(driver)], "no match for 李四 within Family")
    assert "group=" in driver.current_url, "the address keeps the group"

    # Renamed: every member carries the new name.
    driver.get(server.url + "/groups")
    click(driver, by_name(driver, "link", name_of(driver, "Rename") + " Family"))
    fill(find(driver, "field", "Group name"), "家人")
    click(driver, find(driver, "button", "Rename"))
    wait_name(driver, "link", group_link(lang, "家人", 2))
    assert groups_of(server, account, "张三") == ["家人"] and groups_of(server, account, "王五") == ["家人"]

    # Deleted: the contacts stay, without it.
    click(driver, by_name(driver, "link", name_of(driver, "Rename") + " 家人"))
    click(driver, find(driver, "control", "Delete group"))
    click(driver, find(driver, "button", "Delete group"))
    wait_for(driver, "heading", "Groups")
    assert sorted(server.contact_names(account)) == sorted(PEOPLE)
    assert groups_of(server, account, "张三") == []
    assert "家人" not in visible_text(driver)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_checked_rows_join_a_group_from_edit_mode(server, account, make_driver, lang):
    driver = make_driver(lang, "phone")
    for name, phone in [("Ann", "13800000001"), ("Bea", "13800000002"), ("Cy", "13800000003")]:
        server.add_contact(account, name, phone)
    server.cli("group", "add", "--user", account, "Neighbours")
    login(driver, server.url, account)
    click(driver, find(driver, "control", "Edit"))
    wait_for(driver, "control", "Done")
    select = "选择 {}" if lang == "zh" else "Select {}"
    click(driver, by_name(driver, "checkbox", select.format("Ann")))
    click(driver, by_name(driver, "checkbox", select.format("Cy")))
    form = driver.find_element("css selector", "#bulk-form")
    Select(find(driver, "field", "Groups", within=form)).select_by_visible_text("Neighbours")
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Add to group", within=form)))
    wait_for(driver, "link", "All contacts")
    wait_rows(driver, ["Ann", "Cy"], ["Ann", "Bea", "Cy"])
    assert groups_of(server, account, "Ann") == ["Neighbours"] and groups_of(server, account, "Bea") == []

    # In the group's list, checked rows leave it.
    click(driver, find(driver, "control", "Edit"))
    wait_for(driver, "control", "Done")
    click(driver, by_name(driver, "checkbox", select.format("Ann")))
    form = driver.find_element("css selector", "#bulk-form")
    wait_for_navigation(driver, lambda: click(driver, find(driver, "button", "Remove from group", within=form)))
    wait_rows(driver, ["Cy"], ["Ann", "Bea", "Cy"])
    assert groups_of(server, account, "Ann") == [] and groups_of(server, account, "Cy") == ["Neighbours"]
