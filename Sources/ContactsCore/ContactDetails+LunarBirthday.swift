import Foundation
import VCard

/// The lunar birthday (农历生日) a card carries in Apple's `X-ALTBDAY;CALSCALE=chinese`.
///
/// The value is kept where every property the model does not interpret is kept, as a line of
/// `extraProperties`, and `lunarBirthday` reads and writes that line: a card that arrives with
/// one goes out with the very same line until the lunar birthday is changed, and no store column
/// or migration is needed.
///
/// ## The value format
///
/// Apple's Contacts (iOS, macOS) writes a non-Gregorian birthday as
/// `X-ALTBDAY;CALSCALE=<calendar identifier>:<value>`, and for the Chinese calendar the value is
///
///     era(4 digits) year(4 digits) month(2 digits) ["L"] day(2 digits)
///
/// where era is the 60-year cycle (78 began in 1984), year the year within it (1–60), and `L`
/// marks a leap month. A component that is not set (a birthday without a year) is written as a
/// single `-`. So lunar 2014-03-18 is `007800310318`, 8/15 without a year `--0815`, and
/// leap 4/15 of 2020 (cycle 78, year 37) `0078003704L15`.
///
/// Sources: Apple's vCard framework, `-[CNVCardDateComponentsFormatter altBDAYStringFromDateComponents:]`
/// (era and year `%04li`, month `%02li`, `L` when `isLeapMonth`, day `%02li`, an unset component
/// as `-`) and `CNVCardDateScanner` (which reads a `-` as an unset component and `L` after the
/// month as the leap marker), in the decompiled iOS 18 vCard.framework published in
/// github.com/EthanArbuckle/iPhone17-1_18.2_22C152_Restore
/// (System/Library/PrivateFrameworks/vCard.framework/CNVCardDateComponentsFormatter.m,
/// CNVCardDateScanner.m); `-[CNVCard30CardBuilder addAlternateBirthday]` and
/// `CNVCardAlternateDateComponentsLineGenerator` add the `CALSCALE` parameter with the calendar's
/// identifier (`chinese`). Values exported by iOS and quoted by public vCard tooling have the
/// same layout, e.g. `X-ALTBDAY;CALSCALE=chinese:007800021101` (cycle 78, year 2, month 11, day 1).
/// Other calendars (`hebrew`, `islamic`) use the same property with their own CALSCALE; only
/// `chinese` is read here, the others stay untouched among the extra properties.
extension ContactDetails {
    static let lunarBirthdayProperty = "X-ALTBDAY"
    static let lunarCalendarScale = "chinese"

    /// The lunar birthday the first `X-ALTBDAY;CALSCALE=chinese` of the card gives; nil when
    /// there is none or its value is not in Apple's form (the line is then kept as it is).
    /// Setting a different value rewrites that line (or adds one); setting nil removes it;
    /// setting the value it already has changes nothing.
    public var lunarBirthday: LunarDate? {
        get {
            guard let index = lunarBirthdayIndex else { return nil }
            return Self.lunarProperty(extraProperties[index]).flatMap { Self.lunarDate(altBirthday: $0.value) }
        }
        set {
            guard newValue != lunarBirthday else { return }
            let index = lunarBirthdayIndex
            if let newValue {
                let property = VCardProperty(name: Self.lunarBirthdayProperty,
                                             parameters: [VCardParameter(name: "CALSCALE", value: Self.lunarCalendarScale)],
                                             value: Self.altBirthdayValue(newValue))
                let line = Self.line(of: property)
                if let index { extraProperties[index] = line } else { extraProperties.append(line) }
            } else if let index {
                extraProperties.remove(at: index)
            }
        }
    }

    /// The line of `extraProperties` holding the first Chinese-calendar X-ALTBDAY.
    private var lunarBirthdayIndex: Int? {
        extraProperties.firstIndex { line in
            // A cheap look at the name first: most cards have no alternative birthday.
            Self.line(line, names: Self.lunarBirthdayProperty) && Self.lunarProperty(line) != nil
        }
    }

    /// The line as a property when it is an X-ALTBDAY whose CALSCALE is `chinese`.
    private static func lunarProperty(_ line: String) -> VCardProperty? {
        guard let property = Self.property(ofLine: line), property.name == lunarBirthdayProperty,
              property.parameter(named: "CALSCALE")?.value?.lowercased() == lunarCalendarScale else { return nil }
        return property
    }

    /// Reads Apple's value (see the extension's comment): `007800310318`, `--0815`,
    /// `0078003704L15`. nil for anything else, or a month or day out of range.
    static func lunarDate(altBirthday value: String) -> LunarDate? {
        var rest = Substring(value.trimmed)
        /// A component of `length` digits, or nil for the `-` of an unset one; fails on anything else.
        func component(_ length: Int) -> Int?? {
            if rest.first == "-" {
                rest.removeFirst()
                return .some(nil)
            }
            let digits = rest.prefix(length)
            guard digits.count == length, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else { return nil }
            rest.removeFirst(length)
            return .some(number)
        }
        guard let era = component(4), let year = component(4), let month = component(2), let month else { return nil }
        let leap = rest.first == "L"
        if leap { rest.removeFirst() }
        guard let day = component(2), let day, rest.isEmpty else { return nil }
        var relatedYear: Int?
        if let era, let year, (1...60).contains(year) { relatedYear = LunarDate.relatedYear(era: era, year: year) }
        return LunarDate(year: relatedYear, month: month, day: day, isLeapMonth: leap)
    }

    /// Apple's value for a lunar date: `007800310318`, `--0815`, `0078003704L15`.
    static func altBirthdayValue(_ date: LunarDate) -> String {
        let yearPart = date.year.map { year -> String in
            let (era, yearOfCycle) = LunarDate.cycle(of: year)
            return String(format: "%04d%04d", era, yearOfCycle)
        } ?? "--"
        return yearPart + String(format: "%02d", date.month) + (date.isLeapMonth ? "L" : "") + String(format: "%02d", date.day)
    }
}
