/// Byte constants and byte-level helpers shared by the reader and the writer, which work on
/// UTF-8 (or raw charset) bytes rather than on `Character`s for speed.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let apostrophe: UInt8 = 0x27
    static let comma: UInt8 = 0x2C
    static let hyphen: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let equals: UInt8 = 0x3D
    static let backslash: UInt8 = 0x5C
    static let caret: UInt8 = 0x5E
    static let underscore: UInt8 = 0x5F
    static let upperN: UInt8 = 0x4E
    static let lowerN: UInt8 = 0x6E

    /// The byte upper-cased if it is an ASCII lower-case letter.
    static func uppercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x61 < 26 ? byte &- 0x20 : byte
    }

    /// Letters, digits, `-`, and leniently `_` and `/`, which real exports put in names
    /// (`X-messaging/gadu-All` from KDE Kontact). RFC 6350 §3.3 allows only ALPHA / DIGIT / "-".
    static func isNameByte(_ byte: UInt8) -> Bool {
        isStrictNameByte(byte) || byte == underscore || byte == slash
    }

    /// Letters, digits and `-`: what RFC 6350 §3.3 allows in a name.
    static func isStrictNameByte(_ byte: UInt8) -> Bool {
        uppercased(byte) &- 0x41 < 26 || byte &- 0x30 < 10 || byte == hyphen
    }

    /// Appends a group, property or parameter name as RFC 6350 §3.3 allows it: each byte
    /// other than a letter, a digit or `-` (the `_` and `/` read leniently, a group's inner `.`)
    /// is written as `-`, so strict readers can parse the line and a reread name stays the same.
    static func appendName(_ name: String, to line: inout [UInt8]) {
        for byte in name.utf8 {
            line.append(isStrictNameByte(byte) ? byte : hyphen)
        }
    }

    /// Whether `bytes` equals `expected` (given in upper case) ignoring ASCII case.
    static func equalsIgnoringCase(_ bytes: some Collection<UInt8>, _ expected: StaticString) -> Bool {
        guard bytes.count == expected.utf8CodeUnitCount else { return false }
        return expected.withUTF8Buffer { target in
            zip(bytes, target).allSatisfy { uppercased($0) == $1 }
        }
    }

    /// Whether `bytes` begins with `prefix` (given in upper case) ignoring ASCII case.
    static func hasPrefixIgnoringCase(_ bytes: some Collection<UInt8>, _ prefix: StaticString) -> Bool {
        guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
        return prefix.withUTF8Buffer { target in
            zip(bytes, target).allSatisfy { uppercased($0) == $1 }
        }
    }

    /// The bytes as a String, upper-cased (names are ASCII after `isNameByte`).
    static func uppercasedString(_ bytes: some Collection<UInt8>) -> String {
        if bytes.allSatisfy({ $0 &- 0x61 >= 26 }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: bytes.map(uppercased), as: UTF8.self)
    }


    /// Decodes a one-byte escape scheme: after `escape`, `decoded` maps the next byte to what it
    /// stands for; a byte it does not know is kept with its escape (as is a trailing escape).
    static func unescape(_ text: some StringProtocol, escape: UInt8, decoded: (UInt8) -> UInt8?) -> String {
        let result = text.utf8.withContiguousStorageIfAvailable { unescape($0, escape: escape, decoded: decoded) }
            ?? Array(text.utf8).withUnsafeBufferPointer { unescape($0, escape: escape, decoded: decoded) }
        return result ?? String(text)
    }

    /// As `unescape(_:escape:decoded:)` on bytes; nil when they hold no escape.
    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, escape: UInt8, decoded: (UInt8) -> UInt8?) -> String? {
        guard var index = bytes.firstIndex(of: escape) else { return nil }
        var out = Array(bytes[..<index])
        out.reserveCapacity(bytes.count)
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == escape else {
                out.append(byte)
                continue
            }
            guard index < bytes.count else {
                out.append(escape)
                break
            }
            let next = bytes[index]
            index += 1
            if let replacement = decoded(next) {
                out.append(replacement)
            } else {
                out.append(escape)
                out.append(next)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` to `out` under a one-byte escape scheme, the reverse of `unescape`: a byte
    /// `encoded` names is written as `escape` and that letter; CR LF, CR and LF each become `escape` n.
    static func append(_ text: String, to out: inout [UInt8], escape: UInt8, encoded: (UInt8) -> UInt8?) {
        var text = text
        text.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole.
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let replacement: UInt8? = byte == lineFeed || byte == carriageReturn ? lowerN : encoded(byte)
                guard let replacement else {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(escape)
                out.append(replacement)
                // The LF of a CR LF: the CR already wrote the line break.
                index += byte == carriageReturn && index + 1 < bytes.count && bytes[index + 1] == lineFeed ? 2 : 1
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
    }
}
