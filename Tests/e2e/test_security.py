"""Escaping, CSRF tokens, and one user's contacts out of another's reach."""

import re

from harness.app import (
    add_contact, find, open_contact, open_logout_sheet, open_new_contact, wait_for_list,
)
from harness.browser import alert_text, by_name, click, fill, visible_text, wait_for_navigation, wait_until
from harness.http import form_of, http_session, parse_forms, submit
from harness.strings import CONFIRM_LOG_OUT, t

MARKUP_NAMES = ["<script>alert(1)</script>", '"><img src=x onerror="alert(2)">', "<b>bold</b> & co"]


def assert_shown_literally(driver, names):
    assert alert_text(driver) is None, f"an alert opened: {alert_text(driver)!r}"
    text = visible_text(driver) + "\n".join(  # the contact page shows the name in a (read-only) field
        f.get_attribute("value") for f in driver.find_elements("css selector", "main input") if f.is_displayed())
    for name in names:
        assert name in text, f"{name!r} should show as text"
    injected = driver.execute_script(
        "return document.querySelectorAll('main script, main img[src=x], main b').length")
    assert injected == 0, "markup from a name became elements"


def test_markup_in_a_name_shows_as_text_everywhere(server, account, logged_in):
    ids = [server.add_contact(account, name, "1") for name in MARKUP_NAMES[:2]]
    add_contact(logged_in, account, MARKUP_NAMES[2], "2")  # through the form, too
    assert_shown_literally(logged_in, MARKUP_NAMES)

    open_contact(logged_in, server.url, ids[0])
    assert_shown_literally(logged_in, MARKUP_NAMES[:1])

    logged_in.get(server.url + "/contacts?q=" + "%3Cscript%3Ealert(1)%3C%2Fscript%3E")
    wait_for_list(logged_in, account)
    assert_shown_literally(logged_in, MARKUP_NAMES[:1])
    assert find(logged_in, "field", "Search").get_attribute("value") == MARKUP_NAMES[0]


def test_a_post_without_the_right_csrf_token_gets_403(server, account, logged_in):
    open_new_contact(logged_in)
    fill(find(logged_in, "field", "Name"), "张三")
    fill(find(logged_in, "field", "Phone"), "138 0013 8000")
    form = form_of(logged_in, find(logged_in, "button", "Add"))
    token = form.value("csrf")
    assert token, f"the form has no csrf field: {form.fields}"
    session = http_session(driver=logged_in)

    assert submit(session, form.with_fields(drop=("csrf",))).status_code == 403
    assert submit(session, form.with_fields(csrf="x" * len(token))).status_code == 403
    assert submit(session, form.with_fields(csrf="")).status_code == 403
    assert server.contacts(account) == []
    assert submit(session, form).status_code in (200, 201, 302, 303), "the untouched form must go through"
    assert [c["name"] for c in server.contacts(account)] == ["张三"]


def test_a_form_stripped_of_its_token_in_the_browser_is_refused(server, account, logged_in):
    sheet = open_logout_sheet(logged_in)
    confirm = by_name(logged_in, "button", t("en", CONFIRM_LOG_OUT), within=sheet)
    removed = logged_in.execute_script("""
        const fields = arguments[0].form.querySelectorAll('input[name=csrf]');
        fields.forEach(f => f.remove()); return fields.length;""", confirm)
    assert removed == 1
    wait_for_navigation(logged_in, lambda: click(logged_in, confirm))
    logged_in.get(server.url + "/contacts")
    wait_for_list(logged_in, account)  # still logged in: the log out was refused


def post_forms_without_csrf(driver):
    return driver.execute_script("""
        return Array.from(document.forms).filter(f => (f.getAttribute('method') || '').toLowerCase() === 'post')
          .filter(f => !Array.from(f.querySelectorAll('input[type=hidden][name=csrf]')).some(i => i.value))
          .map(f => f.action || '(no action)');""")


def test_every_post_form_carries_a_csrf_token(server, account, logged_in):
    contact_id = server.add_contact(account, "张三", "1")
    pages = {"/contacts": None, "/contacts/new": None, f"/contacts/{contact_id}": None}
    for path in pages:
        logged_in.get(server.url + path)
        wait_until(logged_in, lambda: logged_in.execute_script("return document.readyState") == "complete", path)
        pages[path] = (len(logged_in.find_elements("css selector", "form[method=post i]")),
                       post_forms_without_csrf(logged_in))
    login_page = http_session().get(server.url + "/login", timeout=10)
    login_forms = [f for f in parse_forms(login_page.text, login_page.url) if f.method == "post"]
    pages["/login"] = (len(login_forms), [f.action for f in login_forms if not f.value("csrf")])

    assert all(count > 0 for count, _ in pages.values()), f"every page has a POST form: {pages}"
    assert {path: missing for path, (_, missing) in pages.items() if missing} == {}


def test_another_users_contact_is_404(server, account, make_account, logged_in):
    other = make_account()
    theirs = server.add_contact(other, "Secret Person", "1")
    mine = server.add_contact(account, "张三", "1")
    session = http_session(driver=logged_in)

    page = session.get(f"{server.url}/contacts/{theirs}", timeout=10)
    assert page.status_code == 404 and "Secret Person" not in page.text

    # The forms of my own contact, aimed at theirs.
    open_contact(logged_in, server.url, mine)
    forms = [form_of(logged_in, find(logged_in, "button", "Delete contact"))]
    forms += [f for f in parse_forms(logged_in.page_source, logged_in.current_url) if f.method == "post"]
    mine_path = re.compile(rf"/contacts/{mine}(?=/|$|\?)")
    aimed_at = 0
    for form in forms:
        if mine_path.search(form.action):
            aimed_at += 1
            aimed = form.with_fields()
            aimed.action = mine_path.sub(f"/contacts/{theirs}", form.action)
            assert submit(session, aimed).status_code == 404, aimed.action
    assert aimed_at >= 1, "the Delete contact form should post to the contact's own URL"
    assert [c["name"] for c in server.contacts(other)] == ["Secret Person"]
    assert server.trash_names(other) == []
