import Foundation
import Testing

/// The corpus of scripts/fuzz.sh merge (hand-written seeds and what libFuzzer kept), held to the
/// fuzzer's invariants on every test run.
struct MergeFuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz/merge-corpus")

    @Test func theCorpusKeepsTheInvariants() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(names.filter { $0.hasPrefix("seed-") }.count == 4)
        #expect(names.contains("regression-carriage-return-in-name"), "a bare CR in a name comes back as a line break")
        #expect(names.contains("regression-blank-name-line-before-another"), "a blank FN, then another: the name read, not the second FN")
        #expect(names.contains("regression-unread-number-beside-a-read-one"), "a TEL line no contact reads as a phone never stands in for one it does")
        for name in names {
            let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
            #expect(MergeFuzzOracle.problems(in: bytes).isEmpty, "\(name)")
        }
    }
}
