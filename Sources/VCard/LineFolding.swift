/// Line folding for output (RFC 6350 §3.2, RFC 2425 §5.8.1): a line longer than 75 octets,
/// not counting its CRLF, goes on in continuation lines that start with a space.
enum LineFolding {
    static let maximumOctets = 75

    /// Appends `line` folded, each physical line ended by CRLF. A fold never splits a UTF-8
    /// sequence, so every physical line is valid UTF-8 on its own.
    static func append(_ line: [UInt8], to output: inout [UInt8]) {
        var start = 0
        var room = maximumOctets
        while line.count - start > room {
            var cut = start + room
            while line[cut] & 0xC0 == 0x80, cut > start + 1 { cut -= 1 }
            output.append(contentsOf: line[start..<cut])
            output.append(ASCII.carriageReturn)
            output.append(ASCII.lineFeed)
            output.append(ASCII.space)
            start = cut
            room = maximumOctets - 1
        }
        output.append(contentsOf: line[start...])
        output.append(ASCII.carriageReturn)
        output.append(ASCII.lineFeed)
    }
}
