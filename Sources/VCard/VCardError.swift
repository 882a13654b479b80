/// A card that could not be read, with where and why.
///
/// The reader reports one error per broken card and goes on with the next `BEGIN:VCARD`. The
/// module holds no wording: the interface's catalogues (ContactsStore) say it to a person.
public struct VCardError: Error, Sendable, Hashable {
    /// What was wrong.
    public enum Kind: Error, Sendable, Hashable, Codable {
        /// The card has no `END:VCARD` before the end of the input; `line` is its `BEGIN` line.
        case missingEnd
        /// An `END:VCARD` line with no card open.
        case endWithoutBegin
        /// A content line without the colon that separates name and value (RFC 6350 §3.3).
        case missingColon
        /// A property name, group or parameter name that is empty or has characters other than
        /// letters, digits, `-` (and leniently `_` and `/`).
        case invalidName(String)
        /// A parameter value whose opening double quote is never closed.
        case unterminatedQuote
        /// A base64 value (`ENCODING=b`, `ENCODING=BASE64` or a `data:` URI) that does not decode.
        case invalidBase64(property: String)
        /// A `CHARSET` that is not known here, for a value that is not valid UTF-8 either.
        case unknownCharset(String)
        /// A value whose bytes are not valid in the charset the card declares.
        case undecodableText(charset: String)
        /// Cards nested deeper than the reader follows (vCard 2.1 `AGENT` embeds one card in another).
        case nestingTooDeep
        /// The input holds no card at all.
        case noCard
    }

    /// What was wrong.
    public var kind: Kind
    /// The 1-based number of the card in the input, counting the broken ones.
    public var card: Int
    /// The 1-based physical line where the problem is.
    public var line: Int

    public init(_ kind: Kind, card: Int, line: Int) {
        self.kind = kind
        self.card = card
        self.line = line
    }
}
