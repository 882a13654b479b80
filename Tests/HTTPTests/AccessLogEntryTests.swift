import Foundation
import Testing
@testable import HTTP

@Suite struct AccessLogEntryTests {
    @Test func lineHasTimeClientMethodPathStatusBytesAndMilliseconds() {
        let entry = AccessLogEntry(time: Date(timeIntervalSince1970: 1_700_000_000.25), clientAddress: "::1", method: "GET",
                                   path: "/contacts/7", status: 200, bodyBytes: 512, duration: .microseconds(12_345))
        #expect(entry.line == "2023-11-14T22:13:20.250Z ::1 GET /contacts/7 200 512 12.3ms")
    }

    @Test func pathsAreWrittenThroughTheLogSanitiser() {
        let entry = AccessLogEntry(time: Date(timeIntervalSince1970: 0), clientAddress: "::1", method: "GET\n",
                                   path: "/a b\n2023 fake", status: 404, bodyBytes: 0, duration: .zero)
        #expect(entry.line == "1970-01-01T00:00:00.000Z ::1 GET%0A /a%20b%0A2023%20fake 404 0 0.0ms")
    }
}
