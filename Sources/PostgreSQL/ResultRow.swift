import CLibPQ
import SQLEngine

/// The type oid of bytea, PostgreSQL's blob.
let byteaType: Oid = 17

/// One row of a result, read in text format.
struct ResultRow: SQLRow {
    let result: OpaquePointer
    let row: Int32

    func isNull(_ column: Int32) -> Bool { PQgetisnull(result, row, column) != 0 }

    /// The column as an integer: booleans are 1 and 0, as in SQLite; a fraction is truncated.
    func int64(_ column: Int32) -> Int64 {
        let value = text(column)
        if let integer = Int64(value) { return integer }
        switch value {
        case "t": return 1
        case "f", "": return 0
        default: return Double(value).flatMap { Int64(exactly: $0.rounded(.towardZero)) } ?? 0
        }
    }

    /// The column as text; empty for NULL.
    func text(_ column: Int32) -> String {
        String(decoding: bytes(column), as: UTF8.self)
    }

    func withText<R>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(bytes(column))
    }

    /// The column as bytes: a bytea decoded from its output format (hex, the default, or escape,
    /// which a server or session set to `bytea_output = escape` sends), anything else as its
    /// text; empty for NULL.
    func blob(_ column: Int32) -> [UInt8] {
        let raw = bytes(column)
        guard PQftype(result, column) == byteaType else { return Array(raw) }
        guard raw.starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "x")]) else { return unescaped(raw) }
        return Self.decodingHex(raw)
    }

    /// Bytes from bytea's escape output format, through libpq.
    private func unescaped(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard let start = text.baseAddress else { return [] }
        var count = 0
        guard let bytes = PQunescapeBytea(start, &count) else { return [] }
        defer { PQfreemem(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }

    private func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        let count = Int(PQgetlength(result, row, column))
        let start = UnsafeRawPointer(PQgetvalue(result, row, column)).map { $0.assumingMemoryBound(to: UInt8.self) }
        return UnsafeBufferPointer(start: start, count: start == nil ? 0 : count)
    }

    /// Bytes from bytea's hex output format, `\x` then two hex digits a byte (a card's photo:
    /// tens of kilobytes, so a table and no bounds checks).
    static func decodingHex(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") else { return Array(text) }
        let count = (text.count - 2) / 2
        return hexDigitValues.withUnsafeBufferPointer { value in
            [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
                var digit = 2
                for index in 0..<count {
                    bytes[index] = value[Int(text[digit])] << 4 | value[Int(text[digit + 1])]
                    digit += 2
                }
                initialized = count
            }
        }
    }

    /// The value of each hex digit, by its byte (0 for any other byte, which PostgreSQL never sends).
    private static let hexDigitValues: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
        default: 0
        }
    }
}
