import Foundation
import VCard

/// A calendar of birthdays as iCalendar (RFC 5545), for a calendar app to subscribe to: one
/// all-day event per birthday per year, so that each says the age turned and a lunar birthday
/// sits on the Gregorian day it falls on that year.
public enum BirthdayCalendar {
    /// A person whose birthdays the calendar holds: their vCard UID (stable, so each event keeps
    /// its UID from one fetch to the next), name and details.
    public struct Person: Sendable {
        public let uid: String
        public let details: ContactDetails

        public init(uid: String, details: ContactDetails) {
            self.uid = uid
            self.details = details
        }
    }

    /// The years a feed fetched in `year` covers: the last one, for what just passed, and the
    /// next five, for planning; calendars fetch again and the window moves on.
    public static func years(around year: Int) -> ClosedRange<Int> { (year - 1)...(year + 5) }

    /// The calendar as UTF-8 bytes (CRLF line ends, lines folded at 75 octets).
    /// - Parameters:
    ///   - title: the calendar's name, as calendar apps show it.
    ///   - stamp: when the calendar was made (every event's DTSTAMP).
    ///   - summary: an event's title, from the person's name and the birthday.
    public static func ics(title: String, people: [Person], years: ClosedRange<Int>, stamp: Date,
                           summary: (String, Birthday) -> String) -> [UInt8] {
        var properties = [
            raw("BEGIN", "VCALENDAR"), raw("VERSION", "2.0"), raw("PRODID", "-//PersonalContacts//Birthdays//EN"),
            raw("CALSCALE", "GREGORIAN"), raw("METHOD", "PUBLISH"), VCardProperty(name: "NAME", text: title),
            VCardProperty(name: "X-WR-CALNAME", text: title),
            VCardProperty(name: "REFRESH-INTERVAL", parameters: [VCardParameter(name: "VALUE", value: "DURATION")], value: "PT12H"),
            raw("X-PUBLISHED-TTL", "PT12H"),
        ]
        let dtstamp = timestamp(stamp)
        for person in people {
            for birthday in person.details.birthdays(inYears: years) {
                guard let next = birthday.date.adding(days: 1) else { continue }
                properties += [
                    raw("BEGIN", "VEVENT"),
                    VCardProperty(name: "UID", text: "\(person.uid)-\(birthday.date.year ?? 0)\(birthday.isLunar ? "-lunar" : "")"),
                    raw("DTSTAMP", dtstamp),
                    VCardProperty(name: "DTSTART", parameters: [VCardParameter(name: "VALUE", value: "DATE")], value: day(birthday.date)),
                    VCardProperty(name: "DTEND", parameters: [VCardParameter(name: "VALUE", value: "DATE")], value: day(next)),
                    VCardProperty(name: "SUMMARY", text: summary(person.details.name, birthday)),
                    raw("TRANSP", "TRANSPARENT"),
                    raw("END", "VEVENT"),
                ]
            }
        }
        properties.append(raw("END", "VCALENDAR"))
        var output: [UInt8] = []
        VCardWriter(version: .v4_0).writeContentLines(properties, into: &output)
        return output
    }

    private static func raw(_ name: String, _ value: String) -> VCardProperty {
        VCardProperty(name: name, value: value)
    }

    /// `YYYYMMDD` (RFC 5545 §3.3.4).
    private static func day(_ date: CalendarDate) -> String {
        String(format: "%04d%02d%02d", date.year ?? 0, date.month, date.day)
    }

    /// `YYYYMMDDTHHMMSSZ` in UTC (RFC 5545 §3.3.5).
    private static func timestamp(_ date: Date) -> String {
        let parts = Calendar.gregorianUTC.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 1, parts.day ?? 1,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
