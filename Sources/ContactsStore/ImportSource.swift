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

/// A kind of file that is neither vCard nor CSV and that people pick by mistake, told by its first bytes.
public enum ForeignFormat: String, Sendable, CaseIterable {
    case png, jpeg, gif, webP, heic, pdf, zip, gzip, officeDocument

    /// The format whose signature `head` (a file's first bytes) starts with; nil for any other content.
    public init?(head: [UInt8]) {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        let ascii = { (text: String) in Array(text.utf8) }
        let found: ForeignFormat? = switch true {
        case starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]): .png
        case starts([0xFF, 0xD8, 0xFF]): .jpeg
        case starts(ascii("GIF87a")), starts(ascii("GIF89a")): .gif
        case starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8): .webP
        case starts(ascii("ftyp"), at: 4) && ["heic", "heix", "mif1", "msf1", "avif"].contains { starts(ascii($0), at: 8) }: .heic
        case starts(ascii("%PDF-")): .pdf
        case starts([0x50, 0x4B, 0x03, 0x04]), starts([0x50, 0x4B, 0x05, 0x06]): .zip
        case starts([0x1F, 0x8B]): .gzip
        case starts([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]): .officeDocument
        default: nil
        }
        guard let found else { return nil }
        self = found
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

    /// How much of a file's start tells what it holds (`isCSV`, `ForeignFormat`).
    public static let headSize = 65_536

    /// The cards of a file held whole: its CSV rows or its vCards.
    public static func source(bytes: [UInt8], fileName: String?) -> any ImportSource {
        isCSV(head: Array(bytes.prefix(headSize)), fileName: fileName) ? CSVImportSource(bytes: bytes) : VCardReader(bytes: bytes)
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
