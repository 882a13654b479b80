extension StringProtocol {
    /// The text without leading and trailing white space and line breaks (Unicode's definition).
    public var trimmed: String {
        if let first = utf8.first, let last = utf8.reversed().first, Self.isPlainEdge(first), Self.isPlainEdge(last) {
            return String(self)
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[first...last])
        return String(result)
    }

    /// An ASCII byte that is not white space, so the text needs no trimming on that side.
    private static func isPlainEdge(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }
}
