import Foundation
import Testing
@testable import VCard

/// Every result for `text`.
func readAll(_ text: String) -> [Result<VCard, VCardError>] {
    Array(VCardReader(bytes: Array(text.utf8)))
}

/// The one card of `text`, which must have no error.
func readCard(_ text: String) throws -> VCard {
    let results = readAll(text)
    #expect(results.count == 1)
    return try #require(results.first).get()
}

@Suite("Reading")
struct ReaderTests {
    @Test(arguments: ["\r\n", "\n", "\r\r\n"])
    func lineEndsAndFolding(_ end: String) throws {
        let text = ["BEGIN:VCARD", "VERSION:3.0", "NOTE:a long", "  note", "\tthat goes on", "FN:x", "END:VCARD", ""]
            .joined(separator: end)
        let card = try readCard(text)
        #expect(card.property(named: "NOTE")?.value == "a long notethat goes on")
        #expect(card.property(named: "FN")?.value == "x")
    }

    @Test func unfoldingJoinsUTF8SplitAcrossLines() throws {
        // "é" is C3 A9; the fold falls between the two bytes.
        var bytes = Array("BEGIN:VCARD\r\nFN:caf".utf8) + [0xC3] + Array("\r\n ".utf8) + [0xA9]
        bytes += Array("\r\nEND:VCARD\r\n".utf8)
        let card = try #require(Array(VCardReader(bytes: bytes)).first).get()
        #expect(card.property(named: "FN")?.value == "café")
    }

    @Test func quotedPrintableSoftBreaks() throws {
        let card = try readCard("""
            BEGIN:VCARD
            VERSION:2.1
            NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:first=0D=0A=
            second =C3=
            =A9 line=20
            LABEL;QUOTED-PRINTABLE:tab=09end=
            \tindented continuation
            FN:after
            END:VCARD
            """)
        #expect(card.property(named: "NOTE")?.textValue == "first\nsecond é line ")
        #expect(card.property(named: "NOTE")?.parameters == [])
        #expect(card.property(named: "LABEL")?.textValue == "tab\tend\tindented continuation")
        #expect(card.property(named: "FN")?.value == "after")
    }

    @Test func softBreakBeforeEndDoesNotSwallowIt() throws {
        let card = try readCard("BEGIN:VCARD\nNOTE;ENCODING=QUOTED-PRINTABLE:x=\nEND:VCARD\n")
        #expect(card.property(named: "NOTE")?.value == "x=")
    }

    @Test func valueEndingInEqualsIsNotASoftBreakWithoutQuotedPrintable() throws {
        let card = try readCard("BEGIN:VCARD\nVERSION:3.0\nFN:parserbug=\nN:a;b\nEND:VCARD\n")
        #expect(card.property(named: "FN")?.value == "parserbug=")
        #expect(card.property(named: "N")?.value == "a;b")
    }

    @Test func groupsAndNames() throws {
        let card = try readCard("""
            begin:vcard
            version:3.0
            item1.tel;type=cell:+1 555
            item1.X-ABLabel:_$!<Mobile>!$_
            a.b.X-Custom-Thing;X-Param=1:value
            END:VCARD
            """)
        #expect(card.properties.map(\.name) == ["VERSION", "TEL", "X-ABLABEL", "X-CUSTOM-THING"])
        #expect(card.properties.map(\.group) == [nil, "item1", "item1", "a.b"])
        #expect(card.property(named: "x-ablabel")?.value == "_$!<Mobile>!$_")
        #expect(card.property(named: "X-CUSTOM-THING")?.parameter(named: "x-param")?.value == "1")
    }

    @Test func parameters() throws {
        let card = try readCard("""
            BEGIN:VCARD
            VERSION:4.0
            TEL;TYPE=work,voice;TYPE="cell,text";PREF=1;VALUE=uri:tel:+1-555
            IMPP;X-SERVICE-TYPE="a:b;c,d";LABEL=:xmpp:x@y
            ADR;LABEL="Street 1^nTown ^'Quoted^' ^^":;;Street 1
            EMPTY;;X=1;:v
            END:VCARD
            """)
        let tel = try #require(card.property(named: "TEL"))
        #expect(tel.parameters == [
            VCardParameter(name: "TYPE", values: ["work", "voice"]),
            VCardParameter(name: "TYPE", values: ["cell,text"]),
            VCardParameter(name: "PREF", value: "1"),
            VCardParameter(name: "VALUE", value: "uri"),
        ])
        #expect(tel.types == ["work", "voice", "cell", "text"])
        #expect(tel.value == "tel:+1-555")
        let impp = try #require(card.property(named: "IMPP"))
        #expect(impp.parameter(named: "X-SERVICE-TYPE")?.values == ["a:b;c,d"])
        #expect(impp.parameter(named: "LABEL")?.values == [""])
        #expect(impp.value == "xmpp:x@y")
        #expect(card.property(named: "ADR")?.parameter(named: "LABEL")?.value == "Street 1\nTown \"Quoted\" ^")
        #expect(card.property(named: "EMPTY")?.parameters == [VCardParameter(name: "X", value: "1")])
    }

    @Test func caretEscapesAreLeftAloneIn21() throws {
        let card = try readCard("BEGIN:VCARD\nVERSION:2.1\nX-A;X-P=a^nb:v\nEND:VCARD\n")
        #expect(card.property(named: "X-A")?.parameter(named: "X-P")?.value == "a^nb")
    }

    @Test func bareParametersOfVersion21() throws {
        let card = try readCard("""
            BEGIN:VCARD
            VERSION:2.1
            TEL;CELL;PREF:123
            PHOTO;VALUE=URL;JPEG:http://x/y.jpg
            LOGO;URL:http://x/logo.png
            KEY;X509;BASE64:AAEC
            END:VCARD
            """)
        let tel = try #require(card.property(named: "TEL"))
        #expect(tel.parameters == [VCardParameter(name: "TYPE", value: "CELL"), VCardParameter(name: "TYPE", value: "PREF")])
        #expect(tel.types == ["cell", "pref"])
        #expect(card.property(named: "LOGO")?.parameters == [VCardParameter(name: "VALUE", value: "URL")])
        #expect(card.property(named: "KEY")?.parameter(named: "ENCODING")?.value == "BASE64")
        #expect(card.property(named: "KEY")?.binaryValue == Data([0, 1, 2]))
        #expect(card.property(named: "PHOTO")?.isBinary == false)
        #expect(card.serialized(as: .v3_0).contains("\r\nTEL;TYPE=CELL;TYPE=PREF:123\r\n"))
        #expect(card.serialized(as: .v3_0).contains("\r\nPHOTO;VALUE=uri;TYPE=JPEG:http://x/y.jpg\r\n"))
    }

    @Test func version21TextBecomesEscaped() throws {
        let card = try readCard("""
            BEGIN:VCARD
            VERSION:2.1
            N:Last;First \\; special;;;
            NOTE;ENCODING=QUOTED-PRINTABLE:comma, semicolon \\; backslash \\ done=0D=0Anext
            URL:http://x/a,b
            END:VCARD
            """)
        #expect(card.property(named: "N")?.structuredValue == [["Last"], ["First ; special"], [""], [""], [""]])
        #expect(card.property(named: "NOTE")?.value == #"comma\, semicolon \; backslash \\ done\nnext"#)
        #expect(card.property(named: "NOTE")?.textValue == "comma, semicolon ; backslash \\ done\nnext")
        #expect(card.property(named: "URL")?.value == "http://x/a,b")
    }

    @Test func escapesOfVersion3And4() throws {
        let card = try readCard(#"""
            BEGIN:VCARD
            VERSION:3.0
            NOTE:a\,b\;c\nd\Ne\\f\:g\xh
            N:Doe\, Jr.;John,Johnny;;;
            CATEGORIES:friends,work\,life
            END:VCARD
            """#)
        #expect(card.property(named: "NOTE")?.textValue == "a,b;c\nd\ne\\f:g\\xh")
        #expect(card.property(named: "N")?.structuredValue == [["Doe, Jr."], ["John", "Johnny"], [""], [""], [""]])
        #expect(card.property(named: "CATEGORIES")?.listValue == ["friends", "work,life"])
    }

    @Test func byteOrderMarkCommentsBlankLinesAndTextOutside() throws {
        let results = readAll("\u{FEFF}Some mail header\r\nBEGIN:VCARD \r\n\r\n# a comment\r\nFN:One\r\nEND:VCARD\t\r\ntrailing junk: yes\r\n\r\nBEGIN:VCARD\r\nFN:Two\r\nEND:VCARD")
        let names = try results.map { try $0.get().property(named: "FN")?.value }
        #expect(names == ["One", "Two"])
    }

    @Test func missingVersion() throws {
        let card = try readCard("BEGIN:VCARD\nFN:No version\nEND:VCARD\n")
        #expect(card.version == nil)
        #expect(card.serialized(as: .v4_0).hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:No version\r\n"))
    }

    @Test(arguments: [("2.1", VCardVersion.v2_1), ("3.0", .v3_0), ("4.0", .v4_0), (" 4.0 ", .v4_0), ("4", .v4_0)])
    func versions(_ value: String, _ expected: VCardVersion) throws {
        #expect(try readCard("BEGIN:VCARD\nVERSION:\(value)\nEND:VCARD\n").version == expected)
    }

    @Test func base64AndDataURIs() throws {
        let card = try readCard("""
            BEGIN:VCARD
            VERSION:3.0
            PHOTO;ENCODING=b;TYPE=PNG:iVBO
             Rw0K
            LOGO:data:image/gif;base64,R0lG
            SOUND:data:,hello%20world
            KEY;ENCODING=B:AAE
            END:VCARD
            """)
        let photo = try #require(card.property(named: "PHOTO"))
        #expect(photo.value == "iVBORw0K")
        #expect(photo.binaryValue == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]))
        #expect(photo.mediaType == "image/png")
        #expect(card.property(named: "LOGO")?.binaryValue == Data("GIF".utf8))
        #expect(card.property(named: "LOGO")?.mediaType == "image/gif")
        #expect(card.property(named: "SOUND")?.binaryValue == Data("hello world".utf8))
        #expect(card.property(named: "KEY")?.binaryValue == Data([0, 1]))
    }

    @Test func severalCardsAndNesting() throws {
        let results = readAll("""
            BEGIN:VCARD
            FN:Outer
            AGENT:
            BEGIN:VCARD
            FN:Agent
            END:VCARD
            END:VCARD
            BEGIN:VCARD
            FN:Next
            END:VCARD
            """)
        #expect(try results.map { try $0.get().property(named: "FN")?.value } == ["Agent", "Outer", "Next"])
    }

    @Test func chunkedInputGivesTheSameCards() throws {
        let text = Array("""
            BEGIN:VCARD\r
            VERSION:2.1\r
            NOTE;ENCODING=QUOTED-PRINTABLE:a=\r
            b\r
            FN:folded\r
              value\r
            END:VCARD\r
            BEGIN:VCARD\r
            FN:second\r
            END:VCARD\r

            """.utf8)
        let whole = Array(VCardReader(bytes: text))
        for size in [1, 2, 3, 7, 64] {
            var offset = 0
            let chunked = Array(VCardReader(chunks: {
                guard offset < text.count else { return nil }
                defer { offset += size }
                return Array(text[offset..<min(offset + size, text.count)])
            }))
            #expect(chunked == whole)
        }
        // A sequence without contiguous storage is pulled byte by byte.
        #expect(Array(VCardReader(bytes: text.lazy.map { $0 })) == whole)
        #expect(whole.count == 2)
    }
}
