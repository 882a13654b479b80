/// Base64url without padding (RFC 4648 §5): the bytes of tokens, sealed values and MACs in
/// cookies and URLs, and of WebAuthn's fields in JSON. Written byte by byte: every CardDAV
/// request's credentials are looked up by a MAC written this way.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Each byte's value in the alphabet, or 0xFF for a byte outside it.
    private static let values: [UInt8] = (0..<256).map { byte in
        alphabet.firstIndex(of: UInt8(byte)).map(UInt8.init) ?? 0xFF
    }

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0...count {
                out.append(alphabet[Int(group >> UInt32(18 - 6 * position) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`; nil when it holds anything but the alphabet (padding taken too).
    public static func decode(_ text: String) -> [UInt8]? {
        var body = Array(text.utf8)
        while body.last == UInt8(ascii: "=") { body.removeLast() }
        guard body.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(body.count * 3 / 4)
        var group: UInt32 = 0
        for (index, byte) in body.enumerated() {
            let value = values[Int(byte)]
            guard value != 0xFF else { return nil }
            group = group << 6 | UInt32(value)
            if index % 4 == 3 {
                out += [UInt8(group >> 16), UInt8(group >> 8 & 0xFF), UInt8(group & 0xFF)]
                group = 0
            }
        }
        // 2 or 3 characters left over hold 1 or 2 bytes; the bits past them must be zero.
        switch body.count % 4 {
        case 2:
            guard group & 0xF == 0 else { return nil }
            out.append(UInt8(group >> 4))
        case 3:
            guard group & 0x3 == 0 else { return nil }
            out += [UInt8(group >> 10), UInt8(group >> 2 & 0xFF)]
        default: break
        }
        return out
    }
}
