import ContactsCore
import Foundation
import Testing

/// `BirthdayCalendar.ics`: the calendar's frame, one all-day event per birthday per year, and
/// text escaped and folded as RFC 5545 has it.
struct BirthdayCalendarTests {
    private let stamp = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21T14:13:20Z

    private func calendar(_ people: [BirthdayCalendar.Person], years: ClosedRange<Int> = 2026...2027) -> String {
        String(decoding: BirthdayCalendar.ics(title: "Birthdays", people: people, years: years, stamp: stamp) { name, birthday in
            "\(name)'s birthday" + (birthday.turning.map { " (\($0))" } ?? "") + (birthday.isLunar ? " lunar" : "")
        }, as: UTF8.self)
    }

    private func person(_ uid: String, _ name: String, birthday: String? = nil, lunar: LunarDate? = nil) -> BirthdayCalendar.Person {
        var details = ContactDetails(name: name, birthday: birthday.flatMap(CalendarDate.init))
        details.lunarBirthday = lunar
        return BirthdayCalendar.Person(uid: uid, details: details)
    }

    /// The events, each as its unfolded lines without BEGIN and END.
    private func events(_ text: String) -> [[String]] {
        let lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        var events: [[String]] = []
        var inEvent = false
        for line in lines {
            switch line {
            case "BEGIN:VEVENT":
                events.append([])
                inEvent = true
            case "END:VEVENT": inEvent = false
            default: if inEvent { events[events.count - 1].append(line) }
            }
        }
        return events
    }

    @Test func eachYearIsAnAllDayEventWithTheAgeTurned() {
        let text = calendar([person("u-1", "Zhang San", birthday: "1990-05-17")])
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//PersonalContacts//Birthdays//EN\r\n"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(text.contains("\r\nX-WR-CALNAME:Birthdays\r\n") && text.contains("\r\nNAME:Birthdays\r\n"))
        #expect(events(text) == [2026, 2027].map { year in
            ["UID:u-1-\(year)", "DTSTAMP:20260921T141320Z", "DTSTART;VALUE=DATE:\(year)0517", "DTEND;VALUE=DATE:\(year)0518",
             "SUMMARY:Zhang San's birthday (\(year - 1990))", "TRANSP:TRANSPARENT"]
        })
    }

    @Test func noEventBeforeBirthOrWithoutABirthday() {
        let text = calendar([person("baby", "Baby", birthday: "2026-03-01"), person("none", "None")])
        #expect(events(text).map { $0[2] } == ["DTSTART;VALUE=DATE:20270301"])
    }

    @Test func aLeapDayIsTheTwentyEighthAndTheEventEndsTheNextDay() {
        let text = calendar([person("leap", "Leap", birthday: "2004-02-29")], years: 2027...2028)
        #expect(events(text).map { [$0[2], $0[3]] } == [
            ["DTSTART;VALUE=DATE:20270228", "DTEND;VALUE=DATE:20270301"],
            ["DTSTART;VALUE=DATE:20280229", "DTEND;VALUE=DATE:20280301"],
        ])
    }

    @Test func lunarBirthdaysFallOnEachYearsGregorianDay() {
        let text = calendar([person("moon", "Moon", lunar: LunarDate(month: 8, day: 15))])
        #expect(events(text).map { [$0[0], $0[2], $0[4]] } == [
            ["UID:moon-2026-lunar", "DTSTART;VALUE=DATE:20260925", "SUMMARY:Moon's birthday lunar"],
            ["UID:moon-2027-lunar", "DTSTART;VALUE=DATE:20270915", "SUMMARY:Moon's birthday lunar"],
        ])
    }

    @Test func textIsEscapedAndLongLinesFolded() {
        let name = "Li, Lei; \\ the \"second\"\nline " + String(repeating: "张", count: 40)
        let text = calendar([person("a;b,c", name, birthday: "--01-02")], years: 2026...2026)
        let event = events(text)[0]
        #expect(event[0] == #"UID:a\;b\,c-2026"#)
        #expect(event[4] == #"SUMMARY:Li\, Lei\; \\ the "second"\nline "# + String(repeating: "张", count: 40) + "'s birthday")
        let physical = text.components(separatedBy: "\r\n")
        #expect(physical.allSatisfy { $0.utf8.count <= 75 }, "folded at 75 octets")
        #expect(!text.contains("\u{FFFD}"), "never inside a character")
    }
}
