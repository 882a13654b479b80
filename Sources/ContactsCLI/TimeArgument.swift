import Foundation

/// A moment given on the command line (`rewind --to`, `history --since`): ISO 8601 with its zone
/// (`2026-12-04T10:00:00Z`, `2026-12-04T18:00:00.5+08:00`) or a time back from now: a whole number
/// of seconds, minutes, hours, days or weeks (`90s`, `10m`, `2h`, `3d`, `1w`).
enum TimeArgument {
    /// Seconds per unit of a time back from now.
    private static let units: [UInt8: Int64] = [UInt8(ascii: "s"): 1, UInt8(ascii: "m"): 60, UInt8(ascii: "h"): 3600,
                                                UInt8(ascii: "d"): 86400, UInt8(ascii: "w"): 7 * 86400]
    /// Times further back than this are all the same (out of any history's reach): longer ones are
    /// cut to it, so no count overflows.
    private static let longestReach: Int64 = 1000 * 366 * 86400

    /// The moment `text` names, as the value of `option`, counted back from `now`.
    /// - Throws: a usage error naming the option and showing the value (control characters escaped).
    static func moment(_ text: String, of option: String, now: Date = Date()) throws(UsageError) -> Date {
        let bytes = Array(text.utf8)
        let shown = Arguments.shown(text)
        if let seconds = secondsBack(bytes) {
            guard seconds > 0 else { throw UsageError { $0.notBackFromNow(option, given: shown) } }
            return now.addingTimeInterval(-Double(seconds))
        }
        if bytes.first == UInt8(ascii: "-"), secondsBack(Array(bytes.dropFirst())) != nil {
            throw UsageError { $0.notBackFromNow(option, given: shown) }
        }
        guard let parts = ISOParts(bytes) else { throw UsageError { $0.notATime(option, given: shown) } }
        guard let date = parts.date else { throw UsageError { $0.noSuchMoment(option, given: shown) } }
        return date
    }

    /// The seconds of a time back from now (`10m`), at most `longestReach`; nil when `bytes` is not one.
    private static func secondsBack(_ bytes: [UInt8]) -> Int64? {
        guard bytes.count >= 2, let unit = bytes.last.flatMap({ units[$0] }) else { return nil }
        let digits = bytes.dropLast()
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        var count: Int64 = 0
        for digit in digits {
            count = min(count * 10 + Int64(digit - UInt8(ascii: "0")), longestReach)
        }
        let (seconds, overflow) = count.multipliedReportingOverflow(by: unit)
        return overflow ? longestReach : min(seconds, longestReach)
    }
}

/// The parts of `YYYY-MM-DDTHH:MM[:SS[.FFF]]` followed by `Z` or an offset `±HH:MM` (`±HHMM`, `±HH`).
private struct ISOParts {
    var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
    var fraction = 0.0
    /// The zone's offset from UTC, in seconds.
    var offset = 0

    /// Nil when `bytes` is not of that form (whatever the numbers).
    init?(_ bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard let year = reader.number(4), reader.take("-"), let month = reader.number(2), reader.take("-"),
              let day = reader.number(2), reader.take("T") || reader.take("t"),
              let hour = reader.number(2), reader.take(":"), let minute = reader.number(2) else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute) = (year, month, day, hour, minute)
        if reader.take(":") {
            guard let second = reader.number(2) else { return nil }
            self.second = second
            if reader.take(".") || reader.take(",") {
                let start = reader.index
                while reader.digit() != nil {}
                guard reader.index > start, let fraction = Double("0." + String(decoding: bytes[start..<reader.index], as: UTF8.self)) else {
                    return nil
                }
                self.fraction = fraction
            }
        }
        if reader.take("Z") || reader.take("z") {
            offset = 0
        } else {
            let sign = reader.take("+") ? 1 : reader.take("-") ? -1 : 0
            guard sign != 0, let hours = reader.number(2) else { return nil }
            let minutes = reader.take(":") ? reader.number(2) : reader.atEnd ? 0 : reader.number(2)
            guard let minutes, hours <= 23, minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.atEnd else { return nil }
    }

    /// The moment, nil when the calendar has no such day or time (`2026-02-30`, `25:00`).
    var date: Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard (1...12).contains(month), (1...31).contains(day), hour <= 23, minute <= 59, second <= 59,
              let date = calendar.date(from: components),
              calendar.component(.day, from: date) == day else {
            return nil
        }
        return date.addingTimeInterval(fraction - Double(offset))
    }

    /// Reads ASCII bytes from the start.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard !atEnd, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard !atEnd, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        /// Exactly `count` digits.
        mutating func number(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }
}
