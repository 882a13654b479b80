import Foundation
import Testing
@testable import VCard

@Suite("Writing")
struct WriterTests {
    @Test func layoutVersionFirstCRLFAndOrder() {
        let card = VCard(properties: [
            VCardProperty(name: "fn", text: "Jane"),
            VCardProperty(name: "VERSION", value: "2.1"),
            VCardProperty(group: "item1", name: "TEL", parameters: [VCardParameter(name: "type", values: ["cell", "pref"])], value: "+1"),
            VCardProperty(group: "item1", name: "X-ABLabel", text: "Mobile"),
        ])
        #expect(card.serialized(as: .v3_0) == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane\r\nitem1.TEL;TYPE=cell,pref:+1\r\nitem1.X-ABLABEL:Mobile\r\nEND:VCARD\r\n")
        #expect(card.serialized(as: .v4_0).hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Jane\r\n"))
    }

    @Test func textEscaping() throws {
        let text = "a,b;c\\d\ne\r\nf\rg"
        let property = VCardProperty(name: "NOTE", text: text)
        #expect(property.value == #"a\,b\;c\\d\ne\nf\ng"#)
        #expect(property.textValue == "a,b;c\\d\ne\nf\ng")
        let structured = VCardProperty(name: "N", components: [["Doe;Smith"], ["John", "J,J"], [], [""]])
        #expect(structured.value == #"Doe\;Smith;John,J\,J;;"#)
        #expect(structured.structuredValue == [["Doe;Smith"], ["John", "J,J"], [""], [""]])
    }

    @Test func rawLineBreaksInAValueAreWrittenEscaped() throws {
        let card = VCard(properties: [VCardProperty(name: "NOTE", value: "one\r\ntwo\nthree\rfour")])
        let written = card.serialized(as: .v4_0)
        #expect(written.contains("\r\nNOTE:one\\ntwo\\nthree\\nfour\r\n"))
        #expect(try VCard(parsing: written).property(named: "NOTE")?.textValue == "one\ntwo\nthree\nfour")
    }

    @Test func parameterQuotingAndCaretEncoding() throws {
        let property = VCardProperty(name: "ADR", parameters: [
            VCardParameter(name: "LABEL", value: "1 Main St.\nSpringfield, \"USA\" ^"),
            VCardParameter(name: "X-A", values: ["a:b", "c;d", "plain", ""]),
        ], value: ";;1 Main St.")
        let written = VCard(properties: [property]).serialized(as: .v4_0)
        #expect(written.replacingOccurrences(of: "\r\n ", with: "").contains(#"ADR;LABEL="1 Main St.^nSpringfield, ^'USA^' ^^";X-A="a:b","c;d",plain,:;;1 Main St."#))
        #expect(try VCard(parsing: written).property(named: "ADR") == property)
    }

    @Test(arguments: [
        String(repeating: "a", count: 200),
        String(repeating: "é", count: 100),
        String(repeating: "中", count: 80),
        String(repeating: "👩‍👩‍👧", count: 20),
        String(repeating: "e\u{0301}", count: 60),
    ])
    func foldsAt75OctetsWithoutSplittingUTF8(_ text: String) throws {
        let written = Array(VCard(properties: [VCardProperty(name: "NOTE", text: text)]).serialized(as: .v3_0).utf8)
        let lines = written.split(separator: ASCII.lineFeed).map { $0.dropLast() }
        #expect(lines.count > 3)
        for (index, line) in lines.enumerated() {
            #expect(line.count <= 75)
            #expect(String(validating: line, as: UTF8.self) != nil)
            #expect((line.first == ASCII.space) == (index > 2 && index < lines.count - 1))
        }
        // Lines are filled up to the limit, short of a whole UTF-8 sequence.
        #expect(lines[2].count > 71)
        #expect(try VCard(parsing: written).property(named: "NOTE")?.textValue == text)
    }

    @Test func photoBetweenVersions() throws {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        let version4 = try VCard(parsing: "BEGIN:VCARD\r\nVERSION:4.0\r\nPHOTO;PREF=1:data:image/jpeg;base64,\(jpeg.base64EncodedString())\r\nEND:VCARD\r\n")
        let as3 = version4.serialized(as: .v3_0)
        #expect(as3.contains("\r\nPHOTO;ENCODING=b;TYPE=JPEG;PREF=1:/9j/4AAQ\r\n"))
        let version3 = try VCard(parsing: as3)
        #expect(version3.property(named: "PHOTO")?.binaryValue == jpeg)
        #expect(version3.property(named: "PHOTO")?.mediaType == "image/jpeg")
        #expect(version3.serialized(as: .v4_0).contains("\r\nPHOTO;PREF=1:data:image/jpeg;base64,/9j/4AAQ\r\n"))
    }

    @Test func version21BinaryAndKinds() throws {
        let card = try readCard("""
            BEGIN:VCARD
            VERSION:2.1
            PHOTO;ENCODING=BASE64;TYPE=GIF;TYPE=WORK:R0lG
            KEY;PGP;ENCODING=BASE64:AAEC
            SOUND;ENCODING=BASE64;TYPE=audio/ogg:AAEC
            X-BLOB;ENCODING=BASE64:AAEC
            END:VCARD
            """)
        let version3 = card.serialized(as: .v3_0)
        #expect(version3.contains("\r\nPHOTO;ENCODING=b;TYPE=GIF;TYPE=WORK:R0lG\r\n"))
        #expect(version3.contains("\r\nKEY;ENCODING=b;TYPE=PGP:AAEC\r\n"))
        #expect(version3.contains("\r\nSOUND;ENCODING=b;TYPE=OGG:AAEC\r\n"))
        #expect(version3.contains("\r\nX-BLOB;ENCODING=b:AAEC\r\n"))
        let version4 = card.serialized(as: .v4_0)
        #expect(version4.contains("\r\nPHOTO;TYPE=WORK:data:image/gif;base64,R0lG\r\n"))
        #expect(version4.contains("\r\nKEY:data:application/pgp-keys;base64,AAEC\r\n"))
        #expect(version4.contains("\r\nX-BLOB;ENCODING=b:AAEC\r\n"))
    }

    @Test func binaryInitialiserAndUnusualMediaTypes() throws {
        let property = VCardProperty(name: "LOGO", binary: Data("<svg/>".utf8), mediaType: "Image/SVG+XML")
        #expect(property.value == "data:image/svg+xml;base64,PHN2Zy8+")
        #expect(property.mediaType == "image/svg+xml")
        let as3 = VCard(properties: [property]).serialized(as: .v3_0)
        #expect(as3.contains("LOGO;ENCODING=b;TYPE=SVG+XML:PHN2Zy8+"))
        let odd = VCardProperty(name: "PHOTO", binary: Data([1]), mediaType: "application/octet-stream")
        let oddAs3 = VCard(properties: [odd]).serialized(as: .v3_0)
        #expect(oddAs3.contains("PHOTO;ENCODING=b;TYPE=application/octet-stream:AQ=="))
        #expect(try VCard(parsing: oddAs3).property(named: "PHOTO")?.mediaType == "application/octet-stream")
    }

    @Test func writerAppendsManyCardsToOneBuffer() throws {
        let writer = VCardWriter(version: .v4_0)
        var output: [UInt8] = []
        for index in 0..<3 {
            writer.write(VCard(properties: [VCardProperty(name: "FN", text: "Card \(index)")]), into: &output)
        }
        let names = try VCardReader(bytes: output).map { try $0.get().property(named: "FN")?.value }
        #expect(names == ["Card 0", "Card 1", "Card 2"])
    }

    /// RFC 6350 §3.3: names are ALPHA / DIGIT / "-". The reader accepts `_`, `/` and dotted
    /// groups as real exports have them; the writer must not pass them on to strict readers.
    @Test func namesReadLenientlyAreWrittenAsTheRFCAllows() throws {
        let card = try VCard(parsing: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nX-messaging/gadu-All:452342\r\n"
            + "a.b.TEL;X_KIND=x:+1\r\nX-SNAKE_CASE:1\r\nEND:VCARD\r\n")
        for version in VCardWriter.Version.allCases {
            let written = card.serialized(as: version)
            #expect(written.contains("\r\nX-MESSAGING-GADU-ALL:452342\r\n"))
            #expect(written.contains("\r\na-b.TEL;X-KIND=x:+1\r\n"))
            #expect(written.contains("\r\nX-SNAKE-CASE:1\r\n"))
            #expect(try VCard(parsing: written).serialized(as: version) == written)
        }
    }
}
