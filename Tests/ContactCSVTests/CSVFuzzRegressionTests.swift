import Foundation
import Testing

/// The inputs libFuzzer found (scripts/fuzz.sh csv), kept under Fuzz/: the crashes it found and
/// the minimised corpus, all held to the fuzzer's invariants.
@Suite("CSV fuzz regressions")
struct CSVFuzzRegressionTests {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz")

    @Test(arguments: ["corpus", "crashes"])
    func everyKeptInputHoldsTheInvariants(folder: String) throws {
        let directory = Self.fuzzDirectory.appendingPathComponent(folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        if folder == "corpus" { #expect(!names.isEmpty) }
        for name in names {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
            #expect(CSVFuzzOracle.problems(in: bytes) == [], "\(folder)/\(name)")
        }
    }
}
