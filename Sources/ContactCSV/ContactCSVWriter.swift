import Foundation

import VCard

/// Writes cards as a contact CSV file: UTF-8 with a byte order mark (so that Excel opens
/// Chinese names as they are), CRLF line ends, fields quoted as RFC 4180 §2 says, and none a
/// spreadsheet would run as a formula (`FormulaGuard`).
public struct ContactCSVWriter: Sendable {
    public let format: ContactCSVFormat

    public init(format: ContactCSVFormat) {
        self.format = format
    }

    /// The file: the header row, then one row per card, in order.
    public func bytes(for cards: [VCard]) -> [UInt8] {
        let table = format.layout.table(for: cards.map(ContactFields.init(card:)))
        var output: [UInt8] = [0xEF, 0xBB, 0xBF]
        for row in table {
            output += row.map { Self.quoted(FormulaGuard.guarded($0)) }.joined(separator: ",").utf8
            output += "\r\n".utf8
        }
        return output
    }

    /// The field in double quotes (its quotes doubled) when it holds a comma, a quote or a line break.
    private static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
