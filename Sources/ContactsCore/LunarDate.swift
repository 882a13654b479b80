import Foundation

/// A day of the Chinese lunisolar calendar (农历), as a lunar birthday is kept: month 1–12, day
/// 1–30, whether the month is the leap (intercalary, 闰) month that follows the regular month of
/// that number, and the year when known.
///
/// The year is the Gregorian year in which that lunar year began (lunar 2014, 甲午, began on
/// 2014-01-31), the numbering Chinese almanacs print beside the sexagenary name.
public struct LunarDate: Sendable, Hashable, CustomStringConvertible {
    public var year: Int?
    public var month: Int
    public var day: Int
    public var isLeapMonth: Bool

    /// nil unless month is 1–12 and day 1–30 (a lunar month has 29 or 30 days).
    public init?(year: Int? = nil, month: Int, day: Int, isLeapMonth: Bool = false) {
        guard (1...12).contains(month), (1...30).contains(day) else { return nil }
        if let year, !(1...9999).contains(year) { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.isLeapMonth = isLeapMonth
    }

    /// Parses `[YYYY-][L]M-D`: the month and day in one or two digits, the leap month marked
    /// by `L` (as Apple's X-ALTBDAY marks it) or 闰 before the month: `8-15`, `L4-15`, `闰4-15`,
    /// `2020-L04-15`. nil when the text is not such a date.
    public init?(_ text: String) {
        var parts = text.trimmed.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        var year: Int?
        if parts.count == 3 {
            guard parts[0].count == 4, let value = Self.number(parts[0]) else { return nil }
            year = value
            parts.removeFirst()
        }
        guard parts.count == 2 else { return nil }
        var monthText = Substring(parts[0])
        var leap = false
        if let first = monthText.first, first == "L" || first == "l" || first == "闰" || first == "閏" {
            leap = true
            monthText = monthText.dropFirst()
        }
        guard (1...2).contains(monthText.count), (1...2).contains(parts[1].count),
              let month = Self.number(String(monthText)), let day = Self.number(parts[1]) else { return nil }
        self.init(year: year, month: month, day: day, isLeapMonth: leap)
    }

    private static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// `[YYYY-][L]MM-DD`, the form `init(_:)` reads: `08-15`, `L04-15`, `2020-L04-15`.
    public var description: String {
        let monthDay = (isLeapMonth ? "L" : "") + String(format: "%02d-%02d", month, day)
        return year.map { String(format: "%04d-", $0) + monthDay } ?? monthDay
    }

    /// The date as Chinese calendars write it: 农历八月十五, 农历闰四月初一, 农历腊月三十.
    public var chineseDescription: String {
        "农历" + (isLeapMonth ? "闰" : "") + Self.chineseMonthName(month) + Self.chineseDayName(day)
    }

    /// 正月, 二月 … 十月, 冬月, 腊月 (the names of months 1–12).
    public static func chineseMonthName(_ month: Int) -> String {
        let names = ["正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "冬", "腊"]
        return names[(month - 1).clamped(to: 0...11)] + "月"
    }

    /// 初一…初十, 十一…十九, 二十, 廿一…廿九, 三十 (the names of days 1–30).
    public static func chineseDayName(_ day: Int) -> String {
        let digits = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"]
        switch day {
        case ...10: return "初" + digits[max(day, 1)]
        case 11...19: return "十" + digits[day - 10]
        case 20: return "二十"
        case 21...29: return "廿" + digits[day - 20]
        default: return "三十"
        }
    }
}

// MARK: - Conversion

extension LunarDate {
    /// The Chinese calendar in UTC, matching `Calendar.gregorianUTC`, so a Gregorian day maps to
    /// one lunar day whatever the server's time zone (Foundation computes the months themselves for
    /// China's meridian).
    public static let chineseCalendar: Calendar = {
        var calendar = Calendar(identifier: .chinese)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The lunar date of a Gregorian day (its year is the Gregorian year its lunar year began in).
    public init(gregorian date: Date) {
        let components = Self.chineseCalendar.dateComponents([.era, .year, .month, .day], from: date)
        self.year = Self.relatedYear(era: components.era ?? 0, year: components.year ?? 0)
        self.month = components.month ?? 1
        // Foundation on Linux reads the day of a new moon close to midnight as day 0 of the new
        // month (2057-09-28, 2097-08-07); it is that month's first day.
        self.day = min(max(components.day ?? 1, 1), 30)
        self.isLeapMonth = components.isLeapMonth ?? false
    }

    /// The lunar date of a Gregorian date.
    public init(gregorian date: CalendarDate) {
        let day = Calendar.gregorianUTC.date(from: DateComponents(year: date.year ?? 2000, month: date.month, day: date.day))!
        self.init(gregorian: day)
    }

    /// The Gregorian day this month and day fall on in lunar year `year` (counted as `year` is):
    /// when that year has no leap month of this number, the regular month is used; day 30 of a
    /// 29-day month is its last day. nil outside the years Foundation's calendar can compute.
    public func gregorianDate(inLunarYear year: Int) -> Date? {
        let calendar = Self.chineseCalendar
        let (era, yearOfCycle) = Self.cycle(of: year)
        var components = DateComponents(era: era, year: yearOfCycle, month: month, day: 1)
        components.isLeapMonth = isLeapMonth
        guard var first = calendar.date(from: components) else { return nil }
        var found = LunarDate(gregorian: first)
        // Foundation moves a leap month the year lacks to the regular month; check it did.
        if found.month != month || found.year != year || found.isLeapMonth != isLeapMonth {
            components.isLeapMonth = false
            guard let regular = calendar.date(from: components) else { return nil }
            first = regular
            found = LunarDate(gregorian: first)
        }
        // Day 30 of a 29-day month steps back into it. (Counting days rather than asking for
        // the month's range: Foundation gives an empty range for some months, e.g. 2057's 8th.)
        var date = first.addingTimeInterval(Double(day - 1) * 86_400)
        while date > first {
            let lunar = LunarDate(gregorian: date)
            if lunar.month == found.month && lunar.isLeapMonth == found.isLeapMonth && lunar.year == found.year { break }
            date = date.addingTimeInterval(-86_400)
        }
        return date
    }

    /// The first day on or after `now` (taken as a UTC day) that is this lunar month and day,
    /// as a Gregorian date.
    public func nextOccurrence(onOrAfter now: Date) -> CalendarDate? {
        let gregorian = Calendar.gregorianUTC
        let today = gregorian.startOfDay(for: now)
        guard let thisYear = LunarDate(gregorian: today).year else { return nil }
        for year in thisYear...(thisYear + 2) {
            guard let date = gregorianDate(inLunarYear: year), date >= today else { continue }
            return CalendarDate(date)
        }
        return nil
    }

    /// The Gregorian year a lunar year of the sexagenary cycles began in: cycle 78, year 1 is 1984.
    static func relatedYear(era: Int, year: Int) -> Int { (era - 1) * 60 + year - 2637 }

    /// The 60-year cycle and the year within it (1–60) of the lunar year beginning in `year`.
    static func cycle(of year: Int) -> (era: Int, year: Int) {
        let count = year + 2637 - 1
        let cycles = count >= 0 ? count / 60 : (count - 59) / 60
        return (cycles + 1, count - cycles * 60 + 1)
    }
}

private extension Int {
    func clamped(to range: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
