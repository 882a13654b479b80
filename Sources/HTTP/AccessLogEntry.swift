import DecimalDigits
import Foundation

/// One access-log line: `2025-05-01T10:20:30.123Z 127.0.0.1 GET /contacts 200 512 1.3ms`; what is not
/// known (the method and size of a response libmicrohttpd sent itself) is `-`.
/// It never holds a header, cookie, query or body.
struct AccessLogEntry {
    let time: Date
    let clientAddress: String
    let method: String
    let path: String
    let status: Int
    let bodyBytes: Int?
    let duration: Duration

    /// The formatted line, written byte by byte: one per request.
    var line: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96 + path.utf8.count)
        Self.appendTimestamp(time, to: &bytes)
        // Each field by itself: an array of them was an allocation per request.
        Self.append(field: clientAddress, to: &bytes)
        Self.append(field: method, to: &bytes)
        Self.append(field: path, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        Self.append(status, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        if let bodyBytes { Self.append(bodyBytes, to: &bytes) } else { bytes.append(UInt8(ascii: "-")) }
        bytes.append(UInt8(ascii: " "))
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        Self.append(microseconds / 1000, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        Self.append(microseconds % 1000 / 100, to: &bytes)
        bytes.append(contentsOf: "ms".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ISO-8601 in UTC with milliseconds.
    private static func appendTimestamp(_ date: Date, to bytes: inout [UInt8]) {
        let interval = date.timeIntervalSince1970
        var seconds = time_t(interval.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let millis = Int((interval - interval.rounded(.down)) * 1000)
        append(parts.tm_year + 1900, to: &bytes)
        append(parts.tm_mon + 1, after: UInt8(ascii: "-"), to: &bytes)
        append(parts.tm_mday, after: UInt8(ascii: "-"), to: &bytes)
        append(parts.tm_hour, after: UInt8(ascii: "T"), to: &bytes)
        append(parts.tm_min, after: UInt8(ascii: ":"), to: &bytes)
        append(parts.tm_sec, after: UInt8(ascii: ":"), to: &bytes)
        bytes.append(UInt8(ascii: "."))
        append(millis, width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// A space, then `field` made printable.
    private static func append(field: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: LogText.printable(field).utf8)
    }

    /// `separator`, then a number of two digits.
    private static func append(_ number: Int32, after separator: UInt8, to bytes: inout [UInt8]) {
        bytes.append(separator)
        append(number, width: 2, to: &bytes)
    }

    /// The decimal digits of a number (0 for one below 0), zero-padded to `width`.
    private static func append<N: BinaryInteger>(_ number: N, width: Int = 1, to bytes: inout [UInt8]) {
        DecimalDigits.append(UInt64(Swift.max(0, Int(number))), width: width, to: &bytes)
    }
}
