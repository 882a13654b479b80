/// libFuzzer entry point for the vCard reader and writer; built and run by scripts/fuzz-vcard.sh
/// (not a SwiftPM target). Any broken invariant is a crash, which libFuzzer records.
@_cdecl("LLVMFuzzerTestOneInput")
public func vCardFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = FuzzOracle.problems(in: bytes)
    if !problems.isEmpty { fatalError(problems.joined(separator: "; ")) }
    return 0
}
