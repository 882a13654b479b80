import ContactCSV
import Foundation
import Testing
import VCard

/// Each format's fixture, in each encoding, read into cards.
@Suite("Reading contact CSV")
struct ReadingTests {
    static let zhangFields = [
        "X-PHONETIC-FIRST-NAME:Wei", "X-PHONETIC-LAST-NAME:Zhang", "NICKNAME:小张", "ORG:北京科技有限公司;研发部", "TITLE:工程师",
        "BDAY:1990-05-17",
    ]
    static let zhangPhones = ["TEL;TYPE=CELL:+86 138 0013 8000", "TEL;TYPE=WORK,FAX:+86 10 8888 8888"]

    static let google: [[String]] = [
        ["N:张;伟;;;"] + zhangFields + ["NOTE:第一行\\n第二行\\, 有逗号", "CATEGORIES:同事",
         "EMAIL;TYPE=WORK:zhangwei@example.com", "EMAIL;TYPE=WORK:wei.zhang@example.cn", "EMAIL;TYPE=HOME:zw@example.org"]
            + zhangPhones + ["ADR;TYPE=HOME:;;朝阳区建国路 88 号;北京;北京市;100022;中国",
         "item1.URL:https://example.com/zw", "item1.X-ABLABEL:Profile", "item2.X-ABRELATEDNAMES:李娜", "item2.X-ABLABEL:_$!<Spouse>!$_"],
        ["N:Smith;John;Q;Dr.;Jr.", "NICKNAME:Johnny", "ORG:Acme\\, Inc.", "BDAY:--12-25", "NOTE:Says \"hi\"\\, often",
         "CATEGORIES:Friends,Band", "EMAIL;TYPE=HOME:john@example.com", "item1.TEL:555-0100", "item1.X-ABLABEL:Band",
         "TEL;TYPE=HOME:555-0101", "TEL;TYPE=HOME:555-0102"],
    ]

    static let googleLegacy: [[String]] = [
        // This fixture has one e-mail group, and no relation.
        ["FN:张伟"] + google[0].prefix(7) + ["X-GENDER:Male"]
            + google[0].dropFirst(7).filter { $0 != "EMAIL;TYPE=HOME:zw@example.org" && !$0.hasPrefix("item2.") },
        ["FN:Dr. John Q Smith Jr."] + google[1],
    ]

    static let outlook: [[String]] = [
        ["N:张;伟;;;"] + zhangFields + ["NOTE:第一行\\n第二行\\, 有逗号", "CATEGORIES:同事,VIP",
         "EMAIL:zhangwei@example.com", "EMAIL:wei.zhang@example.cn"] + zhangPhones
            + ["ADR;TYPE=WORK:;;朝阳区建国路 88 号;北京;北京市;100022;中国", "URL:https://example.com/zw",
               "item1.X-ABRELATEDNAMES:李娜", "item1.X-ABLABEL:_$!<Spouse>!$_"],
        ["N:Smith;John;Q;Dr.;Jr.", "NICKNAME:Johnny", "ORG:Acme\\, Inc.", "NOTE:Says \"hi\"\\, often", "CATEGORIES:Friends,Band",
         "EMAIL:john@example.com", "TEL;TYPE=HOME:555-0101", "TEL;TYPE=HOME:555-0102", "item1.TEL:555-0100", "item1.X-ABLABEL:Car",
         "ADR;TYPE=HOME:;;1 Main St;Springfield;IL;62701;United States of America"],
    ]

    @Test("Every column mapped, in every encoding", arguments: CSVFixture.encodings)
    func fixtures(encoding: String) throws {
        for (name, format, expected) in [("google-contacts", ContactCSVFormat.googleContacts, Self.google),
                                         ("google-legacy", .googleLegacy, Self.googleLegacy), ("outlook", .outlook, Self.outlook)] {
            let read = try CSVFixture.cards(in: try CSVFixture.bytes("\(name)\(encoding).csv"))
            #expect(read.format == format, "\(name)\(encoding)")
            #expect(read.rows == [2, 3], "\(name)\(encoding)")
            #expect(read.cards == expected, "\(name)\(encoding)")
        }
    }

    @Test("UTF-16 big-endian with a byte order mark")
    func utf16BigEndian() throws {
        let text = try String(decoding: CSVFixture.bytes("outlook.csv"), as: UTF8.self)
        let bytes: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try CSVFixture.cards(in: bytes).cards == Self.outlook)
    }

    @Test("Content sniffing tells CSV from vCard and from other text")
    func sniffing() throws {
        for name in ["google-contacts", "google-legacy", "outlook"] {
            for encoding in CSVFixture.encodings {
                #expect(ContactCSV.looksLikeCSV(try CSVFixture.bytes("\(name)\(encoding).csv")), "\(name)\(encoding)")
            }
        }
        #expect(!ContactCSV.looksLikeCSV(Array("BEGIN:VCARD\r\nFN:First Name,E-mail Address\r\nEND:VCARD\r\n".utf8)))
        #expect(!ContactCSV.looksLikeCSV(Array("\u{FEFF}\r\n begin:vcard\r\nFN:A\r\nEND:VCARD\r\n".utf8)))
        #expect(!ContactCSV.looksLikeCSV(Array("Name,Phone\nA,1\n".utf8)))
        #expect(!ContactCSV.looksLikeCSV([]))
        #expect(ContactCSV.looksLikeCSV(Array("\"E-mail Address\"\r\na@example.com\r\n".utf8)))
    }

    @Test("Blank rows are skipped; a quoted line break does not count as a row")
    func rowNumbers() throws {
        let text = "First Name,Notes,E-mail Address\r\nA,\"one\r\ntwo\",a@example.com\r\n\r\n,,\r\nB,,b@example.com\r\n"
        let read = try CSVFixture.cards(in: Array(text.utf8))
        #expect(read.rows == [2, 5])
        #expect(read.cards[0] == ["N:;A;;;", "NOTE:one\\ntwo", "EMAIL:a@example.com"])
    }

    @Test("A ragged row is an error naming its row, and reading goes on")
    func raggedRow() throws {
        let text = "First Name,Last Name,E-mail Address\nA,B,a@example.com\n\"Multi\nline\",C\nD,E,d@example.com,extra\nF,G,f@example.com"
        let results = Array(try ContactCSVReader(bytes: Array(text.utf8)))
        #expect(results.map(\.row) == [2, 3, 4, 5])
        #expect(results[1].card.failure == CSVError(.fieldCount(expected: 3, found: 2), row: 3))
        #expect(results[2].card.failure == CSVError(.fieldCount(expected: 3, found: 4), row: 4))
        #expect(results[3].card.failure == nil)
    }

    @Test("A quote never closed ends the file with an error at its row")
    func unterminatedQuote() throws {
        let text = "First Name,Notes\nA,fine\nB,\"never closed\nC,more"
        let results = Array(try ContactCSVReader(bytes: Array(text.utf8)))
        #expect(results.map(\.row) == [2, 3])
        #expect(results[1].card.failure == CSVError(.unterminatedQuote, row: 3))
    }

    @Test("Doubled quotes, quotes inside unquoted fields and text after a closing quote")
    func quoting() throws {
        let text = "First Name,Notes,Nickname\nA,\"say \"\"hi\"\"\",x\"y\nB,\"ab\"cd,\"\"\n"
        let read = try CSVFixture.cards(in: Array(text.utf8))
        #expect(read.cards == [["N:;A;;;", "NICKNAME:x\"y", "NOTE:say \"hi\""], ["N:;B;;;", "NOTE:abcd"]])
    }

    @Test("Files that cannot be read at all", arguments: [
        ("Name,Phone\nA,1\n", CSVError.Kind.unknownHeader),
        ("", .unknownHeader),
        ("\"First Name,Last Name\nA,B", .unknownHeader),
    ])
    func unreadableFiles(text: String, kind: CSVError.Kind) {
        #expect(throws: CSVError(kind, row: 1)) { try ContactCSVReader(bytes: Array(text.utf8)) }
    }

    @Test("Bytes in no encoding read here, and a file over the size limit")
    func undecodableAndTooLarge() {
        #expect(throws: CSVError(.undecodableText, row: 1)) { try ContactCSVReader(bytes: Array("First Name\n".utf8) + [0xFF, 0xFF]) }
        #expect(throws: CSVError(.undecodableText, row: 1)) { try ContactCSVReader(bytes: [0xFF, 0xFE, 0x41]) }
        let huge = Array("First Name\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: ContactCSV.maximumBytes)
        #expect(throws: CSVError(.tooLarge(maximumBytes: ContactCSV.maximumBytes), row: 1)) { try ContactCSVReader(bytes: huge) }
    }

    @Test("Outlook.com's older column names")
    func olderOutlookColumns() throws {
        let text = "Title,First Name,Last Name,Given Name Yomi,Family Name Yomi,Home Street,Home Country,Company\r\n"
            + "Ms.,伟,张,Wei,Zhang,1 Main St,中国,Acme\r\n"
        let read = try CSVFixture.cards(in: Array(text.utf8))
        #expect(read.format == .outlook)
        #expect(read.cards == [["N:张;伟;;Ms.;", "X-PHONETIC-FIRST-NAME:Wei", "X-PHONETIC-LAST-NAME:Zhang", "ORG:Acme",
                                "ADR;TYPE=HOME:;;1 Main St;;;;中国"]])
    }

    @Test("Outlook's dates: US, Chinese and ISO order; its empty date")
    func outlookDates() throws {
        let text = "First Name,Birthday\nA,12/5/1980\nB,1980/12/5\nC,1980-12-05\nD,0/0/00\nE,13/40/1980\n"
        let read = try CSVFixture.cards(in: Array(text.utf8))
        #expect(read.cards.map { $0.filter { $0.hasPrefix("BDAY") } } == [["BDAY:1980-12-05"], ["BDAY:1980-12-05"], ["BDAY:1980-12-05"], [], []])
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
