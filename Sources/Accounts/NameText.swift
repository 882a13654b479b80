import Foundation

/// The rules the names people give things here share (account names, address book names): one
/// Unicode form, and no character that does not show.
public enum NameText {
    /// `text` in Unicode NFC. Printable ASCII is NFC already and is returned as it is, without
    /// Unicode tables: names are compared on every CardDAV request.
    public static func nfc(_ text: String) -> String {
        isPrintableASCII(text) ? text : text.precomposedStringWithCanonicalMapping
    }

    /// Whether `text` is only printable ASCII (U+0020–U+007E).
    public static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20..<0x7F).contains($0) }
    }

    /// Whether a name may not hold `scalar`: a control or format character (NUL, line breaks,
    /// zero-width and direction marks, a byte order mark), or a line or paragraph separator.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        [.control, .format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
    }
}
