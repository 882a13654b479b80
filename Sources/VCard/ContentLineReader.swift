import Blanks

/// Content lines: physical lines unfolded (RFC 6350 §3.2, RFC 2425 §5.8.1: a line that starts
/// with a space or tab continues the previous one, without that first character) and, for
/// quoted-printable values, joined at soft line breaks (vCard 2.1; RFC 2045 §6.7 rule 5: a `=`
/// at the end of a line, whose next line is taken as it is).
///
/// Unfolding works on bytes, before any charset decoding, since some writers fold inside a
/// UTF-8 sequence (ownCloud, in kcontacts' vcard9.vcf).
struct ContentLineReader {
    private var source: ByteLineSource
    private var headerParser = ContentLineParser()
    /// The current content line.
    private(set) var line: [UInt8] = []
    /// The physical line number where the current content line starts.
    private(set) var lineNumber = 0

    init(source: ByteLineSource) {
        self.source = source
    }

    /// Reads the next content line into `line`; false at the end of the input.
    mutating func next() -> Bool {
        line.removeAll(keepingCapacity: true)
        guard source.appendNextLine(to: &line) else { return false }
        lineNumber = source.lineNumber
        var quotedPrintable: Bool?
        while true {
            if let softBreak = softBreakStart(), isQuotedPrintable(&quotedPrintable),
               !source.nextLineEquals("END:VCARD") {
                line.removeSubrange(softBreak...)
                guard source.appendNextLine(to: &line) else { break }
            } else if let first = source.peekByte(), Blanks.isBlank(first) {
                source.dropFirstByteOfNextLine()
                _ = source.appendNextLine(to: &line)
            } else {
                break
            }
        }
        return true
    }

    /// Where a trailing soft line break (`=` and any whitespace after it) starts, or nil.
    private func softBreakStart() -> Int? {
        var index = line.count - 1
        while index >= 0, Blanks.isBlank(line[index]) { index -= 1 }
        return index >= 0 && line[index] == ASCII.equals ? index : nil
    }

    /// Whether the line's parameters ask for quoted-printable; decided by the parser, once the
    /// colon that ends them has been read.
    private mutating func isQuotedPrintable(_ known: inout Bool?) -> Bool {
        if known == nil { known = headerParser.declaresQuotedPrintable(line) }
        return known ?? false
    }
}
