import ContactsCore
import VCard

/// The tally of an import, as the CLI and the web app report it.
public struct ImportSummary: Sendable, Equatable, Codable {
    public var imported = 0
    public var updated = 0
    /// Cards left out because their UID was taken (with `--on-conflict skip`).
    public var skipped = 0
    public var failures: [ImportFailure] = []

    public init() {}

    /// Every card read so far, the failed ones included.
    public var cardsRead: Int { imported + updated + skipped + failures.count }
}

/// A card that was not imported, with where it is in the input and why (`Catalogue.message(for:)` words it).
public struct ImportFailure: Sendable, Equatable, Codable {
    /// Why a card was not imported.
    public enum Reason: Sendable, Equatable, Codable {
        /// The card could not be read (the vCard module's error, with its line).
        case unreadable(VCardError.Kind)
        /// The card was read but its details were refused.
        case invalid(ContactValidationError)
    }

    /// The 1-based number of the card in its input.
    public var card: Int
    /// The line of the problem, or of the card's BEGIN:VCARD when the whole card is refused.
    public var line: Int
    public var reason: Reason
}
