import Foundation
import Testing

/// The corpus of scripts/fuzz.sh sealed (values written by hand and what libFuzzer kept), held to
/// the fuzzer's invariants on every test run.
struct SealedFuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz/sealed-corpus")

    @Test func theCorpusKeepsTheInvariants() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(names.filter { $0.hasPrefix("seed-") }.count >= 6)
        for name in names {
            let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
            #expect(SealedFuzzOracle.problems(in: bytes).isEmpty, "\(name)")
        }
    }
}
