import Foundation
import Testing
@testable import CardDAV

/// RFC 9110 §5.6.7: IMF-fixdate, as Foundation's formatter writes it, for every day of the week,
/// month and hour.
@Suite struct HTTPDateTests {
    @Test(arguments: [0, 951_782_400, 1_700_000_000.75, 1_764_998_399, 4_102_444_800, 253_402_300_799])
    func aDateIsWrittenAsIMFFixdate(seconds: Double) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = Date(timeIntervalSince1970: seconds)
        #expect(HTTPDate.string(date) == formatter.string(from: date))
    }

    @Test func everyDayOfAYearIsWrittenAsFoundationWritesIt() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        for day in 0..<366 {
            let date = Date(timeIntervalSince1970: 1_735_689_600 + Double(day) * 86_400 + Double(day % 24) * 3_661)
            #expect(HTTPDate.string(date) == formatter.string(from: date))
        }
    }
}
