import Foundation
import TestSupport
import Testing
@testable import VCard

/// The inputs libFuzzer found (scripts/fuzz.sh vcard), kept under Fuzz/: each crash as a
/// regression test, and the minimised corpus, all held to the fuzzer's invariants.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func files(in folder: String) -> [String] {
        let directory = fuzzDirectory.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    static func bytes(_ folder: String, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fuzzDirectory.appendingPathComponent(folder).appendingPathComponent(name)))
    }

    /// Each crash the fuzzer found, and what was wrong.
    @Test(arguments: [
        ("media-type-without-slash", "a data: URI media type without `/` came back as image/… after a 3.0 write"),
        ("quoted-printable-lookalike-parameter", "the line reader took a parameter merely containing QUOTED-PRINTABLE for a soft-break encoding"),
        ("comma-in-media-type", "a TYPE with a comma made a media type that broke the data: URI written for 4.0"),
        ("begin-with-parameters", "BEGIN;CHARSET=…:VCARD was a property, written back as a real BEGIN:VCARD"),
        ("carriage-returns-in-parameter-name", "raw CRs in a parameter name were written and then lost at a fold"),
        ("format-type-beside-undecodable-media-type", "a data: URI without a media type kept its TYPE as written, which the next read took for the format"),
    ])
    func crash(_ name: String, _ bug: String) throws {
        #expect(FuzzOracle.problems(in: try Self.bytes("crashes", name)).isEmpty, "\(bug)")
    }

    @Test func everyCrashFileHasATest() {
        #expect(Self.files(in: "crashes").count == 6)
    }

    @Test func minimisedCorpusKeepsTheInvariants() throws {
        let names = Self.files(in: "corpus")
        #expect(names.count > 50)
        for name in names {
            let problems = FuzzOracle.problems(in: try Self.bytes("corpus", name))
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    @Test func interopCorpusKeepsTheInvariants() throws {
        for file in Corpus.files {
            let problems = FuzzOracle.problems(in: Array(try file.bytes))
            #expect(problems.isEmpty, "\(file.path): \(problems)")
        }
    }

    // The fixes, as plain examples.

    @Test func mediaTypesMustBeTypeSlashSubtype() throws {
        #expect(MediaType.validated(" Image/PNG ") == "image/png")
        #expect(MediaType.validated("png") == nil)
        #expect(MediaType.validated("image/,peo") == nil)
        #expect(MediaType.validated("a/b/c") == nil)
        let card = try VCard(parsing: "BEGIN:VCARD\nLOGO:data:imagbenp;x,AAEC\nPHOTO;ENCODING=b;TYPE=\",PEO\":AAEC\nEND:VCARD")
        #expect(card.property(named: "LOGO")?.mediaType == nil)
        #expect(card.property(named: "PHOTO")?.mediaType == nil)
        #expect(card.property(named: "PHOTO")?.binaryValue == Data([0, 1, 2]))
    }

    @Test func boundariesWithParametersOrSpaces() throws {
        let cards = readAll("BEGIN;CHARSET=UTF-8:VCARD\nFN:a\nEND ; X=1 : vcard \nBEGIN:VCARD\nitem1.BEGIN:VCARD\nEND:VCARD\n")
        #expect(cards.count == 2)
        #expect(try cards[0].get().properties.map(\.name) == ["FN"])
        #expect(try cards[1].get().property(named: "BEGIN")?.group == "item1")
    }

    @Test func parameterNamesMustBeNames() {
        #expect(readAll("BEGIN:VCARD\nTEL;TY\rPE=x:1\nEND:VCARD\n") == [.failure(VCardError(.invalidName("TY\rPE"), card: 1, line: 2))])
    }

    @Test func quotedPrintableOnlyWhenTheEncodingSaysSo() throws {
        let card = try readCard("BEGIN:VCARD\nVERSION:2.1\nN;X-NOTE=QUOTED-PRINTABLE:a=\nFN:b\nEND:VCARD\n")
        #expect(card.property(named: "N")?.value == "a=")
        #expect(card.property(named: "FN")?.value == "b")
    }
}
