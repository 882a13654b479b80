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

    /// The formatted line.
    var line: String {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let milliseconds = "\(microseconds / 1000).\(microseconds % 1000 / 100)ms"
        return [Self.timestamp(time), LogText.printable(clientAddress), LogText.printable(method), LogText.printable(path),
                String(status), bodyBytes.map(String.init) ?? "-", milliseconds].joined(separator: " ")
    }

    /// ISO-8601 in UTC with milliseconds.
    private static func timestamp(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = time_t(interval.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let millis = Int((interval - interval.rounded(.down)) * 1000)
        return "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec)).\(pad(millis, width: 3))Z"
    }

    private static func pad<N: BinaryInteger>(_ number: N, width: Int = 2) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
