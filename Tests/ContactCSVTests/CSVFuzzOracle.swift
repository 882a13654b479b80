#if !CSV_FUZZ
import ContactCSV
#endif
import VCard

/// What must hold for any input, checked by the libFuzzer harness (`scripts/fuzz.sh csv`, which
/// compiles this file with the ContactCSV and VCard sources) and by the regression tests:
/// sniffing and reading end without a crash; every card read, written in each format, reads back
/// as at most one row without an error; and from the second writing on, writing what was read
/// back gives the same bytes.
enum CSVFuzzOracle {
    static let formats: [ContactCSVFormat] = [.googleContacts, .googleLegacy, .outlook]

    /// The invariants broken by `bytes`; empty when all hold.
    static func problems(in bytes: [UInt8]) -> [String] {
        _ = ContactCSV.looksLikeCSV(bytes)
        guard let reader = try? ContactCSVReader(bytes: bytes) else { return [] }
        var problems: [String] = []
        for case (_, .success(let card)) in reader {
            for format in formats {
                let writer = ContactCSVWriter(format: format)
                guard let second = reread(writer.bytes(for: [card]), format, &problems),
                      let third = reread(writer.bytes(for: [second]), format, &problems) else { continue }
                if writer.bytes(for: [second]) != writer.bytes(for: [third]) {
                    problems.append("\(format): writing what was read back changes the file")
                }
            }
        }
        return problems
    }

    /// The one card `written` holds, or nil (with the problem noted) when it does not read back
    /// as its format with at most one row and no error; a row of empty fields (nothing mapped) is none.
    private static func reread(_ written: [UInt8], _ format: ContactCSVFormat, _ problems: inout [String]) -> VCard? {
        guard let reader = try? ContactCSVReader(bytes: written) else {
            problems.append("\(format): the file written does not read")
            return nil
        }
        if reader.format != format { problems.append("\(format): the file written reads as \(reader.format)") }
        let rows = Array(reader)
        guard rows.count <= 1 else {
            problems.append("\(format): one card written reads back as \(rows.count) rows")
            return nil
        }
        switch rows.first?.card {
        case nil: return VCard()
        case .success(let card)?: return card
        case .failure(let error)?:
            problems.append("\(format): the row written does not read: \(error)")
            return nil
        }
    }
}
