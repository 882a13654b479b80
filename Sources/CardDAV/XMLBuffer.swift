import DecimalDigits

/// The bytes of an XML body being written. Appending to an array of bytes skips the
/// bookkeeping a `String` does on every append (its count, whether it is ASCII), which was
/// most of the cost of writing a listing of thousands of cards.
struct XMLBuffer {
    private(set) var bytes: [UInt8] = []

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    static func += (buffer: inout XMLBuffer, text: String) {
        buffer.bytes.append(contentsOf: text.utf8)
    }

    static func += (buffer: inout XMLBuffer, raw: [UInt8]) {
        buffer.bytes.append(contentsOf: raw)
    }

    /// Makes room for `count` more bytes, so a body whose size is known early is not copied as it grows.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends bytes.
    mutating func append(contentsOf more: some Sequence<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// Appends a number's decimal digits.
    mutating func appendDecimal(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        DecimalDigits.append(value.magnitude, to: &bytes)
    }

    /// The bytes written, as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
