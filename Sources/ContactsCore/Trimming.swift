extension StringProtocol {
    /// The text without leading and trailing white space and line breaks (Unicode's definition),
    /// for text a person typed or a card holds (a name, a phone number, a search). The syntax of
    /// HTTP fields and vCard lines trims spaces and tabs only: `trimmingBlanks()` (module Blanks).
    public var trimmed: String {
        if let first = utf8.first, let last = utf8.reversed().first, Self.isPlainEdge(first), Self.isPlainEdge(last) {
            return String(self)
        }
        let scalars = unicodeScalars
        guard let head = scalars.first, let tail = scalars.last else { return "" }
        if !head.properties.isWhitespace && !tail.properties.isWhitespace { return String(self) }
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[first...last])
        return String(result)
    }

    /// The text without control characters (C0 and DEL), which no field of a contact holds;
    /// with `keepingLineBreaks`, line feeds and tabs stay (an address, a note).
    public func withoutControlCharacters(keepingLineBreaks: Bool = false) -> String {
        let isControl = { (byte: UInt8) in (byte < 0x20 || byte == 0x7F) && !(keepingLineBreaks && (byte == 0x0A || byte == 0x09)) }
        guard utf8.contains(where: isControl) else { return String(self) }
        return String(decoding: utf8.filter { !isControl($0) }, as: UTF8.self)
    }

    /// An ASCII byte that is not white space, so the text needs no trimming on that side.
    private static func isPlainEdge(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }
}

extension String {
    /// The text as a message may quote it on one line: without control characters, line breaks,
    /// direction overrides and other invisible format characters (the joiners of emoji sequences
    /// excepted), trimmed, and shortened with an ellipsis past `maximumLength` characters; nil
    /// when nothing is left. For names that come from outside (a file's, a card's).
    public func quotable(maximumLength: Int = 80) -> String? {
        let shown = String(String.UnicodeScalarView(unicodeScalars.filter(Self.isShown))).trimmed
        guard !shown.isEmpty else { return nil }
        return shown.count > maximumLength ? String(shown.prefix(maximumLength - 1)) + "…" : shown
    }

    private static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: false
        case .format: scalar == "\u{200C}" || scalar == "\u{200D}"
        default: true
        }
    }
}
