import Foundation

/// One day a contact's birthday falls on: by the Gregorian calendar, or by the Chinese lunar
/// calendar (`X-ALTBDAY;CALSCALE=chinese`) expanded to the Gregorian day it falls on that year.
public struct Birthday: Sendable, Equatable {
    /// The Gregorian day, with its year.
    public let date: CalendarDate
    /// The age the contact turns that day; nil when the birth year is not known.
    public let turning: Int?
    /// Whether it is the lunar birthday.
    public let isLunar: Bool

    public init(date: CalendarDate, turning: Int?, isLunar: Bool) {
        self.date = date
        self.turning = turning
        self.isLunar = isLunar
    }
}

extension ContactDetails {
    /// The contact's birthdays in the given years, after the year of birth where it is known:
    /// the Gregorian one in each calendar year, and the lunar one in each lunar year (the
    /// lunar year beginning in that calendar year), on the Gregorian day it falls on.
    public func birthdays(inYears years: ClosedRange<Int>) -> [Birthday] {
        var found: [Birthday] = []
        if let birthday {
            for year in years where birthday.year.map({ $0 < year }) ?? true {
                found.append(Birthday(date: birthday.observed(inYear: year), turning: birthday.year.map { year - $0 }, isLunar: false))
            }
        }
        if let lunar = lunarBirthday {
            for year in years where lunar.year.map({ $0 < year }) ?? true {
                guard let date = lunar.gregorianDate(inLunarYear: year) else { continue }
                found.append(Birthday(date: CalendarDate(date), turning: lunar.year.map { year - $0 }, isLunar: true))
            }
        }
        return found
    }

    /// The contact's birthdays from `today` to `days` days later (today counts as day 0, so 30
    /// covers today and the 30 days after it), soonest first, the Gregorian one first on a day
    /// both fall on.
    public func birthdays(from today: CalendarDate, days: Int) -> [Birthday] {
        guard let year = today.year, let last = today.adding(days: days) else { return [] }
        return birthdays(inYears: (year - 1)...(year + 1))
            .filter { $0.date >= today && $0.date <= last }
            .sorted { ($0.date, $0.isLunar ? 1 : 0) < ($1.date, $1.isLunar ? 1 : 0) }
    }
}

extension CalendarDate {
    /// The midnight (UTC) that begins this day; nil without a year.
    public var date: Date? {
        guard let year else { return nil }
        return Calendar.gregorianUTC.date(from: DateComponents(year: year, month: month, day: day))
    }

    /// The UTC day `date` falls in.
    public init(_ date: Date) {
        let components = Calendar.gregorianUTC.dateComponents([.year, .month, .day], from: date)
        self.init(year: components.year, month: components.month ?? 1, day: components.day ?? 1)
    }

    /// The day this anniversary is kept in `year`: the same month and day, 28 February for
    /// 29 February outside leap years.
    public func observed(inYear year: Int) -> CalendarDate {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        return month == 2 && day == 29 && !leap
            ? CalendarDate(year: year, month: 2, day: 28) : CalendarDate(year: year, month: month, day: day)
    }

    /// The day `days` days later.
    public func adding(days: Int) -> CalendarDate? {
        guard let date, let later = Calendar.gregorianUTC.date(byAdding: .day, value: days, to: date) else { return nil }
        return CalendarDate(later)
    }
}
