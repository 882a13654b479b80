/// Splits CSV text into records as RFC 4180 §2 describes them: fields separated by commas,
/// records by CRLF (or LF, or a lone CR), a field in double quotes holding commas, line breaks
/// and doubled quotes. Leniently, a quote inside an unquoted field and text after a closing
/// quote are taken as they are.
struct CSVRecords: IteratorProtocol {
    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    private let bytes: [UInt8]
    private var index = 0
    /// The row of the record returned last: 1 for the first.
    private(set) var row = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The next record's fields (a blank line gives one empty field), or `.unterminatedQuote`
    /// for a record that ends inside quotes, which ends the input; nil after the last record.
    mutating func next() -> Result<[String], CSVError>? {
        guard index < bytes.count else { return nil }
        row += 1
        var fields: [String] = []
        var field: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case Self.quote where field.isEmpty:
                guard readQuoted(into: &field) else { return .failure(CSVError(.unterminatedQuote, row: row)) }
            case Self.comma:
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            case Self.cr, Self.lf:
                if byte == Self.cr, index < bytes.count, bytes[index] == Self.lf { index += 1 }
                fields.append(String(decoding: field, as: UTF8.self))
                return .success(fields)
            default:
                field.append(byte)
            }
        }
        fields.append(String(decoding: field, as: UTF8.self))
        return .success(fields)
    }

    /// Reads a quoted field's content after its opening quote, up to and past its closing one;
    /// false (at the end of the input) when there is none.
    private mutating func readQuoted(into field: inout [UInt8]) -> Bool {
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == Self.quote else {
                field.append(byte)
                continue
            }
            guard index < bytes.count, bytes[index] == Self.quote else { return true }
            field.append(Self.quote)
            index += 1
        }
        return false
    }
}
