import Foundation

/// Text made safe for HTML: every page builds its markup from these, so user data is always escaped.
enum HTML {
    /// Escapes text for element content and quoted attribute values (works on UTF-8 bytes:
    /// every page escapes every name, so this is on the hot path).
    static func escape(_ text: String) -> String {
        let special: (UInt8) -> Bool = { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
        guard text.utf8.contains(where: special) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x26: bytes += Array("&amp;".utf8)
            case 0x3C: bytes += Array("&lt;".utf8)
            case 0x3E: bytes += Array("&gt;".utf8)
            case 0x22: bytes += Array("&quot;".utf8)
            case 0x27: bytes += Array("&#39;".utf8)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A percent-encoded query value or path segment.
    static func urlComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlUnreservedCharacters) ?? ""
    }
}

extension CharacterSet {
    /// RFC 3986's unreserved characters.
    static let urlUnreservedCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
