/// One address book of a user, as CardDAV shows it.
public struct AddressBook: Sendable, Equatable {
    /// What the book's contact operations take.
    public let scope: AddressBookScope
    /// Its URL segment: `ContactStore.defaultAddressBookName` for the book every user has.
    public let name: String
    public var displayName: String
    /// The newest sequence number of the book's change log (0 when it has none): it changes with
    /// every write to the book, and `ContactStore.changes(in:since:limit:)` takes it back.
    public let syncToken: Int64
}
