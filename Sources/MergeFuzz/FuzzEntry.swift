/// libFuzzer entry point for duplicate detection and merging; built and run by
/// scripts/fuzz-merge.sh (not a SwiftPM target). Any broken invariant is a crash, which
/// libFuzzer records.
@_cdecl("LLVMFuzzerTestOneInput")
public func mergeFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = MergeFuzzOracle.problems(in: bytes)
    if !problems.isEmpty { fatalError(problems.joined(separator: "; ")) }
    return 0
}
