/// One address book of a user, as CardDAV shows it.
public struct AddressBook: Sendable, Equatable {
    /// What the book's contact operations take.
    public let scope: AddressBookScope
    /// Its URL segment: `ContactStore.defaultAddressBookName` for the book every user has.
    public let name: String
    public var displayName: String
    /// Where the book's change log stands: it changes with every write to the book and with
    /// nothing else, and `ContactStore.changes(in:since:limit:)` takes it back.
    public let syncToken: SyncToken
    /// The owner's account name, for a book shared with the account it was handed out to (its
    /// `name` is then its `SharedBookSegment`); nil for the account's own book.
    public var sharedBy: String? = nil

    /// What the account it was handed out to may do in it: `.owner` for its own books.
    public var access: BookAccess { scope.access }
}

/// A point in one address book's change log, as sync hands it out (an RFC 6578 sync token, a
/// CTag): the book's salt, random and made with the book, and the number of its newest change
/// then (0 before any). Each book numbers its own changes 1, 2, 3…, so another book's writes
/// never move it; the salt makes a token of another book, of one deleted and made again at the
/// same name, of another store or from before a restore refused, never taken for a point of
/// this book's history.
public struct SyncToken: Sendable, Hashable, CustomStringConvertible {
    /// The book's salt: 16 lowercase hexadecimal digits.
    public let salt: String
    /// The number of the newest change the token covers.
    let change: Int64

    init(salt: String, change: Int64) {
        self.salt = salt
        self.change = change
    }

    /// `<salt>/<change>`, e.g. `3f9a0c1b2d4e5f60/42`.
    public var description: String { salt + "/" + String(change) }

    /// A token from its `description`; nil for any other text (a bare number, which the
    /// change-log sequence of earlier releases handed out, included).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, Self.isSalt(parts[0]), !parts[1].isEmpty, parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let change = Int64(parts[1]) else { return nil }
        self.init(salt: String(parts[0]), change: change)
    }

    /// Whether `text` has a salt's form, as the store makes them: 16 lowercase hexadecimal digits.
    static func isSalt(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
