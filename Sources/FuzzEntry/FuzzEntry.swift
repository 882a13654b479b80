/// libFuzzer's entry point for every fuzz target `scripts/fuzz.sh` builds, each with its oracle
/// named by a compilation condition: the vCard reader and writer (VCARD_FUZZ), the CSV reader
/// and writer (CSV_FUZZ), duplicate detection and merging (MERGE_FUZZ), the browser and system
/// read from a User-Agent (AGENT_FUZZ), sealed values sent back (SEALED_FUZZ), the passkeys' CBOR
/// (CBOR_FUZZ), each built by swiftc, and CardDAV requests (DAV_FUZZ), part of SwiftPM's dav-fuzz
/// product. Any broken invariant is a crash, which libFuzzer records.
#if VCARD_FUZZ || CSV_FUZZ || MERGE_FUZZ || AGENT_FUZZ || SEALED_FUZZ || DAV_FUZZ || CBOR_FUZZ
#if VCARD_FUZZ
typealias Oracle = FuzzOracle
#elseif CSV_FUZZ
typealias Oracle = CSVFuzzOracle
#elseif MERGE_FUZZ
typealias Oracle = MergeFuzzOracle
#elseif AGENT_FUZZ
typealias Oracle = UserAgentFuzzOracle
#elseif SEALED_FUZZ
typealias Oracle = SealedFuzzOracle
#elseif DAV_FUZZ
typealias Oracle = DAVFuzzOracle
#elseif CBOR_FUZZ
typealias Oracle = CBORFuzzOracle
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = Oracle.problems(in: bytes)
    if !problems.isEmpty { fatalError(problems.joined(separator: "; ")) }
    return 0
}
#endif
