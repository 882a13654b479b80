/// RFC 6868 §3.1 caret encoding of parameter values: `^n` is a line break, `^'` a double quote,
/// `^^` a caret. RFC 6868 defines it for vCard 4.0; this library also reads and writes it in
/// 3.0, which has no other way to carry those characters in a parameter (never in 2.1).
enum CaretEncoding {
    static func decode(_ value: String) -> String {
        ASCII.unescape(value, escape: ASCII.caret) { byte in
            switch byte {
            case ASCII.lowerN, ASCII.upperN: ASCII.lineFeed
            case ASCII.apostrophe: ASCII.quote
            case ASCII.caret: ASCII.caret
            default: nil
            }
        }
    }

    /// Appends `value` caret-encoded to `out`; CR LF, CR and LF all become `^n`.
    static func append(_ value: String, to out: inout [UInt8]) {
        ASCII.append(value, to: &out, escape: ASCII.caret) { byte in
            switch byte {
            case ASCII.caret: ASCII.caret
            case ASCII.quote: ASCII.apostrophe
            default: nil
            }
        }
    }
}
