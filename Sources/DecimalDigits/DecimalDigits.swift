/// The decimal digits of numbers, written as ASCII bytes where text is built byte by byte (log
/// lines, HTTP dates, entity tags, listings of thousands of cards): no `String(n)`, which
/// allocates and formats generically.
public enum DecimalDigits {
    /// How many digits `value` has (at least one).
    @inlinable
    public static func count(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// Writes `value`'s digits, zero-padded on the left to `width`, at the start of `buffer`,
    /// which has room for `max(width, count(value))` bytes; returns how many it wrote.
    @inlinable
    public static func write(_ value: UInt64, width: Int = 1, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let total = max(width, count(value))
        var rest = value
        for position in stride(from: total - 1, through: 0, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        return total
    }

    /// Appends `value`'s digits, zero-padded on the left to `width`.
    @inlinable
    public static func append(_ value: UInt64, width: Int = 1, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(width, count(value))))
        bytes.withUnsafeMutableBufferPointer { buffer in
            _ = write(value, width: width, into: UnsafeMutableBufferPointer(rebasing: buffer[start...]))
        }
    }
}
