#if !VCARD_FUZZ
import VCard
#endif

/// What must hold for any input, checked by the libFuzzer harness (`scripts/fuzz.sh vcard`,
/// which compiles this file with the VCard sources) and by the regression tests:
/// reading in chunks gives what reading whole gives; every card read can be written in either
/// version and read back as one card; and writing what was read back gives the same bytes.
enum FuzzOracle {
    /// The invariants broken by `bytes`; empty when all hold.
    static func problems(in bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let results = Array(VCardReader(bytes: bytes))
        let chunkSize = 1 + Int(bytes.first ?? 0) % 17
        var offset = 0
        let chunked = Array(VCardReader(chunks: {
            guard offset < bytes.count else { return nil }
            defer { offset += chunkSize }
            return Array(bytes[offset..<min(offset + chunkSize, bytes.count)])
        }))
        if chunked != results { problems.append("chunks of \(chunkSize) read differently") }
        for case .success(let card) in results {
            for version in VCardWriter.Version.allCases {
                let written = card.serialized(as: version)
                let reread = Array(VCardReader(bytes: Array(written.utf8)))
                guard reread.count == 1, case .success(let again)? = reread.first else {
                    problems.append("\(version) output does not read back as one card: \(reread)")
                    continue
                }
                if again.serialized(as: version) != written {
                    problems.append("\(version) output changes when read and written again")
                }
            }
        }
        return problems
    }
}
