import Foundation
import TestSupport
import Testing
@testable import VCard

/// The 61 real exports of `shared/corpus/vcards` (see its SOURCES.md).
@Suite("Corpus")
struct CorpusTests {
    /// The truly malformed files, with the one error each gives (SOURCES.md marks them).
    static let malformed: [String: VCardError] = [
        "CyanogenMod__android_frameworks_opt_vcard/v21_malformed_photo.vcf":
            VCardError(.invalidBase64(property: "PHOTO"), card: 1, line: 5),
        "GNOME__evolution-data-server/7.vcf": VCardError(.endWithoutBegin, card: 1, line: 11),
        "KDE__kcontacts/vcard4.vcf": VCardError(.missingColon, card: 1, line: 3),
        "lucc__khard/unparsable.vcf": VCardError(.missingEnd, card: 1, line: 1),
    ]

    @Test func corpusIsPresent() {
        guard Corpus.isPresent else {
            Issue.record("vCard corpus not found at \(Corpus.directory.path); set CONTACTS_VCARD_CORPUS")
            return
        }
        #expect(Corpus.files.count == 61)
    }

    @Test func everyFileReadsWithTheExpectedCardsAndErrors() throws {
        var cards = 0
        var errors: [String: [VCardError]] = [:]
        for file in Corpus.files {
            for result in try file.read() {
                switch result {
                case .success: cards += 1
                case .failure(let error): errors[file.path, default: []].append(error)
                }
            }
        }
        // 142 top-level cards, plus the 2 nested in v21_nest, less the 3 broken ones.
        #expect(cards == 141)
        #expect(errors == Self.malformed.mapValues { [$0] })
    }

    @Test(arguments: Corpus.files)
    func everyCardRoundTrips(_ file: CorpusFile) throws {
        for case .success(let card) in try file.read() {
            for version in VCardWriter.Version.allCases {
                let written = card.serialized(as: version)
                let reread = try VCard(parsing: written)
                #expect(reread.version?.rawValue == version.rawValue)
                #expect(NormalizedProperty.of(reread) == NormalizedProperty.of(card), "\(version)")
                #expect(Array(VCardReader(bytes: written.utf8)).count == 1)
            }
        }
    }

    @Test(arguments: Corpus.files)
    func writtenLinesAreFoldedValidUTF8(_ file: CorpusFile) throws {
        for case .success(let card) in try file.read() {
            var output: [UInt8] = []
            VCardWriter(version: .v4_0).write(card, into: &output)
            let lines = output.split(separator: ASCII.lineFeed, omittingEmptySubsequences: false).dropLast()
            for line in lines {
                #expect(line.last == ASCII.carriageReturn)
                #expect(line.count - 1 <= 75)
                #expect(String(validating: line, as: UTF8.self) != nil)
            }
        }
    }

    // MARK: - What real files hold

    @Test func shiftJISJapanese() throws {
        let card = try #require(Corpus.file("CyanogenMod__android_frameworks_opt_vcard/v21_japanese_2.vcf").cards().first)
        #expect(card.property(named: "FN")?.textValue == "安藤 ロイド 1")
        #expect(card.property(named: "N")?.structuredValue == [["安藤"], ["ロイド1"], [""], [""], [""]])
        #expect(card.property(named: "SOUND")?.structuredValue.first == ["ｱﾝﾄﾞｳ"])
        #expect(card.property(named: "ADR")?.structuredValue[1] == ["東京都渋谷区桜丘町26-1セルリアンタワー6階"])
        #expect(card.property(named: "NOTE")?.textValue == "メモ")
        let first = try #require(Corpus.file("CyanogenMod__android_frameworks_opt_vcard/v21_japanese_1.vcf").cards().first)
        #expect(first.property(named: "N")?.structuredValue.first == ["安藤ロイド"])
        let entries = try Corpus.file("CyanogenMod__android_frameworks_opt_vcard/v21_multiple_entry.vcf").cards()
        #expect(entries.map { $0.property(named: "N")?.structuredValue.first } == [["安藤ロイド3"], ["安藤ロイド4"], ["安藤ロイド5"]])
        #expect(entries[0].properties(named: "TEL").map(\.types) == [["x-nec-secret"], ["x-nec-hotel"], ["x-nec-school"], ["home", "fax"]])
    }

    @Test func chineseQuotedPrintable() throws {
        let radicale = try #require(Corpus.file("Kozea__Radicale/vcard-quoted-printable1.vcf").cards().first)
        #expect(radicale.property(named: "FN")?.textValue == "黄世勇")
        #expect(radicale.property(named: "N")?.structuredValue == [["黄"], ["世勇"], [""], [""], [""]])
        #expect(radicale.property(named: "ADR")?.structuredValue[3] == ["北京 丰台区"])
        // The soft break falls inside the URL; a URL is not escaped.
        #expect(radicale.property(named: "URL")?.value == "http://weibo.com/3094900433?闪闪H红星")
        // Soft breaks that split a UTF-8 sequence (`=E5=` / `=BA=A7`).
        let evolution = try #require(Corpus.file("GNOME__evolution-data-server/5.vcf").cards().first)
        #expect(evolution.property(named: "FN")?.textValue == "十城目管理大型知座")
        #expect(evolution.property(named: "LABEL")?.textValue == Array(repeating: "十城目管理大型知座", count: 4).joined(separator: "\n"))
        #expect(evolution.properties(named: "TEL").count == 4)
    }

    @Test func otherScripts() throws {
        let korean = try #require(Corpus.file("lucc__khard/korean-c.vcf").cards().first)
        #expect(korean.property(named: "FN")?.textValue == "최유림")
        // Folded mid-UTF-8-sequence by ownCloud; VERSION comes last.
        let owncloud = try #require(Corpus.file("KDE__kcontacts/vcard9.vcf").cards().first)
        #expect(owncloud.version == .v3_0)
        #expect(owncloud.property(named: "N")?.structuredValue.first == ["123ㄓㄕㄖbcdeαβγδαβγδαβγδαβγδαβγδαβγδαβㄤㄓㄕㄖ"])
        #expect(owncloud.property(named: "NOTE")?.textValue
            == "Длинный комментарий на русском языке, чтобы в результате получилась строка более 70 символов.")
        let umlauts = try #require(Corpus.file("ical4j__ical4j-vcard/4b62872a-849-0.vcf").cards().first)
        #expect(umlauts.property(named: "ADR")?.structuredValue[1] == ["Medizinstraße 4711"])
        #expect(umlauts.property(named: "ADR")?.structuredValue[3] == ["Köln"])
        let android = try Corpus.file("mangstadt__ez-vcard/John_Doe_ANDROID.vcf").cards()
        #expect(android.count == 6)
        #expect(android[2].property(named: "FN")?.textValue == "Ñ Ñ Ñ Ñ Ñ ")
        // A stray `=80` after Ñs declared UTF-8 becomes U+FFFD instead of losing the card.
        #expect(android[5].properties(named: "ORG")[1].textValue.hasSuffix("Ñ\u{FFFD}"))
    }

    @Test func latin1WithoutCharset() throws {
        let cards = try Corpus.file("ical4j__ical4j-vcard/vcard-vCards-SAP.vcf").cards()
        #expect(cards.count == 30)
        let names = cards.compactMap { $0.property(named: "FN")?.textValue }
        #expect(!names.contains { $0.contains("\u{FFFD}") })
        #expect(names.contains { $0.contains("ö") || $0.contains("ü") || $0.contains("ß") })
    }

    @Test func versionsAndLenientLines() throws {
        let libical = try Corpus.file("libical__libical/test.vcf").cards()
        #expect(libical.map(\.version) == [.v4_0, nil])
        #expect(libical[0].properties(named: "TEL")[1].types == ["work", "cell", "foo", "voice", "bar", "video", "text"])
        let group = try #require(Corpus.file("ical4j__ical4j-vcard/vcard-group.vcf").cards().first)
        #expect(group.version == .v4_0)
        #expect(group.property(named: "ADR")?.group == "item1")
        #expect(group.property(named: "ADR")?.structuredValue[3] == ["München"])
        let comments = try #require(Corpus.file("CyanogenMod__android_frameworks_opt_vcard/v21_invalid_comment_line.vcf").cards().first)
        #expect(comments.property(named: "NOTE")?.textValue == "This is an (sharp ->#<- sharp) example. This message must NOT be ignored.")
        #expect(comments.properties.count == 5)
        let softBreak = try #require(Corpus.file("KDE__kcontacts/vcard7.vcf").cards().first)
        #expect(softBreak.property(named: "LABEL")?.textValue == "401 Park Drive  3 West\nBoston, MA 02215\nUSA\nHerecomesyetanotherline")
        #expect(softBreak.property(named: "LABEL")?.types == ["work"])
        let empty = try #require(Corpus.file("GNOME__evolution-data-server/11.vcf").cards().first)
        #expect(empty.property(named: "NOPARAM")?.parameters == [])
        #expect(empty.property(named: "MIDDLE")?.parameters.map(\.name) == ["PARAM", "PARAM2"])
        let kontact = try #require(Corpus.file("ical4j__ical4j-vcard/vcard-antoni-kontact.vcf").cards().first)
        #expect(kontact.property(named: "X-messaging/gadu-All")?.value == "452342")
    }

    @Test func nestedCardsComeOutOnTheirOwn() throws {
        let cards = try Corpus.file("CyanogenMod__android_frameworks_opt_vcard/v21_nest.vcf").cards()
        #expect(cards.map { $0.property(named: "N")?.value } == ["nest1", "nest2", "parent"])
        #expect(cards[2].property(named: "TEL")?.value == "1")
    }

    @Test func photos() throws {
        let jpeg = Data([0xFF, 0xD8])
        let iphone = try #require(Corpus.file("mangstadt__ez-vcard/John_Doe_IPHONE.vcf").cards().first)
        #expect(iphone.property(named: "PHOTO")?.binaryValue?.prefix(2) == jpeg)
        let blackberry = try #require(Corpus.file("mangstadt__ez-vcard/John_Doe_BLACK_BERRY.vcf").cards().first)
        #expect(blackberry.property(named: "PHOTO")?.binaryValue?.prefix(2) == jpeg)
        #expect(blackberry.property(named: "NOTE")?.value == "")
        let sabre = try #require(Corpus.file("sabre-io__vobject/issue153.vcf").cards().first)
        #expect(sabre.property(named: "PHOTO")?.binaryValue?.prefix(2) == jpeg)
        let cardBook = try #require(Corpus.file("mstilkerich__rcmcarddav/VCard4-DataUriPhoto.vcf").cards().first)
        #expect(cardBook.property(named: "PHOTO")?.mediaType == "image/jpeg")
        #expect(cardBook.property(named: "PHOTO")?.binaryValue?.prefix(2) == jpeg)
        let khard = try #require(Corpus.file("lucc__khard/photov4.vcf").cards().first)
        #expect(khard.property(named: "PHOTO")?.mediaType == "image/png")
        let radicale = try #require(Corpus.file("Kozea__Radicale/contact_photo_with_data_uri.vcf").cards().first)
        #expect(radicale.property(named: "PHOTO")?.mediaType == "image/png")
        #expect(radicale.property(named: "PHOTO")?.binaryValue?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        let outlook = try #require(Corpus.file("mangstadt__ez-vcard/John_Doe_MS_OUTLOOK.vcf").cards().first)
        #expect(outlook.property(named: "PHOTO")?.mediaType == "image/jpeg")
        let outlook2007 = try #require(Corpus.file("mangstadt__ez-vcard/outlook-2007.vcf").cards().first)
        #expect(outlook2007.property(named: "KEY")?.mediaType == "application/pkix-cert")
        #expect(outlook2007.property(named: "KEY")?.binaryValue?.first == 0x30)
        let written = outlook.serialized(as: .v3_0)
        #expect(written.contains("\r\nPHOTO;ENCODING=b;TYPE=JPEG:/9j/"))
        #expect(outlook.serialized(as: .v4_0).contains("\r\nPHOTO:data:image/jpeg;base64,/9j/"))
    }

    @Test func appleGroupsAndLabels() throws {
        let gmail = try #require(Corpus.file("mangstadt__ez-vcard/John_Doe_GMAIL.vcf").cards().first)
        let labelled = gmail.properties.filter { $0.group != nil && $0.name != "X-ABLABEL" }
        #expect(!labelled.isEmpty)
        for property in labelled {
            let label = gmail.properties.first { $0.group == property.group && $0.name == "X-ABLABEL" }
            #expect(label != nil, "\(property.name) in \(property.group ?? "")")
        }
        let ios = try #require(Corpus.file("mstilkerich__rcmcarddav/IM-iOS.vcf").cards().first)
        let special = ios.properties(named: "IMPP").first { $0.group == "item8" }
        #expect(special?.parameter(named: "X-SERVICE-TYPE")?.values == ["Mike’s very special, custom IM:"])
        #expect(special?.value == "x-apple:mikeim@example.com")
        let sortAs = try #require(Corpus.file("CyanogenMod__android_frameworks_opt_vcard/v40_sort_as.vcf").cards().first)
        #expect(sortAs.property(named: "N")?.parameter(named: "sort-as")?.values == ["あんどう;ろいど"])
        let multibyte = try #require(Corpus.file("CyanogenMod__android_frameworks_opt_vcard/v30_multibyte_param.vcf").cards().first)
        #expect(multibyte.property(named: "TEL")?.types == ["费"])
    }
}
