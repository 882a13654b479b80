/// Backslash escaping of property values (RFC 6350 §3.4, RFC 2426 §4), on UTF-8 bytes.
enum TextEscaping {
    /// Escapes text for a TEXT value: `\` `,` `;` and line breaks (RFC 6350 §3.4).
    static func escape(_ text: Substring) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: needsEscape) else { return String(text) }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 8)
        var previous: UInt8 = 0
        for byte in utf8 {
            switch byte {
            case ASCII.backslash, ASCII.comma, ASCII.semicolon:
                out.append(ASCII.backslash)
                out.append(byte)
            case ASCII.carriageReturn:
                out.append(ASCII.backslash)
                out.append(ASCII.lowerN)
            case ASCII.lineFeed where previous != ASCII.carriageReturn:
                out.append(ASCII.backslash)
                out.append(ASCII.lowerN)
            case ASCII.lineFeed:
                break
            default:
                out.append(byte)
            }
            previous = byte
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reverses `escape`: `\\` `\,` `\;` `\n` `\N` (RFC 6350 §3.4), plus `\:`, which Apple
    /// writes in URLs. Any other backslash is kept, so an unescaped `C:\dir` survives.
    static func unescape(_ raw: Substring) -> String {
        ASCII.unescape(raw, escape: ASCII.backslash) { byte in
            switch byte {
            case ASCII.lowerN, ASCII.upperN: ASCII.lineFeed
            case ASCII.backslash, ASCII.comma, ASCII.semicolon, ASCII.colon: byte
            default: nil
            }
        }
    }

    /// Splits a value on the separator bytes that are not escaped (`;` between the components
    /// of N and ADR, `,` between list values: RFC 6350 §3.3 `component`/`list-component`).
    static func split(_ raw: Substring, on separator: UInt8) -> [Substring] {
        var parts: [Substring] = []
        var start = raw.startIndex
        var escaping = false
        let utf8 = raw.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if escaping {
                escaping = false
            } else if byte == ASCII.backslash {
                escaping = true
            } else if byte == separator {
                parts.append(raw[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        parts.append(raw[start...])
        return parts
    }

    /// Converts a vCard 2.1 value to the 3.0/4.0 escaping this library stores. In 2.1 only `\;`
    /// is an escape, commas are plain and line breaks come literally out of quoted-printable,
    /// so: line breaks become `\n`, commas `\,`, a backslash that
    /// escapes nothing `\\`; `\;` and already-escaped `\,` `\\` are kept.
    static func fromVersion21(_ raw: String) -> String {
        let utf8 = raw.utf8
        guard utf8.contains(where: needsEscape) else { return raw }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 8)
        var bytes = utf8.makeIterator()
        var pending = bytes.next()
        while let byte = pending {
            pending = bytes.next()
            switch byte {
            case ASCII.backslash:
                out.append(ASCII.backslash)
                if let next = pending, next == ASCII.semicolon || next == ASCII.comma || next == ASCII.backslash {
                    out.append(next)
                    pending = bytes.next()
                } else {
                    out.append(ASCII.backslash)
                }
            case ASCII.comma:
                out.append(ASCII.backslash)
                out.append(ASCII.comma)
            case ASCII.carriageReturn, ASCII.lineFeed:
                if byte == ASCII.carriageReturn, pending == ASCII.lineFeed { pending = bytes.next() }
                out.append(ASCII.backslash)
                out.append(ASCII.lowerN)
            default:
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == ASCII.backslash || byte == ASCII.comma || byte == ASCII.semicolon
            || byte == ASCII.lineFeed || byte == ASCII.carriageReturn
    }
}
