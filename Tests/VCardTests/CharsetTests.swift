import Foundation
import Testing
import VCard

/// CHARSET values of vCard 2.1 exports from phones and desktop clients, decoded through
/// Foundation on this platform. The bytes are the names encoded by iconv.
@Suite("Charsets")
struct CharsetTests {
    static let samples: [(charset: String, hex: String, text: String)] = [
        ("GBK", "d5c5ceb0", "张伟"),
        ("GB2312", "d5c5ceb0", "张伟"),
        ("GB18030", "d5c5ceb095328236", "张伟𠀀"),
        ("Big5", "b169b0b6", "張偉"),
        ("Shift_JIS", "8e52936391be9859", "山田太郎"),
        ("EUC-KR", "b1e8b9cec1d8", "김민준"),
        ("KOI8-R", "e9d7c1ce", "Иван"),
        ("ISO-8859-1", "4dfc6c6c6572", "Müller"),
        ("ISO-8859-2", "a3f364bc", "Łódź"),
        ("ISO-8859-5", "b8d2d0dd", "Иван"),
        ("ISO-8859-7", "c3e9fef1e3eff2", "Γιώργος"),
        ("ISO-8859-15", "a475726f", "€uro"),
        ("windows-1250", "a3f3649f", "Łódź"),
        ("windows-1251", "c8e2e0ed", "Иван"),
        ("windows-1252", "80204dfc6c6c6572", "€ Müller"),
        ("windows-1253", "c3e9fef1e3eff2", "Γιώργος"),
        ("windows-1254", "defc6b72fc", "Şükrü"),
        ("windows-1255", "f9ece5ed", "שלום"),
        ("windows-1256", "d3e1c7e3", "سلام"),
        ("windows-1257", "c0fe756f6c6173", "Ąžuolas"),
        ("windows-1258", "4e677579eade6e", "Nguyễn"),
        ("UTF-8", "e5bca0e4bc9f", "张伟"),
        ("us-ascii", "4a6f686e", "John"),
    ]

    static func bytes(_ hex: String) -> [UInt8] {
        stride(from: 0, to: hex.count, by: 2).map {
            let start = hex.index(hex.startIndex, offsetBy: $0)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!
        }
    }

    @Test(arguments: samples)
    func rawBytes(_ sample: (charset: String, hex: String, text: String)) throws {
        let input = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=\(sample.charset):".utf8) + Self.bytes(sample.hex)
            + Array(";Given\r\nEND:VCARD\r\n".utf8)
        let card = try VCard(parsing: input)
        let name = try #require(card.property(named: "N"))
        #expect(name.structuredValue == [[sample.text], ["Given"]])
        #expect(name.parameters.isEmpty)
        // Written back as UTF-8 without CHARSET.
        #expect(card.serialized(as: .v3_0).contains("\r\nN:\(sample.text);Given\r\n"))
    }

    @Test(arguments: samples)
    func quotedPrintable(_ sample: (charset: String, hex: String, text: String)) throws {
        let encoded = Self.bytes(sample.hex).map { "=" + String($0, radix: 16, uppercase: true) }.joined()
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN;ENCODING=QUOTED-PRINTABLE;CHARSET=\(sample.charset.lowercased()):\(encoded)\r\nEND:VCARD\r\n"
        #expect(try VCard(parsing: text).property(named: "FN")?.textValue == sample.text)
    }

    @Test func chineseParameterValuesUseTheCharsetToo() throws {
        let input = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nTEL;CHARSET=GBK;X-LABEL=".utf8) + Self.bytes("b9abcbbe")
            + Array(":123\r\nEND:VCARD\r\n".utf8)
        #expect(try VCard(parsing: input).property(named: "TEL")?.parameter(named: "X-LABEL")?.value == "公司")
    }
}
