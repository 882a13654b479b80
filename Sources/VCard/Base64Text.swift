import Blanks
import Foundation

/// Base64 (RFC 4648 §4) as vCard carries it: `ENCODING=b` (RFC 2426 §4), `ENCODING=BASE64`
/// (the vCard 2.1 specification) and `;base64` data: URIs (RFC 2397).
enum Base64Text {
    /// The text without the whitespace that folding leaves inside it and with its padding made
    /// right, or nil when it holds a character outside the alphabet or data after padding.
    /// Lenient where writers are sloppy: missing or superfluous padding is repaired, and a final
    /// lone character, which cannot make a byte, is dropped.
    static func canonical(_ bytes: some Sequence<UInt8>) -> [UInt8]? {
        if let result = bytes.withContiguousStorageIfAvailable(canonical(buffer:)) { return result }
        return Array(bytes).withUnsafeBufferPointer(canonical(buffer:))
    }

    /// What each byte is in base64 text.
    private enum ByteClass: UInt8 {
        case alphabet, padding, whitespace, invalid
    }

    private static let byteClasses: [ByteClass] = (0...255).map { (byte: UInt8) in
        if isAlphabet(byte) { return .alphabet }
        if byte == ASCII.equals { return .padding }
        if Blanks.isBlank(byte) || byte == ASCII.carriageReturn || byte == ASCII.lineFeed { return .whitespace }
        return .invalid
    }

    private static func canonical(buffer bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 3)
        var padded = false
        let valid = byteClasses.withUnsafeBufferPointer { classes in
            for byte in bytes {
                switch classes[Int(byte)] {
                case .alphabet:
                    if padded { return false }
                    out.append(byte)
                case .padding: padded = true
                case .whitespace: break
                case .invalid: return false
                }
            }
            return true
        }
        guard valid else { return nil }
        switch out.count % 4 {
        case 1: out.removeLast()
        case 2: out.append(contentsOf: [ASCII.equals, ASCII.equals])
        case 3: out.append(ASCII.equals)
        default: break
        }
        return out
    }

    /// The decoded bytes, or nil when the text is not base64.
    static func decode(_ bytes: some Sequence<UInt8>) -> Data? {
        canonical(bytes).flatMap { Data(base64Encoded: Data($0)) }
    }

    /// The decoded bytes of text that is usually canonical already (as the reader leaves it):
    /// decoded directly, and canonicalized only when that fails.
    static func decode(_ text: String) -> Data? {
        Data(base64Encoded: text) ?? decode(text.utf8)
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        ASCII.uppercased(byte) &- 0x41 < 26 || byte &- 0x30 < 10 || byte == 0x2B || byte == ASCII.slash
    }
}
