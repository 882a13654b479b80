/// A CSV file or row that could not be read, with which row and why.
///
/// Rows are counted as a spreadsheet shows them: the header is row 1, and a quoted field with
/// line breaks does not start a new row. The module holds no wording: the interface's
/// catalogues (ContactsStore) say it to a person.
public struct CSVError: Error, Sendable, Hashable {
    /// What was wrong.
    public enum Kind: Error, Sendable, Hashable, Codable {
        /// The header row names none of the columns of Google Contacts' or Outlook's exports.
        case unknownHeader
        /// The bytes are neither UTF-8, UTF-16 with a byte order mark, nor GB18030.
        case undecodableText
        /// The file is larger than `ContactCSV.maximumBytes`.
        case tooLarge(maximumBytes: Int)
        /// A row with another number of fields than the header has.
        case fieldCount(expected: Int, found: Int)
        /// A quoted field whose closing double quote never comes.
        case unterminatedQuote
    }

    /// What was wrong.
    public var kind: Kind
    /// The 1-based row, the header being row 1.
    public var row: Int

    public init(_ kind: Kind, row: Int) {
        self.kind = kind
        self.row = row
    }
}
