/// A birthday as the CSV formats write it: Google as ISO 8601 (`1990-05-17`, `--05-17`
/// without a year), Outlook as the US short date (`5/17/1990`; `1990/5/17` from Chinese Outlook).
struct CSVDate: Equatable {
    var year: Int?
    var month: Int
    var day: Int

    init?(year: Int?, month: Int, day: Int) {
        guard (1...12).contains(month), (1...31).contains(day), year.map({ (1...9999).contains($0) }) ?? true else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// An ISO 8601 or vCard date (`1990-05-17`, `19900517`, `--05-17`, `--0517`), any time part
    /// ignored; `omittedYear` is the placeholder year Apple's X-APPLE-OMIT-YEAR names.
    init?(iso text: String, omittedYear: Int? = nil) {
        let value = text.trimmed.prefix { $0 != "T" && $0 != "t" && $0 != " " }
        let yearless = value.hasPrefix("--")
        let digits = value.dropFirst(yearless ? 2 : 0).filter { $0 != "-" }
        guard digits.count == (yearless ? 4 : 8), digits.allSatisfy(\.isASCII), let number = Int(digits) else { return nil }
        let year = yearless ? nil : number / 10_000
        self.init(year: year == omittedYear ? nil : year, month: number / 100 % 100, day: number % 100)
    }

    /// Outlook's `M/D/YYYY`, or `YYYY/M/D`; ISO dates are taken too. Outlook's empty date `0/0/00` is nil.
    init?(outlook text: String) {
        let parts = text.trimmed.split(separator: "/").map { Int($0) }
        guard parts.count == 3, let first = parts[0], let second = parts[1], let third = parts[2] else {
            self.init(iso: text)
            return
        }
        if parts[0].map(String.init)?.count == 4 && first > 31 {
            self.init(year: first, month: second, day: third)
        } else {
            self.init(year: third < 100 ? nil : third, month: first, day: second)
        }
    }

    /// `1990-05-17`, or `--05-17` without a year.
    var iso: String {
        (year.map { pad($0, 4) } ?? "-") + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// `5/17/1990`; empty without a year, which Outlook's dates cannot leave out.
    var outlook: String {
        year.map { "\(month)/\(day)/\($0)" } ?? ""
    }

    private func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
