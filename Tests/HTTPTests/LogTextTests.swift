import Testing
import HTTP

@Suite struct LogTextTests {
    @Test func controlCharactersAndNewlinesCannotForgeALine() {
        #expect(LogText.printable("/a b\n2023 fake line\r\t\u{0}\u{7f}") == "/a%20b%0A2023%20fake%20line%0D%09%00%7F")
    }

    @Test func spacesMayBeKeptButNothingElse() {
        #expect(LogText.printable("a b\tc\n", keepingSpaces: true) == "a b%09c%0A")
    }

    @Test func ansiEscapesCannotColourATerminal() {
        #expect(LogText.printable("\u{1B}[31mred\u{1B}[0m") == "%1B[31mred%1B[0m")
    }

    @Test func quotesAndBackslashesCannotCloseAQuotedField() {
        #expect(LogText.printable(#"alice" from 10.0.0.1 \"#) == "alice%22%20from%2010.0.0.1%20%5C")
    }

    @Test func nonASCIIAndInvalidUTF8AreEscapedByteByByte() {
        #expect(LogText.printable("é张") == "%C3%A9%E5%BC%A0")
        // Invalid UTF-8 reaches a String as U+FFFD; it is escaped like any other non-ASCII.
        #expect(LogText.printable(String(decoding: [0x41, 0xFF, 0x42], as: UTF8.self)) == "A%EF%BF%BDB")
    }

    @Test func printableASCIIIsKeptAsIs() {
        #expect(LogText.printable("/plain/path%2F?x=1") == "/plain/path%2F?x=1")
    }

    @Test func aFailureLineNamesTheRequestAndTheReasonEachPrintable() {
        let request = Request(method: "GET", path: "/x", rawPath: "/x\n2026 forged")
        #expect(LogText.failure(of: request, "no such table: contacts\n\u{1B}[2J") == "error: GET /x%0A2026%20forged: no such table: contacts%0A%1B[2J")
    }

    @Test func aVeryLongTextIsCutToABoundedLength() {
        let long = LogText.printable(String(repeating: "a", count: 1_000_000))
        #expect(long == String(repeating: "a", count: LogText.maximumBytes) + "...")
        let escaped = LogText.printable(String(repeating: "\n", count: 10_000))
        #expect(escaped.utf8.count == LogText.maximumBytes * 3 + 3)
        #expect(LogText.printable(String(repeating: "b", count: LogText.maximumBytes)) == String(repeating: "b", count: LogText.maximumBytes))
    }
}
