import ContactCSV
import VCard

/// The cards of a file to import, in order, each with where it is: a vCard file's cards or a
/// CSV file's rows, which become cards too, so that both take the same way into the store.
public protocol ImportSource {
    /// The next card and where it is, or why it could not be read; nil at the end.
    mutating func nextCard() -> (position: ImportPosition, card: Result<VCard, ImportFailure.Reason>)?
}

extension VCardReader: ImportSource {
    public mutating func nextCard() -> (position: ImportPosition, card: Result<VCard, ImportFailure.Reason>)? {
        switch next() {
        case nil: nil
        case .success(let card)?: (ImportPosition(card: lastCard.number, line: lastCard.beginLine), .success(card))
        case .failure(let error)?: (ImportPosition(card: error.card, line: error.line), .failure(.unreadable(error.kind)))
        }
    }
}

/// Files to import, told apart by content: contact CSV or vCard.
public enum ImportFile {
    /// True when a file whose first bytes are `head` is to be imported as CSV: its content says
    /// so, or its name ends in `.csv` and it is no vCard (so that a CSV of another program is
    /// told why it cannot be read rather than found empty).
    public static func isCSV(head: [UInt8], fileName: String?) -> Bool {
        ContactCSV.looksLikeCSV(head)
            || fileName?.lowercased().hasSuffix(".csv") == true && !ContactCSV.looksLikeVCard(head)
    }

    /// The cards of a file held whole: its CSV rows or its vCards.
    public static func source(bytes: [UInt8], fileName: String?) -> any ImportSource {
        isCSV(head: Array(bytes.prefix(65_536)), fileName: fileName) ? CSVImportSource(bytes: bytes) : VCardReader(bytes: bytes)
    }
}

/// A contact CSV file's rows as cards to import. A file that cannot be read at all (unknown
/// header, undecodable, too large) is one failure at row 1.
public struct CSVImportSource: ImportSource {
    private var reader: ContactCSVReader?
    private var fileError: CSVError?
    private var count = 0

    public init(bytes: [UInt8]) {
        do {
            reader = try ContactCSVReader(bytes: bytes)
        } catch {
            fileError = error
        }
    }

    public mutating func nextCard() -> (position: ImportPosition, card: Result<VCard, ImportFailure.Reason>)? {
        if let error = fileError {
            fileError = nil
            return (position(row: error.row), .failure(.unreadableRow(error.kind)))
        }
        guard let (row, card) = reader?.next() else { return nil }
        return (position(row: row), card.mapError { .unreadableRow($0.kind) })
    }

    private mutating func position(row: Int) -> ImportPosition {
        count += 1
        return ImportPosition(card: count, line: row, row: row)
    }
}
