import Foundation
import Testing

/// The corpus of scripts/fuzz.sh agent (real User-Agents written by hand and what libFuzzer
/// kept), held to the fuzzer's invariants on every test run.
struct UserAgentFuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz/agent-corpus")

    @Test func theCorpusKeepsTheInvariants() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(names.filter { $0.hasPrefix("seed-") }.count == 13)
        #expect(names.contains("regression-token-ending-where-reading-stops"),
                "a mark appended after `Chrome/`, the last characters read, made the `/` another character")
        for name in names {
            let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
            #expect(UserAgentFuzzOracle.problems(in: bytes).isEmpty, "\(name)")
        }
    }
}
