/// libFuzzer entry point for the contact CSV reader and writer; built and run by
/// scripts/fuzz-csv.sh (not a SwiftPM target). Any broken invariant is a crash, which libFuzzer records.
@_cdecl("LLVMFuzzerTestOneInput")
public func csvFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = CSVFuzzOracle.problems(in: bytes)
    if !problems.isEmpty { fatalError(problems.joined(separator: "; ")) }
    return 0
}
