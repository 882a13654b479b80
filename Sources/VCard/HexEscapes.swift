/// Decoding of `<escape>XX` hex escapes: quoted-printable `=XX` (RFC 2045 §6.7, vCard 2.1
/// `ENCODING=QUOTED-PRINTABLE`) and percent-encoding `%XX` (RFC 3986 §2.1, in data: URIs).
///
/// Quoted-printable soft line breaks are already joined by the line reader. An escape byte not
/// followed by two hex digits is kept as it is, as real writers emit such values.
enum HexEscapes {
    static let quotedPrintable: UInt8 = 0x3D
    static let percent: UInt8 = 0x25

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, escape: UInt8, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == escape, index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
