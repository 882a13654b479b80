/// Spaces and horizontal tabs: the optional white space (OWS) around HTTP field values and list
/// items (RFC 9110 §5.6.3) and the white space (WSP) of vCard content lines (RFC 5234 appendix
/// B.1, RFC 6350 §3.2), which HTTP and VCard share and neither may take from the other.
///
/// Not the white space of text a person typed: that is Unicode's, line breaks included
/// (`trimmed` in ContactsCore), and a no-break space in a name is not an HTTP blank.
public enum Blanks {
    /// Whether `byte` is a space or a horizontal tab.
    @inlinable
    public static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    /// `range` of `bytes` without its leading and trailing blanks.
    @inlinable
    public static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isBlank(bytes[lower]) { lower += 1 }
        while upper > lower, isBlank(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}

extension StringProtocol {
    /// The text without its leading and trailing spaces and tabs (see `Blanks`).
    @inlinable
    public func trimmingBlanks() -> SubSequence {
        let isText = { (character: Character) in !(character.asciiValue.map(Blanks.isBlank) ?? false) }
        guard let first = firstIndex(where: isText), let last = lastIndex(where: isText) else { return self[endIndex...] }
        return self[first...last]
    }
}
