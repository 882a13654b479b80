import Foundation
import Testing
import TestSupport
import VCard
@testable import ContactsCore

@Suite("Corpus → ContactDetails → vCard")
struct CorpusMappingTests {
    static let today = MappingFixtures.today

    /// The readable corpus cards that give nothing to call the contact, by file.
    static let expectedWithoutName: [String: Int] = [
        // N is empty, and the only other content is a LABEL and a UID.
        "KDE__kcontacts/vcard7.vcf": 1,
    ]

    @Test func everyReadableCardMapsOrHasNoName() throws {
        try #require(Corpus.isPresent, "vCard corpus not found at \(Corpus.directory.path)")
        var mapped = 0
        var withoutName: [String: Int] = [:]
        for path in Corpus.files {
            for (number, card) in try path.numberedCards() {
                let result = Result { () throws(ContactValidationError) in try ContactDetails(card: card) }
                switch result {
                case .success:
                    mapped += 1
                case .failure(let error):
                    #expect(error == .cardWithoutName, "\(path) card \(number)")
                    withoutName[path.path, default: 0] += 1
                }
            }
        }
        #expect(withoutName == Self.expectedWithoutName)
        // The reader's 141 cards (see VCardTests/CorpusTests) less the one without a name.
        #expect(mapped == 140)
    }

    @Test(arguments: Corpus.files)
    func exportKeepsEveryProperty(path: CorpusFile) throws {
        for (number, card) in try path.numberedCards() {
            guard let details = try? ContactDetails(card: card) else { continue }
            for version in VCardWriter.Version.allCases {
                let differences = try Self.differences(card, details, version: version)
                #expect(differences.isEmpty, "\(path) card \(number), \(version): \(differences.joined(separator: "\n"))")
            }
        }
    }

    /// What differs between the card and its details exported as `version`, written and read
    /// back, beyond what the export adds or moves by design.
    static func differences(_ card: VCard, _ details: ContactDetails, version: VCardWriter.Version) throws -> [String] {
        let uid = card.uid ?? "urn:uuid:00000000-0000-0000-0000-000000000000"
        let exported = details.vCard(uid: uid, version: version)
        let reread = try VCard(parsing: VCardWriter(version: version).string(for: exported))
        var differences: [String] = []
        if reread.version?.rawValue != version.rawValue { differences.append("VERSION \(String(describing: reread.version))") }

        var original = card.properties.filter { $0.name != "VERSION" }
        var written = reread.properties.filter { $0.name != "VERSION" }
        // A blank FN names nobody: the export writes the contact's name instead.
        original.removeAll { $0.name == "FN" && $0.textValue.trimmingCharacters(in: .whitespaces).isEmpty }
        // Added when the original lacks them: a UID, FN, and (3.0) N.
        for name in ["UID", "FN", "N"] where !original.contains(where: { $0.name == name }) {
            written.removeAll { $0.name == name }
        }
        if card.uid == nil {
            // An empty UID is no UID: the export's own replaces it.
            original.removeAll { $0.name == "UID" }
            written.removeAll { $0.name == "UID" }
        }
        // The mapped photo comes back last, with the same bytes.
        if let photo = details.photo {
            let bytes = Data(photo.data)
            if let index = original.firstIndex(where: { $0.name == "PHOTO" && $0.binaryValue == bytes }) {
                original.remove(at: index)
            } else {
                differences.append("mapped photo not found among the original's")
            }
            if let last = written.last, last.name == "PHOTO", last.binaryValue == bytes {
                written.removeLast()
            } else {
                differences.append("photo not written last with the same bytes")
            }
        }

        var counts: [NormalizedProperty: Int] = [:]
        for property in original { counts[NormalizedProperty(property, decodingText: true), default: 0] += 1 }
        for property in written { counts[NormalizedProperty(property, decodingText: true), default: 0] -= 1 }
        for (property, count) in counts.sorted(by: { $0.key.description < $1.key.description }) where count != 0 {
            differences.append(count > 0 ? "lost \(count)× \(property)" : "added \(-count)× \(property)")
        }
        return differences
    }

    @Test func comparisonNoticesWhatAnExportLoses() throws {
        let card = try MappingFixtures.card(["FN:A", "item1.TEL;TYPE=CELL:1", "item1.X-ABLabel:_$!<Home>!$_", "X-FOO;X-P=q:bar", "UID:u"])
        var details = try ContactDetails(card: card)
        #expect(try Self.differences(card, details, version: .v3_0).isEmpty)
        details.extraProperties.removeAll { $0.hasPrefix("X-FOO") }
        #expect(try Self.differences(card, details, version: .v3_0) == ["lost 1× X-FOO;X-P=q:bar"])
        details.phones[0].label = .work
        #expect(try Self.differences(card, details, version: .v4_0) == [
            "added 1× TEL;TYPE=work:1", "lost 1× X-FOO;X-P=q:bar", "lost 1× item1.TEL;TYPE=cell:1", "lost 1× item1.X-ABLABEL:_$!<Home>!$_",
        ])
        details.photo = try Photo(data: MappingFixtures.png)
        #expect(try Self.differences(card, details, version: .v4_0).first == "mapped photo not found among the original's")
    }

    /// What the export adds by design, over the whole corpus: FN to cards without one, N to
    /// 3.0 cards without one, a UID to cards without one, and the photo moved to the end.
    @Test func whatTheExportAddsByDesign() throws {
        try #require(Corpus.isPresent, "vCard corpus not found at \(Corpus.directory.path)")
        var tally: [String: Int] = [:]
        for path in Corpus.files {
            for (_, card) in try path.numberedCards() {
                guard let details = try? ContactDetails(card: card) else { continue }
                if card.property(named: "FN") == nil { tally["without FN", default: 0] += 1 }
                if card.property(named: "N") == nil { tally["without N", default: 0] += 1 }
                if card.property(named: "UID") == nil { tally["without UID", default: 0] += 1 }
                if card.property(named: "UID") != nil && card.uid == nil { tally["empty UID", default: 0] += 1 }
                if card.properties(named: "UID").count > 1 { tally["several UIDs", default: 0] += 1 }
                if details.photo != nil { tally["photo", default: 0] += 1 }
                if card.properties(named: "PHOTO").contains(where: { $0.binaryValue != nil }) && details.photo == nil {
                    tally["inline PHOTO not mapped", default: 0] += 1
                }
            }
        }
        // No inline photo is left unmapped, no card has an empty or a second UID.
        #expect(tally == ["photo": 23, "without FN": 14, "without N": 11, "without UID": 87])
    }

    /// An export read back gives the same details.
    @Test(arguments: Corpus.files)
    func exportReadsBackAsTheSameDetails(path: CorpusFile) throws {
        for (number, card) in try path.numberedCards() {
            guard let details = try? ContactDetails(card: card) else { continue }
            for version in VCardWriter.Version.allCases {
                let exported = details.vCard(uid: card.uid ?? "u", version: version)
                let reread = try ContactDetails(card: try VCard(parsing: VCardWriter(version: version).string(for: exported)))
                let differences = VCardRoundTripPropertyTests.fieldsDiffer(details, reread)
                #expect(differences.isEmpty, "\(path) card \(number), \(version): \(differences)")
            }
        }
    }
}
