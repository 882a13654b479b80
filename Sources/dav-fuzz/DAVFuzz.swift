import DAVFuzzing
import Foundation

// Built by scripts/fuzz-dav.sh with -D DAV_FUZZ and libFuzzer, this is the fuzz target for the
// DAV request bodies (XML, PROPFIND, PROPPATCH, MKCOL and every REPORT). Built plainly, it
// replays inputs: `dav-fuzz FILE…` prints each file's problems and exits 1 if there were any.

private let harness = try! DAVFuzzHarness()

#if DAV_FUZZ
/// libFuzzer's entry point: a problem is a crash, which libFuzzer records.
@_cdecl("LLVMFuzzerTestOneInput")
public func davFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = harness.problems(with: input)
    if !problems.isEmpty { fatalError(problems.joined(separator: "; ")) }
    return 0
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
