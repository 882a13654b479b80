import Foundation

/// New contact UIDs: time-ordered (version 7) UUIDs in their usual uppercase text form — the
/// milliseconds since 1970, then 74 random bits — so contacts added together sit together in the
/// indexes on UID and resource name instead of landing on random pages of them.
enum ContactUID {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// A fresh UID: the time now and bits from the system's secure random generator.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = withUnsafeBytes(of: (generator.next() as UInt64, generator.next() as UInt64)) { Array($0) }
        let milliseconds = UInt64(Date().timeIntervalSince1970 * 1000)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * index)) }
        bytes[6] = bytes[6] & 0x0F | 0x70
        bytes[8] = bytes[8] & 0x3F | 0x80
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
