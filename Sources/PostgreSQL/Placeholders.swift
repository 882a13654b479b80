/// The store's statements are written with SQLite's `?` parameters; PostgreSQL numbers its own.
enum Placeholders {
    /// `sql` with each `?` parameter replaced by `$1`, `$2`… in order, and how many there were.
    ///
    /// A `?` inside a single-quoted literal, a double-quoted identifier, a `--` comment or a
    /// (nested) `/* */` comment is left alone. A doubled quote inside a literal or identifier
    /// closes it and opens it again at once, so it needs no case of its own.
    static func numbered(_ sql: String) -> (sql: String, count: Int) {
        enum State { case code, literal, identifier, lineComment, blockComment(depth: Int) }
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var count = 0
        var state = State.code
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            var width = 1
            switch (state, byte) {
            case (.code, UInt8(ascii: "?")):
                count += 1
                output.append(contentsOf: "$\(count)".utf8)
                index += 1
                continue
            case (.code, UInt8(ascii: "'")): state = .literal
            case (.code, UInt8(ascii: "\"")): state = .identifier
            case (.code, UInt8(ascii: "-")) where next == UInt8(ascii: "-"): state = .lineComment; width = 2
            case (.code, UInt8(ascii: "/")) where next == UInt8(ascii: "*"): state = .blockComment(depth: 1); width = 2
            case (.literal, UInt8(ascii: "'")), (.identifier, UInt8(ascii: "\"")), (.lineComment, UInt8(ascii: "\n")):
                state = .code
            case (.blockComment(let depth), UInt8(ascii: "/")) where next == UInt8(ascii: "*"):
                state = .blockComment(depth: depth + 1); width = 2
            case (.blockComment(let depth), UInt8(ascii: "*")) where next == UInt8(ascii: "/"):
                state = depth == 1 ? .code : .blockComment(depth: depth - 1); width = 2
            default: break
            }
            output.append(contentsOf: bytes[index..<index + width])
            index += width
        }
        return (String(decoding: output, as: UTF8.self), count)
    }
}
