import Foundation
import Testing
@testable import VCard

@Suite("Errors")
struct ErrorTests {
    /// A card with one bad line between two good cards: the error names card 2 and the line,
    /// and both good cards still come out.
    @Test(arguments: [
        ("FN", VCardError.Kind.missingColon),
        ("TEL;TYPE=cell", .missingColon),
        ("PHOTO;ENCODING=b:AAAA:BBBB", .invalidBase64(property: "PHOTO")),
        ("PHOTO:data:image/png;base64,@@@@", .invalidBase64(property: "PHOTO")),
        ("PHOTO:data:image/png;base64", .invalidBase64(property: "PHOTO")),
        ("LOGO;ENCODING=BASE64:AA==AA", .invalidBase64(property: "LOGO")),
        ("N;CHARSET=x-unknown;ENCODING=QUOTED-PRINTABLE:=FF=FE", .unknownCharset("x-unknown")),
        ("N;CHARSET=Shift_JIS;ENCODING=QUOTED-PRINTABLE:=82", .undecodableText(charset: "Shift_JIS")),
        ("TEL;TYPE=\"open:123", .unterminatedQuote),
        ("BAD NAME:x", .invalidName("BAD NAME")),
        (":no name", .invalidName("")),
        ("item1.:x", .invalidName("item1.")),
        ("grp!.TEL:x", .invalidName("grp!.TEL")),
    ])
    func badLineBreaksOnlyItsCard(_ line: String, _ kind: VCardError.Kind) throws {
        let results = readAll("""
            BEGIN:VCARD
            FN:first
            END:VCARD
            BEGIN:VCARD
            VERSION:2.1
            \(line)
            NOTE:after the bad line
            END:VCARD
            BEGIN:VCARD
            FN:third
            END:VCARD
            """)
        #expect(results.count == 3)
        #expect(try results[0].get().property(named: "FN")?.value == "first")
        #expect(results[1] == .failure(VCardError(kind, card: 2, line: 6)))
        #expect(try results[2].get().property(named: "FN")?.value == "third")
    }

    @Test func unknownCharsetIsFineForUTF8Bytes() throws {
        let card = try readCard("BEGIN:VCARD\nN;CHARSET=invalid-encoding:Désloovere;Jeroen\nEND:VCARD\n")
        #expect(card.property(named: "N")?.structuredValue.first == ["Désloovere"])
    }

    @Test func missingEndIsReportedAtItsBegin() throws {
        let results = readAll("BEGIN:VCARD\nFN:a\nEND:VCARD\nBEGIN:VCARD\nFN:b\nBEGIN:VCARD\nFN:c\nEND:VCARD\n")
        #expect(results.count == 3)
        #expect(try results[1].get().property(named: "FN")?.value == "c")
        #expect(results[2] == .failure(VCardError(.missingEnd, card: 2, line: 4)))
    }

    @Test func endWithoutBegin() throws {
        let results = readAll("FN:orphan\nEND:VCARD\nBEGIN:VCARD\nFN:ok\nEND:VCARD\n")
        #expect(results.count == 2)
        #expect(results[0] == .failure(VCardError(.endWithoutBegin, card: 1, line: 2)))
        #expect(try results[1].get().property(named: "FN")?.value == "ok")
    }

    @Test func errorLineIsWhereTheFoldedLineStarts() {
        let results = readAll("BEGIN:VCARD\nVERSION:3.0\nTEL;TYPE=\n cell\nEND:VCARD\n")
        #expect(results == [.failure(VCardError(.missingColon, card: 1, line: 3))])
    }

    @Test func nestingDeeperThanTheLimit() {
        let depth = VCardReader.maximumNesting + 1
        let text = String(repeating: "BEGIN:VCARD\n", count: depth) + String(repeating: "END:VCARD\n", count: depth)
        let results = readAll(text)
        #expect(results.count == depth)
        #expect(results[0] == .failure(VCardError(.nestingTooDeep, card: depth, line: depth)))
        #expect(results.dropFirst().allSatisfy { (try? $0.get()) != nil })
    }

    @Test func parsingExactlyOneCard() throws {
        #expect(try VCard(parsing: "BEGIN:VCARD\nFN:x\nEND:VCARD\n").property(named: "FN")?.value == "x")
        #expect(throws: VCardError(.noCard, card: 1, line: 1)) { try VCard(parsing: "no card here") }
        #expect(throws: VCardError(.missingColon, card: 1, line: 2)) { try VCard(parsing: "BEGIN:VCARD\nFN\nEND:VCARD") }
    }
}
