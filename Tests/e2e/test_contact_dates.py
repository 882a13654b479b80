"""The contact form's dates in the page's language: the birthday and the other dates as a year box,
a month select and a day select in the language's order (1979年 1月 18日; January 18 1979), on one
line at phone width; a birthday without a year kept as one; a birthday winning over a typed age."""

import datetime

import pytest
from selenium.webdriver.support.ui import Select

from harness.app import find, login, name_of, open_contact, open_new_contact, start_editing, wait_for, wait_for_list
from harness.browser import by_name, click, fill, is_enabled, screenshot, wait_until
from harness.strings import LANGS
from test_contact_form import browser, submit  # noqa: F401 (browser: a logged-in browser in each language and size)

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def month_name(driver, month: int) -> str:
    return MONTHS[month - 1] if driver.lang == "en" else f"{month}月"


def day_name(driver, day: int) -> str:
    return str(day) if driver.lang == "en" else f"{day}日"


def shown_date(driver, year: int | None, month: int, day: int) -> str:
    """A date as a contact's card shows it: "January 18, 1979", "1979年1月18日"."""
    if driver.lang == "en":
        return f"{MONTHS[month - 1]} {day}" + (f", {year}" if year else "")
    return (f"{year}年" if year else "") + f"{month}月{day}日"


def parts(driver, caption: str) -> dict:
    """The year box and the month and day selects of the date named `caption` (in the page's language)."""
    return {part: by_name(driver, "field", f"{caption} · {name_of(driver, part)}") for part in ("Year", "Month", "Day")}


def set_date(driver, caption: str, year: str, month: int, day: int) -> None:
    """Fills a date's parts as a person does: types the year, picks the month and the day by their names."""
    controls = parts(driver, caption)
    fill(controls["Year"], year)
    Select(controls["Month"]).select_by_visible_text(month_name(driver, month))
    Select(controls["Day"]).select_by_visible_text(day_name(driver, day))


def shown_parts(driver, caption: str) -> tuple[str, str, str]:
    """What a date's parts show: the year typed, the month's and the day's chosen names."""
    controls = parts(driver, caption)
    return (controls["Year"].get_attribute("value"), Select(controls["Month"]).first_selected_option.text,
            Select(controls["Day"]).first_selected_option.text)


FITS = """
const el = arguments[0], style = getComputedStyle(el);
const context = document.createElement('canvas').getContext('2d');
context.font = style.font;
const text = el.tagName === 'SELECT' ? el.options[el.selectedIndex].text : (el.value || el.placeholder);
return context.measureText(text).width <= el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) + 1;
"""


def assert_on_one_line_in_order(driver, caption: str) -> None:
    """The parts in the language's order, side by side on one line, each showing its whole text,
    inside the form."""
    controls = parts(driver, caption)
    order = ("Year", "Month", "Day") if driver.lang == "zh" else ("Month", "Day", "Year")
    boxes = [controls[part].rect for part in order]
    assert [box["x"] for box in boxes] == sorted(box["x"] for box in boxes), f"{caption}: {order}"
    middles = [box["y"] + box["height"] / 2 for box in boxes]
    assert max(middles) - min(middles) < 4, f"{caption}: the parts on one line, {boxes}"
    form = driver.find_element("id", "contact-form").rect
    assert boxes[-1]["x"] + boxes[-1]["width"] <= form["x"] + form["width"], f"{caption}: inside the form"
    for part in order:
        assert driver.execute_script(FITS, controls[part]), f"{caption} · {part} shows its whole text"


def card_value(driver, row_class: str) -> str:
    return driver.find_element("css selector", f".{row_class} .row-value").text


def new_contact(make_driver, server, account, lang: str, viewport: str, name: str):
    """A logged-in browser on the new contact form, with `name` typed."""
    driver = make_driver(lang, viewport)
    login(driver, server.url, account)
    open_new_contact(driver)
    fill(find(driver, "field", "Name"), name)
    return driver


def test_a_birthday_and_an_anniversary_in_their_parts_are_shown_in_the_pages_language(server, account, browser):
    driver = browser
    open_new_contact(driver)
    fill(find(driver, "field", "Name"), "Anna Li")
    birthday, date = name_of(driver, "Birthday"), name_of(driver, "Date")
    set_date(driver, birthday, "1979", 1, 18)
    click(driver, find(driver, "button", "add date"))
    set_date(driver, date, "2015", 9, 30)
    for caption in (birthday, date):
        assert_on_one_line_in_order(driver, caption)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", parts(driver, birthday)["Day"])
    screenshot(driver, f"contact-form-dates-{driver.viewport}")
    submit(driver, "Add")
    wait_for_list(driver, account)

    [saved] = server.contacts(account)
    assert saved["birthday"] == "1979-01-18"
    open_contact(driver, server.url, saved["id"])
    assert card_value(driver, "birthday-row").startswith(shown_date(driver, 1979, 1, 18))
    assert card_value(driver, "date-row") == shown_date(driver, 2015, 9, 30)

    save = start_editing(driver)
    assert shown_parts(driver, birthday) == ("1979", month_name(driver, 1), day_name(driver, 18))
    assert shown_parts(driver, date) == ("2015", month_name(driver, 9), day_name(driver, 30))
    assert not is_enabled(save), "nothing changed yet"
    Select(parts(driver, birthday)["Day"]).select_by_visible_text(day_name(driver, 19))
    wait_until(driver, lambda: is_enabled(save), "Save enabled by a changed day")
    click(driver, save)
    wait_for(driver, "control", "Edit")
    assert card_value(driver, "birthday-row").startswith(shown_date(driver, 1979, 1, 19))


@pytest.mark.parametrize("lang", LANGS)
def test_a_birthday_without_a_year_round_trips(server, account, make_driver, lang):
    driver = new_contact(make_driver, server, account, lang, "desktop", "Zoe")
    birthday = name_of(driver, "Birthday")
    set_date(driver, birthday, "", 5, 17)
    submit(driver, "Add")
    wait_for_list(driver, account)
    [saved] = server.contacts(account)
    assert saved["birthday"] == "--05-17"

    open_contact(driver, server.url, saved["id"])
    assert card_value(driver, "birthday-row") == shown_date(driver, None, 5, 17)
    save = start_editing(driver)
    assert shown_parts(driver, birthday) == ("", month_name(driver, 5), day_name(driver, 17))
    fill(find(driver, "field", "Note"), "met in May")
    wait_until(driver, lambda: is_enabled(save), "Save enabled by the note")
    click(driver, save)
    wait_for(driver, "control", "Edit")
    [saved] = server.contacts(account)
    assert (saved["birthday"], saved["note"]) == ("--05-17", "met in May"), "what is shown is what is saved"


@pytest.mark.parametrize("lang", LANGS)
def test_with_an_age_and_a_birthday_the_birthday_is_kept_and_the_form_says_so(server, account, make_driver, lang):
    driver = new_contact(make_driver, server, account, lang, "phone", "Anna Li")
    fill(find(driver, "field", "Age"), "30")
    hint = driver.find_element("id", "age-hint")
    assert not hint.is_displayed(), "no birthday yet"
    set_date(driver, name_of(driver, "Birthday"), "1979", 1, 18)
    wait_until(driver, hint.is_displayed, "the hint that the birthday gives the age")
    assert hint.text == name_of(driver, "With a birthday, the age comes from it: one typed here is not kept")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", hint)
    screenshot(driver, "contact-form-age-and-birthday")
    submit(driver, "Add")
    wait_for_list(driver, account)

    [saved] = server.contacts(account)
    today = datetime.datetime.now(datetime.timezone.utc).date()
    assert saved["birthday"] == "1979-01-18"
    assert saved["age"] == today.year - 1979 - (0 if (today.month, today.day) >= (1, 18) else 1), "the birthday's age"
    open_contact(driver, server.url, saved["id"])
    start_editing(driver)
    age = find(driver, "field", "Age")
    assert age.get_attribute("value") == "" and age.get_attribute("placeholder") == str(saved["age"])
    assert driver.find_element("id", "age-hint").is_displayed()
