import Foundation
import VCard

/// The text of a CSV file as the programs that write contact CSVs encode it: UTF-8 with or
/// without a byte order mark, UTF-16 with one (Outlook's "Unicode CSV"), or GB18030 (GBK's
/// superset, which Chinese Outlook and WPS write) when the bytes are not UTF-8.
enum CSVText {
    private static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The decoded text, without its byte order mark; nil when the bytes are none of those encodings.
    static func decode(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: utf8BOM) { return String(validating: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), .utf16LittleEndian) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), .utf16BigEndian) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var decoder = CharsetDecoder()
        return try? decoder.decode(bytes, charset: "GB18030")
    }

    /// The start of a file decoded as far as it goes, for a look at its first line: UTF-16 cut
    /// at an even length, anything else as UTF-8 (a character cut off, or GB18030, becomes U+FFFD).
    static func head(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return decode(Array(bytes.prefix(bytes.count & ~1))) ?? ""
        }
        return String(decoding: bytes.starts(with: utf8BOM) ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, _ encoding: String.Encoding) -> String? {
        bytes.count.isMultiple(of: 2) ? String(bytes: bytes, encoding: encoding) : nil
    }
}
