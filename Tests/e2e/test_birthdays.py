"""Birthdays: the list's block of the coming days, the age on a contact's page, and the birthday
page's private calendar feed, subscribed to as a calendar app does and read with a real
iCalendar parser."""

import datetime

import pytest
import requests
from icalendar import Calendar

from harness.app import digits, find, login, open_contact, open_menu_item, wait_for
from harness.browser import all_by_name, click, fill, screenshot, visible_text, wait_until
from harness.strings import LANGS, t


def birthday_in(days: int, year: int = 1988) -> tuple[str, datetime.date]:
    """A birthday `days` from today (as the server counts days, in UTC), born in `year` (a leap
    year, so that any month and day is a date), as --birthday takes it, and that day this year."""
    day = datetime.datetime.now(datetime.timezone.utc).date() + datetime.timedelta(days=days)
    return f"{year}-{day.month:02d}-{day.day:02d}", day


def feed(address: str) -> Calendar:
    """Fetches the feed as a calendar app subscribing to it does (no cookies), and parses it."""
    reply = requests.get(address, timeout=30)
    assert reply.status_code == 200, reply.text
    assert reply.headers["Content-Type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(reply.content)


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", LANGS)
def test_the_list_shows_the_coming_birthdays_and_the_calendar_feed_subscribes(server, account, make_driver, lang):
    driver = make_driver(lang)
    today_text, today = birthday_in(0)
    soon_text, soon = birthday_in(10)
    server.add_contact(account, "王今天", "138 0000 0001", "--birthday", today_text)
    server.add_contact(account, "Soon Friend", "138 0000 0002", "--birthday", soon_text)
    server.add_contact(account, "Far Friend", "138 0000 0003", "--birthday", birthday_in(45)[0])
    server.add_contact(account, "Moon Friend", "138 0000 0004", "--lunar-birthday", "1980-08-15")
    login(driver, server.url, account)

    block = driver.find_element("css selector", "#upcoming-birthdays")
    assert t(lang, "Upcoming birthdays") in block.text
    rows = [(row.find_element("css selector", ".row-name").text, row.find_element("css selector", ".row-phone").text)
            for row in block.find_elements("css selector", ".birthday-row")]
    assert rows[0][0] == "王今天" and rows[0][1].startswith(t(lang, "Today"))
    assert "Soon Friend" in [name for name, _ in rows]
    assert "Far Friend" not in [name for name, _ in rows]
    screenshot(driver, "list-birthdays")

    fill(find(driver, "field", "Search"), "Friend")
    wait_until(driver, lambda: not block.is_displayed(), "the birthdays to give way to the search")

    click(driver, open_menu_item(driver, "Birthdays"))
    wait_for(driver, "heading", "Birthdays")
    assert t(lang, "The birthday calendar is off.") in visible_text(driver)
    click(driver, find(driver, "button", "Turn on"))
    address = wait_for(driver, "field", "Birthday calendar").get_attribute("value")
    assert address.startswith(server.url + "/birthdays.ics?token=")
    screenshot(driver, "birthdays")

    calendar = feed(address)
    assert str(calendar["VERSION"]) == "2.0" and str(calendar["X-WR-CALNAME"]) == t(lang, "Birthdays")
    events = calendar.walk("VEVENT")
    assert all(event.get("UID") and event.get("DTSTAMP") and event.get("DTSTART") for event in events)
    assert len({str(event["UID"]) for event in events}) == len(events)
    todays = [event for event in events if event["DTSTART"].dt == today and "王今天" in str(event["SUMMARY"])]
    assert len(todays) == 1
    age = str(today.year - 1988)
    assert age in str(todays[0]["SUMMARY"])
    assert todays[0]["DTEND"].dt == today + datetime.timedelta(days=1), "an all-day event"
    assert not isinstance(todays[0]["DTSTART"].dt, datetime.datetime)
    soons = [event["DTSTART"].dt for event in events if "Soon Friend" in str(event["SUMMARY"])]
    assert soon in soons and len(soons) == 7, "last year, this year and five more"
    moons = [event["DTSTART"].dt for event in events if "Moon Friend" in str(event["SUMMARY"])]
    assert datetime.date(2026, 9, 25) in moons or datetime.date(2027, 9, 15) in moons, "lunar 8/15 on its Gregorian day"

    token = address.split("token=")[1].split("&")[0]
    assert token not in server.stderr_text(limit=10**7), "the feed's token never reaches the log"

    click(driver, find(driver, "button", "New address"))

    def shown_address():
        fields = all_by_name(driver, "field", t(lang, "Birthday calendar"))
        return fields[0].get_attribute("value") if fields else None

    wait_until(driver, lambda: shown_address() not in (None, address), "a new address")
    renewed = shown_address()
    assert requests.get(address, timeout=30).status_code == 404, "the old address stops working"
    feed(renewed)
    click(driver, find(driver, "button", "Turn off"))
    wait_until(driver, lambda: t(lang, "The birthday calendar is off.") in visible_text(driver), "the calendar off")
    assert requests.get(renewed, timeout=30).status_code == 404


def test_the_contact_page_shows_the_age_they_turn_and_nothing_for_no_birthday(server, account, logged_in):
    text, day = birthday_in(3)
    contact = server.add_contact(account, "Three Days", "138 0000 0005", "--birthday", text)
    open_contact(logged_in, server.url, contact)
    summary = logged_in.find_element("css selector", "#birthday-summary").text
    assert summary.startswith(f"Turns {day.year - 1988} on ")
    assert digits(summary).endswith(str(day.day))
    open_contact(logged_in, server.url, server.add_contact(account, "No Birthday", "138 0000 0006"))
    assert not logged_in.find_elements("css selector", "#birthday-summary")
    assert not all_by_name(logged_in, "field", "Birthday"), "no empty birthday row while viewing"
