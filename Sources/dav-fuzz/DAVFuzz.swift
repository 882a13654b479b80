import DAVFuzzing
import Foundation

// Built by `scripts/fuzz.sh dav` with -D DAV_FUZZ and libFuzzer (the entry point is
// Sources/FuzzEntry's), this is the fuzz target for the DAV request bodies (XML, PROPFIND,
// PROPPATCH, MKCOL and every REPORT). Built plainly, it replays inputs: `dav-fuzz FILE…` prints
// each file's problems and exits 1 if there were any.

private let harness = try! DAVFuzzHarness()

#if DAV_FUZZ
/// The oracle of the entry point in Sources/FuzzEntry: the harness's problems with an input.
enum DAVFuzzOracle {
    static func problems(in bytes: [UInt8]) -> [String] { harness.problems(with: bytes) }
}
#else
@main enum Replay {
    static func main() {
        var failed = false
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(path): cannot read\n".utf8))
                failed = true
                continue
            }
            let problems = harness.problems(with: Array(data))
            print("\(path): \(problems.isEmpty ? "ok" : problems.joined(separator: "; "))")
            failed = failed || !problems.isEmpty
        }
        exit(failed ? 1 : 0)
    }
}
#endif
