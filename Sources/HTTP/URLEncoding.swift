/// Percent-decoding of paths, query strings and form bodies.
public enum URLEncoding {
    /// Decodes `%XX` escapes (and `+` as space when asked); malformed escapes stay as written,
    /// and bytes that are not UTF-8 become U+FFFD.
    public static func decode(_ text: String, plusAsSpace: Bool = false) -> String {
        decode(text[...], plusAsSpace: plusAsSpace)
    }

    /// `decode` of part of a string. (Not generic: a generic one runs unspecialized from other
    /// modules, a protocol call per byte.)
    public static func decode(_ text: Substring, plusAsSpace: Bool = false) -> String {
        var text = text
        guard text.withUTF8({ $0.contains { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) } }) else {
            return String(text)
        }
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            decoded.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Parses `a=1&b=two+words` into a dictionary; the last of repeated names wins.
    static func decodeForm(_ text: Substring) -> [String: String] {
        Dictionary(decodeFormPairs(text), uniquingKeysWith: { _, last in last })
    }

    /// Parses `a=1&a=2&b=x` into its name-value pairs, in order, repeated names included.
    static func decodeFormPairs(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0], plusAsSpace: true)
            guard !name.isEmpty else { return nil }
            return (name, parts.count > 1 ? decode(parts[1], plusAsSpace: true) : "")
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
