import Foundation
import Testing
@testable import HTTP

@Suite struct AccessLogEntryTests {
    @Test func lineHasTimeClientMethodPathStatusBytesAndMilliseconds() {
        let entry = AccessLogEntry(time: Date(timeIntervalSince1970: 1_700_000_000.25), clientAddress: "::1", method: "GET",
                                   path: "/contacts/7", status: 200, bodyBytes: 512, duration: .microseconds(12_345))
        #expect(entry.line == "2023-11-14T22:13:20.250Z ::1 GET /contacts/7 200 512 12.3ms")
    }

    @Test func unprintableBytesAreEscapedSoALineCannotBeForged() {
        #expect(AccessLogEntry.printable("/a b\n2023 fake line\u{7f}é") == "/a%20b%0A2023%20fake%20line%7F%C3%A9")
        #expect(AccessLogEntry.printable("/plain/path%2F") == "/plain/path%2F")
    }
}
