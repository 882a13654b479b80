import ContactCSV
import ContactsCore
import VCard

/// The tally of an import, as the CLI and the web app report it.
public struct ImportSummary: Sendable, Equatable, Codable {
    public var imported = 0
    public var updated = 0
    /// Cards left out because their UID was taken (with `--on-conflict skip`).
    public var skipped = 0
    /// Cards left out because the book already had them as they are.
    public var alreadyThere = 0
    public var failures: [ImportFailure] = []

    public init() {}

    /// Every card read so far, the failed ones included.
    public var cardsRead: Int { imported + updated + skipped + alreadyThere + failures.count }

    /// Adds the tally of another import (another file of the same command) to this one.
    public mutating func add(_ other: ImportSummary) {
        imported += other.imported
        updated += other.updated
        skipped += other.skipped
        alreadyThere += other.alreadyThere
        failures += other.failures
    }

    private enum CodingKeys: String, CodingKey { case imported, updated, skipped, alreadyThere, failures }

    /// Reads a summary kept by this release or by one before it, which had no `alreadyThere`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        imported = try container.decode(Int.self, forKey: .imported)
        updated = try container.decode(Int.self, forKey: .updated)
        skipped = try container.decode(Int.self, forKey: .skipped)
        alreadyThere = try container.decodeIfPresent(Int.self, forKey: .alreadyThere) ?? 0
        failures = try container.decode([ImportFailure].self, forKey: .failures)
    }
}

/// A card that was not imported, with where it is in the input and why (`Catalogue.message(for:)` words it).
public struct ImportFailure: Sendable, Equatable, Codable {
    /// Why a card was not imported.
    public enum Reason: Error, Sendable, Equatable, Codable {
        /// The card could not be read (the vCard module's error, with its line).
        case unreadable(VCardError.Kind)
        /// The CSV file or row could not be read (the CSV module's error, with its row).
        case unreadableRow(CSVError.Kind)
        /// The card was read but its details were refused.
        case invalid(ContactValidationError)
    }

    /// The 1-based number of the card in its input.
    public var card: Int
    /// The line of the problem, or of the card's BEGIN:VCARD when the whole card is refused.
    public var line: Int
    /// The row of a CSV file (the header being row 1), which failures of CSV rows are told by; nil for vCard.
    public var row: Int?
    public var reason: Reason
    /// The card's name (its FN) when it could be read, so that a person can tell which card it was.
    public var cardName: String?
}

extension ImportFailure {
    init(_ position: ImportPosition, _ reason: Reason, cardName: String? = nil) {
        self.init(card: position.card, line: position.line, row: position.row, reason: reason, cardName: cardName)
    }

    /// A card's FN as a failure names it (`quotable`); nil when it has none.
    static func name(of card: VCard) -> String? {
        card.property(named: "FN")?.textValue.quotable()
    }
}

/// Where a card to import is in its input.
public struct ImportPosition: Sendable, Equatable {
    /// The 1-based number of the card, counting those that could not be read.
    public var card: Int
    /// The card's first line (BEGIN:VCARD, or a CSV row's).
    public var line: Int
    /// The CSV row, the header being row 1; nil for vCard.
    public var row: Int?

    public init(card: Int, line: Int, row: Int? = nil) {
        (self.card, self.line, self.row) = (card, line, row)
    }
}
