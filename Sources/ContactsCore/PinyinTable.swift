/// The toneless pinyin reading of single Han characters, from a table generated once from ICU.
enum PinyinTable {
    /// The code point ranges the table covers, in the order of `encodedCodes`.
    static let ranges: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF]

    private static let codes: [UInt16] = {
        var digitValue = [UInt8: UInt16]()
        for (value, byte) in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".utf8.enumerated() {
            digitValue[byte] = UInt16(value)
        }
        var codes: [UInt16] = []
        codes.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
        var high: UInt16?
        for byte in encodedCodes.utf8 {
            guard let value = digitValue[byte] else { continue }
            if let first = high {
                codes.append(first * 64 + value)
                high = nil
            } else {
                high = value
            }
        }
        return codes
    }()

    /// Whether `scalar` lies in the ranges the table covers.
    static func covers(_ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) }
    }

    /// The reading of `scalar`, or nil when it is not a Han character the table knows.
    static func reading(of scalar: Unicode.Scalar) -> String? {
        var offset = 0
        for range in ranges {
            if range.contains(scalar.value) {
                let code = codes[offset + Int(scalar.value - range.lowerBound)]
                return code == 0 ? nil : syllables[Int(code) - 1]
            }
            offset += range.count
        }
        return nil
    }
}
