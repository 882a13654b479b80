import ContactsCore
import Wording

/// A date on the contact form as three parts: a year box, a month select and a day select, in the
/// interface language's order (1979年 1月 18日; January 18 1979), whatever the browser's own
/// locale. The year may be left empty: a date without one (--05-17) is shown and kept as it is.
struct DateParts: Equatable {
    /// As posted, or as a stored date gives them: the year's digits and the month's and day's numbers.
    var year: String
    var month: String
    var day: String

    init(year: String, month: String, day: String) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The parts of a stored date; all empty for none.
    init(_ date: CalendarDate?) {
        self.init(year: date?.year.map(String.init) ?? "", month: date.map { String($0.month) } ?? "",
                  day: date.map { String($0.day) } ?? "")
    }

    /// The parts from values in `fieldNames` order (missing ones empty).
    init(_ values: [String]) {
        let padded = values + Array(repeating: "", count: max(0, 3 - values.count))
        self.init(year: padded[0], month: padded[1], day: padded[2])
    }

    /// The form field names of a date's parts, in `values` order: `birthday` gives
    /// birthday_year, birthday_month and birthday_day.
    static func fieldNames(_ name: String) -> [String] { DatePart.allCases.map { "\(name)_\($0)" } }

    /// Year, month and day, in `fieldNames` order.
    var values: [String] { [year, month, day] }

    /// Whether every part is empty: no date.
    var isEmpty: Bool { values.allSatisfy { $0.trimmed.isEmpty } }

    /// The date the parts give: a month and a day, with a year of 1–4 digits or none. Anything else
    /// (no date, a part missing, February 30, a year that is not digits) throws `error` with the
    /// parts as given (`text`).
    func date(or error: (String) -> ContactValidationError) throws(ContactValidationError) -> CalendarDate {
        let (year, month, day) = (self.year.trimmed, self.month.trimmed, self.day.trimmed)
        guard year.count <= 4, Self.isDigits(year), (1...2).contains(month.count), Self.isDigits(month),
              (1...2).contains(day.count), Self.isDigits(day),
              let date = CalendarDate((year.isEmpty ? "-" : Self.padded(year, 4)) + "-" + Self.padded(month, 2)
                                      + "-" + Self.padded(day, 2)) else { throw error(text) }
        return date
    }

    /// The parts as given, for a message to quote: "1979-02-30", "--02-30" (each part without
    /// control characters and cut to 12 characters).
    var text: String {
        let cleaned = values.map { part in
            String(part.trimmed.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(12))
        }
        let number = { (part: String) in part.count < 2 && Self.isDigits(part) && !part.isEmpty ? "0" + part : part }
        return (cleaned[0].isEmpty ? "-" : cleaned[0]) + "-" + number(cleaned[1]) + "-" + number(cleaned[2])
    }

    /// The date as a page shows it ("January 18, 1979"; "1979年1月18日"), or the parts as given
    /// when they are not one.
    func shown(_ strings: any Catalogue) -> String {
        (try? date(or: ContactValidationError.invalidDate)).map(strings.fullDate) ?? text
    }

    private static func isDigits(_ text: String) -> Bool { text.allSatisfy { $0.isASCII && $0.isNumber } }

    private static func padded(_ digits: String, _ count: Int) -> String {
        String(repeating: "0", count: max(0, count - digits.count)) + digits
    }
}

/// The controls of a date's parts on the contact form (`DateParts`).
enum DatePartsView {
    /// The parts' controls in the language's order, in a group: the year box (with its suffix,
    /// 年 in Chinese), the month select and the day select, each with an empty choice.
    /// - Parameters:
    ///   - name: the prefix of the field names (`DateParts.fieldNames`).
    ///   - id: the prefix of the controls' ids: `birthday` gives birthday-year, birthday-month…
    ///   - caption: the group's accessible name; each part's is it and the part's name ("Birthday · Year").
    ///   - named: the accessible-name attributes for a caption.
    static func render(_ parts: DateParts, name: String, id: String, caption: String,
                       named: (String) -> String, strings: any Catalogue) -> String {
        let controls = strings.datePartOrder.map { part in
            let common = #"id="\#(id)-\#(part)" name="\#(name)_\#(part)" \#(named(caption + " · " + strings.datePartName(part)))"#
            switch part {
            case .year:
                let suffix = strings.yearSuffix.isEmpty ? "" : #"<span class="date-suffix" aria-hidden="true">\#(HTML.escape(strings.yearSuffix))</span>"#
                return #"<span class="date-year"><input \#(common) class="date-year-input" inputmode="numeric" autocomplete="off" maxlength="4" value="\#(HTML.escape(parts.year))" placeholder="\#(HTML.escape(strings.yearPlaceholder))">\#(suffix)</span>"#
            case .month:
                return select(common, chosen: parts.month, empty: strings.datePartName(.month),
                              options: (1...12).map { ($0, strings.monthName($0)) })
            case .day:
                return select(common, chosen: parts.day, empty: strings.datePartName(.day),
                              options: (1...31).map { ($0, strings.dayOfMonthName($0)) })
            }
        }.joined()
        return #"<span class="date-parts" role="group" \#(named(caption))>\#(controls)</span>"#
    }

    /// A month or day select: the empty choice, then the numbers as the language names them.
    private static func select(_ attributes: String, chosen: String, empty: String, options: [(Int, String)]) -> String {
        let chosen = chosen.trimmed
        let items = [#"<option value=""\#(chosen.isEmpty ? " selected" : "")>\#(HTML.escape(empty))</option>"#]
            + options.map { value, text in
                #"<option value="\#(value)"\#(chosen == String(value) ? " selected" : "")>\#(HTML.escape(text))</option>"#
            }
        return #"<select \#(attributes)>\#(items.joined())</select>"#
    }
}
