import ContactsCore
import Testing

/// `ContactDetails.birthdays(from:days:)` and `birthdays(inYears:)`: which days a birthday falls
/// on, the age turned, 29 February, the turn of the year and lunar birthdays.
struct BirthdayTests {
    private func details(_ birthday: String? = nil, lunar: LunarDate? = nil) -> ContactDetails {
        var details = ContactDetails(name: "A", birthday: birthday.flatMap(CalendarDate.init))
        details.lunarBirthday = lunar
        return details
    }

    private func upcoming(_ details: ContactDetails, from today: String, days: Int = 30) -> [String] {
        details.birthdays(from: CalendarDate(today)!, days: days).map { birthday in
            "\(birthday.date)\(birthday.isLunar ? " lunar" : "")\(birthday.turning.map { " turns \($0)" } ?? "")"
        }
    }

    @Test func todayAndTheNextThirtyDaysCount() {
        #expect(upcoming(details("1990-05-17"), from: "2026-05-17") == ["2026-05-17 turns 36"])
        #expect(upcoming(details("1990-05-17"), from: "2026-04-17") == ["2026-05-17 turns 36"])
        #expect(upcoming(details("1990-05-17"), from: "2026-04-16") == [], "31 days away")
        #expect(upcoming(details("1990-05-17"), from: "2026-05-18") == [], "just passed")
        #expect(upcoming(details("--05-17"), from: "2026-05-01") == ["2026-05-17"], "no year, no age")
        #expect(upcoming(details(), from: "2026-05-01") == [])
    }

    @Test func theTurnOfTheYear() {
        #expect(upcoming(details("2000-01-05"), from: "2026-12-20") == ["2027-01-05 turns 27"])
        #expect(upcoming(details("2000-12-25"), from: "2026-12-20", days: 365) == ["2026-12-25 turns 26"])
    }

    @Test func leapDayFallsOnTheTwentyEighthInOtherYears() {
        #expect(upcoming(details("2004-02-29"), from: "2027-02-20") == ["2027-02-28 turns 23"])
        #expect(upcoming(details("2004-02-29"), from: "2028-02-20") == ["2028-02-29 turns 24"])
    }

    @Test func aBirthdayBeforeBirthIsNone() {
        #expect(details("2026-05-17").birthdays(inYears: 2025...2027).map(\.date.description) == ["2027-05-17"])
    }

    @Test func lunarBirthdaysFallOnThisYearsDay() throws {
        // Mid-Autumn (8/15) is 2026-09-25 and 2027-09-15.
        let midAutumn = try #require(LunarDate(month: 8, day: 15))
        #expect(upcoming(details(lunar: midAutumn), from: "2026-09-01") == ["2026-09-25 lunar"])
        #expect(upcoming(details(lunar: midAutumn), from: "2026-09-26", days: 365) == ["2027-09-15 lunar"])
        let born = try #require(LunarDate(year: 1990, month: 8, day: 15))
        #expect(upcoming(details(lunar: born), from: "2026-09-01") == ["2026-09-25 lunar turns 36"])
        #expect(details(lunar: born).birthdays(inYears: 2026...2027).map(\.date.description) == ["2026-09-25", "2027-09-15"])
    }

    @Test func bothOnOneDayTheGregorianComesFirst() {
        let both = details("1990-09-25", lunar: LunarDate(month: 8, day: 15))
        #expect(upcoming(both, from: "2026-09-20") == ["2026-09-25 turns 36", "2026-09-25 lunar"])
    }
}
