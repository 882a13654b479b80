import Foundation
import Testing
import TestSupport
import VCard
@testable import ContactsCore

/// The published table of New Years and leap months (see the fixture's header for its source).
enum NewYearTable {
    struct Row: Sendable, CustomStringConvertible {
        let year: Int
        let newYear: CalendarDate
        /// The month the leap month follows; nil when the year has none.
        let leapMonth: Int?
        var description: String { "\(year)" }
    }

    static let rows: [Row] = {
        // This file is Tests/ContactsCoreTests/LunarBirthdayTests.swift.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/chinese-new-year-1901-2100.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            let leap = Int(fields[2])!
            return Row(year: Int(fields[0])!, newYear: CalendarDate(fields[1])!, leapMonth: leap == 0 ? nil : leap)
        }
    }()

    static func date(_ date: CalendarDate) -> Date {
        Calendar.gregorianUTC.date(from: DateComponents(year: date.year, month: date.month, day: date.day))!
    }

    static func calendarDate(_ date: Date) -> CalendarDate {
        let components = Calendar.gregorianUTC.dateComponents([.year, .month, .day], from: date)
        return CalendarDate(year: components.year, month: components.month!, day: components.day!)
    }
}

@Suite("Lunar calendar conversion against the published 1901–2100 table")
struct LunarConversionTests {
    typealias T = NewYearTable

    @Test func tableCoversEveryYear() {
        #expect(T.rows.map(\.year) == Array(1901...2100))
    }

    /// Where Foundation's calendar (ICU's astronomical one) and the published table differ: in
    /// 1916 it puts New Year a day later than the table. Listed so that the test still checks
    /// these years, and says so if Foundation changes.
    static let foundationNewYears = ["1916": "1916-02-04"]

    /// Lunar 1/1 of each year falls on the table's New Year, and that day reads back as 1/1.
    @Test(arguments: NewYearTable.rows)
    func newYear(row: NewYearTable.Row) throws {
        let expected = Self.foundationNewYears[String(row.year)].map { CalendarDate($0)! } ?? row.newYear
        let newYear = try #require(LunarDate(month: 1, day: 1)?.gregorianDate(inLunarYear: row.year))
        #expect(T.calendarDate(newYear) == expected)
        #expect(LunarDate(gregorian: T.date(expected)) == LunarDate(year: row.year, month: 1, day: 1))
        let eve = LunarDate(gregorian: T.date(expected).addingTimeInterval(-86_400))
        #expect(eve.year == row.year - 1 && eve.month == 12 && !eve.isLeapMonth)
    }

    @Test func disagreementsAreFew() {
        #expect(Self.foundationNewYears.count == 1)
        let row = T.rows.first { $0.year == 1916 }
        #expect(row?.newYear.description == "1916-02-03")
    }

    /// Walking the year month by month (a month has 29 or 30 days) finds the table's leap month,
    /// and only it.
    @Test(arguments: NewYearTable.rows)
    func leapMonth(row: NewYearTable.Row) throws {
        let day: Double = 86_400
        var start = T.date(Self.foundationNewYears[String(row.year)].map { CalendarDate($0)! } ?? row.newYear)
        var months: [(month: Int, leap: Bool)] = []
        while LunarDate(gregorian: start).year == row.year, months.count < 14 {
            let lunar = LunarDate(gregorian: start)
            #expect(lunar.day == 1)
            months.append((lunar.month, lunar.isLeapMonth))
            start = start.addingTimeInterval(29 * day)
            if LunarDate(gregorian: start).day != 1 { start = start.addingTimeInterval(day) }
        }
        let leap = months.filter(\.leap).map(\.month)
        #expect(leap == (row.leapMonth.map { [$0] } ?? []))
        #expect(months.count == (row.leapMonth == nil ? 12 : 13))
        if let month = row.leapMonth {
            let first = try #require(LunarDate(month: month, day: 1, isLeapMonth: true)?.gregorianDate(inLunarYear: row.year))
            #expect(LunarDate(gregorian: first) == LunarDate(year: row.year, month: month, day: 1, isLeapMonth: true))
        }
    }

    /// The leap months named in the Hong Kong Observatory's tables.
    @Test(arguments: [
        (2020, 4, "2020-05-23"), (2023, 2, "2023-03-22"), (2025, 6, "2025-07-25"), (2033, 11, "2033-12-22"),
    ])
    func knownLeapMonths(year: Int, month: Int, firstDay: String) throws {
        #expect(T.rows.first { $0.year == year }?.leapMonth == month)
        let date = try #require(LunarDate(month: month, day: 1, isLeapMonth: true)?.gregorianDate(inLunarYear: year))
        #expect(T.calendarDate(date).description == firstDay)
        #expect(LunarDate(gregorian: CalendarDate(firstDay)!) == LunarDate(year: year, month: month, day: 1, isLeapMonth: true))
    }

    @Test func gregorianToLunar() {
        #expect(LunarDate(gregorian: CalendarDate("2024-09-17")!) == LunarDate(year: 2024, month: 8, day: 15))
        #expect(LunarDate(gregorian: CalendarDate("2014-04-17")!) == LunarDate(year: 2014, month: 3, day: 18))
        // Before New Year the lunar year is still the previous one.
        #expect(LunarDate(gregorian: CalendarDate("2024-02-09")!) == LunarDate(year: 2023, month: 12, day: 30))
    }

    /// Cycle 78 began in 1984; year 31 of it is 2014.
    @Test func sexagenaryCycles() {
        #expect(LunarDate.relatedYear(era: 78, year: 1) == 1984)
        #expect(LunarDate.relatedYear(era: 78, year: 31) == 2014)
        #expect(LunarDate.relatedYear(era: 76, year: 38) == 1901)
        for year in 1801...2200 {
            let (era, yearOfCycle) = LunarDate.cycle(of: year)
            #expect((1...60).contains(yearOfCycle))
            #expect(LunarDate.relatedYear(era: era, year: yearOfCycle) == year)
        }
    }
}

@Suite("Next lunar birthday")
struct LunarNextOccurrenceTests {
    typealias T = NewYearTable

    static func day(_ text: String) -> Date { T.date(CalendarDate(text)!) }

    @Test func laterThisYear() {
        // Mid-Autumn 2026 is 2026-09-25.
        #expect(LunarDate(month: 8, day: 15)!.nextOccurrence(onOrAfter: Self.day("2026-06-01"))?.description == "2026-09-25")
        #expect(LunarDate(month: 8, day: 15)!.nextOccurrence(onOrAfter: Self.day("2026-09-25"))?.description == "2026-09-25")
    }

    @Test func passedThisYearGoesToNext() {
        // 2026-09-26 is past 8/15 of lunar 2026; lunar 2027's 8/15 is 2027-09-15.
        #expect(LunarDate(month: 8, day: 15)!.nextOccurrence(onOrAfter: Self.day("2026-09-26"))?.description == "2027-09-15")
    }

    @Test func beforeNewYearStillInThePreviousLunarYear() {
        // 2026-02-10 is lunar 2025-12-23, so the 12/30 still to come is lunar 2025's (2026-02-16, the eve).
        let eve = LunarDate(month: 12, day: 30)!.nextOccurrence(onOrAfter: Self.day("2026-02-10"))
        #expect(eve?.description == "2026-02-16")
    }

    @Test func leapMonthMissingThisYearUsesTheRegularMonth() throws {
        // Lunar 2026 has no leap month: leap 4/15 falls on the regular 4/15.
        let leap = try #require(LunarDate(month: 4, day: 15, isLeapMonth: true))
        let regular = try #require(LunarDate(month: 4, day: 15))
        let now = Self.day("2026-03-01")
        #expect(leap.nextOccurrence(onOrAfter: now) == regular.nextOccurrence(onOrAfter: now))
        // In lunar 2025, whose leap month is the 6th, leap 6/1 is 2025-07-25 and 6/1 2025-06-25.
        #expect(LunarDate(month: 6, day: 1, isLeapMonth: true)!.nextOccurrence(onOrAfter: Self.day("2025-07-01"))?.description == "2025-07-25")
        #expect(LunarDate(month: 6, day: 1)!.nextOccurrence(onOrAfter: Self.day("2025-06-01"))?.description == "2025-06-25")
    }

    @Test func dayThirtyOfAShortMonthIsItsLastDay() throws {
        // Lunar 2023's 1st month has 29 days (2023-01-22 … 2023-02-19).
        let thirtieth = try #require(LunarDate(month: 1, day: 30)?.gregorianDate(inLunarYear: 2023))
        #expect(T.calendarDate(thirtieth).description == "2023-02-19")
        #expect(LunarDate(gregorian: thirtieth) == LunarDate(year: 2023, month: 1, day: 29))
    }
}

@Suite("Lunar date text")
struct LunarDateTextTests {
    @Test(arguments: [
        ("8-15", LunarDate(month: 8, day: 15)), ("08-15", LunarDate(month: 8, day: 15)),
        ("L4-15", LunarDate(month: 4, day: 15, isLeapMonth: true)), ("闰4-15", LunarDate(month: 4, day: 15, isLeapMonth: true)),
        ("2020-L04-15", LunarDate(year: 2020, month: 4, day: 15, isLeapMonth: true)),
        ("2014-3-18", LunarDate(year: 2014, month: 3, day: 18)),
        ("13-1", nil), ("1-31", nil), ("0-5", nil), ("8", nil), ("8/15", nil), ("X8-15", nil), ("20-8-15", nil), ("", nil),
    ])
    func parses(text: String, expected: LunarDate?) {
        #expect(LunarDate(text) == expected)
    }

    @Test func formats() {
        #expect(LunarDate(month: 8, day: 15)!.description == "08-15")
        #expect(LunarDate(year: 2020, month: 4, day: 15, isLeapMonth: true)!.description == "2020-L04-15")
        #expect(LunarDate(month: 8, day: 15)!.chineseDescription == "农历八月十五")
        #expect(LunarDate(month: 4, day: 1, isLeapMonth: true)!.chineseDescription == "农历闰四月初一")
        #expect(LunarDate(month: 12, day: 30)!.chineseDescription == "农历腊月三十")
        #expect(LunarDate(month: 1, day: 21)!.chineseDescription == "农历正月廿一")
        #expect(LunarDate(month: 11, day: 20)!.chineseDescription == "农历冬月二十")
    }
}

@Suite("X-ALTBDAY;CALSCALE=chinese")
struct LunarBirthdayCardTests {
    typealias F = MappingFixtures

    @Test(arguments: [
        ("007800310318", LunarDate(year: 2014, month: 3, day: 18)),
        ("007800021101", LunarDate(year: 1985, month: 11, day: 1)),
        ("--0815", LunarDate(month: 8, day: 15)),
        ("0078004002L15", LunarDate(year: 2023, month: 2, day: 15, isLeapMonth: true)),
        ("--04L15", LunarDate(month: 4, day: 15, isLeapMonth: true)),
    ])
    func readsApplesForm(value: String, expected: LunarDate?) throws {
        let details = try F.details(["FN:A", "X-ALTBDAY;CALSCALE=chinese:" + value])
        #expect(details.lunarBirthday == expected)
        #expect(details.birthday == nil)
    }

    @Test func readsTheAppleExportAmongItsOtherProperties() throws {
        let lines = CardWritingTests.appleCard + ["X-ALTBDAY;CALSCALE=CHINESE:--0815"]
        let details = try F.details(lines)
        #expect(details.lunarBirthday == LunarDate(month: 8, day: 15))
        #expect(details.birthday == CalendarDate(year: nil, month: 5, day: 17))
    }

    @Test func anyCaseAndAGroupPrefixAreRead() throws {
        #expect(try F.details(["FN:A", "item2.x-altbday;calscale=chinese:--0815"]).lunarBirthday == LunarDate(month: 8, day: 15))
        #expect(try F.details(["FN:A", "X-NOT-ALTBDAY;CALSCALE=chinese:--0815"]).lunarBirthday == nil, "only the name X-ALTBDAY")
        #expect(try F.details(["FN:A", "NOTE:X-ALTBDAY;CALSCALE=chinese:--0815"]).lunarBirthday == nil)
    }

    @Test func otherCalendarsAreNotLunarBirthdays() throws {
        let details = try F.details(["FN:A", "X-ALTBDAY;CALSCALE=hebrew:-57840615"])
        #expect(details.lunarBirthday == nil)
        #expect(details.extraProperties.contains("X-ALTBDAY;CALSCALE=hebrew:-57840615"))
    }

    @Test(arguments: [
        "not-a-date", "--1315", "--0831", "--08", "0078003103", "--08X15", "--0815L", "00780031031", "",
        "007800310318;extra",
    ])
    func malformedValueKeepsTheCardAndTheLine(value: String) throws {
        let line = "X-ALTBDAY;CALSCALE=chinese:" + value
        let card = try F.card(["FN:A", "TEL:1", line])
        let details = try ContactDetails(card: card)
        #expect(details.lunarBirthday == nil)
        #expect(details.name == "A")
        for version in VCardWriter.Version.allCases {
            #expect(details.vCard(uid: "u", version: version).properties.contains { $0.name == "X-ALTBDAY" })
        }
        // Setting nothing (what a form with empty lunar fields does) keeps the line.
        var unchanged = details
        unchanged.lunarBirthday = nil
        #expect(unchanged == details)
    }

    /// Hostile values as a client could send them: digits, dashes and `L` in any order and
    /// length, NUL and control characters, full-width digits, 闰, look-alike letters, and one
    /// value 64 KiB long. None may crash; whatever reads as a date is a valid one, written back
    /// and read again the same; whatever does not keeps its line.
    @Test func hostileValuesNeverCrashAndNeverReadAsAnInvalidDate() throws {
        var random = SeededGenerator(seed: 0x1A1A_2026)
        let pieces = ["0", "1", "2", "5", "9", "-", "L", "l", "闰", "\u{0}", "\u{7}", "\u{FF10}", "\u{FF11}", "Ｌ", "\u{200B}", ";", ":"]
        var values = [String(repeating: "0", count: 64 << 10), String(repeating: "--", count: 20_000) + "0815"]
        for _ in 0..<5_000 {
            values.append((0..<Int.random(in: 0...16, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        for value in values {
            let details = try ContactDetails(card: try F.card(["FN:A", "TEL:1", "X-ALTBDAY;CALSCALE=chinese:" + value]))
            guard let date = details.lunarBirthday else {
                #expect(details.extraProperties.contains { $0.hasPrefix("X-ALTBDAY") }, "\(value.debugDescription) was dropped")
                continue
            }
            #expect((1...12).contains(date.month) && (1...30).contains(date.day), "\(value.debugDescription)")
            var rewritten = ContactDetails(name: "A", phones: [PhoneNumber("1")])
            rewritten.lunarBirthday = date
            let reread = try ContactDetails(card: rewritten.vCard(uid: "u", version: .v4_0))
            #expect(reread.lunarBirthday == date, "\(value.debugDescription)")
        }
    }

    @Test(arguments: [
        (LunarDate(month: 8, day: 15)!, "--0815"),
        (LunarDate(month: 4, day: 15, isLeapMonth: true)!, "--04L15"),
        (LunarDate(year: 2014, month: 3, day: 18)!, "007800310318"),
        (LunarDate(year: 2020, month: 4, day: 15, isLeapMonth: true)!, "0078003704L15"),
    ])
    func writesApplesForm(date: LunarDate, value: String) throws {
        var details = ContactDetails(name: "张三", phones: [PhoneNumber("13800138000")])
        details.lunarBirthday = date
        for version in VCardWriter.Version.allCases {
            let text = VCardWriter(version: version).string(for: details.vCard(uid: "u-1", version: version))
            #expect(text.contains("\r\nX-ALTBDAY;CALSCALE=chinese:\(value)\r\n"))
            #expect(try ContactDetails(card: try VCard(parsing: text)).lunarBirthday == date)
        }
    }

    @Test(arguments: VCardWriter.Version.allCases)
    func untouchedCardRoundTripsByteForByte(version: VCardWriter.Version) throws {
        let lines = CardWritingTests.appleCard + ["item6.X-ALTBDAY;CALSCALE=chinese:0078004002L15", "item6.X-ABLabel:农历"]
        let card = try F.card(lines, version: version == .v3_0 ? "3.0" : "4.0")
        let written = VCardWriter(version: version).string(for: card)
        let details = try ContactDetails(card: try VCard(parsing: written))
        #expect(details.lunarBirthday == LunarDate(year: 2023, month: 2, day: 15, isLeapMonth: true))
        let exported = VCardWriter(version: version).string(for: details.vCard(uid: CardWritingTests.appleUID, version: version))
        #expect(exported == written)
    }

    @Test func changingTheLunarBirthdayRewritesOnlyItsLine() throws {
        let lines = ["FN:A", "TEL:1", "X-ALTBDAY;CALSCALE=chinese:--0815", "NOTE:n"]
        var details = try F.details(lines)
        details.lunarBirthday = LunarDate(month: 1, day: 1, isLeapMonth: false)
        let properties = details.vCard(uid: "u", version: .v3_0).properties.map(\.name)
        #expect(properties.filter { $0 == "X-ALTBDAY" }.count == 1)
        #expect(details.lunarBirthday == LunarDate(month: 1, day: 1))
        #expect(details.extraProperties.contains("X-ALTBDAY;CALSCALE=chinese:--0101"))
        details.lunarBirthday = nil
        #expect(!details.vCard(uid: "u", version: .v3_0).properties.contains { $0.name == "X-ALTBDAY" })
    }
}
